/// Common device viewports in points (portrait), chosen with `--device` or in the panel.
///
/// The sizes are the screens' logical resolutions: iPhone SE (2nd and 3rd generation)
/// 375×667, iPhone 15 393×852, iPhone 15 Pro Max 430×932, iPad mini (6th generation) 744×1133.
/// The default viewport, 390×844, is the iPhone 12–14's.
public struct Device: Equatable, Sendable {
    /// The name on the command line (`--device iphone-15`).
    public let key: String
    /// The name shown to people.
    public let title: String
    /// The viewport in points.
    public let viewport: Size

    public init(key: String, title: String, viewport: Size) {
        self.key = key; self.title = title; self.viewport = viewport
    }

    public static let all: [Device] = [
        Device(key: "iphone-se", title: "iPhone SE", viewport: Size(width: 375, height: 667)),
        Device(key: "iphone-15", title: "iPhone 15", viewport: Size(width: 393, height: 852)),
        Device(key: "iphone-15-pro-max", title: "iPhone 15 Pro Max", viewport: Size(width: 430, height: 932)),
        Device(key: "ipad-mini", title: "iPad mini", viewport: Size(width: 744, height: 1133)),
    ]

    /// The device with this command-line name, or nil.
    public static func named(_ key: String) -> Device? { all.first { $0.key == key.lowercased() } }
}
