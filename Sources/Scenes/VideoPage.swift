import Drawing

/// One full-screen page of a short-video feed (the pager and the loop): an illustration of its
/// caption, the creator and caption over a darkened bottom, and the action column.
enum VideoPage {
    /// Draws the page in `frame` (viewport points), clipped to `screen`.
    static func draw(into list: inout DrawList, frame: Rect, screen: Rect, identity: Int, liked: Bool) {
        let w = frame.width, h = frame.height
        let caption = Art.pageCaption(identity)
        let visible = frame.intersection(screen)
        Art.picture(
            into: &list, frame: frame, title: caption, seed: identity * 5 + 3, cornerRadius: 0, surround: .black,
            restoreClip: visible)
        let top = frame.y
        // The caption block, darkened so white text reads on any picture.
        list.append(
            .rect(
                Rect(x: 0, y: top + h - 260, width: w, height: 260),
                fill: .verticalGradient(.clear, Color(hex: 0x000000, alpha: 0.55)), cornerRadius: 0))
        list.append(
            .text(Art.creator(identity), x: 16, y: top + h - 118, style: .headline, color: .white, maxWidth: w - 96))
        list.append(
            .text(
                caption, x: 16, y: top + h - 92, style: .subheadline, color: Color(hex: 0xFFFFFF, alpha: 0.92),
                maxWidth: w - 96))
        // The action column: like, comment, share.
        for slot in 0..<3 {
            let cx = w - 36, cy = top + h - 330 + Double(slot) * 72
            list.append(
                .circle(
                    centerX: cx, centerY: cy, radius: 22,
                    color: slot == 0 && liked ? Color(hex: 0xFF2D55) : Color(hex: 0x000000, alpha: 0.28)))
            switch slot {
            case 0: heart(into: &list, cx: cx, cy: cy + 1, size: 20, color: .white)
            case 1: bubble(into: &list, cx: cx, cy: cy, size: 20, color: .white)
            default: arrow(into: &list, cx: cx, cy: cy, size: 20, color: .white)
            }
        }
        list.append(.clip(screen))
    }

    /// A heart: two circles and a triangle, `size` points wide.
    static func heart(into list: inout DrawList, cx: Double, cy: Double, size: Double, color: Color) {
        let r = size * 0.27
        list.append(.circle(centerX: cx - r * 0.85, centerY: cy - r * 0.6, radius: r, color: color))
        list.append(.circle(centerX: cx + r * 0.85, centerY: cy - r * 0.6, radius: r, color: color))
        list.append(
            .triangle(
                x0: cx - r * 1.78, y0: cy - r * 0.3, x1: cx + r * 1.78, y1: cy - r * 0.3, x2: cx, y2: cy + size * 0.45,
                color: color))
    }

    /// A speech bubble: an oval body and a tail.
    static func bubble(into list: inout DrawList, cx: Double, cy: Double, size: Double, color: Color) {
        list.append(
            .rect(
                Rect(x: cx - size / 2, y: cy - size * 0.42, width: size, height: size * 0.78), fill: .solid(color),
                cornerRadius: size * 0.39))
        list.append(
            .triangle(
                x0: cx - size * 0.3, y0: cy + size * 0.2, x1: cx - size * 0.05, y1: cy + size * 0.3,
                x2: cx - size * 0.38, y2: cy + size * 0.52, color: color))
    }

    /// A share arrow pointing right.
    static func arrow(into list: inout DrawList, cx: Double, cy: Double, size: Double, color: Color) {
        list.append(
            .triangle(
                x0: cx + size * 0.5, y0: cy - size * 0.05, x1: cx + size * 0.02, y1: cy - size * 0.45,
                x2: cx + size * 0.02, y2: cy + size * 0.35, color: color))
        list.append(
            .rect(
                Rect(x: cx - size * 0.5, y: cy - size * 0.17, width: size * 0.6, height: size * 0.26),
                fill: .solid(color), cornerRadius: size * 0.1))
    }
}
