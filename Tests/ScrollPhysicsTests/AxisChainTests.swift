import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct AxisChainTests {
    /// A 1200 pt list (rest range 0…356) joined to a long one.
    func pair() -> (ScrollAxis, ScrollAxis) {
        var first = ScrollAxis(viewportLength: 844, bounds: 0...356, feel: Feel(.seedMechanics))
        var second = ScrollAxis(viewportLength: 844, bounds: 0...100_000, feel: Feel(.seedMechanics))
        AxisChain.join(&first, &second)
        return (first, second)
    }

    @Test func handOffStartsTheSecondAxisAtTheExactCrossing() {
        var (first, second) = pair()
        first.fling(at: 0, velocity: 4000)  // from 0: crosses 356 at t_c = −ln(1 − 356μ/4000)/μ
        let mu = -1000 * log(0.998)
        let tc = -log(1 - 356 * mu / 4000) / mu
        let vc = 4000 - mu * 356
        let report = AxisChain().advance(&first, &second, to: 0.5)
        #expect(report.transfers == 1)
        #expect(close(report.lastTransfer?.time ?? 0, tc, 1e-9))
        #expect(close(report.lastTransfer?.struck ?? 0, vc, 1e-6))
        #expect(report.first.rest?.offset == 356 && report.first.handOff == nil)
        // The second axis glides from the crossing: x = v_c/μ·(1 − e^(−μ(t − t_c))).
        #expect(close(second.offset(at: 0.5), vc / mu * (1 - exp(-mu * (0.5 - tc))), 1e-6))
        #expect(first.offset(at: 0.5) == 356 && !first.isMoving)
    }

    @Test func secondAxisHandsBackAtItsLeadingEdge() {
        var (first, second) = pair()
        first.setOffset(356, at: 0)
        second.setOffset(100, at: 0)
        second.fling(at: 0, velocity: -3000)
        let report = AxisChain().advance(&first, &second, to: 5)
        #expect(report.lastTransfer?.from == 1)
        #expect(second.offset(at: 5) == 0)
        #expect(first.offset(at: 5) < 356)
    }

    @Test(arguments: [false, true])
    func independentOfFrameRate(elastic: Bool) {
        func run(_ fps: Double) -> [(Double, Double)] {
            var (first, second) = pair()
            let chain = AxisChain(firstMass: 1, secondMass: elastic ? 3 : 2, elastic: elastic)
            first.fling(at: 0, velocity: 5000)
            var samples: [(Double, Double)] = []
            for frame in 0...Int(4 * fps) {
                let t = Double(frame) / fps
                chain.advance(&first, &second, to: t)
                if frame % Int(fps / 30) == 0 { samples.append((first.offset(at: t), second.offset(at: t))) }
            }
            return samples
        }
        let reference = run(240)
        for fps in [30.0, 60, 120] {
            let samples = run(fps)
            #expect(samples.count == reference.count)
            let worst = zip(samples, reference).map { max(abs($0.0 - $1.0), abs($0.1 - $1.1)) }.max() ?? 0
            #expect(worst < 0.01, "\(fps) fps")
        }
    }

    @Test func collisionsConserveMomentumAndRejectBadInput() {
        #expect(AxisChain.collide(velocity: 1000, arriving: 1, struck: 2, elastic: false) == (0, 500))
        let (rebound, struck) = AxisChain.collide(velocity: 1000, arriving: 1, struck: 3, elastic: true)
        #expect(rebound == -500 && struck == 500)
        #expect(AxisChain.collide(velocity: .infinity, arriving: 1, struck: 1, elastic: false) == (0, 0))
        #expect(AxisChain.collide(velocity: 100, arriving: 0, struck: 1, elastic: true) == (0, 0))
    }
}
