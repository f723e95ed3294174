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
///    is longer than the prediction's error cannot alias; a poor match is searched again over
///    the whole region. Matching against a key frame, not the previous frame, keeps errors from
///    adding up frame after frame.
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
        try checkTearing(profiles, axis: axis, region: region, channels: channels, shifts: shifts.map(\.shift))
        let t0 = times[0]
        let repeats = repeated(shifts.map(\.shift))
        let frames = shifts.indices.filter { !repeats[$0] }.map { index in
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
        let low = frames.filter { $0.confidence < Track.lowConfidence }.count
        // Nothing scrolls, and the axis given matched almost no frame: noise, not a trajectory.
        if case .failure(let error) = detected, 2 * low > frames.count {
            throw TrackError(
                "\(error.message); along \(axis.rawValue), \(low) of \(frames.count) frames match with confidence "
                    + "under \(Track.lowConfidence)")
        }
        // Most frames no shifted copy of the content: moving pictures, not one that scrolls.
        if 2 * low > frames.count {
            throw TrackError(
                "no scrolling: \(low) of \(frames.count) frames match the content moved along \(axis.rawValue) with "
                    + "confidence under \(Track.lowConfidence) (the picture changes, rather than moves)")
        }
        if low > 0 {
            notes.append("\(low) of \(frames.count) frames matched with confidence under \(Track.lowConfidence)")
        }
        let segments = TrackSegment.find(in: frames)
        return Track(
            axis: axis, region: region, channels: channels, pointsPerPixel: options.pointsPerPixel,
            frames: frames, segments: segments, notes: notes)
    }

    /// Frames that show the frame before again (within 0.1 px) between frames that move by 4 px
    /// or more: the app or the recorder missed a draw, so the frame's time is not its content's.
    /// (Content drawn at whole pixels that moves a pixel or two a frame does stand still for a
    /// frame now and then; at 4 px a frame it never does.)
    static func repeated(_ shifts: [Double]) -> [Bool] {
        shifts.indices.map { i in
            guard i >= 2, i + 1 < shifts.count else { return false }
            return abs(shifts[i] - shifts[i - 1]) < 0.1 && abs(shifts[i - 1] - shifts[i - 2]) >= repeatMotion
                && abs(shifts[i + 1] - shifts[i]) >= repeatMotion
        }
    }

    /// Motion either side of a repeated frame, px a frame.
    static let repeatMotion = 4.0

    /// For each pixel along `axis`: does its profile change, by more than `changeLevel` in any
    /// strip, in at least a fifth of the frame pairs where anything changes (and at least twice)?
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
        let needed = max(2, active / 5)
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
            guard let (region, channels) = setup(axis) else { continue }
            // Slow frames are enough to tell the axis: a short reach keeps this cheap.
            let reach = max(8, min(48, region.count / 4))
            for index in sample {
                let registration = ProfileRegistration(
                    reference: profiles[index - 1].along(axis), current: profiles[index].along(axis),
                    channels: channels, region: region)
                // The score, not the confidence: repeating content has aliases, and still moves.
                if let match = registration.best(in: -reach...reach, minimumOverlap: region.count / 2),
                    match.score >= 0.8, abs(match.shift) >= 0.75
                {
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
        func match(_ index: Int, against key: Key, predicted: Double, reach: Int, widen: Bool) -> ProfileMatch? {
            let registration = ProfileRegistration(
                reference: along(key.frame), current: along(index), channels: channels, region: region)
            guard var window = searchWindow(around: predicted - key.shift, reach: reach, fullReach: fullReach) else {
                return nil
            }
            var found = registration.best(in: window, minimumOverlap: minimumOverlap)
            // A best shift on the window's edge is no peak: move the window that way until it is.
            while let edge = found, edge.whole == window.upperBound || edge.whole == window.lowerBound {
                let up = edge.whole == window.upperBound
                guard up ? window.upperBound < fullReach : window.lowerBound > -fullReach else { break }
                window =
                    up
                    ? (window.upperBound - 1)...min(fullReach, window.upperBound + reach)
                    : max(-fullReach, window.lowerBound - reach)...(window.lowerBound + 1)
                guard let next = registration.best(in: window, minimumOverlap: minimumOverlap) else { break }
                if next.score <= edge.score { break }
                found = next
            }
            if widen, found.map({ $0.confidence < 0.85 }) ?? true,
                let wide = registration.best(in: -fullReach...fullReach, minimumOverlap: minimumOverlap),
                wide.confidence > (found?.confidence ?? -1) + 0.05
            {
                found = wide
            }
            return found
        }
        for index in 1..<profiles.count {
            let previous = shifts[index - 1]
            let step = index >= 2 ? previous - shifts[index - 2] : 0
            let predicted = previous + step
            if abs(predicted - keys.last!.shift) > switchDistance, index - 1 != keys.last!.frame {
                // The next key: the best-matched frame of the last half of the way, as the frame
                // most like a pure shift of this key (at 1x, content drawn half a pixel apart is not).
                let next = candidate ?? index - 1
                keys.append(Key(frame: next, shift: shifts[next], differences: [matches[next].shift]))
                candidate = nil
            }
            let reach = 6 + Int((step.isFinite ? min(abs(step), Double(region.count)) : 0) * 0.5)
            guard let found = match(index, against: keys.last!, predicted: predicted, reach: reach, widen: true) else {
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

    /// The shifts searched around `center` (px): `reach` either side, inside ±`fullReach`. A
    /// centre past the reach (a prediction run away on a damaged recording) searches the end of
    /// the range it points at; nil when there is nothing to search (a region shorter than the
    /// overlap a match needs, or a centre that is no number).
    static func searchWindow(around center: Double, reach: Int, fullReach: Int) -> ClosedRange<Int>? {
        guard fullReach >= 0, reach >= 0, center.isFinite else { return nil }
        let middle = Int(max(-Double(fullReach), min(Double(fullReach), center.rounded())))
        return max(-fullReach, middle - reach)...min(fullReach, middle + reach)
    }

    /// Registers the region's two halves apart against the first frame, for moving frames
    /// still overlapping it by two thirds; refuses the recording when the halves disagree by more
    /// than 1.5 px in over 30 % of them (at least 5 checked): a frame that straddles two
    /// refreshes shows its halves at two positions.
    static func checkTearing(
        _ profiles: [FrameProfiles], axis: TrackAxis, region: Range<Int>, channels: [Int], shifts: [Double]
    ) throws(TrackError) {
        guard region.count >= 64 else { return }
        let middle = region.lowerBound + region.count / 2
        let halves = [region.lowerBound..<middle, middle..<region.upperBound]
        let reference = profiles[0].along(axis)
        var moving = 0, torn = 0
        for index in 1..<profiles.count {
            let step = shifts[index] - shifts[index - 1]
            guard abs(step) >= 2, abs(shifts[index]) <= Double(region.count) / 3 else { continue }
            moving += 1
            let center = Int(shifts[index].rounded())
            let found = halves.compactMap { half -> Double? in
                let registration = ProfileRegistration(
                    reference: reference, current: profiles[index].along(axis), channels: channels, region: half)
                guard let match = registration.best(in: (center - 8)...(center + 8), minimumOverlap: half.count / 3),
                    match.score > 0.5
                else { return nil }
                return match.shift
            }
            if found.count == 2, abs(found[0] - found[1]) > 1.5 { torn += 1 }
        }
        if moving >= 5, Double(torn) > 0.3 * Double(moving) {
            throw TrackError(
                "\(torn) of \(moving) moving frames are torn (their top and bottom halves moved by different "
                    + "amounts): frames that straddle screen refreshes, as a camera filming a screen makes; record "
                    + "the screen itself (iOS Screen Recording, QuickTime, Android's recorder)"
            )
        }
    }
}
