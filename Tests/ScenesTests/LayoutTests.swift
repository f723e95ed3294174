import Testing
import Drawing
import ScrollPhysics
@testable import Scenes

@Suite struct LayoutTests {
    @Test func listCullsToTheVisibleCards() {
        let big = ListScene(cardCount: 100_000)
        #expect(big.cardCount == 100_000)
        let middle = big.cardFrame(76_543).y
        let visible = big.visibleCards(from: middle, to: middle + 844)
        #expect(visible.lowerBound <= 76_543 && visible.upperBound > 76_543)
        #expect(visible.count >= 2 && visible.count <= 12)
        #expect(big.visibleCards(from: 1e12, to: 1e12 + 844).isEmpty)
    }

    @Test func drawCostDoesNotGrowWithTheItemCount() {
        func commands(_ scene: ListScene, at offset: Double) -> Int {
            scene.axis.setOffset(offset, at: 0)
            var list = DrawList()
            scene.draw(into: &list, at: 0)
            return list.count
        }
        let small = ListScene(cardCount: 20), big = ListScene(cardCount: 100_000)
        let countSmall = commands(small, at: 300), countBig = commands(big, at: 300)
        #expect(countSmall == countBig)
        // A few cards and their tiles (each tile: its layer, background and neighbours' shadows).
        #expect(commands(big, at: big.axis.bounds.upperBound / 2) < 160)
    }

    /// At 2 px per point, offset 300.2 is drawn at 300 (pixel 600) and 300.4 at 300.5 (pixel 601),
    /// so every scrolled shape moves by the same whole pixels; with no grid they are drawn where
    /// they are. (Compared as a Bool: a failure would print two whole draw lists.) The tiles'
    /// edges are on the grid too, so lists are compared on the same grid.
    @Test func scrolledContentMovesOnThePixelGrid() {
        func commands(_ scene: ListScene, at offset: Double, pixelsPerPoint: Double) -> [DrawCommand] {
            scene.axis.setOffset(offset, at: 0)
            var list = DrawList()
            list.pixelsPerPoint = pixelsPerPoint
            scene.draw(into: &list, at: 0)
            return list.commands
        }
        let scene = ListScene(cardCount: 50)
        func same(_ a: [DrawCommand], _ b: [DrawCommand]) -> Bool { a == b }
        #expect(same(commands(scene, at: 300.2, pixelsPerPoint: 2), commands(scene, at: 300, pixelsPerPoint: 2)))
        #expect(same(commands(scene, at: 300.4, pixelsPerPoint: 2), commands(scene, at: 300.5, pixelsPerPoint: 2)))
        #expect(!same(commands(scene, at: 300.2, pixelsPerPoint: 0), commands(scene, at: 300, pixelsPerPoint: 0)))
        #expect(!same(commands(scene, at: 300.4, pixelsPerPoint: 2), commands(scene, at: 300, pixelsPerPoint: 2)))
        #expect(same(commands(scene, at: 300.2, pixelsPerPoint: 3), commands(scene, at: 901.0 / 3, pixelsPerPoint: 3)))
        var list = DrawList()
        list.pixelsPerPoint = 2
        #expect(list.onPixelGrid(.infinity) == .infinity)
        #expect(list.onPixelGrid(-0.2) == 0)
        list.removeAll()
        #expect(list.pixelsPerPoint == 2)
    }

    @Test func listContentLengthMatchesItsCards() {
        let list = ListScene(cardCount: 3)
        let last = list.cardFrame(2)
        #expect(list.totalLength == last.maxY + 24)
        #expect(list.axis.bounds == 0...max(0, list.totalLength - 844))
        let empty = ListScene(cardCount: 0)
        #expect(empty.axis.bounds == 0...0)
        var drawn = DrawList()
        empty.draw(into: &drawn, at: 0)
        #expect(drawn.count > 0)
        let exact = ListScene(contentLength: 3000)
        #expect(exact.axis.bounds == 0...2156)
    }

    @Test func tapsHitTheItemUnderThePoint() {
        let list = ListScene(cardCount: 50)
        let frame = list.cardFrame(3)
        list.axis.setOffset(frame.y - 100, at: 0)
        list.tap(at: Point(x: 100, y: 110), time: 0)
        #expect(list.selectedIndex == 3)
        list.tap(at: Point(x: 2, y: 110), time: 0)  // the margin beside the card: nothing
        #expect(list.selectedIndex == nil)

        let carousel = CarouselScene()
        carousel.tap(at: Point(x: 195, y: carousel.cellFrame(0, offset: 0).y + 10), time: 0)
        #expect(carousel.selectedIndex == 0)
        // the peeking neighbour
        carousel.tap(at: Point(x: 390 - 20, y: carousel.cellFrame(0, offset: 0).y + 10), time: 0)
        #expect(carousel.selectedIndex == 1)

        let pager = PagerScene(pageCount: 3)
        pager.axis.setOffset(844, at: 0)
        pager.tap(at: Point(x: 100, y: 400), time: 0)
        #expect(pager.selectedIndex == 1)
    }

    @Test func carouselCentresEveryCellIncludingTheEnds() {
        let carousel = CarouselScene(cellWidth: 280, spacing: 20, cellCount: 7)
        for index in 0..<7 {
            let frame = carousel.cellFrame(index, offset: carousel.axis.snapTargets[index])
            #expect(abs(frame.x + frame.width / 2 - 195) < 1e-9)
        }
        #expect(carousel.axis.bounds == 0...1800)
    }

    /// A card resting centred stays the card shown when its width, the spacing or the inset
    /// changes: the new geometry's target for the same card, not the nearest target of the old
    /// offset (which was another card, or a settle between two).
    @Test(arguments: [("cellWidth", 200.0), ("cellWidth", 380.0), ("spacing", 50.0), ("sectionInset", 10.0)])
    func aCarouselKeepsItsCardWhenItsGeometryChanges(control: String, value: Double) {
        let carousel = CarouselScene(cellWidth: 300, spacing: 12, cellCount: 10)
        carousel.axis.setOffset(carousel.axis.snapTargets[6], at: 0)
        carousel.setControl(control, to: value, at: 1)
        #expect(carousel.axis.pageIndex(at: 1) == 6)
        #expect(carousel.axis.phase(at: 1) == .idle)
        #expect(abs(carousel.axis.offset(at: 2) - carousel.axis.snapTargets[6]) < 1e-9)
        let frame = carousel.cellFrame(6, offset: carousel.axis.offset(at: 2))
        #expect(abs(frame.x + frame.width / 2 - 195) < 1e-9)
    }

    @Test func scrollIndicatorShowsWhileMovingAndFadesAfter() {
        let list = ListScene(cardCount: 100)
        func indicator(at t: Double) -> DrawCommand? {
            var drawn = DrawList()
            list.draw(into: &drawn, at: t)
            return drawn.commands.last {
                if case .rect(let r, _, let radius) = $0 { return r.width == 3 && radius == 1.5 } else { return false }
            }
        }
        #expect(indicator(at: 0) == nil)
        list.handle(TimedInput(time: 0, event: .down(Point(x: 100, y: 600))))
        list.handle(TimedInput(time: 0.05, event: .move(Point(x: 100, y: 500))))
        #expect(indicator(at: 0.05) != nil)
        list.handle(TimedInput(time: 0.1, event: .up(Point(x: 100, y: 500))))
        list.advance(to: 10)
        #expect(indicator(at: 10) == nil)
    }
}
