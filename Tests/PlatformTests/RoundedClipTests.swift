import Testing
import Drawing
import Platform
import Scenes
import ScrollPhysics

/// Rounded clips: a card's content never shows outside the card's rounded rectangle.
@Suite(.serialized) struct RoundedClipTests {
    /// The banner held mid-swipe (about 40 % of a page): the pictures lag behind their cards.
    func bannerMidSwipe() -> (BannerScene, Double) {
        let banner = BannerScene()
        var t = 0.0
        banner.handle(TimedInput(time: t, event: .down(Point(x: 330, y: 220))))
        for step in 1...20 {
            t = 0.02 * Double(step)
            banner.handle(TimedInput(time: t, event: .move(Point(x: 330 - 7.8 * Double(step), y: 220))))
        }
        banner.advance(to: t)
        return (banner, t)
    }

    /// Draws `list` offscreen at `scale` pixels per point.
    func render(_ list: DrawList, viewport: Size, scale: Double, fonts: FontLibrary) throws -> Image {
        let canvas = try OffscreenCanvas(
            width: Int((viewport.width * scale).rounded()), height: Int((viewport.height * scale).rounded()),
            fonts: fonts)
        canvas.clear(.black)
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height), scale: scale)
        return canvas.snapshot()
    }

    /// Whether the pixel (px, py) lies entirely outside the rounded rectangle (pixels).
    func isOutside(px: Int, py: Int, rect: Rect, radius: Double, margin: Double = 1.25) -> Bool {
        // Nearest point of the rounded shape to the pixel's centre, by the usual distance field.
        let cx = Double(px) + 0.5, cy = Double(py) + 0.5
        let hx = rect.width / 2, hy = rect.height / 2
        let qx = abs(cx - (rect.x + hx)) - (hx - radius), qy = abs(cy - (rect.y + hy)) - (hy - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot() + min(max(qx, qy), 0) - radius
        return outside > margin  // past the pixel's own extent, the snap to whole pixels and the rounded radius
    }

    @Test(arguments: [1.0, 3.0])
    func noPixelOfABannerCardsContentFallsOutsideItsRoundedRectangleMidSwipe(scale: Double) throws {
        let fonts = try FontLibrary()
        let (banner, t) = bannerMidSwipe()
        let offset = banner.axis.offset(at: t)
        // the middle slot rests at offset = width
        let swiped = (offset - banner.viewport.width) / banner.viewport.width
        #expect(swiped > 0.3 && swiped < 0.5, "mid-swipe: \(swiped) of a page")
        var full = DrawList()
        banner.draw(into: &full, at: t)
        // The same frame without what the cards clip (their pictures, shade and titles).
        var cards: [(Rect, Double)] = []
        var bare = DrawList()
        var inside = false
        for command in full.commands {
            switch command {
            case let .beginRoundedClip(rect, radius): cards.append((rect, radius)); inside = true
            case .endRoundedClip: inside = false
            default: if !inside { bare.append(command) }
            }
        }
        try #require(cards.count == 2, "two cards on screen mid-swipe")
        let a = try render(full, viewport: banner.viewport, scale: scale, fonts: fonts)
        let b = try render(bare, viewport: banner.viewport, scale: scale, fonts: fonts)
        var outsideChecked = 0, outsideDiffering = 0, insideDiffering = 0
        let shapes = cards.map {
            (
                Rect(x: $0.0.x * scale, y: $0.0.y * scale, width: $0.0.width * scale, height: $0.0.height * scale),
                $0.1 * scale
            )
        }
        for py in 0..<a.height {
            for px in 0..<a.width {
                let pa = a.pixel(x: px, y: py), pb = b.pixel(x: px, y: py)
                let differs =
                    max(abs(Int(pa.0) - Int(pb.0)), abs(Int(pa.1) - Int(pb.1)), abs(Int(pa.2) - Int(pb.2))) > 1
                if shapes.allSatisfy({ isOutside(px: px, py: py, rect: $0.0, radius: $0.1) }) {
                    outsideChecked += 1
                    if differs { outsideDiffering += 1 }
                } else if differs {
                    insideDiffering += 1
                }
            }
        }
        #expect(
            outsideDiffering == 0,
            "\(outsideDiffering) of \(outsideChecked) pixels outside the cards changed by their content")
        // The content is really there (the comparison can see it).
        #expect(Double(insideDiffering) > 0.5 * 2 * 358 * 230 * scale * scale * 0.5)
    }

    @Test func aSolidRoundedRectangleCoversItsShapeWithoutSeamsAtAnyScale() throws {
        let fonts = try FontLibrary()
        for scale in [0.5, 0.95, 1.0, 2.0, 3.0] {
            var list = DrawList()
            let card = Rect(x: 10.3, y: 20.6, width: 200.2, height: 120.7)
            list.append(.rect(card, fill: .solid(.white), cornerRadius: 18))
            let image = try render(list, viewport: Size(width: 240, height: 160), scale: scale, fonts: fonts)
            let pixels = Rect(
                x: card.x * scale, y: card.y * scale, width: card.width * scale, height: card.height * scale)
            var holes = 0, bleed = 0
            for py in 0..<image.height {
                for px in 0..<image.width {
                    let (r, _, _, _) = image.pixel(x: px, y: py)
                    if !isOutside(
                        px: px, py: py, rect: pixels.insetBy(2.5), radius: max(0, 18 * scale - 2.5), margin: 0),
                        r != 255
                    {
                        holes += 1
                    }
                    if isOutside(px: px, py: py, rect: pixels, radius: 18 * scale), r != 0 { bleed += 1 }
                }
            }
            #expect(
                holes == 0 && bleed == 0, "scale \(scale): \(holes) pixels unfilled inside, \(bleed) filled outside")
        }
    }
}
