import Foundation
import Testing
@testable import ScrollPhysics

/// Rules of the platforms' own sources that their test suites check: Android's velocity tracker
/// forgets a pointer that stopped, its snap helper's strict fling test, Framer Motion's stale
/// pointer-down point, its lift and its spring's start velocity.
@Suite struct ZooSourceRuleTests {
    @Test func androidForgetsAPointerThatRestedBeforeTheLift() {
        func release(restingFor rest: Double) -> Double {
            var tracker = AndroidModel().makeEstimator()
            for i in 0...6 { tracker.add(time: Double(i) * 0.008, position: Double(i) * 20) }  // 2,500 pt/s
            return tracker.velocity(at: 0.048 + rest)
        }
        #expect(abs(release(restingFor: 0.03) - 2500) < 1)
        #expect(release(restingFor: 0.041) == 0)  // AOSP ASSUME_POINTER_STOPPED_TIME: 40 ms
    }

    @Test func androidSnapsByFlingOnlyAboveTheMinimumStrictly() throws {
        let model = AndroidModel()
        func page(_ v: Double) throws -> Int {
            try #require(
                model.page(
                    ModelPageRelease(
                        offset: 100, velocity: v, pageSize: 400, pageCount: 5, travel: 100,
                        touchDuration: 0.1, viewport: 400))
            ).index
        }
        #expect(try page(model.values.minFlingVelocity) == 0)  // at the minimum: the nearest page
        #expect(try page(model.values.minFlingVelocity + 0.001) == 1)  // above it: the fling's way
    }

    @Test func framerSkipsAStalePointerDownPoint() {
        var tracker = FramerVelocityEstimator()
        tracker.add(time: 0, position: 0)  // pointer down, then held 300 ms
        tracker.add(time: 0.3, position: 10)
        tracker.add(time: 0.316, position: 30)
        tracker.add(time: 0.332, position: 50)
        // The point 100 ms back is the pointer-down one, 332 ms old: the next point is used.
        #expect(abs(tracker.velocity(at: 0.332) - 40 / 0.032) < 1e-9)
        // Only two points: no better one to use.
        var two = FramerVelocityEstimator()
        two.add(time: 0, position: 0)
        two.add(time: 0.3, position: 30)
        #expect(abs(two.velocity(at: 0.3) - 100) < 1e-9)
    }

    @Test func framerRestingPointerLiftsAtAboutZero() {
        var axis = ScrollAxis(viewportLength: 800, bounds: 0...10_000, feel: Feel(FramerModel()))
        axis.setOffset(5000, at: 0)
        axis.beginDrag(at: 0, pointer: 600)
        for i in 1...10 { axis.dragMoved(at: Double(i) * 0.016, pointer: 600 - 20 * Double(i)) }
        let rested = axis.endDrag(at: 0.16 + 0.15)  // lifted 150 ms after the last move, where it stood
        #expect(rested.release?.velocity == 0)
    }

    @Test func framerSpringPastAConstraintStartsFromRest() {
        let model = FramerModel()
        let motion = model.release(position: -60, velocity: -800, extent: ModelExtent(maxOffset: 1000, viewport: 400))
        // Motion's backward difference is clamped at t = 0: the spring starts with no velocity.
        #expect(abs(motion.velocity(at: 0)) < 1e-9)
        #expect(motion.position(at: 0) == -60)
        #expect(motion.position(at: 0.05) > -60)  // and comes back
    }
}
