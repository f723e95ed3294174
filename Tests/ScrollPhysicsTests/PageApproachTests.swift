import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct PageApproachTests {
    static let cases: [(Double, Double, Double)] = [
        (0, 400, 0.75), (300, 804, 0.75), (2000, 724, 0.724), (-500, -300, 0.6), (1e-3, 1, 0.01),
        (1500, 1000, 2 * 1000 / 1500.0)
    ]

    @Test(arguments: cases)
    func startsAtTheReleaseVelocityAndArrivesAtRest(v0: Double, distance: Double, duration: Double) {
        let approach = PageApproach(from: 100, velocity: v0, to: 100 + distance, duration: duration)
        #expect(approach.position(at: 0) == 100)
        #expect(close(approach.velocity(at: 0), v0, 1e-9 * max(1, abs(v0))))
        #expect(close(approach.position(at: duration - 1e-12), 100 + distance, 1e-6 * max(1, abs(distance))))
        #expect(approach.position(at: duration) == 100 + distance)
        #expect(approach.velocity(at: duration) == 0)
        #expect(abs(approach.velocity(at: duration * (1 - 1e-9))) < 1e-3 * max(1, abs(v0)))
        // The velocity is the derivative of the position, and h is the stated cubic.
        let a = v0 * duration / distance
        for s in [0.1, 0.37, 0.5, 0.9] {
            let t = s * duration
            #expect(
                relativelyClose(
                    derivative({ approach.position(at: $0) }, at: t, step: 1e-7 * duration), approach.velocity(at: t),
                    1e-5))
            let h = a * s + (3 - 2 * a) * s * s + (a - 2) * s * s * s
            #expect(close(approach.position(at: t), 100 + distance * h, 1e-9 * max(1, abs(distance))))
        }
    }

    @Test func constantDecelerationAtShapeTwo() {
        // a = 2: v(t) = v0·(1 − t/T), the dry friction a = v0²/(2D) that stops after 2D/v0.
        let approach = PageApproach(from: 120, velocity: 2000, to: 844, duration: 2 * 724 / 2000.0)
        #expect(close(approach.shape, 2, 1e-12))
        for t in stride(from: 0.0, through: 0.72, by: 0.04) {
            #expect(close(approach.velocity(at: t), 2000 - 2000 * 2000 / (2 * 724) * t, 1e-6))
        }
    }

    @Test func neverPassesTheTargetAndNeverSpeedsUpFromShapeOneAndAHalf() {
        for a in stride(from: 0.0, through: 3.0, by: 0.05) {
            let distance = 500.0, duration = 0.75
            let approach = PageApproach(from: 0, velocity: a * distance / duration, to: distance, duration: duration)
            var fastest = 0.0, farthest = 0.0, previous = approach.velocity(at: 0)
            var falls = true
            for t in stride(from: 0.0, through: duration, by: duration / 2000) {
                let v = approach.velocity(at: t)
                fastest = max(fastest, abs(v))
                farthest = max(farthest, approach.position(at: t))
                if v > previous + 1e-9 { falls = false }
                previous = v
            }
            #expect(farthest <= distance + 1e-9, "a = \(a)")
            #expect(
                close(fastest, approach.peakSpeed, 1e-3 * max(1, fastest)),
                "a = \(a): \(fastest) vs \(approach.peakSpeed)")
            if a >= 1.5 { #expect(falls && fastest <= a * distance / duration + 1e-9, "a = \(a)") }
            let bound = 1.5 * distance / duration + 1e-9
            #expect(a >= 1.5 || fastest <= bound)
        }
    }

    @Test func badInputRestsAtTheTarget() {
        for approach in [
            PageApproach(from: .nan, velocity: 1, to: 10, duration: 1),
            PageApproach(from: 0, velocity: .infinity, to: 10, duration: 1),
            PageApproach(from: 0, velocity: 1, to: 10, duration: 0),
            PageApproach(from: 0, velocity: 1, to: 10, duration: -1)
        ] {
            #expect(approach.position(at: 0) == 10 && approach.velocity(at: 0) == 0 && approach.settleTime == 0)
        }
    }
}

/// The page rule of `MotionPlanner.page` and the edge return, against their equations.
@Suite struct PageMotionRuleTests {
    func planner(pageDamping: Double = 20, _ configure: (inout ScrollParameters) -> Void = { _ in }) -> MotionPlanner {
        var parameters = ScrollParameters()
        parameters.pageDamping = pageDamping
        configure(&parameters)
        return MotionPlanner(parameters: parameters, bounds: 0...10_000, rubberBandLimit: 844, tolerance: .standard)
    }

    /// Samples a motion every 0.5 ms from its start.
    func samples(_ motion: Motion, from t0: Double = 0) -> [(t: Double, x: Double, v: Double)] {
        stride(from: t0, through: motion.end + 0.01, by: 0.0005).map {
            ($0, motion.position(at: $0), motion.velocity(at: $0))
        }
    }

    @Test func towardThePageNeverOvershootsAndSpeedsUpOnlyBelowTwoDistancesPerSecond() {
        for damping in [5.0, 20, 50, 200] {
            for distance in [3.0, 52, 312, 724, 3000] {
                for speed in [1.0, 50, 300, 800, 2000, 2889, 6000, 40_000] {
                    let p = planner(pageDamping: damping)
                    let x0 = 1000.0, target = x0 + distance
                    let motion = p.page(from: x0, velocity: speed, to: target, index: 1)
                    let trace = samples(motion)
                    let label = "δp \(damping), D \(distance), u \(speed)"
                    #expect(close(trace[0].x, x0, 1e-9), "\(label)")
                    #expect(close(trace[0].v, speed, 1e-6 * speed), "starts at the release velocity: \(label)")
                    let farthest: Double = trace.map { $0.x }.max() ?? 0
                    #expect(farthest <= target + 1e-6, "never past the page: \(label) by \(farthest - target)")
                    let fastest: Double = trace.map { abs($0.v) }.max() ?? 0
                    if speed >= 2 * distance {
                        #expect(fastest <= speed * (1 + 1e-9), "never faster than released: \(label): \(fastest)")
                    } else {
                        #expect(
                            fastest <= max(speed, 2 * distance) * (1 + 1e-6),
                            "a slow release peaks at 2·D /s at most: \(label): \(fastest)")
                    }
                    #expect(motion.position(at: motion.end) == target && motion.velocity(at: motion.end) == 0)
                    let took = motion.end, longest = max(MotionPlanner.longestPageApproach, 12 / damping)
                    #expect(took <= longest + 1e-9, "snappy: \(label) took \(took) s")
                }
            }
        }
    }

    @Test func fromRestAndHeadingAwayUseThePageSpring() {
        let p = planner()
        let fromRest = p.page(from: 100, velocity: 0, to: 844, index: 1)
        // (y0 + δ·y0·t)·e^(−δt) with y0 = −744, δ = 20.
        let expected: Double = 844 + (-744.0 - 20.0 * 744.0 * 0.05) * exp(-1.0)
        #expect(close(fromRest.position(at: 0.05), expected, 1e-9))
        let away = p.page(from: 100, velocity: -500, to: 844, index: 1)
        #expect(away.velocity(at: 0) == -500)
        #expect(samples(away, from: 0).allSatisfy { $0.x <= 844 })
    }

    @Test func springOptionKeepsSeedZerosSwing() {
        // pageMotion = spring: the page spring from the release velocity, overshooting a close page.
        let p = planner { $0.pageMotion = .spring }
        let motion = p.page(from: 260, velocity: 2889, to: 312, index: 1)
        let farthest: Double = samples(motion, from: 0).map { $0.x }.max() ?? 0
        // y0 = −52, v0 = 2889, δ = 20: the turning point is 312 + 19.4 pt.
        #expect(close(farthest, 331.4, 0.1))
    }

    // MARK: Edge return

    /// A real UIScrollView released from a held 177 pt overscroll (issue 11's recording).
    static let recorded: [(t: Double, left: Double)] = [(0.016, 157), (0.067, 106), (0.167, 46), (0.3, 14), (0.5, 2)]

    @Test func edgeReturnFollowsTheRecordingAndScalesWithTheOvershoot() {
        let p = planner()
        for scale in [1.0, 0.1, 3] {
            let y0 = -177 * scale
            let motion = p.edgeReturn(from: y0, velocity: 0, edge: 0)
            for (t, left) in Self.recorded {
                #expect(
                    abs(-motion.position(at: t) - left * scale) <= 0.3 * scale,
                    "\(t) s, ×\(scale): \(motion.position(at: t))")
            }
            // Starts back at once at k·y0 = 7.3·177 pt/s, then y(t) = (y0 + (v0 + δ·y0)·t)·e^(−δt).
            #expect(close(motion.velocity(at: 0), -7.3 * y0, 1e-9))
            for t in [0.01, 0.1, 0.25] {
                let expected: Double = (y0 + (7.3 * -y0 + 10.9 * y0) * t) * exp(-10.9 * t)
                #expect(close(motion.position(at: t), expected, 1e-9))
            }
            #expect(samples(motion, from: 0).allSatisfy { $0.x <= 0 }, "never swings into the content")
        }
        // The seed's return (k = 0): critically damped from rest — 174.6 pt left after 16 ms.
        let seed = planner { $0.edgeReturnRate = 0 }.edgeReturn(from: -177, velocity: 0, edge: 0)
        #expect(close(seed.position(at: 0.016), -174.6, 0.05))
        #expect(seed.velocity(at: 0) == 0)
    }

    @Test func edgeReturnAtManyRatesAndDampings() {
        for damping in [1.0, 10.9, 40] {
            for rate in [0.0, 3, 7.3, 10.9, 100] {
                let p = planner {
                    $0.bounceDamping = damping; $0.edgeReturnRate = rate
                }
                let motion = p.edgeReturn(from: 5177, velocity: 0, edge: 5000)
                let k = min(rate, damping)
                #expect(close(motion.velocity(at: 0), -k * 177, 1e-9))
                #expect(samples(motion).allSatisfy { $0.x >= 5000 && $0.x.isFinite })
                #expect(motion.position(at: motion.end) == 5000)
            }
        }
    }
}
