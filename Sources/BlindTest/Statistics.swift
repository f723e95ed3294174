#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The statistics of a blind test: exact binomial tests against chance, Clopper–Pearson
/// intervals, and d′ (sensitivity) for the designs the test offers. Every function returns a
/// finite number for every count it accepts (0 ≤ k ≤ n); nothing divides by zero.
public enum Statistics {
    // MARK: The normal distribution

    /// Φ(x), the standard normal distribution function: ½·erfc(−x/√2).
    public static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.squareRoot()) }

    /// Φ⁻¹(p) for 0 < p < 1 (±∞ at the ends are clamped to ±38, where Φ is 0 or 1 in doubles),
    /// by bisection on `normalCDF` to full double precision.
    public static func normalQuantile(_ p: Double) -> Double {
        guard p > 0 else { return -38 }
        guard p < 1 else { return 38 }
        var low = -38.0, high = 38.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if normalCDF(mid) < p { low = mid } else { high = mid }
            if high - low < 1e-15 { break }
        }
        return (low + high) / 2
    }

    // MARK: The binomial distribution

    /// ln C(n, k), by log-gamma (exact enough for any n a test can have).
    static func logChoose(_ n: Int, _ k: Int) -> Double {
        lgamma(Double(n) + 1) - lgamma(Double(k) + 1) - lgamma(Double(n - k) + 1)
    }

    /// P(X = k) for X ~ Binomial(n, p).
    public static func binomialProbability(_ k: Int, of n: Int, p: Double) -> Double {
        guard k >= 0, k <= n else { return 0 }
        if p <= 0 { return k == 0 ? 1 : 0 }
        if p >= 1 { return k == n ? 1 : 0 }
        return exp(logChoose(n, k) + Double(k) * log(p) + Double(n - k) * log1p(-p))
    }

    /// P(X ≥ k) for X ~ Binomial(n, p): the one-sided p-value of k successes against chance p
    /// (R's `binom.test(k, n, p, alternative = "greater")`).
    public static func binomialUpperTail(_ k: Int, of n: Int, p: Double) -> Double {
        guard k > 0 else { return 1 }
        guard k <= n else { return 0 }
        return min(1, (k...n).reduce(0) { $0 + binomialProbability($1, of: n, p: p) })
    }

    /// The two-sided p-value of k successes in n against p: the probability of every outcome no
    /// more likely than k (R's `binom.test`, which allows a relative slack of 1e-7).
    public static func binomialTwoSided(_ k: Int, of n: Int, p: Double) -> Double {
        guard n > 0 else { return 1 }
        let observed = binomialProbability(k, of: n, p: p) * (1 + 1e-7)
        return min(
            1,
            (0...n).reduce(0) { sum, i in
                let q = binomialProbability(i, of: n, p: p)
                return q <= observed ? sum + q : sum
            })
    }

    // MARK: The beta distribution

    /// I_x(a, b), the regularized incomplete beta function, by its continued fraction (modified
    /// Lentz), on the side where it converges fast.
    public static func incompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x))
        if x < (a + 1) / (a + b + 2) { return front * betaFraction(x, a, b) / a }
        return 1 - front * betaFraction(1 - x, b, a) / b
    }

    private static func betaFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...500 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d; if abs(d) < tiny { d = tiny }
            c = 1 + even / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d; if abs(d) < tiny { d = tiny }
            c = 1 + odd / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return h
    }

    /// The x with I_x(a, b) = q, by bisection (I is increasing in x).
    public static func betaQuantile(_ q: Double, _ a: Double, _ b: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if incompleteBeta(mid, a, b) < q { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The Clopper–Pearson ("exact") interval for a proportion, k successes in n, at `level`
    /// (0.95): the beta quantiles B(α/2; k, n−k+1) and B(1−α/2; k+1, n−k), 0 and 1 at the ends
    /// (Clopper & Pearson 1934; R's `binom.test` interval).
    public static func clopperPearson(_ k: Int, of n: Int, level: Double = 0.95) -> (low: Double, high: Double) {
        guard n > 0 else { return (0, 1) }
        let alpha = 1 - level
        let low = k == 0 ? 0 : betaQuantile(alpha / 2, Double(k), Double(n - k + 1))
        let high = k == n ? 1 : betaQuantile(1 - alpha / 2, Double(k + 1), Double(n - k))
        return (low, high)
    }

    // MARK: d′

    /// The proportion correct an unbiased observer with sensitivity d′ reaches in `design`
    /// (Macmillan & Creelman, *Detection Theory: A User's Guide*):
    /// - two-alternative forced choice: Φ(d′/√2);
    /// - ABX, independent-observation model: Φ(d′/√2)·Φ(d′/2) + Φ(−d′/√2)·Φ(−d′/2);
    /// - same–different, independent-observation model (two fixed stimuli): Φ(d′/2)² + Φ(−d′/2)².
    public static func proportionCorrect(dPrime d: Double, design: Design) -> Double {
        switch design {
        case .twoAlternative:
            return normalCDF(d / 2.squareRoot())
        case .abx:
            let r = d / 2.squareRoot(), h = d / 2
            return normalCDF(r) * normalCDF(h) + normalCDF(-r) * normalCDF(-h)
        case .sameDifferent:
            let h = normalCDF(d / 2)
            return h * h + (1 - h) * (1 - h)
        }
    }

    /// The designs d′ is computed for.
    public enum Design: Sendable { case twoAlternative, abx, sameDifferent }

    /// d′ from a proportion correct (0 at or below chance, 0.5). A perfect score has no finite
    /// d′: it is computed at 1 − 1/(2n), the usual correction (Macmillan & Creelman), and
    /// `isLowerBound` says so.
    public static func dPrime(correct k: Int, of n: Int, design: Design) -> (value: Double, isLowerBound: Bool) {
        guard n > 0 else { return (0, false) }
        var pc = Double(k) / Double(n)
        let perfect = k >= n
        if perfect { pc = 1 - 1 / (2 * Double(n)) }
        guard pc > 0.5 else { return (0, false) }
        var low = 0.0, high = 20.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if proportionCorrect(dPrime: mid, design: design) < pc { low = mid } else { high = mid }
        }
        return ((low + high) / 2, perfect)
    }
}
