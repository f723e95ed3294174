import Testing
@testable import BlindTest

/// Known values: R's `binom.test` and SciPy's `binomtest` (exact binomial tails and
/// Clopper–Pearson intervals), and d′ solved from Macmillan & Creelman's formulas by SciPy's
/// `brentq` (ABX, independent observations), their closed form (same–different, fixed) and
/// Φ⁻¹ (2AFC).
@Suite struct StatisticsTests {
    @Test func binomialTailsMatchRsBinomTest() {
        // binom.test(12, 16, alternative = "greater"): 0.03841; two-sided 0.07681.
        #expect(abs(Statistics.binomialUpperTail(12, of: 16, p: 0.5) - 0.0384063720703125) < 1e-12)
        #expect(abs(Statistics.binomialTwoSided(12, of: 16, p: 0.5) - 0.076812744140625) < 1e-12)
        // binom.test(3, 20): 0.002577 (both tails of a symmetric distribution).
        #expect(abs(Statistics.binomialTwoSided(3, of: 20, p: 0.5) - 0.0025768280029296875) < 1e-12)
        // P(X ≥ 9 | 10, ½) = 11/1024.
        #expect(abs(Statistics.binomialUpperTail(9, of: 10, p: 0.5) - 11.0 / 1024) < 1e-14)
        // A skewed chance: P(X ≥ 4 | 6, ⅓) = (15·4 + 6·2 + 1)/729 = 73/729.
        #expect(abs(Statistics.binomialUpperTail(4, of: 6, p: 1.0 / 3) - 73.0 / 729) < 1e-12)
        #expect(abs(Statistics.binomialUpperTail(1, of: 3, p: 0.5) - 7.0 / 8) < 1e-14)
        #expect(Statistics.binomialUpperTail(0, of: 10, p: 0.5) == 1)
        #expect(Statistics.binomialUpperTail(11, of: 10, p: 0.5) == 0)
        #expect(Statistics.binomialTwoSided(0, of: 0, p: 0.5) == 1)
        // Large n stays finite and exact enough: P(X ≥ 550 | 1000, ½) ≈ 8.65e-4.
        let large = Statistics.binomialUpperTail(550, of: 1000, p: 0.5)
        #expect(large.isFinite && abs(large - 0.000865) < 0.00002)
    }

    @Test func clopperPearsonIntervalsMatchTheExactOnes() {
        let cases: [(k: Int, n: Int, low: Double, high: Double)] = [
            (12, 16, 0.4762291801038724, 0.9273379617471178),
            (7, 10, 0.3475471499399921, 0.9332604888222655),
            (0, 10, 0, 0.30849710781876294),
            (10, 10, 0.6915028921812371, 1),
            (60, 100, 0.4972091504223335, 0.6967052312971551)
        ]
        for c in cases {
            let interval = Statistics.clopperPearson(c.k, of: c.n)
            #expect(abs(interval.low - c.low) < 1e-9, "\(c.k)/\(c.n) low \(interval.low)")
            #expect(abs(interval.high - c.high) < 1e-9, "\(c.k)/\(c.n) high \(interval.high)")
        }
        #expect(Statistics.clopperPearson(0, of: 0) == (0, 1))
    }

    @Test func dPrimeMatchesTheDetectionTheoryTables() {
        let cases: [(pc: Double, abx: Double, sameDifferent: Double, twoAFC: Double)] = [
            (0.6, 1.001955262049582, 1.1871799000056233, 0.3582869092425833),
            (0.75, 1.7904342888943519, 2.10359172033045, 0.9538725524089398),
            (0.9, 2.807294337985299, 3.236833552311983, 1.8123876048736465)
        ]
        for c in cases {
            let n = 100, k = Int((c.pc * 100).rounded())
            #expect(abs(Statistics.dPrime(correct: k, of: n, design: .abx).value - c.abx) < 1e-6)
            #expect(abs(Statistics.dPrime(correct: k, of: n, design: .sameDifferent).value - c.sameDifferent) < 1e-6)
            #expect(abs(Statistics.dPrime(correct: k, of: n, design: .twoAlternative).value - c.twoAFC) < 1e-6)
        }
        // 2AFC: 76 % correct is d′ = 1 (√2·Φ⁻¹(0.76) = 0.9989).
        #expect(abs(Statistics.dPrime(correct: 76, of: 100, design: .twoAlternative).value - 0.99889) < 1e-4)
        // At or below chance: 0. A perfect score: the 1 − 1/(2n) correction, marked as a bound.
        #expect(Statistics.dPrime(correct: 5, of: 10, design: .abx).value == 0)
        #expect(Statistics.dPrime(correct: 2, of: 10, design: .abx).value == 0)
        let perfect = Statistics.dPrime(correct: 10, of: 10, design: .abx)
        #expect(perfect.isLowerBound && perfect.value.isFinite && perfect.value > 2.8)
        #expect(Statistics.dPrime(correct: 0, of: 0, design: .abx).value == 0)
    }

    @Test func normalQuantileInvertsTheDistribution() {
        #expect(abs(Statistics.normalQuantile(0.975) - 1.959963984540054) < 1e-12)
        #expect(abs(Statistics.normalQuantile(0.5)) < 1e-14)
        #expect(Statistics.normalQuantile(0) == -38 && Statistics.normalQuantile(1) == 38)
        #expect(abs(Statistics.normalCDF(-1.959963984540054) - 0.025) < 1e-14)
    }
}
