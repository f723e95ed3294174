/// The scrollable range and the viewport, as every platform model sees them.
///
/// Offsets grow as the content scrolls forward (the finger moves up or left); `minOffset` and
/// `maxOffset` are the two edges, in points (Flutter: logical pixels, Android: dp, web: CSS px,
/// all taken as 1 pt here); `viewport` is the view's length along the axis, in points.
public struct ModelExtent: Equatable, Sendable {
    public var minOffset: Double
    public var maxOffset: Double
    public var viewport: Double

    public init(minOffset: Double = 0, maxOffset: Double, viewport: Double) {
        self.minOffset = minOffset
        self.maxOffset = Swift.max(minOffset, maxOffset)
        self.viewport = viewport
    }

    /// How far `offset` lies past the nearer edge (≥ 0, in points).
    public func overscroll(_ offset: Double) -> Double {
        offset < minOffset ? minOffset - offset : offset > maxOffset ? offset - maxOffset : 0
    }

    /// The edge `offset` lies past, or nil inside the range.
    public func edge(beyond offset: Double) -> Double? {
        offset < minOffset ? minOffset : offset > maxOffset ? maxOffset : nil
    }

    public func clamped(_ offset: Double) -> Double { Swift.min(Swift.max(offset, minOffset), maxOffset) }
}
