#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Drawing

/// The system chrome every scene draws over its content, measured on the 390 × 844 pt iPhone 14
/// (Apple's Human Interface Guidelines and its design templates): the status bar (time, signal,
/// battery), the home indicator, and the header a screen with a large title shows.
public enum Chrome {
    /// Whether the chrome is drawn dark on light content or light on dark (video) content.
    public enum Style: Sendable {
        case darkContent, lightContent

        var foreground: Color { self == .darkContent ? Color(hex: 0x000000) : Color(hex: 0xFFFFFF) }
    }

    /// Height of the status bar (pt).
    public static let statusBarHeight = 47.0
    /// Height of a navigation bar's inline row (pt).
    public static let navigationBarHeight = 44.0
    /// Height of the large-title row below it (pt): Large Title's 41 pt leading plus margins.
    public static let largeTitleHeight = 52.0
    /// The bottom safe area that keeps content clear of the home indicator (pt).
    public static let homeIndicatorInset = 34.0
    /// Side margin of titles and rows (pt).
    public static let margin = 16.0
    /// The screen's corner radius (pt): the window's phones, clips and the demo round it alike.
    public static let screenCornerRadius = 44.0

    /// The mask that rounds a screen's corners (`bounds`, viewport points), painting what lies
    /// outside the arcs in `color` (the bezel's, or a clip's background).
    public static func screenCorners(_ bounds: Rect, color: Color) -> DrawCommand {
        // A phone with a Home button (the iPhone SE) has a rectangular screen.
        let square = Device.hasHomeButton(Size(width: bounds.width, height: bounds.height))
        return .cornerMask(bounds, cornerRadius: square ? 0 : screenCornerRadius, color: color)
    }

    /// The status bar: "9:41" left, signal bars and battery right, in `style`'s colour, in a
    /// strip `height` points tall (47 on the iPhone 14; scenes with their own strip pass theirs).
    public static func statusBar(
        into list: inout DrawList, width: Double, style: Style, height: Double = statusBarHeight
    ) {
        let color = style.foreground
        let middle = height / 2 + 2
        // The time, centred in the left ear (the ears sit either side of the notch, 0–123 and 267–390 pt).
        let ear = min(123, width * 0.32)
        list.append(
            .text("9:41", x: 0, y: middle - 11, style: .headline, color: color, maxWidth: ear, alignment: .center))
        // Battery (27 × 13 pt with its cap): a translucent body, the charge solid inside it.
        let batteryRight = width - max(14, (ear - 68) / 2)
        let body = Rect(x: batteryRight - 27, y: middle - 6.5, width: 24.5, height: 13)
        list.append(.rect(body, fill: .solid(color.fading(0.35)), cornerRadius: 4))
        list.append(
            .rect(
                Rect(x: body.x + 2, y: body.y + 2, width: (body.width - 4) * 0.8, height: body.height - 4),
                fill: .solid(color), cornerRadius: 2.5))
        list.append(
            .rect(
                Rect(x: body.maxX + 1, y: middle - 2.25, width: 1.5, height: 4.5), fill: .solid(color.fading(0.4)),
                cornerRadius: 0.75))
        // Cellular signal: four bars 3 pt wide, rising to 12 pt.
        let signalRight = body.x - 28
        for bar in 0..<4 {
            let barHeight = 4.5 + Double(bar) * 2.5
            list.append(
                .rect(
                    Rect(
                        x: signalRight - Double(4 - bar) * 4.5, y: middle + 6 - barHeight, width: 3, height: barHeight),
                    fill: .solid(color), cornerRadius: 1))
        }
        // Wi-Fi: a quarter-circle fan (a 90° sector), drawn as thin triangles from its point.
        let wifiX = body.x - 14.5, wifiBottom = middle + 5, radius = 11.5
        let steps = 8
        for i in 0..<steps {
            let a0 = -3 * Double.pi / 4 + Double.pi / 2 * Double(i) / Double(steps)
            let a1 = -3 * Double.pi / 4 + Double.pi / 2 * Double(i + 1) / Double(steps)
            list.append(
                .triangle(
                    x0: wifiX, y0: wifiBottom, x1: wifiX + cos(a0) * radius, y1: wifiBottom + sin(a0) * radius,
                    x2: wifiX + cos(a1) * radius, y2: wifiBottom + sin(a1) * radius, color: color))
        }
    }

    /// The home indicator: a 134 × 5 pt bar centred 8 pt above the bottom edge (none on a phone
    /// with a Home button, the iPhone SE: its button is under the screen, on the body).
    public static func homeIndicator(into list: inout DrawList, size: Size, style: Style) {
        guard !Device.hasHomeButton(size) else { return }
        let width = min(134, size.width * 0.36)
        let bar = Rect(x: (size.width - width) / 2, y: size.height - 13, width: width, height: 5)
        // Over video the white bar gets a faint dark rim, so it still shows on a white frame.
        if style == .lightContent {
            list.append(.rect(bar.insetBy(-1), fill: .solid(Color(hex: 0x000000, alpha: 0.22)), cornerRadius: 3.5))
        }
        list.append(.rect(bar, fill: .solid(style.foreground), cornerRadius: 2.5))
    }

    /// Status bar and home indicator together, over everything else. An iPhone held sideways
    /// (a viewport wider than tall) hides its status bar and keeps the home indicator.
    public static func draw(into list: inout DrawList, size: Size, style: Style) {
        list.append(.clip(Rect(x: 0, y: 0, width: size.width, height: size.height)))
        if size.height >= size.width { statusBar(into: &list, width: size.width, style: style) }
        homeIndicator(into: &list, size: size, style: style)
    }

    /// A screen's large title (34/41 bold) under the status bar, with a footnote line under it;
    /// both end in "…" rather than leave the screen. Returns where content may start (pt).
    @discardableResult
    public static func largeTitleHeader(into list: inout DrawList, width: Double, title: String, subtitle: String?)
        -> Double
    {
        let top = statusBarHeight + 3
        list.append(
            .text(title, x: margin, y: top, style: .largeTitle, color: Theme.label, maxWidth: width - 2 * margin))
        guard let subtitle else { return top + TextStyle.largeTitle.lineHeight + 8 }
        list.append(
            .text(
                subtitle, x: margin + 1, y: top + TextStyle.largeTitle.lineHeight, style: .footnote,
                color: Theme.secondaryLabel, maxWidth: width - 2 * margin - 1))
        return top + TextStyle.largeTitle.lineHeight + TextStyle.footnote.lineHeight + 8
    }
}
