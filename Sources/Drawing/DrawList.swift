/// The commands of one frame. Kept between frames and cleared with its capacity kept, so a
/// steady frame allocates nothing for its commands.
public struct DrawList: Sendable {
    public private(set) var commands: [DrawCommand] = []
    /// Device pixels per point of the surface the list will be drawn on, 0 when not known.
    /// Kept by `removeAll()`.
    public var pixelsPerPoint: Double = 0

    public init(capacity: Int = 512) {
        commands.reserveCapacity(capacity)
    }

    public mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
    }

    public mutating func append(_ command: DrawCommand) {
        commands.append(command)
    }

    /// A card: soft shadow, then the rounded body.
    public mutating func card(
        _ frame: Rect, fill: Fill, cornerRadius: Double, shadow: Color = Color(hex: 0x000000, alpha: 0.12)
    ) {
        commands.append(.shadow(frame.offsetBy(dx: 0, dy: 3), cornerRadius: cornerRadius, blur: 10, color: shadow))
        commands.append(.rect(frame, fill: fill, cornerRadius: cornerRadius))
    }

    public var count: Int { commands.count }

    /// `value` (pt) on the device-pixel grid: a scroll offset moved by whole pixels, so that all
    /// scrolled content moves by the same pixels, as a layer does on iOS. Shapes are snapped to
    /// pixels one by one; with a fractional offset, two shapes half a point apart in the content
    /// would round different ways and move apart by a pixel. Unchanged when the grid is unknown
    /// or the value is not finite.
    public func onPixelGrid(_ value: Double) -> Double {
        guard pixelsPerPoint > 0, value.isFinite else { return value }
        return (value * pixelsPerPoint).rounded() / pixelsPerPoint
    }
}
