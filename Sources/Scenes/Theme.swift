import Drawing

/// The colours of the scenes, after iOS's light system palette.
public enum Theme {
    public static let background = Color(hex: 0xF2F2F7)
    public static let card = Color(hex: 0xFFFFFF)
    public static let label = Color(hex: 0x1C1C1E)
    public static let secondaryLabel = Color(hex: 0x6C6C70)
    public static let tint = Color(hex: 0x007AFF)
    public static let indicator = Color(hex: 0x000000, alpha: 0.45)
    public static let indicatorRim = Color(hex: 0xFFFFFF, alpha: 0.35)
    public static let selection = Color(hex: 0x007AFF, alpha: 0.14)
    /// A bar's translucent material over content (systemChromeMaterial; opaque, as there is no blur to hide what passes
    /// under it).
    public static let bar = Color(hex: 0xF9F9F9)
    /// Hairlines under bars and between rows (separator: #3C3C43 at 29 %).
    public static let separator = Color(hex: 0x3C3C43, alpha: 0.29)
}
