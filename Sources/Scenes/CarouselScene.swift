import Drawing
import ScrollPhysics

/// A horizontal carousel of cells narrower than the viewport, each landing centred (the article “iOS UIScrollView
/// paging effect”).
///
/// Cells are `cellWidth` wide with `spacing` between them, after a section inset at both ends.
/// the article “iOS UIScrollView paging effect”'s target for cell i is `i·pagingWidth − (viewWidth/2 − cellWidth/2 −
/// sectionInset)`
/// with `pagingWidth = cellWidth + spacing`: the cell centred, the first and last too. When the
/// inset is smaller than needed to centre the end cells, the scroll range grows to reach their
/// targets. A slow drag past the midpoint lands on the next cell; a hard fling may skip several
/// cells by projected distance, up to `maximumPagesPerFling` (the article “iOS UIScrollView paging effect”'s
/// suggestion).
public final class CarouselScene: SingleAxisScene {
    public private(set) var cellWidth: Double
    public private(set) var spacing: Double
    public let cellCount: Int
    /// Space before the first cell and after the last, in points.
    public private(set) var sectionInset: Double

    public init(
        viewport: Size = .phone, cellWidth: Double = 300, spacing: Double = 12, cellCount: Int = 10,
        sectionInset: Double? = nil, feel: Feel = .standard
    ) {
        self.cellWidth = cellWidth
        self.spacing = spacing
        self.cellCount = cellCount
        self.sectionInset = sectionInset ?? (viewport.width - cellWidth) / 2
        let geometry = Self.geometry(
            viewport: viewport, cellWidth: cellWidth, spacing: spacing, count: cellCount,
            inset: self.sectionInset)
        super.init(
            name: "carousel", viewport: viewport, orientation: .horizontal, bounds: geometry.bounds,
            snapTargets: geometry.targets, feel: feel)
    }

    public override var caption: String { "Swipe the cards: each lands centred, neighbours peek in" }
    /// Its pages or cells and the background between them fill the viewport (`CoverageTests`).
    public override var coversViewport: Bool { true }

    static func geometry(viewport: Size, cellWidth: Double, spacing: Double, count: Int, inset: Double)
        -> (bounds: ClosedRange<Double>, targets: SnapTargets)
    {
        let pitch = cellWidth + spacing
        // the article “iOS UIScrollView paging effect”'s correction
        let shift = viewport.width / 2 - cellWidth / 2 - inset
        let targets = SnapTargets.evenlySpaced(count: count, spacing: pitch, first: -shift)
        let content = 2 * inset + Double(count) * cellWidth + Double(max(0, count - 1)) * spacing
        let natural = max(0, content - viewport.width)
        // O(1): no array
        let first = targets.isEmpty ? 0 : targets[0], last = targets.isEmpty ? 0 : targets[targets.count - 1]
        let low = min(0, first), high = max(natural, last)
        return (low...high, targets)
    }

    /// The axis on the new geometry. A carousel at rest keeps the card it shows: it moves to that
    /// card's new target (without it, the old offset under the new targets rested on another card
    /// or settled between two). Moving or held, it keeps its offset and motion, as a resize does.
    private func rebuild(at time: Double) {
        let geometry = Self.geometry(
            viewport: viewport, cellWidth: cellWidth, spacing: spacing, count: cellCount, inset: sectionInset)
        axis.advance(to: time)
        let shown = axis.isDragging || axis.isMoving ? nil : axis.pageIndex(at: time)
        axis.setBounds(geometry.bounds, snapTargets: geometry.targets, at: time)
        if let shown, shown < geometry.targets.count {
            axis.setOffset(geometry.targets[shown], at: time)
        }
    }

    public override var controls: [SceneControl] {
        [
            .slider(
                id: "cellWidth", label: "Cell width", range: 120...390, format: "%.0f pt",
                help: "Width of each card (the article “iOS UIScrollView paging effect”: narrower than the view)."),
            .slider(
                id: "spacing", label: "Spacing", range: 0...60, format: "%.0f pt",
                help: "Gap between cards; the paging width is width + spacing."),
            .slider(
                id: "sectionInset", label: "Section inset", range: 0...135, format: "%.0f pt",
                help:
                    "Space before the first card and after the last. Every card still rests centred, the first "
                    + "and last too (the target formula of the article “iOS UIScrollView paging effect”), so at "
                    + "rest nothing moves: the inset sets how far the carousel slides past the first or last card "
                    + "before the rubber band resists (a larger inset, a longer free slide)."
            )
        ]
    }

    public override func controlValue(_ id: String) -> Double {
        switch id {
        case "cellWidth": return cellWidth
        case "spacing": return spacing
        case "sectionInset": return sectionInset
        default: return 0
        }
    }

    public override func setControl(_ id: String, to value: Double, at time: Double) {
        guard value.isFinite else { return }
        switch id {
        case "cellWidth": cellWidth = min(max(value, 40), viewport.width)
        case "spacing": spacing = min(max(value, 0), 200)
        case "sectionInset": sectionInset = min(max(value, 0), viewport.width)
        default: return
        }
        rebuild(at: time)
    }

    /// Where cell `index` is drawn at `offset` (viewport points).
    public func cellFrame(_ index: Int, offset: Double) -> Rect {
        Rect(
            x: sectionInset + Double(index) * (cellWidth + spacing) - offset, y: cardTop, width: cellWidth,
            height: cardHeight)
    }

    override var contentLength: Double { axis.bounds.upperBound - axis.bounds.lowerBound + viewport.width }

    var cardTop: Double { max(130, (viewport.height - cardHeight) / 2) }

    /// The carousel's own strip: from above the cards to below them; its indicator runs under the cards.
    override var indicatorFrame: Rect { Rect(x: 0, y: cardTop - 10, width: viewport.width, height: cardHeight + 24) }
    var cardHeight: Double { min(440, viewport.height * 0.55) }

    override func itemIndex(at point: Point, offset: Double) -> Int? {
        let pitch = cellWidth + spacing
        guard pitch > 0 else { return nil }
        let index = Int(((point.x + offset - sectionInset) / pitch).rounded(.down))
        guard index >= 0, index < cellCount, cellFrame(index, offset: offset).contains(x: point.x, y: point.y) else {
            return nil
        }
        return index
    }

    override func drawContent(into list: inout DrawList, offset: Double) {
        let w = viewport.width
        list.append(
            .rect(Rect(x: 0, y: 0, width: w, height: viewport.height), fill: .solid(Theme.background), cornerRadius: 0))
        Chrome.largeTitleHeader(
            into: &list, width: w, title: "Featured", subtitle: "Swipe through this week's collections")
        let pitch = cellWidth + spacing
        guard cellCount > 0, pitch > 0 else { return }
        let first = max(0, Int(((offset - sectionInset - cellWidth) / pitch).rounded(.down)))
        let last = min(cellCount - 1, Int(((offset + w - sectionInset) / pitch).rounded(.down)))
        if first <= last {
            for index in first...last {
                let frame = cellFrame(index, offset: offset)
                list.card(frame, fill: .solid(Theme.card), cornerRadius: 20)
                let picture = Rect(x: frame.x + 10, y: frame.y + 10, width: frame.width - 20, height: frame.height - 96)
                Art.picture(
                    into: &list, frame: picture, title: Art.title(index + 5), seed: index + 50, cornerRadius: 14,
                    surround: Theme.card,
                    restoreClip: Rect(x: 0, y: 0, width: w, height: viewport.height))
                list.append(
                    .text(
                        Art.title(index + 5), x: frame.x + 18, y: picture.maxY + 14, style: .headline,
                        color: Theme.label,
                        maxWidth: frame.width - 36))
                list.append(
                    .text(
                        Art.subtitle(index + 2), x: frame.x + 18, y: picture.maxY + 40, style: .subheadline,
                        color: Theme.secondaryLabel,
                        maxWidth: frame.width - 36))
                if index == selectedIndex {
                    list.append(.rect(frame, fill: .solid(Theme.selection), cornerRadius: 20))
                }
            }
        }
        PageDots.draw(
            into: &list, count: cellCount, current: axis.snapTargets.nearestIndex(to: offset) ?? 0,
            centerX: w / 2, y: cardTop + cardHeight + 28, active: Theme.label,
            inactive: Theme.secondaryLabel.fading(0.35))
    }
}

/// A row of page dots (at most 12 shown, sliding with the current one).
enum PageDots {
    static func draw(
        into list: inout DrawList, count: Int, current: Int, centerX: Double, y: Double, active: Color, inactive: Color
    ) {
        let dots = min(count, 12)
        guard dots > 0 else { return }
        let firstDot = max(0, min(current - dots / 2, count - dots))
        for slot in 0..<dots {
            list.append(
                .circle(
                    centerX: centerX + (Double(slot) - Double(dots - 1) / 2) * 14, centerY: y, radius: 3.5,
                    color: firstDot + slot == current ? active : inactive))
        }
    }
}
