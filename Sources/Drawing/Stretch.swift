/// A stretch of drawn content along one axis: every coordinate `v` on it becomes
/// `pivot + (v − pivot) · factor`, lengths on it are multiplied by `factor`; the other axis is
/// untouched. Shapes and pictures stretch; text, circles and corner radii keep their size and
/// only move (as Android 12's stretch edge effect scales a list's content toward the edge
/// pulled, `EdgeEffect`'s stretch in AOSP `android/widget/EdgeEffect.java`).
public struct Stretch: Equatable, Sendable {
    public enum Axis: Sendable { case x, y }
    public var axis: Axis
    public var pivot: Double
    public var factor: Double

    public init(axis: Axis, pivot: Double, factor: Double) {
        self.axis = axis
        self.pivot = pivot
        self.factor = factor.isFinite && factor > 0 ? factor : 1
    }

    func map(_ v: Double) -> Double { pivot + (v - pivot) * factor }

    func map(x: Double, y: Double) -> (Double, Double) { axis == .x ? (map(x), y) : (x, map(y)) }

    func map(_ r: Rect) -> Rect {
        axis == .x
            ? Rect(x: map(r.x), y: r.y, width: r.width * factor, height: r.height)
            : Rect(x: r.x, y: map(r.y), width: r.width, height: r.height * factor)
    }

    /// `command` stretched.
    public func apply(_ command: DrawCommand) -> DrawCommand {
        switch command {
        case let .rect(r, fill, radius): return .rect(map(r), fill: fill, cornerRadius: radius)
        case let .shadow(r, radius, blur, color): return .shadow(map(r), cornerRadius: radius, blur: blur, color: color)
        case let .circle(cx, cy, radius, color):
            let (x, y) = map(x: cx, y: cy)
            return .circle(centerX: x, centerY: y, radius: radius, color: color)
        case let .text(text, x, y, style, color, maxWidth, alignment):
            // The line's middle moves with the content; the glyphs keep their size.
            let middle = axis == .y ? map(y + style.lineHeight / 2) - style.lineHeight / 2 : y
            return .text(
                text, x: axis == .x ? map(x) : x, y: middle, style: style, color: color,
                maxWidth: axis == .x && maxWidth.isFinite ? maxWidth * factor : maxWidth, alignment: alignment)
        case let .triangle(x0, y0, x1, y1, x2, y2, color):
            let a = map(x: x0, y: y0), b = map(x: x1, y: y1), c = map(x: x2, y: y2)
            return .triangle(x0: a.0, y0: a.1, x1: b.0, y1: b.1, x2: c.0, y2: c.1, color: color)
        case let .clip(r): return .clip(r.map(map))
        case let .cornerMask(r, radius, color): return .cornerMask(map(r), cornerRadius: radius, color: color)
        case let .beginRoundedClip(r, radius): return .beginRoundedClip(map(r), cornerRadius: radius)
        case .endRoundedClip, .endCached: return command
        case let .beginCached(key, frame): return .beginCached(key: key, frame: map(frame))
        }
    }
}
