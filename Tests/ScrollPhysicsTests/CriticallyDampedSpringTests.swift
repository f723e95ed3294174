import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct CriticallyDampedSpringTests {
    @Test(arguments: [(10.9, 0.0, 2000.0), (50, -120, 300), (20, 844, -5000), (3, 10, 0), (100, -1, 40_000)])
    func solvesTheCriticallyDampedEquation(damping: Double, y0: Double, v0: Double) {
        let spring = CriticallyDampedSpring(from: 500 + y0, velocity: v0, to: 500, damping: damping)
        for t in [0.0, 0.5 / damping, 1 / damping, 3 / damping] where t < spring.settleTime {
            let expected = 500 + (y0 + (v0 + damping * y0) * t) * exp(-damping * t)
            #expect(relativelyClose(spring.position(at: t), expected, 1e-12))
            // x'' + 2δx' + δ²(x − target) = 0
            if t > 0 {
                let acceleration = derivative({ spring.velocity(at: $0) }, at: t, step: 1e-6)
                let residual =
                    acceleration + 2 * damping * spring.velocity(at: t)
                    + damping * damping * (spring.position(at: t) - 500)
                #expect(abs(residual) <= 1e-4 * max(1, abs(v0) * damping, abs(y0) * damping * damping))
                #expect(relativelyClose(derivative({ spring.position(at: $0) }, at: t), spring.velocity(at: t), 1e-5))
            }
        }
    }

    @Test(arguments: [10.9, 20.0, 50.0])
    func bounceFromTheEdgePeaksAtOneOverDelta(damping: Double) {
        // Li's “UIScrollView drag conversion rate and paging”, eq. 2: Δy = v0·t·e^(−δt), farthest point v0/(δ·e) at t =
        // 1/δ.
        let spring = CriticallyDampedSpring(from: 0, velocity: 3000, to: 0, damping: damping)
        #expect(close(spring.position(at: 1 / damping), 3000 / (damping * M_E), 1e-9))
        #expect(close(spring.velocity(at: 1 / damping), 0, 1e-9))
        #expect(close(spring.peakDisplacement, 3000 / (damping * M_E), 1e-9))
    }

    @Test func restsExactlyOnTargetWithinTolerance() {
        let tolerance = Tolerance(distance: 0.1, velocity: 2)
        let spring = CriticallyDampedSpring(from: 0, velocity: 0, to: 844, damping: 20, tolerance: tolerance)
        #expect(spring.position(at: spring.settleTime) == 844)
        #expect(spring.velocity(at: spring.settleTime) == 0)
        // Just before settling the raw formula is already within tolerance (it was the envelope
        // that crossed), and it stays there afterwards.
        for t in stride(from: spring.settleTime, to: spring.settleTime + 2, by: 0.01) {
            let raw = 844 + (-844 + (0 + 20 * -844) * t) * exp(-20 * t)
            #expect(abs(raw - 844) <= 0.1 + 1e-9)
        }
        // ≈ 0.53 s for a full page at δ = 20 with these tolerances.
        #expect(spring.settleTime > 0.45 && spring.settleTime < 0.6)
    }

    @Test func crossingTimeIsWhereItPassesTheTarget() {
        let spring = CriticallyDampedSpring(from: -50, velocity: 3000, to: 0, damping: 10.9)
        let t = try! #require(spring.targetCrossingTime)
        #expect(close(t, 50 / (3000 - 10.9 * 50), 1e-12))
        #expect(close(spring.position(at: t), 0, 1e-9))
        #expect(CriticallyDampedSpring(from: -50, velocity: 100, to: 0, damping: 10.9).targetCrossingTime == nil)
    }

    @Test func outwardSpeedCapKeepsThePeakWithinTheLimit() {
        for (y0, damping) in [(0.0, 10.9), (-200.0, 10.9), (300.0, 50.0)] {
            let cap = CriticallyDampedSpring.maximumOutwardSpeed(displacement: y0, limit: 844, damping: damping)
            let outward: Double = y0 < 0 ? -1 : 1
            let spring = CriticallyDampedSpring(from: y0, velocity: outward * cap, to: 0, damping: damping)
            #expect(spring.peakDisplacement <= 844 + 1e-9)
        }
    }

    @Test func degenerateInputsRest() {
        for (damping, v) in [(0.0, 10.0), (.nan, 10), (10.9, .nan), (10.9, .infinity)] {
            let spring = CriticallyDampedSpring(from: 3, velocity: v, to: 0, damping: damping)
            #expect(spring.settleTime == 0)
            #expect(spring.position(at: 0.5) == 0)
            #expect(spring.velocity(at: 0.5) == 0)
        }
        let atRest = CriticallyDampedSpring(from: 7, velocity: 0, to: 7, damping: 20)
        #expect(atRest.settleTime == 0)
    }
}
