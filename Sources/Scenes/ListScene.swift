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
    static let headerHeight = 96.0
    static let textBlock = 66.0
    static let cornerRadius = 16.0

    /// A feed of `cardCount` cards; the content is as long as they are.
    public convenience init(viewport: Size = .phone, cardCount: Int, parameters: ScrollParameters = ScrollParameters()) {
        let layout = Self.layout(count: cardCount, limit: .infinity, width: viewport.width)
        self.init(viewport: viewport, tops: layout.tops, heights: layout.heights, length: layout.length, parameters: parameters)
    }

    /// A list exactly `contentLength` points long, filled with as many cards as fit.
    public convenience init(viewport: Size = .phone, contentLength: Double = 3000, parameters: ScrollParameters = ScrollParameters()) {
        let layout = Self.layout(count: Int.max, limit: contentLength, width: viewport.width)
        self.init(viewport: viewport, tops: layout.tops, heights: layout.heights, length: max(0, contentLength), parameters: parameters)
    }

    private init(viewport: Size, tops: [Double], heights: [Double], length: Double, parameters: ScrollParameters) {
        cardTops = tops
        cardHeights = heights
        totalLength = length
        super.init(name: "list", viewport: viewport, orientation: .vertical,
                   bounds: 0...max(0, length - viewport.height), snapTargets: SnapTargets([]), parameters: parameters)
    }

    public var cardCount: Int { cardTops.count }

    public override var caption: String { "Fling, pull past the top or bottom, press to catch" }

    /// Picture heights cycle through a few sizes so the feed looks editorial.
    static func cardHeight(_ index: Int, width: Double) -> Double {
        let picture = [0.0, 0.42, 0.56, 0.7][Int(Art.noise(index, 9) * 4) % 4] * width
        return (picture > 0 ? picture + 8 : 0) + textBlock
    }

    static func layout(count: Int, limit: Double, width: Double) -> (tops: [Double], heights: [Double], length: Double) {
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

    override func drawContent(into list: inout DrawList, offset: Double) {
        list.append(.rect(Rect(x: 0, y: 0, width: viewport.width, height: viewport.height), fill: .solid(Theme.background), cornerRadius: 0))
        // Header: scrolls with the content.
        if offset < Self.headerHeight {
            list.append(.text("Discover", x: Self.margin, y: 22 - offset, style: .largeTitle, color: Theme.label))
            list.append(.text("Today's picks", x: Self.margin + 2, y: 66 - offset, style: .caption, color: Theme.secondaryLabel))
        }
        for index in visibleCards(from: offset, to: offset + viewport.height) {
            let frame = cardFrame(index).offsetBy(dx: 0, dy: -offset)
            list.card(frame, fill: .solid(Theme.card), cornerRadius: Self.cornerRadius)
            var textTop = frame.y + 12
            if frame.height > Self.textBlock + 1 {
                let picture = Rect(x: frame.x + 8, y: frame.y + 8, width: frame.width - 16, height: frame.height - Self.textBlock - 8)
                Art.picture(into: &list, frame: picture, seed: index, cornerRadius: 11,
                            restoreClip: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height))
                textTop = picture.maxY + 10
            }
            list.append(.text(Art.title(index), x: frame.x + 14, y: textTop, style: .headline, color: Theme.label))
            list.append(.text(Art.subtitle(index), x: frame.x + 14, y: textTop + 24, style: .caption, color: Theme.secondaryLabel))
            if index == selectedIndex {
                list.append(.rect(frame, fill: .solid(Theme.selection), cornerRadius: Self.cornerRadius))
                list.append(.circle(centerX: frame.maxX - 22, centerY: frame.maxY - 22, radius: 10, color: Theme.tint))
            }
        }
    }
}
