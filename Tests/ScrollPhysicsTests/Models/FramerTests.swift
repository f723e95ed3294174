import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct FramerTests {
    let model = FramerModel()

    @Test(arguments: [300.0, 2000.0, -5000.0])
    func glideFollowsTheInertiaFormula(v0: Double) {
        let wide = ModelExtent(minOffset: -100_000, maxOffset: 100_000, viewport: 800)
        let motion = model.release(position: 0, velocity: v0, extent: wide)
        let amplitude = 0.8 * v0, tau = 0.75
        #expect(close(motion.restPosition, amplitude, 1e-12))
        #expect(close(motion.settleTime, tau * log(abs(amplitude) / 1), 1e-12))
        for t in [0.1, tau, 2.0] where t < motion.settleTime {
            #expect(close(motion.position(at: t), amplitude - amplitude * exp(-t / tau), 1e-9))
        }
        #expect(close(motion.velocity(at: 0), v0 * 0.8 / 0.75, 1e-9))  // 1.07× the release speed
    }

    @Test func springTakesOverAtTheExactCrossing() throws {
        let extent = ModelExtent(maxOffset: 1000, viewport: 800)
        let motion = model.release(position: 800, velocity: 1000, extent: extent)
        #expect(motion.pieces.map(\.kind) == ["glide", "spring"])
        // target 1600: x(t) = 1600 − 800·e^(−t/0.75) reaches 1000 at t = 0.75·ln(800/600).
        let crossing = 0.75 * log(800.0 / 600)
        #expect(close(motion.pieces[1].start, crossing, 1e-12))
        #expect(close(motion.position(at: crossing), 1000, 1e-9))
        // The spring starts with the source's 5 ms backward difference.
        let v = (1000 - (1600 - 800 * exp(-(crossing - 0.005) / 0.75))) / 0.005
        #expect(close(motion.pieces[1].simulation.velocity(at: 0), v, 1e-9))
        // Stiffness 200, damping 40, mass 1: overdamped (ζ = 1.41), back to 1000 without undershoot.
        let r1 = -20 - (400.0 - 200).squareRoot(), r2 = -20 + (400.0 - 200).squareRoot()
        let c2 = v / (r2 - r1), c1 = -c2
        for dt in [0.02, 0.1, 0.3] {
            #expect(close(motion.position(at: crossing + dt), 1000 + c1 * exp(r1 * dt) + c2 * exp(r2 * dt), 1e-9))
        }
        #expect(motion.restPosition == 1000)
        // Frame-sampled like the source at 60 fps, the hand-off would come up to a frame late.
        let frame = 1.0 / 60
        let sourceCatch = (crossing / frame).rounded(.up) * frame
        #expect(sourceCatch - crossing < frame)
    }

    @Test func elasticDragAndReleasePastTheEdge() {
        let extent = ModelExtent(maxOffset: 1000, viewport: 800)
        #expect(close(model.dragged(shown: 0, fingerFrom: 0, fingerTo: -100, extent: extent), -35, 1e-12))
        #expect(close(model.dragged(shown: 1000, fingerFrom: 1000, fingerTo: 1200, extent: extent), 1070, 1e-12))
        let motion = model.release(position: -35, velocity: 0, extent: extent)
        #expect(motion.pieces.map(\.kind) == ["spring"] && motion.restPosition == 0)
        #expect(motion.position(at: 0.1) > -35 && motion.position(at: 0.1) < 0)
        // No paging of its own: UIKit's projection rule at its defaults lands a paged view
        // (a 1,000 pt/s flick from 40 pt projects 40 + 1000·0.998/(1 − 0.998)/1000 ≈ 539 pt: one page on).
        let uikit = UIKitModel()
        for (offset, velocity) in [(0.0, 0.0), (40, 1000), (160, -1000), (140, 0)] {
            let release = ModelPageRelease(
                offset: offset, velocity: velocity, pageSize: 100, pageCount: 3, travel: 0, touchDuration: 0,
                viewport: 100)
            #expect(model.page(release)?.index == uikit.page(release)?.index)
        }
        #expect(
            model.page(
                ModelPageRelease(
                    offset: 40, velocity: 1000, pageSize: 100, pageCount: 3, travel: 0, touchDuration: 0, viewport: 100)
            )?.index == 1)
    }

    @Test func velocityOverTheLast100Milliseconds() {
        var estimator = model.makeEstimator()
        for i in 0...20 { estimator.add(time: Double(i) * 0.01, position: Double(i * i)) }
        // Newest at 0.2 s (400 pt); the first point more than 100 ms older is at 0.09 s (81 pt).
        #expect(close(estimator.velocity(at: 0.2), (400 - 81) / 0.11, 1e-9))
        var one = model.makeEstimator()
        one.add(time: 0, position: 5)
        #expect(one.velocity(at: 0) == 0)
        #expect(model.flingVelocity(estimated: 12, travel: 0) == 12)
    }
}
