import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct SwiperTests {
    let model = SwiperModel()
    let extent = ModelExtent(maxOffset: 1000, viewport: 400)

    @Test func resistancePastTheEdges() {
        #expect(
            close(model.dragged(shown: 0, fingerFrom: 0, fingerTo: -100, extent: extent), -(pow(100, 0.85) - 1), 1e-12))
        #expect(
            close(
                model.dragged(shown: 1000, fingerFrom: 1000, fingerTo: 1300, extent: extent), 1000 + pow(300, 0.85) - 1,
                1e-12))
        var pinned = model
        pinned.values.resistanceRatio = 0
        #expect(pinned.dragged(shown: 0, fingerFrom: 0, fingerTo: -100, extent: extent) == 0)
        #expect(model.dragged(shown: 10, fingerFrom: 10, fingerTo: 300, extent: extent) == 300)
        #expect(model.dragStart == DragStart(distance: 5, swallowed: true))
    }

    /// Free-mode momentum: v·momentumRatio further, reached with ease-out in distance/|v|.
    @Test(arguments: [400.0, 1500.0, -700.0])
    func freeModeGlide(v: Double) {
        let wide = ModelExtent(maxOffset: 100_000, viewport: 400)
        let motion = model.release(position: 5000, velocity: v, extent: wide)
        #expect(close(motion.restPosition, 5000 + v, 1e-9))
        #expect(close(motion.settleTime, 1, 1e-12))
        let easeOutHalf = CubicBezierTiming.easeOut.progress(at: 0.5)
        #expect(close(motion.position(at: 0.5), 5000 + v * easeOutHalf, 1e-9))
        #expect(close(motion.velocity(at: 0), v / 0.58, 1e-6 * abs(v)))
    }

    @Test func bounceAmountAndTheTrailingEdgeQuirk() {
        // 200 pt/s = 0.2 px/ms: bounce amount 0.2·20 = 4 px.
        let trailing = model.release(position: 900, velocity: 200, extent: extent)
        #expect(trailing.pieces.map(\.kind) == ["momentum", "bounce"])
        #expect(close(trailing.pieces[1].simulation.position(at: 0), 1004, 1e-9))
        #expect(close(trailing.pieces[1].start, (1004 - 900) / 0.2 / 1000, 1e-12))
        #expect(trailing.restPosition == 1000 && close(trailing.settleTime, trailing.pieces[1].start + 0.3, 1e-12))
        let leading = model.release(position: 100, velocity: -200, extent: extent)
        #expect(close(leading.pieces[1].simulation.position(at: 0), -4, 1e-9))
        // With a large bounce ratio the trailing side goes the full amount even past where the
        // momentum would have ended; the leading side stops where the momentum ends.
        var big = model
        big.values.momentumBounceRatio = 100  // 400 px
        #expect(
            close(
                big.release(position: 900, velocity: 200, extent: extent).pieces[1].simulation.position(at: 0), 1400,
                1e-9))
        #expect(
            close(
                big.release(position: 100, velocity: -200, extent: extent).pieces[1].simulation.position(at: 0), -100,
                1e-9))
        var noBounce = model
        noBounce.values.momentumBounce = 0
        #expect(noBounce.release(position: 900, velocity: 200, extent: extent).restPosition == 1000)
        #expect(noBounce.release(position: 900, velocity: 200, extent: extent).pieces.count == 1)
    }

    @Test func releasedPastAnEdgeEasesBack() {
        let motion = model.release(position: -30, velocity: -500, extent: extent)
        #expect(motion.restPosition == 0 && close(motion.settleTime, 0.3, 1e-12))
        #expect(close(motion.position(at: 0.15), -30 + 30 * CubicBezierTiming.easeOut.progress(at: 0.5), 1e-9))
        #expect(close(model.release(position: 1040, velocity: 0, extent: extent).restPosition, 1000, 1e-12))
    }

    /// A long swipe back needs more than 1 − longSwipesRatio of the slide behind it to stay.
    @Test func longSwipeBackUsesTheComplement() throws {
        var model = self.model
        model.values.longSwipesRatio = 0.3
        func index(_ page: Double, _ direction: Double) throws -> Int {
            try #require(
                model.page(
                    ModelPageRelease(
                        offset: page * 300, velocity: 0, pageSize: 300, pageCount: 4,
                        travel: direction * 30, touchDuration: 1, viewport: 300))
            ).index
        }
        #expect(try index(0.6, -1) == 0)  // back by 0.4 > 0.3: go back
        #expect(try index(0.8, -1) == 1)  // back by only 0.2: stay
        #expect(try index(0.35, 1) == 1)  // forward past 0.3
        #expect(try index(0.25, 1) == 0)
    }

    /// A touch that never moved the slides changes nothing (Swiper `events/onTouchEnd.js` returns
    /// when `touches.diff` is 0): no short swipe to the next slide, whatever the page.
    @Test(arguments: [(0.0, 0), (1.0, 1), (1.0, 2), (3.0, 3)])
    func untravelledTouchStays(page: Double, start: Int) throws {
        let release = ModelPageRelease(
            offset: page * 300, velocity: 0, pageSize: 300, pageCount: 4, travel: 0,
            touchDuration: 0.1, viewport: 300, startIndex: start)
        let turn = try #require(model.page(release))
        #expect(turn.index == start)
    }

    /// Swiper's resistance x^r − 1 has no ceiling: a long pull goes past the viewport, and the
    /// model says it has no overscroll limit.
    @Test func theResistanceHasNoCeiling() {
        let extent = ModelExtent(maxOffset: 1000, viewport: 300)
        #expect(model.dragged(shown: 0, fingerFrom: 0, fingerTo: -2000, extent: extent) < -300)
        #expect(model.overscrollLimit(extent: extent) == .infinity)
    }

    @Test func velocityEstimateAndThreshold() {
        var estimator = model.makeEstimator()
        estimator.add(time: 0, position: 0)
        estimator.add(time: 0.016, position: 20)
        estimator.add(time: 0.032, position: 52)
        #expect(close(estimator.velocity(at: 0.04), 32 / 0.016 / 2, 1e-9))  // 1000
        #expect(estimator.velocity(at: 0.4) == 0)  // lifted > 300 ms later
        estimator.add(time: 0.2, position: 60)
        #expect(estimator.velocity(at: 0.2) == 0)  // last two > 150 ms apart
        #expect(estimator.travel == 60)
        #expect(model.flingVelocity(estimated: 19, travel: 0) == 0)  // below 0.02 px/ms
        #expect(model.flingVelocity(estimated: 21, travel: 0) == 21)
    }

    /// Short swipes always move in their direction; long ones need half a slide.
    @Test(arguments: [
        (0.1, 1.0, 0.2, 1), (0.1, -1.0, 0.2, 0), (0.4, 1.0, 0.5, 0), (0.6, 1.0, 0.5, 1),
        (0.6, -1.0, 0.5, 1), (0.4, -1.0, 0.5, 0), (2.7, 1.0, 0.1, 3), (-0.2, -1.0, 0.1, 0)
    ])
    func pageDecision(page: Double, direction: Double, seconds: Double, expected: Int) throws {
        let release = ModelPageRelease(
            offset: page * 300, velocity: 0, pageSize: 300, pageCount: 4, travel: direction * 30,
            touchDuration: seconds, viewport: 300)
        let turn = try #require(model.page(release))
        #expect(turn.index == expected)
        if turn.motion.settleTime > 0 {
            #expect(close(turn.motion.settleTime, 0.3, 1e-12))
            let from = page * 300, to = Double(expected) * 300
            #expect(
                close(
                    turn.motion.position(at: 0.15), from + (to - from) * CubicBezierTiming.ease.progress(at: 0.5), 1e-9)
            )
        }
    }
}
