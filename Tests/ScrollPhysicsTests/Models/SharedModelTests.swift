import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct DampedSpringTests {
    /// m·y'' + c·y' + k·y = 0 holds along the solution (central differences), in every regime.
    @Test(arguments: [
        (0.5, 100.0, 1.1), (1.0, 200.0, 40.0 / (2 * 200.0.squareRoot())), (1.0, 500.0, 10.0 / (2 * 500.0.squareRoot())),
        (0.3, 75.0, 1.3), (2.0, 50.0, 1.0)
    ])
    func satisfiesItsEquation(mass: Double, stiffness: Double, ratio: Double) {
        let spring = DampedSpring(
            from: 120, velocity: -900, to: 20, mass: mass, stiffness: stiffness, ratio: ratio,
            distanceTolerance: 1e-6, velocityTolerance: 1e-6)
        let damping = ratio * 2 * (mass * stiffness).squareRoot()
        for t in [0.01, 0.05, 0.1, 0.3, 0.7] where t < spring.settleTime {
            let y = { (s: Double) in spring.position(at: s) - 20 }
            let v = derivative(y, at: t, step: 1e-5)
            let a = (y(t + 1e-4) - 2 * y(t) + y(t - 1e-4)) / 1e-8
            let residual = mass * a + damping * v + stiffness * y(t)
            #expect(
                abs(residual) < 1e-3 * max(1, stiffness * abs(y(t)) + damping * abs(v)),
                "t = \(t): residual \(residual)")
            #expect(close(spring.velocity(at: t), v, 1e-3 * max(1, abs(v))))
        }
        #expect(close(spring.position(at: 0), 120, 1e-9))
        #expect(close(spring.velocity(at: 0), -900, 1e-9))
    }

    @Test func restsWithinToleranceFromSettleTimeOn() {
        let spring = DampedSpring(
            from: 0, velocity: 3000, to: 0, mass: 1, stiffness: 500, damping: 10,
            distanceTolerance: 0.5, velocityTolerance: 2)
        #expect(spring.settleTime > 0.3 && spring.settleTime < 5)
        // Just before the end the bound may still be above tolerance; just after, rest.
        #expect(spring.position(at: spring.settleTime + 0.001) == 0)
        #expect(spring.velocity(at: spring.settleTime) == 0)
        for i in 0..<200 {
            let t = spring.settleTime * (0.99 + Double(i) * 0.0001)
            if t >= spring.settleTime { break }
            #expect(abs(spring.position(at: t)) < 1)
        }
    }

    /// The farthest a spring launched from its target at v gets: the first zero of its velocity,
    /// in all three regimes (checked against the motion sampled every 0.1 ms).
    @Test(arguments: [0.3, 1.0, 1.1, 3.0])
    func reachIsThePeakOfTheMotion(ratio: Double) {
        let spring = DampedSpring(
            from: 0, velocity: 8000, to: 0, mass: 0.5, stiffness: 100, ratio: ratio,
            distanceTolerance: 0.01, velocityTolerance: 0.01)
        let sampled = stride(from: 0.0, through: 2, by: 1e-4).map { abs(spring.position(at: $0)) }.max()!
        let reach = DampedSpring.reach(velocity: 8000, naturalFrequency: (100 / 0.5).squareRoot(), dampingRatio: ratio)
        #expect(abs(reach - sampled) < 1e-3, "ζ \(ratio): \(reach) vs \(sampled)")
        #expect(DampedSpring.reach(velocity: -8000, naturalFrequency: 14, dampingRatio: ratio) > 0)
        #expect(DampedSpring.reach(velocity: 0, naturalFrequency: 14, dampingRatio: ratio) == 0)
    }

    @Test func badInputRestsAtOnce() {
        let spring = DampedSpring(
            from: .nan, velocity: 10, to: 5, mass: 1, stiffness: 100, damping: 20,
            distanceTolerance: 0.1, velocityTolerance: 1)
        #expect(spring.settleTime == 0 && spring.position(at: 1) == 5)
        let zeroMass = DampedSpring(
            from: 10, velocity: 0, to: 0, mass: 0, stiffness: 100, damping: 1,
            distanceTolerance: 0.1, velocityTolerance: 1)
        #expect(zeroMass.position(at: 0.5).isFinite)
    }
}

@Suite struct CubicBezierTimingTests {
    @Test func cssEaseAtKnownPoints() {
        // y at x = 0.5 of cubic-bezier(0.25, 0.1, 0.25, 1), solved independently by bisection.
        func reference(_ x: Double, _ c: (Double, Double, Double, Double)) -> Double {
            var low = 0.0, high = 1.0
            for _ in 0..<200 {
                let s = (low + high) / 2
                let bx = 3 * (1 - s) * (1 - s) * s * c.0 + 3 * (1 - s) * s * s * c.2 + s * s * s
                if bx < x { low = s } else { high = s }
            }
            let s = (low + high) / 2
            return 3 * (1 - s) * (1 - s) * s * c.1 + 3 * (1 - s) * s * s * c.3 + s * s * s
        }
        for x in [0.1, 0.25, 0.5, 0.8, 0.99] {
            #expect(close(CubicBezierTiming.ease.progress(at: x), reference(x, (0.25, 0.1, 0.25, 1)), 1e-9))
            #expect(close(CubicBezierTiming.easeOut.progress(at: x), reference(x, (0, 0, 0.58, 1)), 1e-9))
        }
        #expect(close(CubicBezierTiming.ease.progress(at: 0.5), 0.8024033877399112, 1e-9))
        // ease-out starts at slope 1/0.58 (its first control point sits on the origin).
        #expect(close(CubicBezierTiming.easeOut.rate(at: 0), 1 / 0.58, 1e-6))
        let d = derivative({ CubicBezierTiming.ease.progress(at: $0) }, at: 0.3, step: 1e-6)
        #expect(close(CubicBezierTiming.ease.rate(at: 0.3), d, 1e-5))
    }
}

@Suite struct ModelTableTests {
    /// Each table's defaults are the values' own defaults, every default lies in its range,
    /// keys are unique, and every parameter names its source.
    @Test func tablesAgreeWithTheirValues() {
        struct Check: ModelQuery {
            func ask<M: FeelModel>(_ model: M) {
                let keys = M.parameters.map(\.key)
                #expect(Set(keys).count == keys.count, "\(M.name): duplicate keys")
                #expect(M.Values.tunables.map(\.key) == keys)
                for parameter in M.parameters {
                    #expect(parameter.range.contains(parameter.number(in: M.Values())), "\(M.name).\(parameter.key)")
                    #expect(
                        !parameter.source.isEmpty && !parameter.help.isEmpty && !parameter.title.isEmpty
                            && !parameter.equivalent.isEmpty)
                }
                // Reading the defaults back through the table gives the defaults.
                #expect(try! M.make(M().pairs).values == M.Values())
            }
        }
        // Every registered model, UIKit included.
        for model in FeelZoo.models { model.ask(Check()) }
        #expect(FeelZoo.names.first == "uikit" && FeelZoo.names.count >= 6)
    }

    @Test func unknownModelKeyAndRangeAreOneLineEach() throws {
        #expect(
            throws: ModelParameterError(
                "unknown model \"flutter\" (models: \(FeelZoo.names.joined(separator: ", ")))"
            )
        ) {
            try FeelZoo.make("flutter", [])
        }
        do {
            _ = try FeelZoo.make("swiper", [("resistanceRatio", .number(0.5)), ("bounce", .number(1))])
            Issue.record("an unknown key was accepted")
        } catch {
            #expect(
                error.message.hasPrefix(
                    "model \"swiper\": key \"bounce\": unknown key; allowed keys: resistance, resistanceRatio,"))
            #expect(!error.message.contains("\n"))
        }
        #expect(
            throws: ModelParameterError(
                "model \"flutter-bouncing\": key \"drag\": 2 is out of range; allowed range [0.001, 0.9] per s")
        ) {
            try FeelZoo.make("flutter-bouncing", [("drag", .number(2))])
        }
        #expect(
            throws: ModelParameterError(
                "model \"android\": key \"flywheel\": 0.5 is not on or off; allowed: true, false (or 1, 0)")
        ) {
            try FeelZoo.make("android", [("flywheel", .number(0.5))])
        }
        #expect(throws: ModelParameterError.self) { try FeelZoo.make("framer", [("power", .number(.nan))]) }
        #expect(throws: ModelParameterError.self) { try FeelZoo.make("framer", [("power", .string("fast"))]) }
        let model = try FeelZoo.make("framer", [("power", .number(0.5)), ("timeConstant", .number(300))])
        #expect(model.value(of: "power") == 0.5 && model.value(of: "timeConstant") == 300)
    }

    /// The motion every model plans is the same function of time whatever the frame rate:
    /// sampling at 30, 60, 120 and 240 fps gives the same positions at the shared instants.
    @Test func tracesAgreeAcrossFrameRates() {
        let extent = ModelExtent(maxOffset: 2000, viewport: 800)
        let models: [ZooModel] = FeelZoo.models
        for model in models {
            for (x0, v0) in [(1500.0, 4000.0), (300.0, -2500.0), (-40.0, 0.0), (1000.0, 0.0), (1000.0, 300.0)] {
                let motion = model.release(position: x0, velocity: v0, extent: extent)
                var reference: [Double] = []
                for fps in [30.0, 60.0, 120.0, 240.0] {
                    let step = Int(fps / 30)
                    var samples: [Double] = []
                    var frame = 0
                    while Double(frame) / fps <= 3 {
                        let x = motion.position(at: Double(frame) / fps)
                        #expect(x.isFinite && motion.velocity(at: Double(frame) / fps).isFinite)
                        if frame % step == 0 { samples.append(x) }
                        frame += 1
                    }
                    if reference.isEmpty {
                        reference = samples
                    } else {
                        #expect(
                            zip(reference, samples).allSatisfy { abs($0 - $1) <= 0.01 },
                            "\(model.name) at \(fps) fps")
                    }
                }
                #expect(motion.settleTime.isFinite && motion.restPosition.isFinite)
                #expect(
                    motion.restPosition >= extent.minOffset - 1e-6 && motion.restPosition <= extent.maxOffset + 1e-6,
                    "\(model.name) rests at \(motion.restPosition)")
            }
        }
    }

    /// Zero and huge velocities, zero-length content and tiny viewports give finite motions
    /// that end inside the range.
    @Test(arguments: [0.0, 1e-9, 1e6, -1e7, .infinity, .nan])
    func edgeCasesStayFinite(velocity: Double) {
        for extent in [
            ModelExtent(maxOffset: 0, viewport: 1), ModelExtent(maxOffset: 5000, viewport: 0.5),
            ModelExtent(maxOffset: 100, viewport: 800)
        ] {
            for model in FeelZoo.models {
                let type = model
                let fling = model.flingVelocity(estimated: velocity, travel: 100)
                #expect(fling.isFinite, "\(type.name) fling for \(velocity)")
                let motion = model.release(position: 0, velocity: fling, extent: extent)
                for t in [0.0, 0.016, 0.1, 0.5, 2, 30] {
                    #expect(
                        motion.position(at: t).isFinite && motion.velocity(at: t).isFinite,
                        "\(type.name) v=\(velocity) t=\(t)")
                }
                #expect(
                    motion.settleTime.isFinite && motion.settleTime < 60, "\(type.name) settles at \(motion.settleTime)"
                )
                #expect(abs(motion.restPosition - extent.clamped(motion.restPosition)) < 1e-6)
                let pulled = model.dragged(shown: 0, fingerFrom: 0, fingerTo: -1e6, extent: extent)
                #expect(pulled.isFinite)
            }
        }
    }
}
