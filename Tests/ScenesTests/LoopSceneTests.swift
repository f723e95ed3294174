import Testing
import ScrollPhysics
@testable import Scenes

@Suite struct LoopSceneTests {
    let h = 844.0

    func swipe(_ loop: LoopScene, forward: Bool, at start: Double) {
        let (a, b) = forward ? (600.0, 480.0) : (300.0, 420.0)
        drag(loop, from: Point(x: 200, y: a), to: Point(x: 200, y: b), start: start, duration: 0.05)
        loop.advance(to: start + 3)
    }

    @Test func wrapsForwardAndBackWithASilentRecentre() {
        let loop = LoopScene(itemCount: 3)
        #expect(loop.mainAxis.offset(at: 0) == h)  // real page of item 0 (page 0 is a copy of the last)
        for i in 0..<3 { swipe(loop, forward: true, at: Double(i) * 3) }
        #expect(loop.visibleItem(at: 9) == 0)
        #expect(loop.mainAxis.offset(at: 9) == h)  // re-centred from the copy page 4 to page 1
        swipe(loop, forward: false, at: 9)
        #expect(loop.visibleItem(at: 12) == 2)
        #expect(loop.mainAxis.offset(at: 12) == 3 * h)
    }

    /// Home goes to the first real item and End to the last, not to the copies padding the loop.
    @Test func homeAndEndGoToTheFirstAndLastItems() {
        let loop = LoopScene(itemCount: 5)
        swipe(loop, forward: true, at: 0)
        swipe(loop, forward: true, at: 3)
        #expect(loop.visibleItem(at: 6) == 2)
        loop.scroll(.home, at: 6)
        loop.advance(to: 12)
        #expect(loop.visibleItem(at: 12) == 0 && loop.mainAxis.offset(at: 12) == h)
        loop.scroll(.end, at: 12)
        loop.advance(to: 18)
        #expect(loop.visibleItem(at: 18) == 4 && loop.mainAxis.offset(at: 18) == 5 * h)
    }

    @Test func appendingMidSwipeKeepsWhatIsOnScreen() {
        let loop = LoopScene(itemCount: 3)
        #expect(loop.mainAxis.offset(at: 0) == h)  // starts on the real page of item 0
        loop.handle(TimedInput(time: 0, event: .down(Point(x: 200, y: 700))))
        loop.handle(TimedInput(time: 0.1, event: .move(Point(x: 200, y: 500))))
        let before = loop.mainAxis.offset(at: 0.1), item = loop.visibleItem(at: 0.1)
        loop.append(3, at: 0.1)
        #expect(loop.items.count == 6)
        #expect(loop.mainAxis.offset(at: 0.1) == before)
        #expect(loop.visibleItem(at: 0.1) == item)
        loop.handle(TimedInput(time: 0.2, event: .move(Point(x: 200, y: 480))))
        #expect(abs(loop.mainAxis.offset(at: 0.2) - (before + 20)) < 1e-9)  // the drag goes on 1:1
    }

    @Test func appendingWhileShowingTheTrailingCopyShiftsItAlong() {
        let loop = LoopScene(itemCount: 3)
        swipe(loop, forward: true, at: 0)
        swipe(loop, forward: true, at: 3)  // on item 2, the last
        loop.handle(TimedInput(time: 6, event: .down(Point(x: 200, y: 800))))
        loop.handle(TimedInput(time: 6.2, event: .move(Point(x: 200, y: 200))))  // 600 pt into the copy of item 0
        let screenBefore = loop.mainAxis.offset(at: 6.2).truncatingRemainder(dividingBy: h)
        let nearest = loop.visibleItem(at: 6.2)
        loop.append(2, at: 6.2)
        #expect(loop.visibleItem(at: 6.2) == nearest)
        #expect(abs(loop.mainAxis.offset(at: 6.2).truncatingRemainder(dividingBy: h) - screenBefore) < 1e-9)
    }

    @Test func deletingTheItemOnScreenMovesOnInTheDirectionOfTravel() {
        let loop = LoopScene(itemCount: 4)
        swipe(loop, forward: true, at: 0)  // item 1, travelling forward
        let identityAfter = loop.items[2]
        loop.deleteVisible(at: 3)
        loop.advance(to: 5)
        #expect(loop.items.count == 3)
        #expect(loop.items[loop.visibleItem(at: 5)!] == identityAfter)
        swipe(loop, forward: false, at: 5)  // back to item 0, travelling backward
        let last = loop.items.last!
        loop.deleteVisible(at: 8)
        loop.advance(to: 10)
        #expect(loop.items[loop.visibleItem(at: 10)!] == last)  // wrapped round to the end
    }

    @Test func oneItemTurnsLoopingAndSwipingOff() {
        let loop = LoopScene(itemCount: 2)
        loop.deleteVisible(at: 0)
        #expect(!loop.loops)
        #expect(loop.mainAxis.bounds == 0...0)
        drag(loop, from: Point(x: 200, y: 600), to: Point(x: 200, y: 200), start: 1)
        loop.advance(to: 3)
        #expect(loop.mainAxis.offset(at: 3) == 0)
        #expect(loop.mainAxis.phase(at: 1.02) == .idle)  // the drag never reached the axis
        loop.append(1, at: 4)
        #expect(loop.loops)
        #expect(loop.mainAxis.offset(at: 4) == h)
        loop.deleteVisible(at: 5)
        loop.deleteVisible(at: 5)
        #expect(loop.items.isEmpty)
        #expect(loop.visibleItem(at: 5) == nil)
    }
}
