import Formats
import Scenes
import ScrollPhysics

extension PlaygroundSession {
    /// A recorded trajectory shown on the offset plot, for matching a feel recorded elsewhere.
    public struct Reference: Equatable {
        public var path: String
        /// What Fit fits: the whole file.
        public var trace: FitTrace
        /// What is drawn over the gesture, when it is not the whole trace: a whole recording's
        /// glide (or settle, or return), as a tracked video's is (`SessionEffect.shapeReference`).
        public var drawn: FitTrace? = nil
        /// What the trace is, when the tracker named it (a video's glide, settle or return): Fit
        /// fits it as that, as `fit --video` does. Nil: Fit decides from the data.
        public var kind: FitKind? = nil
        /// Whether it ends where the motion lands whatever the release speed (a page settle on
        /// its page, a return on the edge): then it is drawn to end where the gesture rests, and
        /// a return's hold ends at the gesture's lift.
        public var landsAtEnd: Bool
        /// What the tracker warned of when a video became this reference (frames left out and
        /// why, low confidence, a glide short before its edge); a fit from it says them again.
        public var warnings: [String] = []

        /// `shape`: what a trace the tracker did not name turned out to be (`Fit.detect`, run as the
        /// effect `SessionEffect.shapeReference`; nil until it is known); of a whole recording, what
        /// its part `drawn` is.
        public init(
            path: String, trace: FitTrace, kind: FitKind? = nil, shape: FitKind? = nil, drawn: FitTrace? = nil
        ) {
            self.path = path
            self.trace = trace
            self.drawn = drawn
            self.kind = kind
            let shape = kind ?? shape
            landsAtEnd = shape == .page || shape == .return
        }

        /// Whether what the trace is must still be found (`SessionEffect.shapeReference`): no
        /// tracker named it and it has no finger's samples.
        public var needsShape: Bool { kind == nil && !trace.hasFinger }

        /// The samples drawn over a gesture: the part `drawn`, else the whole trace.
        public var shown: FitTrace { drawn ?? trace }

        /// The line drawn over `gesture` (times on its clock, offsets), or nil while it has no place
        /// on it: a recording without the finger's samples begins at the lift, so while the finger
        /// is still down it is not drawn (drawn from 0 s at its own offsets, it set the chart's
        /// scale: from 0 to 49,000 pt near the end of a long list, the live curve flat). Before
        /// any gesture it is drawn from 0 s as recorded.
        public func line(on gesture: GestureTrace) -> (times: [Double], offsets: [Double])? {
            guard shown.hasFinger || gesture.start == nil || gesture.release != nil else { return nil }
            return (times(on: gesture), offsets(on: gesture))
        }

        /// The gesture's offset at rest, once it rests (nil while it moves).
        public static func restOffset(of gesture: GestureTrace) -> Double? {
            gesture.release != nil && !gesture.isActive ? gesture.offsets.last : nil
        }

        /// The recording's times on `gesture`'s clock (s since its touch-down): a recording with
        /// the finger's samples starts at the touch-down; one without (a glide, a return) starts
        /// where the gesture's own motion after the lift is as fast as the recording's first step
        /// (`anchor(on:)`), so the two are compared from the same speed.
        public func times(on gesture: GestureTrace) -> [Double] {
            let first = shown.samples.first?.t ?? 0
            if landsAtEnd, kind != .page, let release = gesture.release, Self.restOffset(of: gesture) != nil {
                // A return: the recording's release (the end of its hold) at the gesture's lift.
                let hold = shown.samples[FitTrace.holdEnd(shown.samples)].t
                return shown.samples.map { release.time + $0.t - hold }
            }
            guard let anchor = anchor(on: gesture) else { return shown.samples.map { $0.t - first } }
            return shown.samples.map { anchor.time + $0.t - anchor.referenceTime }
        }

        /// The recording's offsets to draw over `gesture`: one without the finger's samples moved
        /// to pass through the gesture's curve at the anchor; one with them as recorded.
        public func offsets(on gesture: GestureTrace) -> [Double] {
            let samples = oriented(on: gesture)
            if landsAtEnd, let rest = Self.restOffset(of: gesture), let last = samples.last {
                return samples.map { rest + $0.offset - last.offset }
            }
            guard let anchor = anchor(on: gesture) else { return samples.map(\.offset) }
            return samples.map { anchor.offset + $0.offset - anchor.referenceOffset }
        }

        /// Whether a recording without the finger runs the other way from `gesture` after its
        /// lift: a screen recording scrolled back up (tracked as offsets going down) compared
        /// with a fling down the list. Then it is drawn mirrored, on the gesture's side. The
        /// gesture's way is where its content went after the lift (its velocity at the lift only
        /// until it has moved half a point): a pull past an edge is let go still moving the pull's
        /// way, and its return runs the other way; read from that velocity, every return was drawn
        /// mirrored, above the edge it comes back to.
        func runsAgainst(_ gesture: GestureTrace) -> Bool {
            guard let release = gesture.release, let first = shown.samples.first, let last = shown.samples.last,
                !shown.samples.contains(where: { $0.finger != nil })
            else { return false }
            let now = gesture.times.last.flatMap { $0 > release.time ? gesture.offsets.last : nil }
            let moved = (now ?? release.offset) - release.offset
            let way = abs(moved) >= 0.5 ? moved : release.velocity
            return (last.offset - first.offset) * way < 0
        }

        /// The recording's samples as drawn over `gesture`: mirrored when it runs against it.
        func oriented(on gesture: GestureTrace) -> [FitTrace.Sample] {
            guard runsAgainst(gesture) else { return shown.samples }
            return shown.samples.map { sample in
                var mirrored = sample
                mirrored.offset = -sample.offset
                return mirrored
            }
        }

        /// Where a recording without the finger meets `gesture`: the recording's first step
        /// moves at v = Δoffset/Δt, its speed at the step's middle (`referenceTime`,
        /// `referenceOffset`); the anchor is the first moment after the lift at which the gesture
        /// moves no faster than |v| the same way (interpolated between its samples); when it never
        /// was that fast, the recording's first sample is put at the lift. Nil for a recording
        /// with the finger (drawn as recorded) or a gesture not yet let go (drawn from 0 s).
        func anchor(on gesture: GestureTrace)
            -> (time: Double, offset: Double, referenceTime: Double, referenceOffset: Double)?
        {
            let samples = oriented(on: gesture)
            guard let release = gesture.release, let head = samples.first,
                !samples.contains(where: { $0.finger != nil })
            else { return nil }
            guard samples.count >= 2, samples[1].t > head.t else {
                return (release.time, release.offset, head.t, head.offset)
            }
            let step = samples[1]
            let speed = (step.offset - head.offset) / (step.t - head.t)
            let middle = (time: (head.t + step.t) / 2, offset: (head.offset + step.offset) / 2)
            let times = gesture.times, offsets = gesture.offsets, velocities = gesture.velocities
            var previous: (t: Double, x: Double, v: Double) = (release.time, release.offset, release.velocity)
            func along(_ v: Double) -> Double { speed < 0 ? -v : v }
            if along(previous.v) > abs(speed), speed != 0 {
                for k in times.indices where times[k] > release.time {
                    let now = (t: times[k], x: offsets[k], v: velocities[k])
                    if along(now.v) <= abs(speed) {
                        let drop = along(previous.v) - along(now.v)
                        let f = drop > 0 ? (along(previous.v) - abs(speed)) / drop : 1
                        return (
                            previous.t + f * (now.t - previous.t), previous.x + f * (now.x - previous.x),
                            middle.time, middle.offset
                        )
                    }
                    previous = now
                }
            }
            return (release.time, release.offset, head.t, head.offset)
        }
    }
}
