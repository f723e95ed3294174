import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct FlutterBouncingTests {
    let model = FlutterBouncingModel()
    let extent = ModelExtent(maxOffset: 1000, viewport: 100)

    /// scroll_physics_test.dart, "BouncingScrollPhysics test" group, in offset units (Flutter's
    /// +10 finger offset at pixels −20 pulls further: our delta is −10).
    @Test func flutterPublishedResistanceTests() {
        func applied(_ pixels: Double, _ userOffset: Double, maxOffset: Double = 1000) -> Double {
            let e = ModelExtent(maxOffset: maxOffset, viewport: 100)
            return -(model.dragged(shown: pixels, fingerFrom: 0, fingerTo: -userOffset, extent: e) - pixels)
        }
        let less = applied(-20, 10), more = applied(-40, 10)
        #expect(less > 1 && less < 20 && more > 1 && more < 20)
        #expect(abs(less) > abs(more))  // overscroll is progressively harder
        #expect(applied(300, 10) == 10 && applied(300, -10) == -10)  // no resistance when not overscrolled
        #expect(abs(applied(-20, -10)) > abs(applied(-20, 10)))  // easing meets less resistance
        #expect(applied(-20, 10, maxOffset: 10) == applied(-20, 10))  // small and big lists alike
        // The numbers behind them, from frictionFactor = 0.52·(1 − f)²:
        #expect(close(less, 10 * 0.52 * 0.8 * 0.8, 1e-12))  // 3.328
        #expect(close(more, 10 * 0.52 * 0.6 * 0.6, 1e-12))  // 1.872
        #expect(close(applied(-20, -10), -10 * 0.52 * 0.9 * 0.9, 1e-12))  // easing uses (20 − 10)/100
    }

    /// Moves of any size (880 pt, 10⁴, 10⁷ pt, a hundred of them) never carry the overscroll
    /// past one viewport length: the source's (1 − f)² grows again past f = 1 and once doubled
    /// the pull with every move (−2e22 pt).
    @Test(arguments: [880.0, 10_000, 1e7])
    func theOverscrollNeverPassesTheViewport(move: Double) {
        let wide = ModelExtent(maxOffset: 5000, viewport: 844)
        for direction in [-1.0, 1.0] {
            var shown = direction < 0 ? 0 : 5000.0
            var worst = 0.0
            for step in 0..<100 {
                let finger = Double(step) * move
                shown = model.dragged(
                    shown: shown, fingerFrom: finger, fingerTo: finger + direction * move, extent: wide)
                worst = max(worst, direction < 0 ? -shown : shown - 5000)
            }
            #expect(shown.isFinite && worst <= 844, "\(move) pt moves: \(worst) pt past the edge")
            #expect(worst > 400, "a long pull still stretches: \(worst) pt")
        }
    }

    /// An easing move larger than the overscroll crosses back: the part up to the edge at the
    /// friction rate (extent/γ of finger travel covers it), the rest 1:1 (`_applyFriction`).
    @Test func easingPastTheEdgeIsOneToOneBeyondIt() {
        let gamma = 0.52 * pow(1 - (5 - 30) / 100.0, 2)
        let shown = model.dragged(shown: -5, fingerFrom: 0, fingerTo: 30, extent: extent)
        #expect(close(shown, -5 + 5 + (30 - 5 / gamma), 1e-12))
        var fast = model
        fast.values.fastEasing = 1
        #expect(fast.dragged(shown: -5, fingerFrom: 0, fingerTo: 3, extent: extent) == -2)
    }

    @Test(arguments: [250.0, 1000.0, 4000.0, 8000.0, -3000.0])
    func flingDistanceAndDurationFollowTheFrictionFormula(v0: Double) {
        let wide = ModelExtent(maxOffset: 100_000, viewport: 800)
        let x0 = v0 > 0 ? 100.0 : 90_000.0
        let motion = model.release(position: x0, velocity: v0, extent: wide)
        let lnD = log(0.135)
        let tolerance = 1 / (0.05 * 3)
        let duration = log(tolerance / abs(v0)) / lnD
        #expect(close(motion.settleTime, duration, 1e-9))
        #expect(close(motion.restPosition, x0 + v0 * (pow(0.135, duration) - 1) / lnD, 1e-7))
        // finalX = x0 − v0/ln 0.135 = x0 + 0.49938·v0; rest falls short by tolerance/|ln D| ≈ 3.3 pt.
        #expect(close(x0 - v0 / lnD, x0 + 0.4993806 * v0, 1e-4 * abs(v0)))
        #expect(close(abs(x0 - v0 / lnD - motion.restPosition), tolerance / -lnD, 1e-7))
        for t in [0.05, 0.3, 1.0] {
            #expect(close(motion.position(at: t), x0 + v0 / lnD * (pow(0.135, t) - 1), 1e-7))
            #expect(close(motion.velocity(at: t), v0 * pow(0.135, t), 1e-7))
        }
        // scroll_physics_test.dart: createBallisticSimulation(…, 1000).dx(0) == 1000.
        #expect(
            model.release(position: 20, velocity: 1000, extent: ModelExtent(maxOffset: 100, viewport: 500)).velocity(
                at: 0) == 1000)
    }

    @Test func fastRateStopsInFiniteTimeWithConstantDeceleration() {
        var fast = model
        fast.values.constantDeceleration = 1400
        let wide = ModelExtent(maxOffset: 100_000, viewport: 800)
        let motion = fast.release(position: 0, velocity: 3000, extent: wide)
        // dx(t) = 3000·0.135^t − 1400·t reaches the tolerance 6.67 pt/s at settleTime.
        let t = motion.settleTime
        #expect(close(3000 * pow(0.135, t) - 1400 * t, 1 / 0.15, 1e-6))
        #expect(close(motion.restPosition, 3000 * (pow(0.135, t) - 1) / log(0.135) - 700 * t * t, 1e-6))
        #expect(motion.restPosition < model.release(position: 0, velocity: 3000, extent: wide).restPosition)
    }

    /// A glide past the trailing edge hands over to the spring exactly at the edge, with the
    /// glide's speed there (capped at 5000 pt/s on this side only).
    @Test func springTakesOverAtTheEdge() throws {
        let motion = model.release(position: 600, velocity: 2000, extent: extent)
        let handOff = try #require(motion.pieces.last).start
        let lnD = log(0.135)
        let expected = log(lnD * (1000 - 600) / 2000 + 1) / lnD
        #expect(close(handOff, expected, 1e-12))
        #expect(close(motion.position(at: handOff), 1000, 1e-9))
        let speed = 2000 * pow(0.135, expected)
        // Overdamped spring m = 0.5, k = 100, c = 1.1·2·√50 from y0 = 0, v0 = speed.
        let c = 1.1 * 2 * 50.0.squareRoot(), root = (c * c - 4 * 0.5 * 100).squareRoot()
        let r1 = (-c - root) / (2 * 0.5), r2 = (-c + root) / (2 * 0.5)
        let c2 = speed / (r2 - r1), c1 = -c2
        for dt in [0.02, 0.1, 0.25] {
            #expect(close(motion.position(at: handOff + dt), 1000 + c1 * exp(r1 * dt) + c2 * exp(r2 * dt), 1e-9))
        }
        #expect(motion.restPosition == 1000)
        let peak = (0..<400).map { motion.position(at: handOff + Double($0) * 0.002) }.max()!
        #expect(peak > 1000 && peak < 1000 + speed / 10)

        let hard = model.release(position: 990, velocity: 20000, extent: extent)
        #expect(
            close(
                try #require(hard.pieces.last).start.isFinite ? hard.velocity(at: hard.pieces.last!.start) : 0, 5000,
                1e-9))
        let hardBack = model.release(position: 10, velocity: -20000, extent: extent)
        // the source's min() leaves the leading side uncapped
        #expect(hardBack.velocity(at: hardBack.pieces.last!.start) < -5000)
    }

    @Test func releasedPastAnEdgeSpringsBack() {
        let motion = model.release(position: -60, velocity: 0, extent: extent)
        #expect(motion.pieces.count == 1 && motion.pieces[0].kind == "spring")
        #expect(motion.restPosition == 0 && motion.position(at: 0) == -60)
        #expect(motion.position(at: 0.2) > -60 && motion.position(at: 0.2) <= 0)
        #expect(model.release(position: 500, velocity: 5, extent: extent).settleTime == 0)  // below 6.67 pt/s
    }

    @Test func flingThresholdsAndCarriedMomentum() {
        #expect(model.flingVelocity(estimated: 99, travel: 100) == 0)
        #expect(model.flingVelocity(estimated: 101, travel: 17) == 0)
        #expect(model.flingVelocity(estimated: 101, travel: 19) == 101)
        #expect(model.flingVelocity(estimated: -9000, travel: -300) == -8000)
        #expect(close(model.carriedMomentum(1000), 0.000816 * pow(1000, 1.967), 1e-9))
        #expect(model.carriedMomentum(-1e6) == -40000)
        // carriedMomentum(3000) ≈ 5639 pt/s: a 4000 pt/s flick keeps it, a 2000 pt/s one (< half) does not.
        #expect(model.carriedVelocity(previous: 3000, fling: 4000) == model.carriedMomentum(3000))
        #expect(model.carriedVelocity(previous: 3000, fling: 2000) == 0)
        #expect(model.carriedVelocity(previous: 3000, fling: -2000) == 0)
        #expect(model.carriedVelocity(previous: 3000, fling: 0.4 * model.carriedMomentum(3000)) == 0)
    }

    @Test func iosVelocityEstimatorWeightsTheOlderSegments() {
        var estimator = IOSFlingVelocityEstimator()
        // Segments at 1000, 2000, 3000 and 4000 pt/s (10 ms apart, newest last).
        var x = 0.0
        estimator.add(time: 0, position: 0)
        for (i, speed) in [1000.0, 2000, 3000, 4000].enumerated() {
            x += speed * 0.01
            estimator.add(time: Double(i + 1) * 0.01, position: x)
        }
        #expect(close(estimator.velocity(at: 1), 0.6 * 2000 + 0.35 * 3000 + 0.05 * 4000, 1e-9))
        #expect(close(estimator.travel, x, 1e-12))
        var two = IOSFlingVelocityEstimator()
        two.add(time: 0, position: 0)
        two.add(time: 0.01, position: 10)
        #expect(close(two.velocity(at: 0.01), 0.05 * 1000, 1e-9))
    }

    /// PageScrollPhysics: ±0.5 page beyond the velocity tolerance, then round.
    @Test(arguments: [
        (1.3, 10.0, 2), (1.05, 10.0, 2), (1.95, -10.0, 1), (1.3, 5.0, 1), (1.3, -10.0, 1), (1.6, 0.0, 2),
        (1.1, -7.0, 1), (0.4, -7.0, 0), (3.2, 500.0, 3)
    ])
    func pageDecision(page: Double, velocity: Double, expected: Int) throws {
        let release = ModelPageRelease(
            offset: page * 400, velocity: velocity, pageSize: 400, pageCount: 4, travel: 0,
            touchDuration: 0.2, viewport: 400)
        let turn = try #require(model.page(release))
        #expect(turn.index == expected)
        #expect(turn.motion.restPosition == Double(expected) * 400)
        #expect(close(turn.motion.velocity(at: 0), turn.motion.settleTime > 0 ? velocity : 0, 1e-9))
    }

    /// The farthest content gets: a drag stops within a viewport of the edge, and a release
    /// there at the fastest fling outward, carried momentum included (Flutter adds it after the
    /// recognizer's clamp), carries the spring on by its reach — just inside the limit, never past it.
    @Test func aReleaseAtTheDragLimitStaysWithinTheOverscrollLimit() {
        let limit = model.overscrollLimit(extent: extent)
        #expect(limit > extent.viewport && limit < extent.viewport + 1500, "\(limit)")
        let farthestDrag = model.dragged(shown: -99, fingerFrom: 0, fingerTo: -10_000, extent: extent)
        #expect(farthestDrag >= -extent.viewport)
        let fastest = model.values.maxFlingVelocity + model.values.momentumCap
        let motion = model.release(position: -extent.viewport, velocity: -fastest, extent: extent)
        let peak = stride(from: 0.0, through: 2, by: 1e-4).map { -motion.position(at: $0) }.max()!
        #expect(peak <= limit + 1e-9 && peak > limit - 60, "peak \(peak), limit \(limit)")
    }

    /// A velocity handed in from elsewhere faster than Flutter ever flings (an adapter's
    /// collision with a light list) starts at Flutter's fastest, fling plus carried momentum.
    @Test func aHandedInVelocityIsHeldToTheFastestFling() {
        let fastest = model.values.maxFlingVelocity + model.values.momentumCap
        let motion = model.release(position: 500, velocity: -100_000, extent: extent)
        #expect(close(motion.velocity(at: 0), -fastest, 1e-9), "\(motion.velocity(at: 0))")
        let limit = model.overscrollLimit(extent: extent)
        let farthest = stride(from: 0.0, through: 3, by: 1e-4).map { -motion.position(at: $0) }.max()!
        #expect(farthest <= limit, "\(farthest) past the edge, limit \(limit)")
    }
}
