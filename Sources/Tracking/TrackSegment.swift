/// A piece of a tracked recording: what moved the content between two frames.
public struct TrackSegment: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// Still for at least 0.1 s (or at either end).
        case rest
        /// Before the release: the finger moves the content (speed rising, or held still).
        case drag
        /// Free motion after the release, in one direction, slowing to rest (a page settling
        /// is one too until a fit tells the two apart: `SegmentFit`).
        case glide
        /// A page settling onto its target (named by a fit, not by the tracker).
        case settle
        /// Back from a turning point or a hold to where it rests (an edge return, or a spring's
        /// overshoot coming back).
        case `return`
    }
    public var kind: Kind
    /// Frame indices, first and last (inclusive).
    public var first: Int
    public var last: Int

    public init(kind: Kind, first: Int, last: Int) {
        self.kind = kind
        self.first = first
        self.last = last
    }

    /// Still: the offset stays within 0.5 pt over 50 ms either side of the frame.
    static let stillDistance = 0.5, stillWindow = 0.05, restLength = 0.1
    /// A motion between two rests that never gets this far (pt) from where it started is part of
    /// the rest.
    static let creepDistance = 6.0
    /// A hold (the finger keeping the content still before letting go) lasts at least this long
    /// (s); a spring turning slowly at the top of its overshoot, drawn in whole pixels, stays on
    /// one pixel for up to about 50 ms.
    public static let holdTime = 0.08
    /// How far (pt) a hold's frames may stray from each other, and a motion's last frames from
    /// where it rests.
    public static let holdDistance = 0.3

    /// Splits a trajectory into rests and motions (a motion under `creepDistance` between two
    /// rests joins them); each motion into drag, glide and return:
    /// - the approach: going back from a motion's end, the frames that move monotonically
    ///   toward where it rests;
    /// - an approach that starts from a hold (still frames for `holdTime`, or a rest: a motion out
    ///   of a rest that is fastest at its first step) or a turning point is a return; what
    ///   comes before it is a drag (up to the last speed peak) and, after a turning point, a glide;
    /// - otherwise the release is the fastest frame (the last of the frames within 2 % of the
    ///   top speed that follow it): a drag before it, a glide after it.
    public static func find(in frames: [TrackedFrame]) -> [TrackSegment] {
        guard frames.count >= 2 else { return frames.isEmpty ? [] : [TrackSegment(kind: .rest, first: 0, last: 0)] }
        let still = frames.indices.map { i -> Bool in
            var j = i
            while j > 0, frames[i].t - frames[j - 1].t <= stillWindow + 1e-9 { j -= 1 }
            var k = i
            while k + 1 < frames.count, frames[k + 1].t - frames[i].t <= stillWindow + 1e-9 { k += 1 }
            return (j...k).allSatisfy { abs(frames[$0].offset - frames[i].offset) <= stillDistance }
        }
        // Rest runs: still frames lasting restLength, or touching either end.
        var segments: [TrackSegment] = []
        var index = 0
        var motionStart: Int?
        while index < frames.count {
            if still[index] {
                var end = index
                while end + 1 < frames.count, still[end + 1] { end += 1 }
                // At either end any still stretch is a rest, but not a single frame (a rest of no length).
                let long =
                    frames[end].t - frames[index].t >= restLength
                    || ((index == 0 || end == frames.count - 1) && end > index)
                if long {
                    if let start = motionStart {
                        let moved = frames[start...index].map { abs($0.offset - frames[start].offset) }.max() ?? 0
                        if moved < creepDistance, let before = segments.last, before.kind == .rest {
                            // A step between two rests (the last creep of a glide, drawn in whole
                            // pixels now and then): one rest.
                            segments.removeLast()
                            segments.append(TrackSegment(kind: .rest, first: before.first, last: end))
                            motionStart = nil
                            index = end + 1
                            continue
                        }
                        segments += motion(frames, start, index)
                        motionStart = nil
                    }
                    segments.append(TrackSegment(kind: .rest, first: index, last: end))
                    index = end + 1
                    continue
                }
            }
            if motionStart == nil { motionStart = max(0, index - 1) }
            index += 1
        }
        if let start = motionStart { segments += motion(frames, start, frames.count - 1) }
        return segments
    }

    /// Frames at this share of the top speed or more are as fast as it (a steady finger drawn in
    /// whole pixels: steps of 47 and 48 px); a glide's first frames fall faster than this at
    /// 60 fps (UIKit's normal rate: 3.3 % a frame).
    static let plateau = 0.98

    /// Speed at frame i, pt/s, from its neighbours.
    static func speed(_ frames: [TrackedFrame], _ i: Int) -> Double {
        let a = max(0, i - 1), b = min(frames.count - 1, i + 1)
        let dt = frames[b].t - frames[a].t
        return dt > 0 ? abs(frames[b].offset - frames[a].offset) / dt : 0
    }

    /// How long (s) the content sat within `holdDistance` of where it is at frame `index`, up to
    /// it (not before frame `start`).
    public static func stillBefore(_ frames: [TrackedFrame], _ index: Int, from start: Int = 0) -> Double {
        var first = index
        while first > start, abs(frames[first - 1].offset - frames[index].offset) <= holdDistance { first -= 1 }
        return frames[index].t - frames[first].t
    }

    /// The segments of one motion, frames `start` … `end` (the frame where it rests).
    static func motion(_ frames: [TrackedFrame], _ start: Int, _ end: Int) -> [TrackSegment] {
        guard end > start else { return [] }
        let rest = frames[end].offset
        let tolerance = holdDistance
        // Back from the end while the distance to the rest position keeps growing (or holds).
        var approach = end
        // The side it comes from: that of the last frame clearly away from the rest position (the
        // last steps can be a pixel's creep either way).
        var away = max(start, end - 1)
        while away > start, abs(frames[away].offset - rest) <= tolerance { away -= 1 }
        let side = frames[away].offset - rest
        while approach > start {
            let before = frames[approach - 1].offset - rest, here = frames[approach].offset - rest
            if before * side < 0 && abs(before) > tolerance { break }
            if abs(before) < abs(here) - tolerance { break }
            approach -= 1
        }
        // The release: the last frame of the fastest stretch. A finger moving at a steady speed
        // makes several frames as fast as each other (at whole pixels a later one may read a
        // little slower), and the glide starts after the last of them.
        func fastest(_ range: ClosedRange<Int>) -> Int {
            guard var peak = range.max(by: { speed(frames, $0) < speed(frames, $1) }) else { return range.lowerBound }
            let top = speed(frames, peak)
            while peak < range.upperBound, speed(frames, peak + 1) >= plateau * top { peak += 1 }
            return peak
        }
        var result: [TrackSegment] = []
        // A turn within a point of the rest position is jitter (or a settle's last wobble), not a return.
        if approach > start, abs(frames[approach].offset - rest) < 1 { approach = start }
        if approach > start {
            // The approach starts from a hold (the finger keeping the content still, released at
            // the hold's last frame) or a turning point.
            var release = approach
            while release < end, abs(frames[release + 1].offset - frames[approach].offset) <= tolerance { release += 1 }
            if frames[release].t - frames[approach].t >= holdTime - 1e-9 {
                result.append(TrackSegment(kind: .drag, first: start, last: release))
                result.append(TrackSegment(kind: .return, first: release, last: end))
                return result
            }
            // Or a hold just before it: the lift can move the content a last step outward (the
            // finger's last sample, pulled through the rubber band) before it comes back.
            if approach - 1 > start, stillBefore(frames, approach - 1, from: start) >= holdTime - 1e-9 {
                result.append(TrackSegment(kind: .drag, first: start, last: approach))
                result.append(TrackSegment(kind: .return, first: approach, last: end))
                return result
            }
            let peak = fastest(start...approach)
            if peak > start { result.append(TrackSegment(kind: .drag, first: start, last: peak)) }
            if peak < approach { result.append(TrackSegment(kind: .glide, first: peak, last: approach)) }
            result.append(TrackSegment(kind: .return, first: approach, last: end))
        } else {
            let peak = fastest(start...end)
            // Fastest at its first step out of a rest: content held still and let go (a hold
            // long enough to count as a rest), returning, as from a hold above.
            if start > 0, peak <= start + 1, end - start >= 4 {
                return [TrackSegment(kind: .return, first: start, last: end)]
            }
            if peak > start { result.append(TrackSegment(kind: .drag, first: start, last: peak)) }
            if peak < end { result.append(TrackSegment(kind: .glide, first: peak, last: end)) }
        }
        return result
    }
}
