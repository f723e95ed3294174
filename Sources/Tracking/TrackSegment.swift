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
    /// A glide that ends at an edge: still moving fast at its last step, it stops dead there (a
    /// scroll view that does not bounce, at its top or end). Free motion up to the frame before.
    public var atEdge = false

    public init(kind: Kind, first: Int, last: Int, atEdge: Bool = false) {
        self.kind = kind
        self.first = first
        self.last = last
        self.atEdge = atEdge
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
                        segments += touches(frames, start, index)
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
        if let start = motionStart { segments += touches(frames, start, frames.count - 1) }
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

    /// Signed velocity at frame i, pt/s, from its neighbours.
    static func velocity(_ frames: [TrackedFrame], _ i: Int) -> Double {
        let a = max(0, i - 1), b = min(frames.count - 1, i + 1)
        let dt = frames[b].t - frames[a].t
        return dt > 0 ? (frames[b].offset - frames[a].offset) / dt : 0
    }

    /// Once slowed to half its peak or less, a speed past that peak, and this much above the
    /// slowest since it plus `touchSpeed` pt/s or `touchShare` of the peak's speed (whole-pixel
    /// steps of a crawl are no push), for two frames running, is a finger pushing the content
    /// again. (A finger's own speed wavers while it drags; a second flick weaker than the first,
    /// caught mid-glide, stays one drag.)
    static let touchRise = 1.5, touchSpeed = 100.0, touchShare = 0.15
    /// Speeds under this (pt/s) are creep, not a direction.
    static let creepSpeed = 50.0
    /// The least time (s) from a release to a new touch: a glide of one frame at 25 fps (40 ms)
    /// between two fast steps is the app missing a draw while the finger moves on (the chart
    /// GIF's third fling: 72 pt, then 21 and 23, then 34 and 67 under one finger); a second flick
    /// lifts and touches again over more than that (the app-bar's, 0.45 s into the glide).
    static let shortestLift = 0.05

    /// One motion between rests, frames `start` … `end`, cut where a new touch starts: once the
    /// content has slowed from a peak to half of it or less, its speed jumping past that peak again
    /// (a finger flicking it on). The cut is at the slowest frame between; each piece is split by
    /// `motion`. (A turn — an edge bounce, or a finger flicking it back — starts a new peak but is
    /// not cut here: `motion` tells a return from its turning point.)
    static func touches(_ frames: [TrackedFrame], _ start: Int, _ end: Int) -> [TrackSegment] {
        guard end - start >= 4 else { return motion(frames, start, end) }
        var cuts: [Int] = []
        var peak = start, slowest = start, from = start
        var i = start + 1
        while i < end {
            let v = velocity(frames, i), top = velocity(frames, peak)
            let floor = abs(velocity(frames, slowest))
            let needed = max(touchRise * floor + max(touchSpeed, touchShare * abs(top)), abs(top))
            let rising = { (k: Int) in k < end && abs(velocity(frames, k)) > needed && velocity(frames, k) * top > 0 }
            // Pushed on: faster again, two frames running, after slowing down.
            // (After slowing to half its peak or less: a finger's own speed wavers, a glide decays.)
            // (And free of the finger for `shortestLift` at least: slowing for less, it was the app's
            // drawing stalling under the finger, which then catches up.)
            if slowest > peak, slowest > from + 1, frames[slowest].t - frames[peak].t >= shortestLift - 1e-9,
                floor <= 0.5 * abs(top), rising(i), rising(i + 1)
            {
                cuts.append(slowest)
                from = slowest
                peak = i
                slowest = i
                i += 1
                continue
            }
            if abs(v) >= abs(top) || (v * top < 0 && abs(top) < creepSpeed) {
                peak = i
                slowest = i
            } else if abs(v) < floor {
                slowest = i
            }
            // Turned (an edge bounce, or a finger flicking it back): a new peak from here on.
            if v * top < 0, abs(v) >= creepSpeed {
                peak = i
                slowest = i
            }
            i += 1
        }
        var result: [TrackSegment] = []
        var first = start
        for cut in cuts + [end] where cut > first {
            var pieces = motion(frames, first, cut)
            // A piece that a touch ends is no glide to rest: its last frames are caught by the finger.
            if cut != end, let last = pieces.last {
                if last.kind == .return { pieces[pieces.count - 1].kind = .glide }
                pieces[pieces.count - 1].atEdge = false
            }
            result += pieces
            first = cut
        }
        return result
    }

    /// A glide's last step as fast as this share of its top speed, and `edgeSpeed` pt/s or more,
    /// ends at an edge (a free glide slows to a crawl before it stops).
    static let edgeShare = 0.1, edgeSpeed = 400.0

    /// Where a glide meets an edge and stops dead: its last frame still moving at `edgeShare` of
    /// its top speed and `edgeSpeed` pt/s or more, when it rests (within a point) `edgeFrames`
    /// frames later or sooner (a free glide crawls for many frames before it rests); nil when it
    /// slows to rest by itself.
    public static func edgeContact(_ frames: [TrackedFrame], _ glide: TrackSegment) -> Int? {
        guard glide.last - glide.first >= 3, glide.last < frames.count else { return nil }
        // Over three frames: one whole-pixel step of a crawl, or a frame the recorder repeated, is
        // no speed.
        func step(_ k: Int) -> Double {
            let j = max(glide.first, k - 3)
            return abs(frames[k].offset - frames[j].offset) / max(1e-9, frames[k].t - frames[j].t)
        }
        let top = ((glide.first + 1)...glide.last).map(step).max() ?? 0
        let threshold = max(edgeSpeed, edgeShare * top)
        let rest = frames[glide.last].offset
        guard let fast = ((glide.first + 1)...glide.last).last(where: { step($0) >= threshold }),
            fast > glide.first + 3,
            let arrived = (fast...glide.last).first(where: { abs(frames[$0].offset - rest) <= stillDistance * 2 }),
            arrived - fast <= edgeFrames
        else { return nil }
        return fast
    }

    /// Frames from the last fast one to where it rests (within a point) within which a glide has
    /// met an edge.
    static let edgeFrames = 2

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
            if peak < end {
                var glide = TrackSegment(kind: .glide, first: peak, last: end)
                glide.atEdge = edgeContact(frames, glide) != nil
                result.append(glide)
            }
        }
        return result
    }
}
