/// The commands of one frame. Kept between frames and cleared with its capacity kept, so a
/// steady frame allocates nothing for its commands.
public struct DrawList: Sendable {
    public private(set) var commands: [DrawCommand] = []

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
    public mutating func card(_ frame: Rect, fill: Fill, cornerRadius: Double, shadow: Color = Color(hex: 0x000000, alpha: 0.12)) {
        commands.append(.shadow(frame.offsetBy(dx: 0, dy: 3), cornerRadius: cornerRadius, blur: 10, color: shadow))
        commands.append(.rect(frame, fill: fill, cornerRadius: cornerRadius))
    }

    public var count: Int { commands.count }
}
