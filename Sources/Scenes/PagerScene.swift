import Drawing
import ScrollPhysics

/// Vertical full-viewport pages, short-video style: `pageCount` pages of the viewport's height.
public final class PagerScene: SingleAxisScene {
    public let pageCount: Int

    public init(viewport: Size = .phone, pageCount: Int = 5, feel: Feel = .standard) {
        self.pageCount = pageCount
        let page = viewport.height
        super.init(
            name: "pager", viewport: viewport, orientation: .vertical,
            bounds: 0...max(0, Double(pageCount - 1) * page),
            snapTargets: .evenlySpaced(count: pageCount, spacing: page), feel: feel)
    }

    public override var caption: String { "Flick to the next video; a slow drag past halfway turns too" }
    /// Its pages or cells and the background between them fill the viewport (`CoverageTests`).
    public override var coversViewport: Bool { true }

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
        let screen = Rect(x: 0, y: 0, width: w, height: h)
        for index in first...last {
            let frame = Rect(x: 0, y: Double(index) * h - offset, width: w, height: h)
            VideoPage.draw(into: &list, frame: frame, screen: screen, identity: index, liked: index == selectedIndex)
        }
    }

    override var chromeStyle: Chrome.Style { .lightContent }

    /// The feed's tabs stay put while the pages move under them, as in iOS video apps.
    override func drawFixedHeader(into list: inout DrawList, offset: Double) {
        let w = viewport.width, y = Chrome.statusBarHeight + 8
        list.append(
            .rect(
                Rect(x: 0, y: 0, width: w, height: y + 56),
                fill: .verticalGradient(Color(hex: 0x000000, alpha: 0.35), .clear), cornerRadius: 0))
        list.append(
            .text(
                "Following", x: w / 2 - 110, y: y, style: .headline, color: Color(hex: 0xFFFFFF, alpha: 0.6),
                maxWidth: 100, alignment: .trailing))
        list.append(.text("For You", x: w / 2 + 10, y: y, style: .headline, color: .white, maxWidth: 100))
        list.append(
            .rect(Rect(x: w / 2 + 10 + 18, y: y + 27, width: 28, height: 2.5), fill: .solid(.white), cornerRadius: 1.25)
        )
        list.append(
            .rect(
                Rect(x: w / 2 - 0.5, y: y + 5, width: 1, height: 12), fill: .solid(Color(hex: 0xFFFFFF, alpha: 0.4)),
                cornerRadius: 0))
    }
}
