import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct RubberBandTests {
    @Test(arguments: [(0.55, 844.0), (0.55, 200), (0.3, 1000), (1.0, 50)])
    func followsSeedCurve(c: Double, d: Double) {
        let band = RubberBand(coefficient: c, limit: d)
        for x in [0.0, 1, 37.5, 200, 844, 5000, 1e6] {
            let f = band.overshoot(forPull: x)
            // f(x) = x·b/(1 − k·x) with b = c, k = −c/d ...
            #expect(relativelyClose(f, x * c / (1 + c * x / d), 1e-12))
            // ... the same curve as (1 − 1/(x·c/d + 1))·d ...
            #expect(relativelyClose(f, (1 - 1 / (x * c / d + 1)) * d, 1e-9))
            // ... whose ratio g = f/x lies on the measured line g = k·f + b.
            if x > 0 { #expect(relativelyClose(f / x, band.lineSlope * f + c, 1e-12)) }
            #expect(f < d)
            #expect(band.overshoot(forPull: -x) == -f)
        }
    }

    @Test func matchesSeedTableOfLineSlopes() {
        // Li's measured k for view lengths 1000…200 (b = 0.55 for all).
        let table: [(Double, Double)] = [
            (1000, -0.00055), (800, -0.00069), (600, -0.00091), (400, -0.00133), (200, -0.00270)
        ]
        for (d, k) in table {
            let slope = RubberBand(coefficient: 0.55, limit: d).lineSlope
            #expect(abs(slope - k) / abs(k) < 0.035, "d = \(d): \(slope) vs measured \(k)")
        }
    }

    @Test func inverseRoundTripsAndSlopeIsTheDerivative() {
        let band = RubberBand(coefficient: 0.55, limit: 600)
        for x in [-2000.0, -10, 0, 0.5, 123, 4000] {
            #expect(close(band.pull(forOvershoot: band.overshoot(forPull: x)), x, 1e-6 * max(1, abs(x))))
            #expect(close(band.slope(atPull: x), derivative(band.overshoot, at: abs(x), step: 1e-4), 1e-6))
        }
        // At and beyond the limit, the inverse stays finite.
        #expect(band.pull(forOvershoot: 600).isFinite)
        #expect(band.pull(forOvershoot: 1e9).isFinite)
    }

    @Test func degenerateInputsStayFinite() {
        #expect(RubberBand(coefficient: 0.55, limit: 0).overshoot(forPull: 10) == 0)
        #expect(RubberBand(coefficient: 0.55, limit: 100).overshoot(forPull: .infinity) == 100)
        #expect(RubberBand(coefficient: 0.55, limit: 100).overshoot(forPull: .nan) == 0)
        #expect(RubberBand(coefficient: .nan, limit: 100).pull(forOvershoot: 5) == 0)
        let far = RubberBand(coefficient: 0.55, limit: 1).overshoot(forPull: 1e300)
        #expect(far.isFinite && far <= 1)
    }
}
