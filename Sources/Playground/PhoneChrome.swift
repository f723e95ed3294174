import Drawing
import Scenes

/// The phone's body drawn around a screen in window points: a soft shadow and the black bezel.
/// The bezel shares the screen's arc centres and is wide enough (≥ (√2 − 1)·r) that the screen
/// rectangle's corners, painted bezel-black by the corner mask, stay inside it.
public enum PhoneChrome {
    public static let bezelColor = Color(hex: 0x0A0A0B)

    /// Appends the shadow and bezel around `phone` (its screen, window points) drawn at `scale`.
    public static func bezel(around phone: Rect, scale: Double, into list: inout DrawList) {
        let screenRadius = WindowLayout.screenCornerRadius * scale
        let width = WindowLayout.bezelWidth(scale: scale)
        let bezel = Rect(
            x: phone.x - width, y: phone.y - width, width: phone.width + 2 * width, height: phone.height + 2 * width)
        let radius = screenRadius + width
        list.append(
            .shadow(
                bezel.offsetBy(dx: 0, dy: 6), cornerRadius: radius, blur: 18, color: Color(hex: 0x000000, alpha: 0.5)))
        list.append(.rect(bezel, fill: .solid(bezelColor), cornerRadius: radius))
    }

    /// The mask that rounds the screen's corners (viewport points), in the bezel's colour.
    public static func cornerMask(_ bounds: Rect) -> DrawCommand {
        Chrome.screenCorners(bounds, color: bezelColor)
    }
}
