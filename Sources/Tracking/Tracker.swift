import Foundation

/// Why a recording could not be tracked: one line.
public struct TrackError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One tracked frame.
public struct TrackedFrame: Equatable, Sendable {
    /// Seconds from the first frame (its presentation timestamp).
    public var t: Double
    /// Points from the first frame's position, positive toward the end of the content (content
    /// moving up, or left, on screen).
    public var offset: Double
    /// 0 … 1: how well the frame matched (see `ProfileMatch.confidence`).
    public var confidence: Double

    public init(t: Double, offset: Double, confidence: Double) {
        (self.t, self.offset, self.confidence) = (t, offset, confidence)
    }
}

/// What `Tracker.track` found.
public struct Track: Sendable {
    public var axis: TrackAxis
    /// The part of the frame that scrolls, px: along the axis, and the strips across it used.
    public var region: Range<Int>
    public var channels: [Int]
    public var pointsPerPixel: Double
    public var frames: [TrackedFrame]
    public var segments: [TrackSegment]
    /// How the axis, region and scale were chosen; warnings.
    public var notes: [String]
    /// Frames of the recording not in `frames` for a reason worth saying (torn, uncertain), each
    /// with it. (Repeated frames are counted in the notes.)
    public var leftOut: [Tracker.LeftOut] = []

    /// Frames under this confidence are marked in the plot and counted in the notes.
    public static let lowConfidence = 0.8

    public init(
        axis: TrackAxis, region: Range<Int>, channels: [Int], pointsPerPixel: Double, frames: [TrackedFrame],
        segments: [TrackSegment], notes: [String]
    ) {
        self.axis = axis
        self.region = region
        self.channels = channels
        self.pointsPerPixel = pointsPerPixel
        self.frames = frames
        self.segments = segments
        self.notes = notes
    }

    /// A track read back from its CSV (`csv`): the offsets and confidences, segments found
    /// again; axis, region and scale are not in the file.
    public init(frames: [TrackedFrame], note: String) {
        self.init(
            axis: .y, region: 0..<0, channels: [], pointsPerPixel: 1, frames: frames,
            segments: TrackSegment.find(in: frames), notes: [note])
    }

    /// The CSV `fit` reads: `t,offset,confidence`.
    public var csv: String {
        var text = "t,offset,confidence\n"
        text.reserveCapacity(frames.count * 28)
        for frame in frames {
            text += String(format: "%.6f,%.3f,%.3f\n", frame.t, frame.offset, frame.confidence)
        }
        return text
    }
}

/// Recovers a scroll's content offset, frame by frame, from a screen recording's frames.
///
/// 1. **Where it scrolls**: rows (and columns) whose profiles change in at least a fifth of the
///    frames that change at all; the longest such run along the axis is the region, so static
///    bars (status bar, navigation bar, tab bar) and a clock that ticks once are left out. Its
///    ends are cut back past marks that stay put over the moving content (`StillMarks`).
/// 2. **Which axis**: a sample of consecutive frame pairs is registered along both axes; the one
///    with confident non-zero shifts is the axis. Both moving is refused.
/// 3. **Offsets**: each frame is registered against a key frame (the first; then, whenever the
///    shift from the key passes 30 % of the region, the best-matched frame past 15 %), searching around the position
///    predicted from the last two frames (constant velocity), so repeating content whose period
///    is longer than the prediction's error cannot alias; peaks that score alike are weighed by a
///    trimmed score (the tenth of the positions that fit worst left out: a header's edge, a
///    section header stuck under it); where the whole matches poorly, the region's first and last
///    two thirds are matched apart and the cleaner one says where the content is (a header
///    changing height sits at one end); a poor match is searched again over the whole region.
///    Matching against a key frame, not the previous frame, keeps errors from adding up frame
///    after frame.
/// 4. **Torn frames**: the region's two halves registered apart against the first frame must
///    agree; frames that straddle refreshes (a camera filming a screen) do not, and are refused.
public enum Tracker {
    public struct Options: Sendable {
        public var axis: TrackAxis?
        public var pointsPerPixel: Double
        public init(axis: TrackAxis? = nil, pointsPerPixel: Double = 1) {
            self.axis = axis
            self.pointsPerPixel = pointsPerPixel
        }
    }

    /// A profile value that changes by more than this many grey levels counts as a change.
    static let changeLevel = 3.0

    /// `stillMarks`, when given, are the recording's marks that stay put over the content
    /// (status bar, home indicator): the region's ends are cut back past them.
    public static func track(
        _ profiles: [FrameProfiles], times: [Double], options: Options,
        stillMarks: StillMarks? = nil
    ) throws(TrackError) -> Track {
        guard profiles.count >= 3 else {
            throw TrackError("\(profiles.count) frame\(profiles.count == 1 ? "" : "s"); at least 3 are needed")
        }
        guard times.count == profiles.count else {
            throw TrackError("\(times.count) timestamps for \(profiles.count) frames")
        }
        let first = profiles[0]
        guard profiles.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw TrackError("the frame size changes during the recording")
        }
        var notes: [String] = []
        let rowsMoving = moving(profiles, axis: .y), columnsMoving = moving(profiles, axis: .x)
        guard rowsMoving.contains(true) || columnsMoving.contains(true) else {
            throw TrackError("no motion: no part of the frame changes over the \(profiles.count) frames")
        }
        // Bars sit at the top and bottom of a phone's screen, so only a vertical scroll's region
        // is cut back. (A carousel's ends are its cards' edges: content whose colour runs on
        // across the cards, a sky, can look still there without being a mark.) Across a vertical
        // list nothing may look still though every row changes: then all columns count.
        let markRows = stillMarks.map { marks in
            let across = columnsMoving.contains(true) ? columnsMoving : columnsMoving.map { _ in true }
            return (counts: marks.counts(along: .y, across: across), minimum: max(3, across.filter { $0 }.count / 25))
        }
        func setup(_ axis: TrackAxis) -> (region: Range<Int>, channels: [Int])? {
            let along = axis == .y ? rowsMoving : columnsMoving, across = axis == .y ? columnsMoving : rowsMoving
            guard var region = longestRun(along, gap: max(4, along.count / 50)), region.count >= 16 else { return nil }
            if axis == .y, let markRows {
                region = StillMarks.trim(region, counts: markRows.counts, minimum: markRows.minimum)
            }
            // Strips mostly across the moving part (all of them when nothing across moves, as a
            // vertical list's columns can look still while every row changes).
            let anyAcross = across.contains(true)
            let channels = (0..<FrameProfiles.strips).filter { k in
                let range = FrameProfiles.bounds(k, of: across.count)
                guard !range.isEmpty else { return false }
                let share = Double(range.filter { across[$0] }.count) / Double(range.count)
                return !anyAcross || share >= 0.6
            }
            return channels.isEmpty ? nil : (region, channels)
        }
        let axis: TrackAxis
        if let chosen = options.axis {
            axis = chosen
        } else {
            axis = try detectAxis(profiles, setup: setup, notes: &notes)
        }
        // With --axis given, what the frames show when asked without it: the other axis, or no
        // scrolling at all (a bar that changes as the list scrolls under it).
        var ignored: [String] = []
        let detected: Result<TrackAxis, TrackError> =
            options.axis == nil
            ? .success(axis)
            : Result { () throws(TrackError) in
                try detectAxis(profiles, setup: setup, notes: &ignored)
            }
        guard let (region, channels) = setup(axis) else {
            if case .failure(let error) = detected { throw error }
            let hint =
                (try? detected.get()) == axis.other
                ? "; it moves along \(axis.other.rawValue): give --axis \(axis.other.rawValue) or auto" : ""
            throw TrackError("no part of the frame scrolls along \(axis.rawValue)\(hint)")
        }
        let length = first.length(axis)
        if region.count < length {
            let name = axis == .y ? "rows" : "columns"
            let moving = longestRun(axis == .y ? rowsMoving : columnsMoving, gap: max(4, length / 50)) ?? region
            var note =
                "region: \(name) \(region.lowerBound)–\(region.upperBound - 1) of \(length) scroll; the rest is still "
                + "(bars) and left out"
            if moving != region {
                note =
                    "region: \(name) \(moving.lowerBound)–\(moving.upperBound - 1) of \(length) scroll; the rest is "
                    + "still (bars) and left out,"
                    + " and so are \(name) near its ends with marks that stay put over the content (a status bar, a "
                    + "home indicator):"
                    + " \(name) \(region.lowerBound)–\(region.upperBound - 1) are matched"
            }
            notes.append(note)
        }
        // An axis given where only the other one moves would be tracked as noise.
        if let other = try? detected.get(), other != axis {
            throw TrackError(
                "it moves along \(other.rawValue), not \(axis.rawValue): give --axis \(other.rawValue) or auto")
        }
        let shifts = trackShifts(profiles, axis: axis, region: region, channels: channels)
        let torn = try tornFrames(
            profiles, axis: axis, region: region, channels: channels, shifts: shifts.map(\.shift),
            pointsPerPixel: options.pointsPerPixel)
        let t0 = times[0]
        let repeats = repeated(shifts.map(\.shift))
        var excluded = repeats
        for frame in torn { excluded[frame.index] = true }
        let uncertain = uncertainJumps(shifts, excluded: excluded, pointsPerPixel: options.pointsPerPixel)
        for frame in uncertain { excluded[frame.index] = true }
        let leftOut = (torn + uncertain).sorted { $0.index < $1.index }.map { frame in
            var timed = frame
            timed.t = times[frame.index] - t0
            return timed
        }
        let frames = shifts.indices.filter { !excluded[$0] }.map { index in
            TrackedFrame(
                t: times[index] - t0, offset: shifts[index].shift * options.pointsPerPixel,
                confidence: shifts[index].confidence)
        }
        let repeatCount = repeats.filter { $0 }.count
        if repeatCount > 0 {
            notes.append(
                "\(repeatCount) of \(profiles.count) frames repeat the frame before while the content moves (a draw "
                    + "the recorder missed): left out"
            )
        }
        if !leftOut.isEmpty {
            let listed = leftOut.prefix(6).map { String(format: "t = %.3f s: ", $0.t) + $0.reason }
            notes.append(
                "\(leftOut.count) of \(profiles.count) frames left out: " + listed.joined(separator: "; ")
                    + (leftOut.count > listed.count ? "; …" : ""))
        }
        let low = frames.filter { $0.confidence < Track.lowConfidence }.count
        // Whether frames are shifted copies of the content is judged with every position counted
        // (of the region, or of the part of it a frame was matched by): a picture that changes
        // rather than moves has a tenth of its rows that fit somewhere too, which the confidence (a
        // trimmed score) leaves out. A copy is a clean one from 0.9 (a test pattern's moving band,
        // over still colour bars, matches 38 of its 49 frames under that, and 22 under 0.8; real
        // recordings, the collapsing header's included, at most 12 of 147).
        let unlike = shifts.indices.filter { index in
            !excluded[index] && max(0, shifts[index].plainScore ?? shifts[index].score) < cleanHalf
        }.count
        // Nothing scrolls, and the axis given matched almost no frame: noise, not a trajectory.
        if case .failure(let error) = detected, 2 * unlike > frames.count {
            throw TrackError(
                "\(error.message); along \(axis.rawValue), \(unlike) of \(frames.count) frames match with a score "
                    + "under \(cleanHalf)")
        }
        // Most frames no shifted copy of the content: moving pictures, not one that scrolls.
        if 2 * unlike > frames.count {
            throw TrackError(
                "no scrolling: \(unlike) of \(frames.count) frames match the content moved along \(axis.rawValue) "
                    + "with a score under \(cleanHalf) (the picture changes, rather than moves)")
        }
        if low > 0 {
            notes.append("\(low) of \(frames.count) frames matched with confidence under \(Track.lowConfidence)")
        }
        let segments = TrackSegment.find(in: frames)
        var track = Track(
            axis: axis, region: region, channels: channels, pointsPerPixel: options.pointsPerPixel,
            frames: frames, segments: segments, notes: notes)
        track.leftOut = leftOut
        return track
    }

    /// Frames that show the frame before again (within 0.1 px) between frames that move by 4 px
    /// or more: the app or the recorder missed a draw, so the frame's time is not its content's.
    /// (Content drawn at whole pixels that moves a pixel or two a frame does stand still for a
    /// frame now and then; at 4 px a frame it never does.)
    public static func repeated(_ shifts: [Double]) -> [Bool] {
        var result = [Bool](repeating: false, count: shifts.count)
        var i = 2
        while i < shifts.count {
            // A run of frames showing the frame before again, between moves of 4 px or more.
            guard abs(shifts[i] - shifts[i - 1]) < 0.1, abs(shifts[i - 1] - shifts[i - 2]) >= repeatMotion else {
                i += 1
                continue
            }
            var end = i
            while end + 1 < shifts.count, abs(shifts[end + 1] - shifts[i]) < 0.1 { end += 1 }
            if end + 1 < shifts.count, end - i < longestStall, abs(shifts[end + 1] - shifts[end]) >= repeatMotion {
                for k in i...end { result[k] = true }
            }
            i = end + 1
        }
        return result
    }

    /// Frames matched with confidence under `Track.lowConfidence` that would move the track further
    /// than their neighbours allow: away from the line between the sure frames either side by more
    /// than the larger of the steps next to them plus `uncertainSlack` px. Left out, each with its
    /// reason (an uncertain match is as likely an alias of repeating content as the motion).
    static func uncertainJumps(_ matches: [ProfileMatch], excluded: [Bool], pointsPerPixel: Double) -> [LeftOut] {
        let sure = matches.indices.map { !excluded[$0] && matches[$0].confidence >= Track.lowConfidence }
        var result: [LeftOut] = []
        for index in matches.indices where !excluded[index] && !sure[index] {
            guard let before = (0..<index).last(where: { sure[$0] }),
                let after = ((index + 1)..<matches.count).first(where: { sure[$0] })
            else { continue }
            let a = matches[before].shift, b = matches[after].shift
            let expected = a + (b - a) * Double(index - before) / Double(after - before)
            var steps = [abs(b - a) / Double(after - before)]
            if let earlier = (0..<before).last(where: { sure[$0] }) {
                steps.append(abs(a - matches[earlier].shift) / Double(before - earlier))
            }
            if let later = ((after + 1)..<matches.count).first(where: { sure[$0] }) {
                steps.append(abs(matches[later].shift - b) / Double(later - after))
            }
            let allowed = Double(index - before) * (steps.max() ?? 0) + uncertainSlack
            let jump = matches[index].shift - expected
            guard abs(jump) > allowed else { continue }
            result.append(
                LeftOut(
                    index: index,
                    reason: String(
                        format:
                            "uncertain: matched with confidence %.2f %+.1f pt away from the frames either side "
                            + "(they allow %.1f pt)", matches[index].confidence, jump * pointsPerPixel,
                        allowed * pointsPerPixel)))
        }
        return result
    }

    /// Px an uncertain frame may stray from its neighbours' line beyond their own steps.
    static let uncertainSlack = 2.0

    /// Motion either side of a repeated frame, px a frame.
    static let repeatMotion = 4.0

    /// For each pixel along `axis`: does its profile change, by more than `changeLevel` in any
    /// strip, in at least a fifth of the frame pairs where anything changes, or of those where the
    /// median changing pixel does when that is fewer (and at least twice)?
    static func moving(_ profiles: [FrameProfiles], axis: TrackAxis) -> [Bool] {
        let length = profiles[0].length(axis)
        let level = UInt16(changeLevel * 256)
        var counts = [Int](repeating: 0, count: length)
        var active = 0
        var changed = [Bool](repeating: false, count: length)
        for index in 1..<profiles.count {
            let before = profiles[index - 1].along(axis), after = profiles[index].along(axis)
            var any = false
            for p in 0..<length {
                var moved = false
                for k in 0..<before.count {
                    let a = before[k][p], b = after[k][p]
                    if (a > b ? a - b : b - a) > level { moved = true; break }
                }
                changed[p] = moved
                if moved { any = true }
            }
            guard any else { continue }
            active += 1
            for p in 0..<length where changed[p] { counts[p] += 1 }
        }
        // A fifth of the frames that change, or of the typical changing row's count when that is
        // less: a status bar's indicator or a clock redrawn every frame makes every frame change,
        // while a short fling moves the content in a few of them.
        let changing = counts.filter { $0 > 0 }.sorted()
        let typical = changing.isEmpty ? active : changing[changing.count / 2]
        let needed = max(2, min(active, typical) / 5)
        return counts.map { $0 >= needed }
    }

    /// The longest run of `true`, bridging gaps of up to `gap` falses.
    static func longestRun(_ flags: [Bool], gap: Int) -> Range<Int>? {
        var best: Range<Int>?
        var start: Int?, lastTrue = -1
        func consider(_ run: Range<Int>) { if best == nil || run.count > best!.count { best = run } }
        for (i, flag) in flags.enumerated() where flag {
            if start == nil || i - lastTrue - 1 > gap {
                if let s = start { consider(s..<(lastTrue + 1)) }
                start = i
            }
            lastTrue = i
        }
        if let s = start { consider(s..<(lastTrue + 1)) }
        return best
    }

    /// Registers up to 40 changing frame pairs along both axes; the axis with confident
    /// non-zero shifts wins.
    static func detectAxis(
        _ profiles: [FrameProfiles], setup: (TrackAxis) -> (region: Range<Int>, channels: [Int])?,
        notes: inout [String]
    ) throws(TrackError) -> TrackAxis {
        var counts: [TrackAxis: Int] = [.x: 0, .y: 0]
        var pairs: [Int] = []
        for index in 1..<profiles.count
        where profiles[index].rows != profiles[index - 1].rows || profiles[index].columns != profiles[index - 1].columns
        {
            pairs.append(index)
        }
        guard !pairs.isEmpty else { throw TrackError("no motion: consecutive frames are identical") }
        let sample = pairs.count <= 40 ? pairs : (0..<40).map { pairs[$0 * (pairs.count - 1) / 39] }
        for axis in TrackAxis.allCases {
            guard let (fullRegion, channels) = setup(axis) else { continue }
            // Searched coarse to fine: the whole reach on profiles averaged over `coarse` pixels (an
            // image pyramid's level, coarse² times cheaper), then a few pixels around that shift at
            // full resolution, which decides. At full resolution alone, 40 pairs on both axes of a
            // 1170×2532 recording took 0.8 s, more than tracking a second of its frames.
            let coarse = fullRegion.count >= 256 ? 4 : 1
            let region = (fullRegion.lowerBound / coarse)..<(fullRegion.upperBound / coarse)
            // Up to a third of the region: a fling recorded at 60 fps moves 100 px a frame and more
            // (any shift found will do: a table's rows one row off still move along the axis).
            let reach = max(8, region.count / 3)
            for index in sample {
                let reference = profiles[index - 1].along(axis), current = profiles[index].along(axis)
                var match = ProfileRegistration(
                    reference: Self.averaged(reference, over: coarse), current: Self.averaged(current, over: coarse),
                    channels: channels, region: region
                ).best(in: -reach...reach, minimumOverlap: region.count / 2)
                if coarse > 1, let rough = match {
                    let center = Int((rough.shift * Double(coarse)).rounded())
                    match = ProfileRegistration(
                        reference: reference, current: current, channels: channels, region: fullRegion
                    ).best(in: (center - 2 * coarse)...(center + 2 * coarse), minimumOverlap: fullRegion.count / 2)
                }
                // The score, not the confidence: repeating content has aliases, and still moves.
                if let match, match.score >= 0.8, abs(match.shift) >= 0.75 {
                    counts[axis, default: 0] += 1
                }
            }
        }
        let x = counts[.x]!, y = counts[.y]!
        guard max(x, y) > 0 else {
            throw TrackError(
                "no scrolling: the frames change, but no part of them moves as a whole along x or y (\(sample.count) "
                    + "frame pairs tried)"
            )
        }
        if min(x, y) >= 3, Double(min(x, y)) >= 0.3 * Double(max(x, y)) {
            throw TrackError(
                "two axes move (x in \(x), y in \(y) of \(sample.count) frame pairs tried); give --axis x or y, or "
                    + "--region around one scroll view"
            )
        }
        let axis: TrackAxis = y >= x ? .y : .x
        notes.append(
            "axis: \(axis.rawValue) (it moves in \(max(x, y)) of \(sample.count) frame pairs tried, "
                + "\(axis.other.rawValue) in \(min(x, y)))"
        )
        return axis
    }

    /// Each strip's profile averaged over runs of `n` pixels (the last partial run dropped).
    static func averaged(_ strips: [[UInt16]], over n: Int) -> [[UInt16]] {
        guard n > 1 else { return strips }
        return strips.map { strip in
            (0..<(strip.count / n)).map { i in
                var sum = 0
                for p in (i * n)..<(i * n + n) { sum += Int(strip[p]) }
                return UInt16(sum / n)
            }
        }
    }

    /// Each frame's shift from the first, px, with its match.
    ///
    /// Frames are matched to the current key frame; a key's own shift is refined afterwards
    /// from every frame that was also matched to the key before it (the mean of the two
    /// estimates' difference), so the error of one frame does not carry into all that follow.
    static func trackShifts(_ profiles: [FrameProfiles], axis: TrackAxis, region: Range<Int>, channels: [Int])
        -> [ProfileMatch]
    {
        struct Key { var frame: Int; var shift: Double; var differences: [Double] = [] }
        var keys = [Key(frame: 0, shift: 0)]
        var matches = [ProfileMatch(shift: 0, score: 1, runnerUp: -1, overlap: 1)]  // relative to its key
        var keyOf = [0]
        var shifts = [0.0]  // running absolute estimates
        var candidate: Int?  // the best-matched frame so far past half the switch distance
        let switchDistance = 0.3 * Double(region.count)
        let minimumOverlap = max(8, region.count / 3)
        let fullReach = region.count - minimumOverlap
        var cache: [Int: [[UInt16]]] = [:]
        func along(_ frame: Int) -> [[UInt16]] {
            if let found = cache[frame] { return found }
            let value = profiles[frame].along(axis)
            if cache.count > 4 { cache.removeAll() }
            cache[frame] = value
            return value
        }
        func match(
            _ index: Int, against key: Key, predicted: Double, reach: Int, widen: Bool, from last: Double = 0,
            heading: Double = 0
        ) -> ProfileMatch? {
            let registration = ProfileRegistration(
                reference: along(key.frame), current: along(index), channels: channels, region: region)
            guard var window = searchWindow(around: predicted - key.shift, reach: reach, fullReach: fullReach) else {
                return nil
            }
            var found = registration.best(in: window, minimumOverlap: minimumOverlap, leftOut: trimmedShare)
            // A best shift on the window's edge is no peak: move the window that way until it is.
            while let edge = found, edge.whole == window.upperBound || edge.whole == window.lowerBound {
                let up = edge.whole == window.upperBound
                guard up ? window.upperBound < fullReach : window.lowerBound > -fullReach else { break }
                window =
                    up
                    ? (window.upperBound - 1)...min(fullReach, window.upperBound + reach)
                    : max(-fullReach, window.lowerBound - reach)...(window.lowerBound + 1)
                guard let next = registration.best(in: window, minimumOverlap: minimumOverlap, leftOut: trimmedShare)
                else { break }
                if next.score <= edge.score { break }
                found = next
            }
            // A second look three times as far (48 px at least): a page that missed a draw moves
            // twice as far in the next, a finger speeding up at 25 fps four times, and rows that look
            // alike (a table's, a chart's bars) then offer a step one row short. The far
            // peak is taken only where it matches clearly better, so repeating content that matches
            // as well everywhere keeps the predicted one.
            if widen, let near = found,
                let wider = searchWindow(
                    around: predicted - key.shift, reach: max(3 * reach, reach + 48), fullReach: fullReach),
                let far = registration.best(in: wider, minimumOverlap: minimumOverlap, leftOut: trimmedShare),
                far.score > near.score + 0.005
            {
                found = far
            }
            // A part that does not move with the content (a header not yet shrunk over a list that
            // has moved, a section header stuck under it, a header growing back over it) pulls a
            // whole match toward its own motion: when the whole matches poorly (every position
            // counted: a part that stays put over a fifth of the region is more than a trimmed score
            // leaves out), the region's first and last two thirds are matched apart — a header or a
            // bar sits at one end, so one of them holds none of it — and the content is where the
            // cleaner of the two says, if it is a clean copy and clearly a cleaner one than the
            // whole. (Content that scrolls is a pure shift; a header changing height is not — its
            // background stretches, its title moves, its decorations stay — so where the two parts
            // disagree, the content is the cleaner one.) Its answer is the match: the whole range
            // searched again would find the alias the part was taken against.
            if widen, let whole = found, whole.plainScore ?? whole.score < cleanHalf, region.count >= 64 {
                let part = 2 * region.count / 3, partOverlap = max(8, part / 3)
                let partReach = part - partOverlap
                let parts = [
                    region.lowerBound..<(region.lowerBound + part), (region.upperBound - part)..<region.upperBound
                ]
                // From where the content was, on the way it was going, as far as a part reaches: across
                // missed draws a fling jumps on (135 px after three frames that showed it still), and
                // never back; at rest, around the prediction.
                let start = Int((last - key.shift).rounded())
                let window =
                    heading > 0
                    ? min(partReach, start - reach)...partReach
                    : heading < 0
                        ? -partReach...max(-partReach, start + reach)
                        : searchWindow(
                            around: predicted - key.shift, reach: max(3 * reach, reach + 48), fullReach: partReach)
                let partMatches = parts.compactMap { range -> ProfileMatch? in
                    guard let window else { return nil }
                    return ProfileRegistration(
                        reference: along(key.frame), current: along(index), channels: channels, region: range
                    ).best(in: window, minimumOverlap: partOverlap, leftOut: trimmedShare)
                }
                if partMatches.count == 2, let cleaner = partMatches.max(by: { $0.score < $1.score }),
                    cleaner.score >= cleanHalf, cleaner.score > whole.score + 0.005,
                    abs(cleaner.shift - whole.shift) > tearDistance
                {
                    return cleaner
                }
            }
            // The whole range when the match is unsure, or not a clean copy with every position
            // counted (a content that jumped further than the search, seen through what stays put).
            if widen, found.map({ $0.confidence < 0.85 || ($0.plainScore ?? 1) < 0.85 }) ?? true,
                let wide = registration.best(
                    in: -fullReach...fullReach, minimumOverlap: minimumOverlap, leftOut: trimmedShare),
                wide.confidence > (found?.confidence ?? -1) + 0.05
            {
                found = wide
            }
            return found
        }
        var lastMatched = 0
        for index in 1..<profiles.count {
            let previous = shifts[index - 1]
            // The same picture as the last frame matched (a draw the recorder missed, or content at
            // rest): the same offset, with no search that repeating content could alias.
            if same(along(lastMatched), along(index), channels: channels, region: region) {
                var copy = matches[index - 1]
                copy.shift = previous - keys.last!.shift
                if keyOf[index - 1] != keys.count - 1 { copy.shift = previous - keys.last!.shift }
                matches.append(copy)
                keyOf.append(keys.count - 1)
                shifts.append(previous)
                continue
            }
            lastMatched = index
            let predicted = predict(shifts, index)
            let step = predicted - previous
            if abs(predicted - keys.last!.shift) > switchDistance, index - 1 != keys.last!.frame {
                // The next key: the best-matched frame of the last half of the way, as the frame
                // most like a pure shift of this key (at 1x, content drawn half a pixel apart is not).
                let next = candidate ?? index - 1
                keys.append(Key(frame: next, shift: shifts[next], differences: [matches[next].shift]))
                candidate = nil
            }
            // Around the prediction; after repeated frames, from where the content was to where it
            // would be had it kept moving.
            let moving = index >= 2 ? previous - shifts[index - 2] : 0
            let span = abs(moving) < 0.1 ? abs(step) / 2 : 0
            let center = abs(moving) < 0.1 ? (previous + predicted) / 2 : predicted
            let speed = abs(moving) < 0.1 ? abs(step) / Double(max(1, repeatRun(shifts, index))) : abs(step)
            let reach = 6 + Int((speed.isFinite ? min(speed * Self.reachShare + span, Double(region.count)) : 0))
            let heading = Self.heading(shifts, index)
            let found = match(
                index, against: keys.last!, predicted: center, reach: reach, widen: true, from: previous,
                heading: heading)
            guard let found else {
                // Nothing to match (a flat frame): keep the prediction, with no confidence.
                matches.append(ProfileMatch(shift: predicted - keys.last!.shift, score: 0, runnerUp: -1, overlap: 0))
                keyOf.append(keys.count - 1)
                shifts.append(predicted)
                continue
            }
            matches.append(found)
            keyOf.append(keys.count - 1)
            shifts.append(keys.last!.shift + found.shift)
            if abs(found.shift) >= 0.5 * switchDistance, candidate.map({ found.score > matches[$0].score }) ?? true {
                candidate = index
            }
            // The same frame against the key before: one more estimate of the current key's shift.
            if keys.count >= 2, found.confidence >= 0.85 {
                let older = keys[keys.count - 2]
                if abs(shifts[index] - older.shift) < Double(fullReach) - 2,
                    let again = match(index, against: older, predicted: shifts[index], reach: 2, widen: false),
                    again.confidence >= 0.85
                {
                    keys[keys.count - 1].differences.append(again.shift - found.shift)
                }
            }
        }
        // Key shifts from the first on, each from the one before and the mean difference.
        for j in keys.indices.dropFirst() where !keys[j].differences.isEmpty {
            keys[j].shift = keys[j - 1].shift + keys[j].differences.reduce(0, +) / Double(keys[j].differences.count)
        }
        return matches.indices.map { index in
            var result = matches[index]
            result.shift += keys[keyOf[index]].shift
            return result
        }
    }

    /// Where frame `index` is expected from the frames before it (px): the last frame plus the last
    /// step, or, when the last frames showed the same picture right after a fast step (draws the
    /// recorder missed, up to 3), the motion before them carried on to this frame: after 0, 30,
    /// 30 the content is at 90, not 30 (at 30 a table's rows 59 px apart would alias).
    static func predict(_ shifts: [Double], _ index: Int) -> Double {
        let last = index - 1
        guard last >= 1 else { return shifts.first ?? 0 }
        let first = last - repeatRun(shifts, index) + 1
        if first < last, first >= 1, abs(shifts[first] - shifts[first - 1]) >= repeatMotion {
            return shifts[first] + (shifts[first] - shifts[first - 1]) * Double(index - first)
        }
        return shifts[last] + (shifts[last] - shifts[last - 1])
    }

    /// The way the content was going before frame `index` (px a frame, its sign is what counts):
    /// its last step of a pixel or more, within the longest stall before it; 0 when there is none.
    static func heading(_ shifts: [Double], _ index: Int) -> Double {
        var j = index - 1
        while j >= 1, j >= index - longestStall - 1 {
            let step = shifts[j] - shifts[j - 1]
            if abs(step) >= 1 { return step }
            j -= 1
        }
        return 0
    }

    /// How many frames before `index` show the same offset (1: the last differs from the one before),
    /// counting up to `longestStall`.
    static func repeatRun(_ shifts: [Double], _ index: Int) -> Int {
        var first = index - 1
        while first > 0, index - first <= longestStall, abs(shifts[first] - shifts[first - 1]) < 0.1 { first -= 1 }
        return index - first
    }

    /// The share of the overlap's worst-fitting positions a match leaves out when it weighs peaks
    /// against each other (`ProfileRegistration.best(in:minimumOverlap:leftOut:)`).
    static let trimmedShare = 0.1

    /// The search reaches this share of the predicted step either side of the prediction (after 6 px).
    static let reachShare = 0.5

    /// The longest run of repeated frames (a recorder's stall) across which the motion is carried on.
    static let longestStall = 6

    /// Whether two frames' profiles show the same picture over the region (mean difference under a
    /// quarter of a grey level, none over 2): a draw the recorder missed, or content at rest. (An
    /// encoder may code a repeated frame again a little better; a looser test would also take a
    /// glide's last sub-pixel creep for rest.)
    static func same(_ a: [[UInt16]], _ b: [[UInt16]], channels: [Int], region: Range<Int>) -> Bool {
        var total = 0
        for k in channels {
            let x = a[k], y = b[k]
            for p in region {
                let d = x[p] > y[p] ? Int(x[p] - y[p]) : Int(y[p] - x[p])
                if d > 2 * 256 { return false }
                total += d
            }
        }
        return Double(total) / Double(max(1, channels.count * region.count)) < 0.25 * 256
    }

    /// The shifts searched around `center` (px): `reach` either side, inside ±`fullReach`. A
    /// centre past the reach (a prediction run away on a damaged recording) searches the end of
    /// the range it points at; nil when there is nothing to search (a region shorter than the
    /// overlap a match needs, or a centre that is no number).
    static func searchWindow(around center: Double, reach: Int, fullReach: Int) -> ClosedRange<Int>? {
        guard fullReach >= 0, reach >= 0, center.isFinite else { return nil }
        let middle = Int(max(-Double(fullReach), min(Double(fullReach), center.rounded())))
        return max(-fullReach, middle - reach)...min(fullReach, middle + reach)
    }

    /// A frame the track leaves out, and why.
    public struct LeftOut: Equatable, Sendable {
        /// The recording's frame (from 0), and its time (s from the first frame, once known).
        public var index: Int
        public var t: Double = 0
        public var reason: String
    }

    /// Registers the region's two halves apart against the first frame, for moving frames still
    /// overlapping it by two thirds. A frame is torn (two refreshes in one frame, as a camera
    /// filming a screen makes) when each half is a clean copy of the content (score 0.9 or more),
    /// they disagree by more than 1.5 px, and both lie on the way between the frames either side
    /// of it: the content at two moments of the same motion. Halves that disagree otherwise —
    /// one holding a part that moves differently (a header collapsing, a section header that
    /// sticks) or matches poorly — are no tear, and the frame is kept. Torn frames are left out,
    /// each with its reason; the recording is refused only when most of the moving frames (at
    /// least 5 checked) are torn.
    static func tornFrames(
        _ profiles: [FrameProfiles], axis: TrackAxis, region: Range<Int>, channels: [Int], shifts: [Double],
        pointsPerPixel: Double
    ) throws(TrackError) -> [LeftOut] {
        guard region.count >= 64 else { return [] }
        let middle = region.lowerBound + region.count / 2
        let halves = [region.lowerBound..<middle, middle..<region.upperBound]
        let reference = profiles[0].along(axis)
        var moving = 0
        var torn: [LeftOut] = []
        for index in 1..<profiles.count {
            let step = shifts[index] - shifts[index - 1]
            guard abs(step) >= 2, abs(shifts[index]) <= Double(region.count) / 3 else { continue }
            moving += 1
            let center = Int(shifts[index].rounded())
            let found = halves.compactMap { half -> ProfileMatch? in
                let registration = ProfileRegistration(
                    reference: reference, current: profiles[index].along(axis), channels: channels, region: half)
                return registration.best(in: (center - 8)...(center + 8), minimumOverlap: half.count / 3)
            }
            guard found.count == 2, abs(found[0].shift - found[1].shift) > tearDistance,
                found.allSatisfy({ $0.score >= cleanHalf })
            else { continue }
            let before = shifts[index - 1], after = shifts[min(index + 1, shifts.count - 1)]
            let low = min(before, after, shifts[index]) - tearDistance
            let high = max(before, after, shifts[index]) + tearDistance
            guard found.allSatisfy({ (low...high).contains($0.shift) }) else { continue }
            let (a, b) = (found[0].shift * pointsPerPixel, found[1].shift * pointsPerPixel)
            torn.append(
                LeftOut(
                    index: index,
                    reason: String(
                        format: "torn: its %@ half is at %.1f pt, its %@ half at %.1f pt (two refreshes in one frame)",
                        axis == .y ? "top" : "left", a, axis == .y ? "bottom" : "right", b)))
        }
        if moving >= 5, 2 * torn.count > moving {
            throw TrackError(
                "\(torn.count) of \(moving) moving frames are torn (their top and bottom halves moved by different "
                    + "amounts): frames that straddle screen refreshes, as a camera filming a screen makes; record "
                    + "the screen itself (iOS Screen Recording, QuickTime, Android's recorder)"
            )
        }
        return torn
    }

    /// Halves further apart than this (px) disagree.
    static let tearDistance = 1.5
    /// The score of a clean copy of the content (a half, a part, a frame with every position counted).
    static let cleanHalf = 0.9
}
