import ScrollPhysics

/// Common device viewports in points (portrait), chosen with `--device` or in the panel.
///
/// The sizes are the screens' logical resolutions: iPhone SE (2nd and 3rd generation)
/// 375×667 @2x, iPhone 15 393×852 @3x, iPhone 15 Pro Max 430×932 @3x, iPhone 17 Pro 402×874 @3x,
/// iPad mini (6th generation) 744×1133 @2x, iPad Pro 11-inch 834×1210 @2x; the Pro models refresh at
/// 120 Hz (ProMotion), the others at 60 Hz. The SE alone has a Home button under its screen. The
/// default viewport, 390×844, is the iPhone 12–14's (@3x, 60 Hz).
public struct Device: Equatable, Sendable {
    /// The name on the command line (`--device iphone-15`).
    public let key: String
    /// The name shown to people.
    public let title: String
    /// The viewport in points.
    public let viewport: Size
    /// Device pixels per point (UIScreen.scale).
    public let scale: Double
    /// Display refresh rate, Hz (120 with ProMotion).
    public let refreshRate: Double
    /// A Home button under the screen (the iPhone SE): no home indicator, square screen corners,
    /// a forehead and a chin.
    public let homeButton: Bool

    public init(
        key: String, title: String, viewport: Size, scale: Double = 3, refreshRate: Double = 60,
        homeButton: Bool = false
    ) {
        self.key = key; self.title = title; self.viewport = viewport; self.scale = scale; self.refreshRate = refreshRate
        self.homeButton = homeButton
    }

    /// Whether the screen `size` belongs to a phone with a Home button.
    public static func hasHomeButton(_ size: Size) -> Bool {
        all.contains { $0.homeButton && $0.viewport == size }
    }

    /// Its screen, as a feel sees it.
    public var display: Display { Display(refreshRate: refreshRate, scale: scale) }

    /// The default viewport's device (the window's first viewport item).
    public static let defaultPhone = Device(
        key: "iphone-14", title: "iPhone 14", viewport: Size(width: 390, height: 844))

    /// The device whose screen is `size`, the default phone included.
    public static func showing(_ size: Size) -> Device? {
        all.first { $0.viewport == size } ?? (defaultPhone.viewport == size ? defaultPhone : nil)
    }

    public static let all: [Device] = [
        Device(
            key: "iphone-se", title: "iPhone SE", viewport: Size(width: 375, height: 667), scale: 2, homeButton: true),
        Device(key: "iphone-15", title: "iPhone 15", viewport: Size(width: 393, height: 852)),
        Device(
            key: "iphone-15-pro-max", title: "iPhone 15 Pro Max", viewport: Size(width: 430, height: 932),
            refreshRate: 120),
        Device(key: "iphone-17-pro", title: "iPhone 17 Pro", viewport: Size(width: 402, height: 874), refreshRate: 120),
        Device(key: "ipad-mini", title: "iPad mini", viewport: Size(width: 744, height: 1133), scale: 2),
        Device(
            key: "ipad-pro-11", title: "iPad Pro 11\"", viewport: Size(width: 834, height: 1210), scale: 2,
            refreshRate: 120)
    ]

    /// The device with this command-line name, or nil.
    public static func named(_ key: String) -> Device? { all.first { $0.key == key.lowercased() } }
}
