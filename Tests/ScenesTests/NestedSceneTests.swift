import Testing
import ScrollPhysics
@testable import Scenes

@Suite struct NestedSceneTests {
    @Test func onePushMovesTheContainerUntilItPinsThenTheList() {
        let nested = NestedScene()
        slowDrag(nested, from: Point(x: 250, y: 760), to: Point(x: 250, y: 360))
        nested.advance(to: 6)
        #expect(nested.container.offset(at: 6) == 200)
        #expect(abs(nested.lists[0].offset(at: 6) - 200) < 1e-9)
        // Pulling down reverses it: the list first, then the container.
        slowDrag(nested, from: Point(x: 250, y: 300), to: Point(x: 250, y: 550), start: 7)
        nested.advance(to: 12)
        #expect(nested.lists[0].offset(at: 12) == 0)
        #expect(abs(nested.container.offset(at: 12) - 150) < 1e-9)
    }

    @Test func flingHandsLeftoverVelocityToTheListAtThePin() {
        let nested = NestedScene()
        drag(nested, from: Point(x: 250, y: 700), to: Point(x: 250, y: 600), duration: 0.04)  // 2500 pt/s
        let end = nested.container.motionEndTime!
        let before = nested.container.velocity(at: end - 1e-6)
        nested.advance(to: end + 1e-3)
        #expect(nested.container.offset(at: end + 1e-3) == 200)
        #expect(abs(nested.lists[0].velocity(at: end) - before) < 0.1)  // continuous across the hand-off
        nested.advance(to: 6)
        #expect(nested.lists[0].offset(at: 6) > 300)
    }

    /// The Live readout and plots follow the gesture across the hand-off: the container's offset
    /// plus the list's, without a jump, in the phase of the one that moves (the main axis alone
    /// read "idle" while the menu glided on).
    @Test func liveReadingFollowsTheGestureIntoTheList() {
        let nested = NestedScene()
        drag(nested, from: Point(x: 250, y: 700), to: Point(x: 250, y: 600), duration: 0.04)  // 2500 pt/s
        let end = nested.container.motionEndTime!
        var previous = nested.liveReading(at: end - 0.1)
        for t in stride(from: end - 0.1 + 0.004, through: end + 0.5, by: 0.004) {
            nested.advance(to: t)
            let live = nested.liveReading(at: t)
            #expect(
                abs(live.offset - previous.offset) <= 0.004 * max(abs(live.velocity), abs(previous.velocity)) + 1e-6,
                "jump at \(t)")
            #expect(live.offset == nested.container.offset(at: t) + nested.lists[0].offset(at: t))
            previous = live
        }
        let after = nested.liveReading(at: end + 0.5)
        #expect(nested.container.phase(at: end + 0.5) == .idle && after.phase == .decelerating)
        #expect(after.velocity == nested.lists[0].velocity(at: end + 0.5) && after.velocity > 100)
        #expect(after.joins == "container + menu")
    }

    @Test func listFlingHandsBackToTheContainerWhichBounces() {
        let nested = NestedScene()
        slowDrag(nested, from: Point(x: 250, y: 760), to: Point(x: 250, y: 400))  // container pinned, list 160
        nested.advance(to: 5)
        // 5000 pt/s down
        drag(nested, from: Point(x: 250, y: 300), to: Point(x: 250, y: 500), start: 5, duration: 0.04)
        var lowest = 0.0
        for t in stride(from: 5.04, through: 9, by: 0.004) {
            nested.advance(to: t); lowest = min(lowest, nested.container.offset(at: t))
        }
        #expect(nested.lists[0].offset(at: 9) == 0)
        #expect(lowest < -20)  // it went past the top ...
        #expect(nested.container.offset(at: 9) == 0)  // ... and came back
    }

    @Test func diagonalFlickDoesNotTurnTheTabsButASideSwipeDoes() {
        let nested = NestedScene()
        drag(nested, from: Point(x: 300, y: 650), to: Point(x: 200, y: 530), duration: 0.05)  // 50° from horizontal
        nested.advance(to: 3)
        #expect(nested.tabIndex(at: 3) == 0)
        #expect(nested.container.offset(at: 3) > 0)
        drag(nested, from: Point(x: 300, y: 650), to: Point(x: 180, y: 630), start: 4, duration: 0.05)  // 9.5°
        nested.advance(to: 7)
        #expect(nested.tabIndex(at: 7) == 1)
        nested.setControl("lockAngle", to: 5, at: 7)
        drag(nested, from: Point(x: 300, y: 650), to: Point(x: 180, y: 630), start: 8, duration: 0.05)
        nested.advance(to: 11)
        #expect(nested.tabIndex(at: 11) == 1)  // with a 5° lock the same swipe scrolls vertically
    }

    @Test func statusBarTapScrollsToTopEvenWhileMoving() {
        let nested = NestedScene()
        slowDrag(nested, from: Point(x: 250, y: 760), to: Point(x: 250, y: 360))
        drag(nested, from: Point(x: 250, y: 700), to: Point(x: 250, y: 500), start: 5, duration: 0.04)
        #expect(nested.lists[0].isMoving)
        nested.handle(TimedInput(time: 5.3, event: .down(Point(x: 200, y: 20))))
        nested.handle(TimedInput(time: 5.35, event: .up(Point(x: 200, y: 20))))
        nested.advance(to: 8)
        #expect(nested.lists[0].offset(at: 8) == 0)
        #expect(nested.container.offset(at: 8) == 0)
    }

    @Test func tapsDuringMotionOnlyStopIt() {
        let nested = NestedScene()
        slowDrag(nested, from: Point(x: 250, y: 760), to: Point(x: 250, y: 360))
        nested.advance(to: 5)
        drag(nested, from: Point(x: 250, y: 700), to: Point(x: 250, y: 600), start: 5, duration: 0.04)
        nested.handle(TimedInput(time: 5.2, event: .down(Point(x: 250, y: 400))))
        nested.handle(TimedInput(time: 5.25, event: .up(Point(x: 250, y: 400))))
        let stopped = nested.lists[0].offset(at: 5.25)
        nested.advance(to: 7)
        #expect(nested.selectedIndex == nil)
        #expect(nested.lists[0].offset(at: 7) == stopped)
        nested.handle(TimedInput(time: 8, event: .down(Point(x: 250, y: 400))))
        nested.handle(TimedInput(time: 8.05, event: .up(Point(x: 250, y: 400))))
        #expect(nested.selectedIndex != nil)  // at rest, a tap selects the dish under it
    }

    @Test func handOffIsIndependentOfFrameRate() {
        func run(_ fps: Double) -> [Double] {
            let nested = NestedScene()
            drag(nested, from: Point(x: 250, y: 700), to: Point(x: 250, y: 600), duration: 0.04)
            var samples: [Double] = []
            for frame in 0...Int(3 * fps) {
                let t = Double(frame) / fps
                nested.advance(to: t)
                if frame % Int(fps / 30) == 0 {
                    samples.append(nested.container.offset(at: t) + nested.lists[0].offset(at: t))
                }
            }
            return samples
        }
        let slow = run(30), fast = run(240)
        #expect(slow.count == fast.count)
        for (a, b) in zip(slow, fast) { #expect(abs(a - b) < 0.01) }
    }
}
