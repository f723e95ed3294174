/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF),
            a: UInt8((min(max(alpha, 0), 1) * 255).rounded()))
    }

    /// The same colour with its alpha multiplied by `factor` (0…1).
    public func fading(_ factor: Double) -> Color {
        var copy = self
        copy.a = UInt8((Double(a) * min(max(factor, 0), 1)).rounded())
        return copy
    }

    /// Linear mix toward `other` by `amount` (0 = self, 1 = other).
    public func mixed(with other: Color, _ amount: Double) -> Color {
        let t = min(max(amount, 0), 1)
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: mix(a, other.a))
    }

    public static let white = Color(hex: 0xFFFFFF)
    public static let black = Color(hex: 0x000000)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}
