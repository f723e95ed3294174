import Drawing
import Scenes

/// The phone's body drawn around a screen in window points: a soft shadow and the black bezel.
/// The bezel shares the screen's arc centres and is wide enough (≥ (√2 − 1)·r) that the screen
/// rectangle's corners, painted bezel-black by the corner mask, stay inside it.
public enum PhoneChrome {
    public static let bezelColor = Color(hex: 0x0A0A0B)

    /// Appends the shadow and bezel around `phone` (its screen, window points) drawn at `scale`;
    /// `homeButton` draws the body of a phone with a Home button (the iPhone SE, its proportions
    /// from the iPhone SE's published dimensions, 138.4 × 67.3 mm around a 4.7-inch screen): a
    /// forehead with the earpiece and a chin with the round button, square screen corners.
    public static func bezel(around phone: Rect, scale: Double, homeButton: Bool = false, into list: inout DrawList) {
        let screenRadius = WindowLayout.screenCornerRadius * scale
        let width = WindowLayout.bezelWidth(scale: scale)
        let chin = homeButton ? phone.height * WindowLayout.homeButtonChin : width
        let bezel = Rect(
            x: phone.x - width, y: phone.y - chin, width: phone.width + 2 * width, height: phone.height + 2 * chin)
        let radius = homeButton ? phone.width * 0.17 : screenRadius + width
        list.append(
            .shadow(
                bezel.offsetBy(dx: 0, dy: 6), cornerRadius: radius, blur: 18, color: Color(hex: 0x000000, alpha: 0.5)))
        list.append(.rect(bezel, fill: .solid(bezelColor), cornerRadius: radius))
        guard homeButton else { return }
        // The earpiece over the screen, the Home button's ring under it.
        let slot = Rect(
            x: (phone.x + phone.width / 2) - phone.width * 0.07, y: phone.y - chin / 2 - 2 * scale,
            width: phone.width * 0.14,
            height: 4 * scale)
        list.append(.rect(slot, fill: .solid(Color(hex: 0x2C2C2E)), cornerRadius: 2 * scale))
        let button = phone.height * 0.105
        let ring = Rect(
            x: (phone.x + phone.width / 2) - button / 2, y: phone.maxY + (chin - button) / 2, width: button,
            height: button)
        list.append(.rect(ring, fill: .solid(Color(hex: 0x3A3A3C)), cornerRadius: button / 2))
        let face = ring.insetBy(max(1, 1.5 * scale))
        list.append(.rect(face, fill: .solid(bezelColor), cornerRadius: face.width / 2))
    }

    /// The mask that rounds the screen's corners (viewport points), in the bezel's colour.
    public static func cornerMask(_ bounds: Rect) -> DrawCommand {
        Chrome.screenCorners(bounds, color: bezelColor)
    }
}
