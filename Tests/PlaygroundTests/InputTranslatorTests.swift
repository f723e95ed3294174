import Testing
import Scenes
import ScrollPhysics
@testable import Playground

@Suite struct InputTranslatorTests {
    /// Drags from y0 to y1 in `steps` moves 8 ms apart starting at `start`; returns whether it was a tap.
    @discardableResult
    func drag(
        _ input: InputTranslator, _ scene: any ScrollScene, from y0: Double, to y1: Double, steps: Int = 6,
        start: Double = 0
    ) -> Bool {
        input.pointerDown(at: Point(x: 200, y: y0), time: start, scene: scene)
        for i in 1...steps {
            input.pointerMoved(
                to: Point(x: 200, y: y0 + (y1 - y0) * Double(i) / Double(steps)), time: start + 0.008 * Double(i),
                scene: scene)
        }
        return input.pointerUp(at: Point(x: 200, y: y1), time: start + 0.008 * Double(steps), scene: scene)
    }

    @Test func pressDragReleaseFlingsLikeAFinger() {
        let scene = ListScene(cardCount: 200), input = InputTranslator()
        let tapped = drag(input, scene, from: 600, to: 360)  // 240 pt in 48 ms: 5000 pt/s
        #expect(!tapped)
        #expect(scene.selectedIndex == nil)
        // 240 pt less UIKit's 10 pt hysteresis, and the release frame's whole step already taken.
        let p = ScrollParameters()
        #expect(
            abs(scene.mainAxis.offset(at: 0.048) - ExpectedGlide.offset(p, releasedAt: 230, velocity: 5000, after: 0))
                < 1e-6)
        #expect(scene.mainAxis.phase(at: 0.1) == .decelerating)
        #expect(abs(scene.mainAxis.velocity(at: 0.048) - ExpectedGlide.speedAtRelease(p, velocity: 5000)) < 1)
    }

    @Test func clickWithoutMovementSelectsTheCardUnderIt() {
        let scene = ListScene(cardCount: 200), input = InputTranslator()
        let y = scene.cardFrame(0).y + 20  // inside the first card, below the navigation bar
        input.pointerDown(at: Point(x: 200, y: y), time: 0, scene: scene)
        input.pointerMoved(to: Point(x: 201, y: y + 1), time: 0.05, scene: scene)  // jitter within the slop
        #expect(input.pointerUp(at: Point(x: 201, y: y + 1), time: 0.1, scene: scene))
        #expect(scene.selectedIndex == 0)
        // A second click on it deselects.
        input.pointerDown(at: Point(x: 200, y: y), time: 1, scene: scene)
        input.pointerUp(at: Point(x: 200, y: y), time: 1.05, scene: scene)
        #expect(scene.selectedIndex == nil)
    }

    @Test func aDragNeverCountsAsAClickEvenIfItReturns() {
        let scene = ListScene(cardCount: 200), input = InputTranslator()
        input.pointerDown(at: Point(x: 200, y: 130), time: 0, scene: scene)
        input.pointerMoved(to: Point(x: 200, y: 150), time: 0.1, scene: scene)
        input.pointerMoved(to: Point(x: 200, y: 130), time: 0.3, scene: scene)
        #expect(!input.pointerUp(at: Point(x: 200, y: 130), time: 0.5, scene: scene))
        #expect(scene.selectedIndex == nil)
    }

    @Test func aPressThatCatchesAMovingListIsNotAClick() {
        let scene = ListScene(cardCount: 200), input = InputTranslator()
        drag(input, scene, from: 600, to: 360)
        input.pointerDown(at: Point(x: 200, y: 400), time: 0.3, scene: scene)
        let caughtAt = scene.mainAxis.offset(at: 0.3)
        #expect(!input.pointerUp(at: Point(x: 200, y: 400), time: 0.35, scene: scene))
        #expect(scene.selectedIndex == nil)
        scene.advance(to: 2)
        #expect(scene.mainAxis.offset(at: 2) == caughtAt)  // caught and held still: it stays
    }

    @Test func fractionalWheelStreamIsATouchpadDragThatFlings() {
        let scene = ListScene(cardCount: 200), input = InputTranslator()
        for i in 0..<10 {
            #expect(
                input.wheel(x: 0, y: -0.375, flipped: false, time: 0.1 + Double(i) * 0.012, scene: scene) == .touchpad)
        }
        // 10 × 0.375 × 48 pt = 180 pt, moving down the content (negative y is toward the user).
        #expect(abs(scene.mainAxis.offset(at: 0.208) - 180) < 1e-9)
        #expect(scene.mainAxis.phase(at: 0.208) == .dragging)
        scene.advance(to: 0.5)  // the stream ended 0.06 s after its last delta: now gliding
        #expect(scene.mainAxis.phase(at: 0.5) == .decelerating)
        // A whole step inside the stream's window still counts as touchpad.
        #expect(input.wheel(x: 0, y: -1, flipped: false, time: 0.45, scene: scene) == .touchpad)
        #expect(input.wheel(x: 0, y: -1, flipped: false, time: 0.8, scene: scene) == .notch)  // 0.35 s later: a notch
    }

    @Test func wholeWheelStepsAreAnimatedNotches() {
        let scene = ListScene(cardCount: 200), input = InputTranslator()
        #expect(input.wheel(x: 0, y: -1, flipped: false, time: 1, scene: scene) == .notch)
        #expect(scene.mainAxis.phase(at: 1.01) == .settling)
        scene.advance(to: 3)
        #expect(scene.mainAxis.offset(at: 3) == 100)
        // Flipped ("natural") scrolling reverses it; two notches at once move two steps.
        #expect(input.wheel(x: 0, y: 2, flipped: true, time: 4, scene: scene) == .notch)
        scene.advance(to: 6)
        #expect(scene.mainAxis.offset(at: 6) == 300)
        // On a pager a notch moves one page.
        let pager = PagerScene(pageCount: 5)
        input.wheel(x: 0, y: -1, flipped: false, time: 10, scene: pager)
        pager.advance(to: 12)
        #expect(pager.mainAxis.offset(at: 12) == 844)
    }

    @Test func keysScrollWithAnimation() {
        let scene = ListScene(cardCount: 200), input = InputTranslator()
        input.key(.down, time: 0, scene: scene)
        #expect(scene.mainAxis.phase(at: 0.05) == .settling)
        scene.advance(to: 2)
        #expect(scene.mainAxis.offset(at: 2) == 60)
        input.key(.end, time: 2, scene: scene)
        scene.advance(to: 5)
        #expect(scene.mainAxis.offset(at: 5) == scene.mainAxis.bounds.upperBound)
        input.key(.pageUp, time: 5, scene: scene)
        scene.advance(to: 8)
        #expect(scene.mainAxis.offset(at: 8) == scene.mainAxis.bounds.upperBound - 844 * 0.9)
        let pager = PagerScene(pageCount: 5)
        input.key(.pageDown, time: 0, scene: pager)
        input.key(.down, time: 0.1, scene: pager)  // from the resting target: two pages
        pager.advance(to: 3)
        #expect(pager.mainAxis.offset(at: 3) == 2 * 844)
    }

    @Test func horizontalScenesTakeTheWheelsVerticalSteps() {
        let carousel = CarouselScene(), input = InputTranslator()
        input.wheel(x: 0, y: -1, flipped: false, time: 0, scene: carousel)
        carousel.advance(to: 2)
        #expect(carousel.mainAxis.offset(at: 2) == 312)
    }
}

@Suite struct ClockAndHistoryTests {
    @Test func slowMotionRunsAtATenthWithoutJumps() {
        var clock = SceneClock(realTime: 100)
        #expect(clock.sceneTime(at: 101) == 1)
        clock.setRate(SceneClock.slowMotion, at: 101)
        #expect(clock.sceneTime(at: 101) == 1)
        #expect(abs(clock.sceneTime(at: 103) - 1.2) < 1e-12)
        clock.setRate(1, at: 103)
        #expect(abs(clock.sceneTime(at: 104) - 2.2) < 1e-12)
        #expect(abs(clock.sceneTime(at: 90) - 2.2) < 1e-12)  // never backwards
        clock.setRate(0, at: 105)  // refused
        #expect(clock.rate == 1)
    }

    @Test func thePanelNarrowsInSmallWindowsSoThePhoneStaysUsable() {
        // 1280 pt: 42 % (537.6 pt); 1000 pt: 420 pt; below ~860 pt it keeps narrowing to 240 pt.
        #expect(WindowLayout.panelWidth(windowWidth: 1280) == 537.6)
        #expect(WindowLayout.panelWidth(windowWidth: 1000) == 420)
        #expect(abs(WindowLayout.panelWidth(windowWidth: 800) - 336) < 1e-9)
        #expect(WindowLayout.panelWidth(windowWidth: 640) == 268.8)
        #expect(WindowLayout.panelWidth(windowWidth: 400) == 240)
        #expect(WindowLayout.panelWidth(windowWidth: 4000) == 560)
        // At 640 × 400 the phone sits left of the panel, inside the window, with nothing covered.
        let small = WindowLayout(windowWidth: 640, windowHeight: 400, viewport: .phone, sides: 1)
        let phone = small.phones[0]
        #expect(
            phone.maxX + 10 <= small.panelX && phone.x - 10 >= 0,
            "bezel clear of the panel: \(phone), panel at \(small.panelX)")
        #expect(phone.y - 44 >= 0 && phone.maxY + 10 <= 400, "caption and bezel inside the window: \(phone)")
        #expect(small.panelX + small.panelWidth == 640)
    }
}
