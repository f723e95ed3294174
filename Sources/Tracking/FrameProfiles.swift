/// One decoded video frame in 8-bit grey, row by row (what `VideoDecoder` hands over).
public struct GrayFrame: Sendable {
    public let width: Int
    public let height: Int
    /// `width × height` bytes, top row first.
    public let pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "a grey frame holds width × height bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// A frame reduced to 1-D profiles, the only thing the tracker keeps of it.
///
/// Rows: the frame cut into `strips` vertical strips; `rows[k][y]` is the mean grey of row y in
/// strip k. A vertical scroll moves every strip's row profile by the same number of pixels, so
/// registering the profiles registers the frame along y (1-D profile correlation). Columns: the
/// frame cut into `strips` horizontal bands; `columns[k][x]` is the mean grey of column x in
/// band k, for a horizontal scroll. Several strips instead of one mean keep detail that a whole
/// row's mean would average away, and let a strip that moves differently (a scroll indicator)
/// or a band that does not move (a static bar beside a carousel) be told apart.
///
/// Stored as mean × 256 in `UInt16` (exact to 1/256 of a grey level): 2 bytes per value, so a
/// 1170×2532 frame keeps 12 × (2532 + 1170) × 2 B = 89 kB.
public struct FrameProfiles: Sendable {
    public static let strips = 12
    public let width: Int
    public let height: Int
    /// `strips` arrays of `height` values.
    public let rows: [[UInt16]]
    /// `strips` arrays of `width` values.
    public let columns: [[UInt16]]

    public init(width: Int, height: Int, rows: [[UInt16]], columns: [[UInt16]]) {
        self.width = width
        self.height = height
        self.rows = rows
        self.columns = columns
    }

    /// Strip k covers [bounds(k).lowerBound, bounds(k).upperBound) of `length` pixels.
    public static func bounds(_ k: Int, of length: Int, strips: Int = FrameProfiles.strips) -> Range<Int> {
        (k * length / strips)..<((k + 1) * length / strips)
    }

    /// The profiles of `frame`, or of the part of it inside `crop` (x, y, width, height in
    /// pixels, inside the frame).
    public init(_ frame: GrayFrame, crop: (x: Int, y: Int, width: Int, height: Int)? = nil) {
        let area = crop ?? (0, 0, frame.width, frame.height)
        precondition(
            area.x >= 0 && area.y >= 0 && area.width > 0 && area.height > 0 && area.x + area.width <= frame.width
                && area.y + area.height <= frame.height, "the crop lies inside the frame")
        let width = area.width, height = area.height, strips = Self.strips
        // Flat sums: rowSums[k·height + y], columnSums[k·width + x].
        var rowSums = [UInt32](repeating: 0, count: strips * height)
        var columnSums = [UInt32](repeating: 0, count: strips * width)
        let stripEnds = (0..<strips).map { Self.bounds($0, of: width).upperBound }
        let bandEnds = (0..<strips).map { Self.bounds($0, of: height).upperBound }
        frame.pixels.withUnsafeBufferPointer { pixels in
            rowSums.withUnsafeMutableBufferPointer { rowSums in
                columnSums.withUnsafeMutableBufferPointer { columnSums in
                    var band = 0
                    for y in 0..<height {
                        while band < strips - 1 && y >= bandEnds[band] { band += 1 }
                        let row = pixels.baseAddress! + (area.y + y) * frame.width + area.x
                        let columns = columnSums.baseAddress! + band * width
                        var start = 0
                        for strip in 0..<strips {
                            var sum: UInt32 = 0
                            for x in start..<stripEnds[strip] {
                                let value = UInt32(row[x])
                                sum &+= value
                                columns[x] &+= value
                            }
                            rowSums[strip * height + y] = sum
                            start = stripEnds[strip]
                        }
                    }
                }
            }
        }
        self.width = width
        self.height = height
        rows = (0..<strips).map { k in
            let count = UInt32(max(1, Self.bounds(k, of: width).count))
            return rowSums[(k * height)..<((k + 1) * height)].map {
                UInt16(min(65_535, ($0 * 256 + count / 2) / count))
            }
        }
        columns = (0..<strips).map { k in
            let count = UInt32(max(1, Self.bounds(k, of: height).count))
            return columnSums[(k * width)..<((k + 1) * width)].map {
                UInt16(min(65_535, ($0 * 256 + count / 2) / count))
            }
        }
    }

    /// The profiles along `axis`: row profiles for y, column profiles for x.
    public func along(_ axis: TrackAxis) -> [[UInt16]] { axis == .y ? rows : columns }
    /// The frame's length along `axis`, px.
    public func length(_ axis: TrackAxis) -> Int { axis == .y ? height : width }
    /// The frame's length across `axis`, px.
    public func breadth(_ axis: TrackAxis) -> Int { axis == .y ? width : height }
}

/// The axis a recording scrolls along.
public enum TrackAxis: String, CaseIterable, Sendable {
    case x, y
    public var other: TrackAxis { self == .x ? .y : .x }
}
