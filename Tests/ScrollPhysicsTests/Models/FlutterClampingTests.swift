import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct FlutterClampingTests {
    let model = FlutterClampingModel()

    /// The source's assert: distance = v·T/D equals friction·g'·e^(D/(D−1)·ln(|v|/v_ref)).
    @Test(arguments: [100.0, 1000.0, 3000.0, 8000.0, -2500.0])
    func distanceMatchesAndroidsSplineFormula(v0: Double) {
        let fling = ClampingScrollSimulation(position: 50, velocity: v0)
        let d = log(0.78) / log(0.9)
        let g = 9.80665 * 39.37 * 160 * 0.84
        let reference = 0.015 * g / 0.35
        let distance = 0.015 * g * exp(log(abs(v0) / reference) * d / (d - 1))
        #expect(relativelyClose(abs(fling.restPosition - 50), distance, 1e-12))
        let duration = d * 0.35 * pow(abs(v0) / reference, 1 / (d - 1))
        #expect(relativelyClose(fling.settleTime, duration, 1e-12))
        for f in [0.1, 0.5, 0.9] {
            #expect(close(fling.position(at: f * duration), 50 + fling.distance * (1 - pow(1 - f, d)), 1e-9))
            // It is ballistic: dx/dt matches the derivative of x.
            #expect(
                close(
                    fling.velocity(at: f * duration), derivative({ fling.position(at: $0) }, at: f * duration),
                    1e-3 * abs(v0)))
        }
        #expect(fling.velocity(at: 0) == v0)
    }

    @Test func stopsDeadAtTheEdge() throws {
        let e = ModelExtent(maxOffset: 300, viewport: 600)
        let motion = model.release(position: 200, velocity: 4000, extent: e)
        let fling = ClampingScrollSimulation(position: 200, velocity: 4000)
        let hit = try #require(fling.time(atX: 300))
        #expect(close(motion.settleTime, hit, 1e-12))
        #expect(close(motion.position(at: hit / 2), fling.position(at: hit / 2), 1e-12))
        #expect(close(motion.restPosition, 300, 1e-9))
        #expect(motion.position(at: 10) <= 300 + 1e-9)
        // The drag clamps too.
        #expect(model.dragged(shown: 290, fingerFrom: 290, fingerTo: 340, extent: e) == 300)
        #expect(model.dragged(shown: 0, fingerFrom: 0, fingerTo: -40, extent: e) == 0)
        #expect(model.dragged(shown: 0, fingerFrom: 0, fingerTo: 40, extent: e) == 40)
        // At the edge, heading out: nothing (createBallisticSimulation returns null).
        #expect(model.release(position: 300, velocity: 500, extent: e).settleTime == 0)
    }

    @Test func thresholdsAndEstimator() {
        #expect(model.flingVelocity(estimated: 49, travel: 100) == 0)
        #expect(model.flingVelocity(estimated: 60, travel: 100) == 60)
        #expect(model.flingVelocity(estimated: 60, travel: 10) == 0)
        var estimator = model.makeEstimator()
        // x(t) = 800·t + 3000·t² sampled every 8 ms: the quadratic fit is exact, v = 800 + 6000·t.
        for i in 0...10 {
            let t = Double(i) * 0.008
            estimator.add(time: t, position: 800 * t + 3000 * t * t)
        }
        #expect(close(estimator.velocity(at: 0.08), 800 + 6000 * 0.08, 1e-6))
        #expect(estimator.velocity(at: 0.08 + 0.041) == 0)  // stale: more than 40 ms since the last sample
    }

    /// Content left a viewport past the last page when the range shrank, flung outward as fast
    /// as Flutter lets it: the page spring's overshoot stays within the overscroll limit.
    @Test func aPageSpringFromAShrunkRangeStaysWithinTheLimit() throws {
        let model = FlutterClampingModel()
        let extent = ModelExtent(maxOffset: 1200, viewport: 400)
        let limit = model.overscrollLimit(extent: extent)
        #expect(limit > 400 && limit < 700, "\(limit)")
        let release = ModelPageRelease(
            offset: 1600, velocity: model.values.maxFlingVelocity, pageSize: 400, pageCount: 4,
            travel: 10, touchDuration: 0.1, viewport: 400, startIndex: 3)
        let turn = try #require(model.page(release))
        let peak = stride(from: 0.0, through: 3, by: 1e-4).map { turn.motion.position(at: $0) - 1200 }.max()!
        #expect(peak > 400 && peak <= limit + 1e-9, "peak \(peak) pt past the edge, limit \(limit)")
    }
}
