import Drawing
import ScrollPhysics

/// A vertical feed of cards of varied heights: free scrolling with momentum and edge bounces.
///
/// Card tops are computed once (a prefix sum), so finding the visible cards is a binary search
/// and a frame costs the same with 20 cards or 100,000.
public final class ListScene: SingleAxisScene {
    /// Card frames' tops and heights in content points.
    private let cardTops: [Double]
    private let cardHeights: [Double]
    public let totalLength: Double

    static let margin = 16.0
    static let spacing = 14.0
    /// Status bar, the navigation bar's inline row and its large-title row, then 8 pt.
    static let headerHeight = Chrome.statusBarHeight + Chrome.navigationBarHeight + Chrome.largeTitleHeight + 8
    static let title = "Discover"
    static let textBlock = 66.0
    static let cornerRadius = 16.0

    /// A feed of `cardCount` cards; the content is as long as they are.
    public convenience init(viewport: Size = .phone, cardCount: Int, feel: Feel = .standard) {
        let layout = Self.layout(count: cardCount, limit: .infinity, width: viewport.width)
        self.init(viewport: viewport, tops: layout.tops, heights: layout.heights, length: layout.length, feel: feel)
    }

    /// A list exactly `contentLength` points long, filled with as many cards as fit.
    public convenience init(viewport: Size = .phone, contentLength: Double = 3000, feel: Feel = .standard) {
        let layout = Self.layout(count: Int.max, limit: contentLength, width: viewport.width)
        self.init(
            viewport: viewport, tops: layout.tops, heights: layout.heights, length: max(0, contentLength), feel: feel)
    }

    private init(viewport: Size, tops: [Double], heights: [Double], length: Double, feel: Feel) {
        cardTops = tops
        cardHeights = heights
        totalLength = length
        super.init(
            name: "list", viewport: viewport, orientation: .vertical,
            bounds: 0...max(0, length - viewport.height), snapTargets: SnapTargets([]), feel: feel)
    }

    public var cardCount: Int { cardTops.count }

    public override var caption: String { "Fling, pull past the top or bottom, press to catch" }

    /// Picture heights cycle through a few sizes so the feed looks editorial.
    static func cardHeight(_ index: Int, width: Double) -> Double {
        let picture = [0.0, 0.42, 0.56, 0.7][Int(Art.noise(index, 9) * 4) % 4] * width
        return (picture > 0 ? picture + 8 : 0) + textBlock
    }

    static func layout(count: Int, limit: Double, width: Double) -> (tops: [Double], heights: [Double], length: Double)
    {
        var tops: [Double] = [], heights: [Double] = []
        if count != Int.max { tops.reserveCapacity(count); heights.reserveCapacity(count) }
        var y = headerHeight
        var index = 0
        let cardWidth = max(0, width - 2 * margin)
        while index < count {
            let h = cardHeight(index, width: cardWidth)
            if y + h > limit - margin { break }
            tops.append(y)
            heights.append(h)
            y += h + spacing
            index += 1
        }
        return (tops, heights, count == Int.max ? limit : (tops.isEmpty ? headerHeight : y - spacing + 24))
    }

    override var contentLength: Double { totalLength }

    /// Index range of the cards that intersect content rows [top, bottom).
    public func visibleCards(from top: Double, to bottom: Double) -> Range<Int> {
        // First card whose bottom is below `top`.
        var low = 0, high = cardTops.count
        while low < high {
            let mid = (low + high) / 2
            if cardTops[mid] + cardHeights[mid] <= top { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < cardTops.count, cardTops[end] < bottom { end += 1 }
        return low..<end
    }

    public func cardFrame(_ index: Int) -> Rect {
        Rect(x: Self.margin, y: cardTops[index], width: viewport.width - 2 * Self.margin, height: cardHeights[index])
    }

    override func itemIndex(at point: Point, offset: Double) -> Int? {
        let y = point.y + offset
        return visibleCards(from: y, to: y + 0.001).first { cardFrame($0).contains(x: point.x, y: y) }
    }

    /// The content is drawn in tiles, one a card (from the middle of the gap above it to the
    /// middle of the gap below), one the header above the first card: each a layer
    /// (`beginCached`) keyed by what it shows, so a scroll copies the tiles in view and draws
    /// only a tile coming into view, or one whose selection changed — as a layer-backed scroll
    /// view moves its content without redrawing it. No tile cuts a card's picture.
    static let shadowReach = 14.0

    /// Tiles from gap to gap and the background above and below the content cover the viewport
    /// (`CoverageTests`).
    public override var coversViewport: Bool { true }

    override func drawContent(into list: inout DrawList, offset: Double) {
        let background = Theme.background
        guard offset.isFinite else { return }
        if isStretching {
            let viewportRect = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
            list.append(.rect(viewportRect, fill: .solid(background), cornerRadius: 0))
            drawCards(
                visibleCards(from: offset, to: offset + viewport.height), into: &list, offset: offset,
                tile: viewportRect, layered: true)
            return
        }
        // Tile edges on the pixel grid the offset is on, so tiles meet without a seam.
        let ppp = list.pixelsPerPoint
        func grid(_ value: Double) -> Double { ppp > 0 ? (value * ppp).rounded() / ppp : value }
        let covered = max(totalLength, viewport.height)
        let count = cardTops.count
        /// Content rows of tile `k` (-1: the header; `count - 1` reaches to the end).
        func edge(_ k: Int) -> Double {
            if k < 0 { return 0 }
            if k >= count { return covered }
            return min(covered, grid(cardTops[k] - Self.spacing / 2))
        }
        /// The same off the pixel grid: what a tile's layer is keyed by, so the same tile at
        /// another pixel density (the window resized) is known as the same (`Canvas.redrawsGradually`).
        func exactEdge(_ k: Int) -> Double {
            k < 0 ? 0 : k >= count ? covered : min(covered, cardTops[k] - Self.spacing / 2)
        }
        if offset < 0 {
            list.append(
                .rect(
                    Rect(x: 0, y: 0, width: viewport.width, height: -offset), fill: .solid(background), cornerRadius: 0)
            )
        }
        if covered - offset < viewport.height {
            list.append(
                .rect(
                    Rect(x: 0, y: covered - offset, width: viewport.width, height: viewport.height - covered + offset),
                    fill: .solid(background), cornerRadius: 0))
        }
        let inView = visibleCards(from: offset - Self.spacing, to: offset + viewport.height + Self.spacing)
        let first = offset < edge(0) || inView.isEmpty ? -1 : inView.lowerBound
        let last = inView.isEmpty ? (offset < edge(0) ? -1 : count - 1) : inView.upperBound - 1
        guard first <= last else { return }
        for k in first...last {
            let top = edge(k), bottom = edge(k + 1)
            guard bottom > top, bottom > offset, top < offset + viewport.height else { continue }
            // The tile's card, and its neighbours' shadows reaching into the gaps.
            let cards = visibleCards(from: top - Self.shadowReach, to: bottom + Self.shadowReach)
            var key = Hasher()
            key.combine("ListScene.tile")
            key.combine(k)
            key.combine(exactEdge(k))
            key.combine(exactEdge(k + 1))
            key.combine(viewport.width)
            key.combine(selectedIndex.map { cards.contains($0) ? $0 : -1 } ?? -1)
            let frame = Rect(x: 0, y: top - offset, width: viewport.width, height: bottom - top)
            list.append(.beginCached(key: key.finalize(), frame: frame))
            list.append(.rect(frame, fill: .solid(background), cornerRadius: 0))
            drawCards(cards, into: &list, offset: offset, tile: frame)
            list.append(.endCached)
        }
    }

    /// The large title and `cards` at `offset`, clipped to `tile` (viewport points).
    /// `layered`: each picture its own layer (outside a tile).
    private func drawCards(
        _ cards: Range<Int>, into list: inout DrawList, offset: Double, tile: Rect, layered: Bool = false
    ) {
        // The large title scrolls with the content, under the navigation bar (drawn after).
        let largeTitleTop = Chrome.statusBarHeight + Chrome.navigationBarHeight + 3 - offset
        if largeTitleTop + TextStyle.largeTitle.lineHeight > tile.y, largeTitleTop < tile.maxY {
            list.append(
                .text(
                    Self.title, x: Self.margin, y: largeTitleTop, style: .largeTitle, color: Theme.label,
                    maxWidth: viewport.width - 2 * Self.margin))
        }
        for index in cards {
            let frame = cardFrame(index).offsetBy(dx: 0, dy: -offset)
            guard frame.maxY > tile.y, frame.y < tile.maxY else {
                // Only its shadow reaches in (as `DrawList.card` draws it).
                list.append(
                    .shadow(
                        frame.offsetBy(dx: 0, dy: 3), cornerRadius: Self.cornerRadius, blur: 10,
                        color: Color(hex: 0x000000, alpha: 0.12)))
                continue
            }
            list.card(frame, fill: .solid(Theme.card), cornerRadius: Self.cornerRadius)
            var textTop = frame.y + 12
            if frame.height > Self.textBlock + 1 {
                let picture = Rect(
                    x: frame.x + 8, y: frame.y + 8, width: frame.width - 16, height: frame.height - Self.textBlock - 8)
                Art.picture(
                    into: &list, frame: picture, title: Art.title(index), seed: index, cornerRadius: 11,
                    surround: Theme.card, restoreClip: tile, layer: layered)
                textTop = picture.maxY + 10
            }
            list.append(
                .text(
                    Art.title(index), x: frame.x + 14, y: textTop, style: .headline, color: Theme.label,
                    maxWidth: frame.width - 28))
            list.append(
                .text(
                    Art.subtitle(index), x: frame.x + 14, y: textTop + 24, style: .subheadline,
                    color: Theme.secondaryLabel,
                    maxWidth: frame.width - 28))
            if index == selectedIndex {
                list.append(.rect(frame, fill: .solid(Theme.selection), cornerRadius: Self.cornerRadius))
                list.append(.circle(centerX: frame.maxX - 22, centerY: frame.maxY - 22, radius: 10, color: Theme.tint))
            }
        }
    }

    /// How far the navigation bar has collapsed (0 = large title showing, 1 = inline title and a
    /// bar background): it turns over the last 12 pt before the large title passes under the bar.
    static func collapse(offset: Double) -> Double {
        let hidden = TextStyle.largeTitle.lineHeight + 3  // offset at which the large title is under the bar
        return min(max((offset - (hidden - 12)) / 12, 0), 1)
    }

    /// iOS's navigation bar with a large title: transparent while the large title shows; once it
    /// has scrolled under, a translucent bar with a hairline and the title inline, centred.
    override func drawFixedHeader(into list: inout DrawList, offset: Double) {
        let progress = Self.collapse(offset: offset)
        guard progress > 0 else { return }
        let barBottom = Chrome.statusBarHeight + Chrome.navigationBarHeight
        list.append(
            .rect(
                Rect(x: 0, y: 0, width: viewport.width, height: barBottom),
                fill: .solid(Theme.bar.fading(progress)), cornerRadius: 0))
        list.append(
            .rect(
                Rect(x: 0, y: barBottom - 0.33, width: viewport.width, height: 0.33),
                fill: .solid(Theme.separator.fading(progress)), cornerRadius: 0))
        list.append(
            .text(
                Self.title, x: 80, y: Chrome.statusBarHeight + 11, style: .headline,
                color: Theme.label.fading(progress),
                maxWidth: max(0, viewport.width - 160), alignment: .center))
    }

    /// The cards are clear of the bars: the indicator runs between them.
    override var indicatorFrame: Rect {
        let top = Chrome.statusBarHeight + Chrome.navigationBarHeight
        return Rect(
            x: 0, y: top, width: viewport.width, height: max(0, viewport.height - top - Chrome.homeIndicatorInset))
    }
}
