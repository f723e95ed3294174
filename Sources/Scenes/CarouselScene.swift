import Drawing
import ScrollPhysics

/// A horizontal carousel of cells narrower than the viewport, each landing centred (seed 002).
///
/// Cells are `cellWidth` wide with `spacing` between them; the content is inset by
/// `(viewportWidth − cellWidth)/2` at both ends so the first and last cells can be centred too.
/// The paging width is the distance between cell centres, `cellWidth + spacing`, and cell i is
/// centred at offset `i·(cellWidth + spacing)`.
public final class CarouselScene: SingleAxisScene {
    public let cellWidth: Double
    public let spacing: Double
    public let cellCount: Int

    public init(viewport: Size = .phone, cellWidth: Double = 300, spacing: Double = 12, cellCount: Int = 10,
                parameters: ScrollParameters = ScrollParameters()) {
        self.cellWidth = cellWidth
        self.spacing = spacing
        self.cellCount = cellCount
        let pagingWidth = cellWidth + spacing
        super.init(name: "carousel", viewport: viewport, orientation: .horizontal,
                   bounds: 0...max(0, Double(cellCount - 1) * pagingWidth),
                   snapTargets: .evenlySpaced(count: cellCount, spacing: pagingWidth), parameters: parameters)
    }

    public override var caption: String { "Swipe the cards; each lands centred, neighbours peek in" }

    /// Leading inset of the first cell, in points.
    public var inset: Double { (viewport.width - cellWidth) / 2 }

    override var contentLength: Double { Double(max(cellCount, 1) - 1) * (cellWidth + spacing) + viewport.width }

    var cardTop: Double { max(120, (viewport.height - cardHeight) / 2) }
    var cardHeight: Double { min(440, viewport.height * 0.55) }

    public func cellFrame(_ index: Int, offset: Double) -> Rect {
        Rect(x: inset + Double(index) * (cellWidth + spacing) - offset, y: cardTop, width: cellWidth, height: cardHeight)
    }

    override func itemIndex(at point: Point, offset: Double) -> Int? {
        let pitch = cellWidth + spacing
        let index = Int(((point.x + offset - inset) / pitch).rounded(.down))
        guard index >= 0, index < cellCount, cellFrame(index, offset: offset).contains(x: point.x, y: point.y) else { return nil }
        return index
    }

    override func drawContent(into list: inout DrawList, offset: Double) {
        let w = viewport.width
        list.append(.rect(Rect(x: 0, y: 0, width: w, height: viewport.height), fill: .solid(Theme.background), cornerRadius: 0))
        list.append(.text("Featured", x: 16, y: 22, style: .largeTitle, color: Theme.label))
        list.append(.text("Swipe through this week's collections", x: 18, y: 66, style: .caption, color: Theme.secondaryLabel))
        let pitch = cellWidth + spacing
        guard cellCount > 0, pitch > 0 else { return }
        let first = max(0, Int(((offset - inset) / pitch).rounded(.down)))
        let last = min(cellCount - 1, Int(((offset + w - inset) / pitch).rounded(.down)))
        if first <= last {
            for index in first...last {
                let frame = cellFrame(index, offset: offset)
                list.card(frame, fill: .solid(Theme.card), cornerRadius: 20)
                let picture = Rect(x: frame.x + 10, y: frame.y + 10, width: frame.width - 20, height: frame.height - 96)
                Art.picture(into: &list, frame: picture, seed: index + 50, cornerRadius: 14,
                            restoreClip: Rect(x: 0, y: 0, width: w, height: viewport.height))
                list.append(.text(Art.title(index + 5), x: frame.x + 18, y: picture.maxY + 14, style: .headline, color: Theme.label))
                list.append(.text(Art.subtitle(index + 2), x: frame.x + 18, y: picture.maxY + 40, style: .caption, color: Theme.secondaryLabel))
                if index == selectedIndex {
                    list.append(.rect(frame, fill: .solid(Theme.selection), cornerRadius: 20))
                }
            }
        }
        // Page dots under the cards.
        let current = axis.snapTargets.nearestIndex(to: offset) ?? 0
        let dots = min(cellCount, 12)
        let firstDot = max(0, min(current - dots / 2, cellCount - dots))
        let y = cardTop + cardHeight + 28
        for slot in 0..<dots {
            let index = firstDot + slot
            list.append(.circle(centerX: w / 2 + (Double(slot) - Double(dots - 1) / 2) * 14, centerY: y, radius: 3.5,
                                color: index == current ? Theme.label : Theme.secondaryLabel.fading(0.35)))
        }
    }
}
