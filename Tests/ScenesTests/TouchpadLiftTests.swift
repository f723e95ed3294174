import Foundation
import Testing
import ScrollPhysics
@testable import Scenes

/// Touchpad streams with the fingers' touch-down and lift known (a gesture file's `wheel-begin`
/// and `wheel-end`): the glide starts at the lift, fingers that rested first do not glide, and a
/// touch-down catches a glide.
@Suite struct TouchpadLiftTests {
    func stream(_ list: ListScene, from t0: Double, deltas: Int = 10, step: Double = 40) {
        list.handle(TimedInput(time: t0, event: .wheelBegin))
        for i in 1...deltas { list.handle(TimedInput(time: t0 + Double(i) / 60, event: .wheel(dx: 0, dy: step))) }
    }

    @Test func theGlideStartsWhenTheFingersLift() {
        let list = ListScene(contentLength: 20_000)
        stream(list, from: 0)
        let x0 = list.mainAxis.offset(at: 10.0 / 60)
        #expect(x0 == 400)  // no hysteresis for a touchpad
        list.handle(TimedInput(time: 11.0 / 60, event: .wheelEnd))
        #expect(list.mainAxis.phase(at: 11.0 / 60) == .decelerating)
        // Released at 2.4 pt/ms: the release frame's step, then the glide to (2.4 − 0.01)·499 pt further.
        let r = 0.998
        let firstStep: Double = 2.4 * r * (1 - pow(r, 1000 / 60.0)) / (1 - r)
        #expect(abs(list.mainAxis.offset(at: 11.0 / 60) - (x0 + firstStep)) < 1e-6)
        list.advance(to: 30)
        let rest: Double = ((x0 + 2.39 * r / (1 - r)) * 3).rounded() / 3
        #expect(abs(list.mainAxis.offset(at: 30) - rest) < 1e-9)
    }

    @Test func aStreamEndedByItsGapGlidesOnWithoutAJump() {
        // No lift from the platform: the stream ends 0.06 s after its last delta and glides from
        // where it stands (the lift was frames ago: no second release step).
        let list = ListScene(contentLength: 20_000)
        for i in 1...10 { list.handle(TimedInput(time: Double(i) / 60, event: .wheel(dx: 0, dy: 40))) }
        let end = 10.0 / 60 + SingleAxisScene.wheelStreamGap
        list.advance(to: end - 1e-6)
        let before = list.mainAxis.offset(at: end - 1e-6)
        list.advance(to: end)
        #expect(list.mainAxis.phase(at: end) == .decelerating)
        #expect(abs(list.mainAxis.offset(at: end) - before) < 1e-3)
    }

    @Test func fingersThatRestBeforeTheLiftDoNotGlide() {
        let list = ListScene(contentLength: 20_000)
        stream(list, from: 0)
        // 0.25 s after the last delta and still dragging: no end-of-stream guess while the fingers are on.
        list.advance(to: 10.0 / 60 + 0.25)
        #expect(list.mainAxis.phase(at: 10.0 / 60 + 0.25) == .dragging)
        list.handle(TimedInput(time: 10.0 / 60 + 0.3, event: .wheelEnd))
        #expect(!list.mainAxis.isMoving)
        #expect(list.mainAxis.offset(at: 1) == 400)
    }

    @Test func aTouchDownOnTheTouchpadCatchesTheGlide() {
        let list = ListScene(contentLength: 20_000)
        stream(list, from: 0)
        list.handle(TimedInput(time: 11.0 / 60, event: .wheelEnd))
        list.advance(to: 0.5)
        let caught = list.mainAxis.offset(at: 0.5)
        list.handle(TimedInput(time: 0.5, event: .wheelBegin))
        #expect(list.mainAxis.phase(at: 0.5) == .dragging)
        list.handle(TimedInput(time: 0.9, event: .wheelEnd))
        list.advance(to: 3)
        #expect(list.mainAxis.offset(at: 3) == caught)
    }
}
