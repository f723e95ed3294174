/// Marks that stay put while the content under them scrolls: a status bar's clock and icons
/// over a full-screen picture, the home indicator over a list, a floating button. Row profiles
/// sum them with the content, and a mark that does not move pulls every match toward no motion
/// (a quarter of a pixel, measured on a pager recording at @1x).
///
/// Found pixel by pixel: a pixel on an edge in the first frame (a neighbour along the axis
/// differs by `edgeLevel` grey levels or more) that never differs from its first value by half
/// that contrast, or by `noiseLevel` when that is more. Content on an edge that moves by a pixel
/// takes its neighbour's value, a change of the whole contrast, and content pulled away and let
/// go has made that change before it returns. A flat background does not change either, but has
/// no edge. (The neighbour may change: the content passing under a mark's rim does.) And a mark
/// is still there at the end: the pixel is on an edge in the last frame too. Without that, what
/// the first frame shows over light content and then leaves — a collapsing header's white title,
/// the light edge of a section header under it — is taken for a mark wherever only the light
/// background of a list passed under it later (a fling moves a row of the screen past a sample
/// of the content's rows, which may miss every dark one); the region was then cut to its middle
/// 57 %, too short for the 214 px the browser moved the list across a missed draw.
public struct StillMarks: Sendable {
    /// Grey levels between neighbours that make an edge.
    public static let edgeLevel = 24
    /// A change that noise and compression can make to a mark.
    public static let noiseLevel = 20

    public let width: Int
    public let height: Int
    private let first: [UInt8]
    /// For each pixel, the largest difference from its first value so far.
    private var largest: [UInt8]
    /// The last frame added, and the crop it was added with (nil: only the first so far).
    private var last: (frame: GrayFrame, crop: (x: Int, y: Int, width: Int, height: Int))?

    /// Starts from the first frame (the part inside `crop`, as `FrameProfiles` takes it).
    public init(first frame: GrayFrame, crop: (x: Int, y: Int, width: Int, height: Int)? = nil) {
        let area = crop ?? (0, 0, frame.width, frame.height)
        width = area.width
        height = area.height
        var pixels = [UInt8](repeating: 0, count: area.width * area.height)
        for y in 0..<area.height {
            let start = (area.y + y) * frame.width + area.x
            pixels.replaceSubrange(
                (y * area.width)..<((y + 1) * area.width), with: frame.pixels[start..<(start + area.width)])
        }
        first = pixels
        largest = [UInt8](repeating: 0, count: pixels.count)
    }

    /// Notes how far the pixels of `frame` (the same crop) are from the first frame's.
    public mutating func add(_ frame: GrayFrame, crop: (x: Int, y: Int, width: Int, height: Int)? = nil) {
        let area = crop ?? (0, 0, frame.width, frame.height)
        guard area.width == width, area.height == height else { return }
        last = (frame, area)
        let width = self.width
        frame.pixels.withUnsafeBufferPointer { pixels in
            first.withUnsafeBufferPointer { first in
                largest.withUnsafeMutableBufferPointer { largest in
                    for y in 0..<height {
                        let row = pixels.baseAddress! + (area.y + y) * frame.width + area.x
                        let base = y * width
                        for x in 0..<width {
                            let a = row[x], b = first[base + x]
                            largest[base + x] = max(largest[base + x], a > b ? a &- b : b &- a)
                        }
                    }
                }
            }
        }
    }

    /// For each position along `axis` (a row for y, a column for x), how many still pixels sit
    /// on an edge across it (what would have moved along the axis had it been content), counting
    /// only pixels whose position across the axis is in `across` (the part that scrolls, so
    /// that the still text beside a carousel does not count).
    public func counts(along axis: TrackAxis, across: [Bool]) -> [Int] {
        let length = axis == .y ? height : width
        var counts = [Int](repeating: 0, count: length)
        guard across.count == (axis == .y ? width : height) else { return counts }
        let step = axis == .y ? width : 1, stride = axis == .y ? 1 : width
        // The last frame's value at a pixel of the crop (its index in `first`).
        let lastValue: (Int) -> Int
        if let (frame, crop) = last {
            let width = self.width
            lastValue = { index in
                Int(frame.pixels[(crop.y + index / width) * frame.width + crop.x + index % width])
            }
        } else {
            lastValue = { Int(self.first[$0]) }
        }
        func contrast(_ p: Int, _ here: Int, _ value: (Int) -> Int) -> Int {
            let centre = value(here)
            return max(
                p > 0 ? abs(centre - value(here - step)) : 0, p + 1 < length ? abs(centre - value(here + step)) : 0)
        }
        for p in 0..<length {
            for q in 0..<across.count where across[q] {
                let here = p * step + q * stride
                let edge = contrast(p, here) { Int(self.first[$0]) }
                if edge >= Self.edgeLevel, Int(largest[here]) < max(edge / 2, Self.noiseLevel),
                    contrast(p, here, lastValue) >= Self.edgeLevel
                {
                    counts[p] += 1
                }
            }
        }
        return counts
    }

    /// `region` without the still marks near its ends: each end's outer quarter is cut back to
    /// just past the innermost position there that holds `minimum` still edge pixels or more, and
    /// past fainter marks (3 or more) that follow within 8 px (a home indicator's far rim, blurred
    /// by compression), plus `margin` (the sub-pixel match reads two pixels around each). Marks
    /// in the middle half stay, and a cut that would leave under half of the region is not made.
    /// (The tracker asks for 4 % of the scrolling width: a clock's digits or a home indicator's
    /// rim, not a few pixels of noise.)
    public static func trim(_ region: Range<Int>, counts: [Int], minimum: Int, margin: Int = 3) -> Range<Int> {
        guard region.count >= 16, region.upperBound <= counts.count else { return region }
        let quarter = region.count / 4
        let marked = { (p: Int) in counts[p] >= minimum }
        var low = region.lowerBound, high = region.upperBound
        let faint = { (p: Int) in counts[p] >= 3 }
        let top = region.lowerBound..<(region.lowerBound + quarter),
            bottom = (region.upperBound - quarter)..<region.upperBound
        if var last = top.last(where: marked) {
            while let next = ((last + 1)..<min(last + 9, top.upperBound)).first(where: faint) { last = next }
            low = last + 1 + margin
        }
        if var firstMark = bottom.first(where: marked) {
            while let next = (max(firstMark - 8, bottom.lowerBound)..<firstMark).last(where: faint) { firstMark = next }
            high = firstMark - margin
        }
        // Never more than half of it: what is left must still carry the content.
        return high - low >= region.count / 2 ? low..<high : region
    }
}
