import Drawing
import Scenes

/// Where the phones and the panel sit in a window of a given size (all in window points):
/// the panel on the right (42 % of the width, 240–560 pt: it narrows in windows under ~860 pt so
/// the phone keeps more than half), the phones side by side on the left, scaled to fit with room
/// for their bezels and labels.
public struct WindowLayout: Equatable, Sendable {
    /// The phone's viewport a window shows (points, each side), for `play --viewport`, `blind
    /// --viewport` and a session file alike: under 100 the phone is magnified hundreds of times;
    /// over 2048 (past a 13-inch iPad's 1376 in landscape) a frame takes seconds and hundreds of
    /// megabytes.
    public static let viewportRange: ClosedRange<Double> = 100...2048

    /// Whether a window can show a viewport of `width` × `height` points: each side in
    /// `viewportRange` (the one check of `play`, `blind`, a session file and the panel's devices).
    public static func shows(width: Double, height: Double) -> Bool {
        viewportRange.contains(width) && viewportRange.contains(height)
    }

    public var panelX: Double
    public var panelWidth: Double
    public var height: Double
    /// One rectangle per side, in window points.
    public var phones: [Rect]
    /// Window points per viewport point.
    public var scale: Double

    /// `panel: false` gives the phones the whole width (a blind test shows no panel);
    /// `reserve` keeps that many points free under the phones (its answer buttons).
    public init(
        windowWidth w: Double, windowHeight h: Double, viewport: Size, sides: Int, panel: Bool = true,
        reserve: Double = 0
    ) {
        panelWidth = panel ? Self.panelWidth(windowWidth: w) : 0
        let area = max(100, w - panelWidth)
        let n = Double(max(1, sides))
        // Between and beside the phones: both bezels plus 12 pt, at least 32 pt. A bezel is
        // r·(√2 − 1)·scale + 2 pt (see `bezelWidth`), so the gap grows with the scale.
        let k = 2 * Self.screenCornerRadius * (2.squareRoot() - 1)
        let fitted = (area - 16 * (n + 1)) / (viewport.width * n + k * (n + 1))
        let widthLimited = k * fitted + 16 >= 32 ? fitted : (area - 32 * (n + 1)) / (viewport.width * n)
        // A phone with a Home button has a forehead and a chin of `homeButtonChin` screens each.
        let body = Device.hasHomeButton(viewport) ? 1 + 2 * Self.homeButtonChin : 1
        scale = max(0.1, min(widthLimited, (h - 96 - reserve) / (viewport.height * body)))
        let pw = viewport.width * scale, ph = viewport.height * scale
        let gap = (area - n * pw) / (n + 1)
        phones = (0..<max(1, sides)).map {
            Rect(x: gap + Double($0) * (pw + gap), y: (h - reserve - ph) / 2 + 12, width: pw, height: ph)
        }
        panelX = area
        height = h
    }

    /// The forehead's and the chin's height of a phone with a Home button, in screen heights
    /// (the iPhone SE: (138.4 − 104.1) / 2 mm over a 104.1 mm tall screen).
    public static let homeButtonChin = 0.165

    /// The phone screen's corner radius, viewport points (`Chrome`'s).
    public static let screenCornerRadius = Chrome.screenCornerRadius

    /// The bezel's width around a phone drawn at `scale` (window points): it shares the screen's
    /// arc centres and is wide enough (≥ (√2 − 1)·r) that the screen rectangle's corners, painted
    /// bezel-black by the corner mask, stay inside it; at least 10 pt.
    public static func bezelWidth(scale: Double) -> Double {
        max(10, screenCornerRadius * scale * (2.squareRoot() - 1) + 2)
    }

    /// 42 % of the window, at least 240 pt (a readable panel) and at most 560 pt.
    public static func panelWidth(windowWidth w: Double) -> Double {
        min(max(240, w * 0.42), 560)
    }

    /// The presentation window's phones (`scrollab demo`), large and centred with no panel: 64 pt
    /// above them for the step and the phones' labels, 96 pt below for the caption, 48 pt between
    /// them and at least 40 pt beside them.
    public static func presentation(windowWidth w: Double, windowHeight h: Double, viewport: Size, sides: Int)
        -> WindowLayout
    {
        let top = 64.0, bottom = 96.0, gap = 48.0, margin = 40.0
        let n = Double(max(1, sides))
        let scale = max(
            0.05, min((h - top - bottom) / viewport.height, (w - 2 * margin - (n - 1) * gap) / (n * viewport.width)))
        let pw = viewport.width * scale, ph = viewport.height * scale
        let x0 = (w - (n * pw + (n - 1) * gap)) / 2, y0 = top + (h - top - bottom - ph) / 2
        let phones = (0..<max(1, sides)).map { Rect(x: x0 + Double($0) * (pw + gap), y: y0, width: pw, height: ph) }
        return WindowLayout(panelX: w, panelWidth: 0, height: h, phones: phones, scale: scale)
    }

    private init(panelX: Double, panelWidth: Double, height: Double, phones: [Rect], scale: Double) {
        self.panelX = panelX
        self.panelWidth = panelWidth
        self.height = height
        self.phones = phones
        self.scale = scale
    }

    /// A viewport point of side `side` in window points.
    public func windowPoint(_ point: Point, side: Int = 0) -> Point {
        Point(x: phones[side].x + point.x * scale, y: phones[side].y + point.y * scale)
    }

    /// The side whose phone is under window point (`x`, `y`), if any.
    public func side(atX x: Double, y: Double) -> Int? {
        phones.firstIndex { $0.contains(x: x, y: y) }
    }

    /// Window point (`x`, `y`) in side `side`'s viewport points (a drag keeps its phone even
    /// outside it).
    public func viewportPoint(x: Double, y: Double, side: Int) -> Point {
        Point(x: (x - phones[side].x) / scale, y: (y - phones[side].y) / scale)
    }
}
