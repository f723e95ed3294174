import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct AndroidTests {
    let model = AndroidModel()

    @Test func splineTableIsTheSourcesCurve() {
        let table = SplineFling.standardTable
        // [0] is the bisection's, within 1e-5 of 0
        #expect(table.count == 101 && table[0] >= 0 && table[0] < 1e-4 && table[100] == 1)
        #expect(zip(table, table.dropFirst()).allSatisfy { $0 < $1 })
        // Each entry is a point of the spline: for some x, t(x) = i/100 and d(x) = table[i].
        for i in [10, 35, 50, 90] {
            let alpha = Double(i) / 100
            var low = 0.0, high = 1.0
            for _ in 0..<100 {
                let x = (low + high) / 2
                let tx = 3 * x * (1 - x) * ((1 - x) * 0.175 + x * 0.35) + x * x * x
                if tx > alpha { high = x } else { low = x }
            }
            let x = (low + high) / 2
            #expect(close(table[i], 3 * x * (1 - x) * ((1 - x) * 0.5 + x) + x * x * x, 2e-5))
        }
    }

    /// getSplineFlingDuration / getSplineFlingDistance with the source's truncation.
    @Test(arguments: [(1000.0, 2.625), (4000.0, 2.625), (250.0, 3.0), (8000.0, 1.0), (-2000.0, 2.0)])
    func flingDistanceAndDuration(v0: Double, density: Double) {
        let fling = SplineFling(position: 100, velocity: v0, density: density)
        let d = log(0.78) / log(0.9)
        let coefficient = 9.80665 * 39.37 * 160 * density * 0.84
        let l = log(0.35 * abs(v0 * density) / (0.015 * coefficient))
        #expect(fling.durationMilliseconds == Int(1000 * exp(l / (d - 1))))
        #expect(fling.distancePixels == Int(0.015 * coefficient * exp(d / (d - 1) * l)) * (v0 < 0 ? -1 : 1))
        #expect(close(fling.restPosition, 100 + Double(fling.distancePixels) / density, 1e-9))
        // Flutter's ClampingScrollSimulation is built to travel the same distance (to a pixel).
        let flutter = ClampingScrollSimulation(position: 100, velocity: v0)
        #expect(abs(flutter.restPosition - fling.restPosition) <= 1 / density + 1e-9)
        // Halfway through, the position is SPLINE_POSITION[50] of the way.
        #expect(
            close(fling.position(at: fling.duration / 2), 100 + SplineFling.standardTable[50] * fling.distance, 1e-9))
    }

    @Test func stretchFromAPull() {
        let extent = ModelExtent(maxOffset: 2000, viewport: 800)
        // 100 pt past the top on an 800 pt view: d = 0.125.
        let shown = model.dragged(shown: 0, fingerFrom: 0, fingerTo: -100, extent: extent)
        let expected = 0.016 * 0.125 + 0.016 * (1 - exp(-0.125 * M_E / 0.33))
        #expect(close(shown, -expected * 800, 1e-12))
        // Capped at d = 1: at most 3.2 % of the viewport.
        #expect(model.dragged(shown: 0, fingerFrom: 0, fingerTo: -5000, extent: extent) >= -0.032 * 800)
        // Release from there: the stretch recedes from rest to zero, never past the edge.
        let motion = model.release(position: shown, velocity: 0, extent: extent)
        #expect(close(motion.position(at: 0), shown, 1e-9))
        #expect(motion.restPosition == 0 && motion.settleTime > 0.05 && motion.settleTime < 1)
        for t in stride(from: 0.0, through: motion.settleTime, by: 0.005) {
            #expect(motion.position(at: t) <= 1e-12 && motion.position(at: t) >= shown - 1e-9)
        }
    }

    /// updateSpring's underdamped solution, checked at a few times against the source's formula.
    @Test func stretchSpringIsTheSources() {
        let edge = StretchEdge()
        let recede = edge.recede(pixels: 200, speed: 0, height: 2100)
        let w = 24.657, z = 0.98, wd = w * (1 - z * z).squareRoot()
        for t in [0.005, 0.02, 0.05] {
            let x = exp(-z * w * t) * (200 * cos(wd * t) + (z * w * 200) / wd * sin(wd * t))
            #expect(close(recede.pixels(at: t), x, 1e-9))
        }
        // It ends by the linear take-over: once within 8 px moving back at ≤ 200 px/s, a straight
        // 200 px/s to zero (the spring alone would take much longer to come that close).
        #expect(recede.duration > 0.05 && recede.pixels(at: recede.duration) == 0)
        let linearStart = try! #require(recede.pieces.last { $0.linear }).start
        let x = recede.pixels(at: linearStart)
        #expect(x > 0 && x <= 8 + 1e-9)
        #expect(close(recede.speed(at: linearStart + 1e-6), -200, 1e-9))
        #expect(close(recede.duration, linearStart + x / 200, 1e-9))
        let (_, vBefore) = recede.spring(x0: 200, v0: 0, t: linearStart)
        #expect(abs(vBefore) <= 200 + 1e-6)
        // … and it is the first such moment: 0.5 ms earlier the spring was still farther or faster.
        let (xEarlier, vEarlier) = recede.spring(x0: 200, v0: 0, t: linearStart - 5e-4)
        #expect(xEarlier >= 8 || abs(vEarlier) > 200)
    }

    @Test func flingIntoTheEdgeStretches() throws {
        let extent = ModelExtent(maxOffset: 1000, viewport: 800)
        let motion = model.release(position: 900, velocity: 3000, extent: extent)
        #expect(motion.pieces.map(\.kind) == ["fling", "stretch"])
        let hit = motion.pieces[1].start
        let spline = SplineFling(position: 900, velocity: 3000, density: 2.625)
        #expect(close(try #require(spline.time(atX: 1000)), hit, 1e-12))
        #expect(close(motion.position(at: hit), 1000, 1e-9))
        // onAbsorb: 13 × the speed at impact, in px/s, on the pull distance.
        let impact = spline.velocity(at: hit) * 2.625 * 13
        let height = 800 * 2.625
        let slope = (0.016 + 0.016 * M_E / 0.33) * impact / height * 800
        #expect(close(motion.velocity(at: hit + 1e-9), slope, 1e-3 * slope))
        let peak = (1..<200).map { motion.position(at: hit + Double($0) * 0.001) }.max()!
        #expect(peak > 1000 && peak <= 1000 + 0.032 * 800)
        #expect(motion.restPosition == 1000)
    }

    @Test func thresholdsFlywheelAndEstimator() {
        #expect(model.flingVelocity(estimated: 49, travel: 0) == 0)
        #expect(model.flingVelocity(estimated: 50, travel: 0) == 50)
        #expect(model.flingVelocity(estimated: -12000, travel: 0) == -8000)
        #expect(model.carriedVelocity(previous: 1500, fling: 2000) == 1500)
        #expect(model.carriedVelocity(previous: -1500, fling: 2000) == 0)
        var off = model
        off.values.flywheel = 0
        #expect(off.carriedVelocity(previous: 1500, fling: 2000) == 0)
        var estimator = model.makeEstimator()
        estimator.add(time: 0, position: 0)
        estimator.add(time: 0.01, position: 12)
        #expect(close(estimator.velocity(at: 0.01), 1200, 1e-9))  // LSQ2 drops to a line with two samples
        estimator.reset()
        estimator.add(time: 0, position: 0)
        estimator.add(time: 0.1, position: 0)  // a 100 ms rest: history before it is cut
        estimator.add(time: 0.108, position: 8)
        #expect(close(estimator.velocity(at: 0.108), 1000, 1e-9))
    }

    /// PagerSnapHelper: a fling goes to the next page in its direction, a slow release to the
    /// nearest; fling snaps last ceil(min(100, ceil(|dx|·100/dpi))/0.3356) ms.
    @Test(arguments: [
        (1.2, 600.0, 2), (1.2, -600.0, 1), (1.8, -600.0, 1), (1.2, 30.0, 1), (1.6, -30.0, 2), (2.9, 900.0, 3)
    ])
    func pageDecision(page: Double, velocity: Double, expected: Int) throws {
        let release = ModelPageRelease(
            offset: page * 400, velocity: velocity, pageSize: 400, pageCount: 4, travel: 0,
            touchDuration: 0.2, viewport: 400)
        let turn = try #require(model.page(release))
        #expect(turn.index == expected)
        let dx = abs(Double(expected) * 400 - page * 400)
        if abs(velocity) >= 50 {
            let linear = min(100, (dx * 2.625 * 100 / 420).rounded(.up))
            #expect(close(turn.motion.settleTime, (linear / 0.3356).rounded(.up) / 1000, 1e-12))
        } else {
            #expect(close(turn.motion.settleTime, ((dx / 400 + 1) * 300).rounded(.towardZero) / 1000, 1e-12))
        }
        #expect(turn.motion.restPosition == Double(expected) * 400)
    }
}
