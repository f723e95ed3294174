import Drawing
import ScrollPhysics

/// Vertical full-viewport pages, short-video style: `pageCount` pages of the viewport's height.
public final class PagerScene: SingleAxisScene {
    public let pageCount: Int

    public init(viewport: Size = .phone, pageCount: Int = 5, parameters: ScrollParameters = ScrollParameters()) {
        self.pageCount = pageCount
        let page = viewport.height
        super.init(name: "pager", viewport: viewport, orientation: .vertical,
                   bounds: 0...max(0, Double(pageCount - 1) * page),
                   snapTargets: .evenlySpaced(count: pageCount, spacing: page), parameters: parameters)
    }

    public override var caption: String { "Flick to the next video; a slow drag past halfway turns too" }

    static let actions = ["♥", "✉", "↗"]

    override func itemIndex(at point: Point, offset: Double) -> Int? {
        let index = Int(((point.y + offset) / viewport.height).rounded(.down))
        return index >= 0 && index < pageCount ? index : nil
    }

    override func drawContent(into list: inout DrawList, offset: Double) {
        let h = viewport.height, w = viewport.width
        list.append(.rect(Rect(x: 0, y: 0, width: w, height: h), fill: .solid(Color(hex: 0x000000)), cornerRadius: 0))
        guard pageCount > 0, h > 0 else { return }
        let first = max(0, Int((offset / h).rounded(.down)))
        let last = min(pageCount - 1, Int(((offset + h) / h).rounded(.down)))
        guard first <= last else { return }
        for index in first...last {
            let top = Double(index) * h - offset
            let frame = Rect(x: 0, y: top, width: w, height: h)
            let (a, b) = Art.palette(index + 3)
            list.append(.rect(frame, fill: .diagonalGradient(a, b.mixed(with: .black, 0.35)), cornerRadius: 0))
            list.append(.clip(frame.intersection(Rect(x: 0, y: 0, width: w, height: h))))
            list.append(.circle(centerX: w * (0.3 + 0.4 * Art.noise(index, 11)), centerY: top + h * 0.38,
                                radius: w * 0.32, color: Color(hex: 0xFFFFFF, alpha: 0.22)))
            list.append(.circle(centerX: w * 0.15, centerY: top + h * 0.7, radius: w * 0.5, color: Color(hex: 0x000000, alpha: 0.12)))
            // The caption block and the action column, as a video app lays them out.
            list.append(.rect(Rect(x: 0, y: top + h - 190, width: w, height: 190),
                              fill: .verticalGradient(.clear, Color(hex: 0x000000, alpha: 0.45)), cornerRadius: 0))
            list.append(.text(Art.creator(index), x: 16, y: top + h - 112, style: .headline, color: .white))
            list.append(.text(Art.pageCaption(index), x: 16, y: top + h - 86, style: .body, color: Color(hex: 0xFFFFFF, alpha: 0.9)))
            let liked = index == selectedIndex
            for (slot, label) in Self.actions.enumerated() {
                let cy = top + h - 330 + Double(slot) * 72
                list.append(.circle(centerX: w - 36, centerY: cy, radius: 22,
                                    color: slot == 0 && liked ? Color(hex: 0xFF2D55) : Color(hex: 0xFFFFFF, alpha: 0.25)))
                list.append(.text(label, x: w - 44, y: cy - 11, style: .headline, color: .white))
            }
            list.append(.text("Following", x: w / 2 - 96, y: top + 56, style: .body, color: Color(hex: 0xFFFFFF, alpha: 0.6)))
            list.append(.text("For You", x: w / 2 + 14, y: top + 55, style: .headline, color: .white))
            list.append(.rect(Rect(x: w / 2 + 30, y: top + 80, width: 28, height: 2.5), fill: .solid(.white), cornerRadius: 1.25))
            list.append(.clip(Rect(x: 0, y: 0, width: w, height: h)))
        }
    }
}
