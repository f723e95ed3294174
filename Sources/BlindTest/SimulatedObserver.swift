#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Randomness

/// A simulated participant for a two-alternative task (ABX: chance ½) whose proportion correct
/// at intensity x > 0 is a Weibull psychometric function, p(x) = ½ + ½·(1 − exp(−(x/α)^β))
/// (½ at x ≤ 0), answering from a seeded generator: a staircase run on it can be checked
/// against a threshold known exactly. β = 3.5 is QUEST's standard slope (Watson & Pelli,
/// "QUEST: a Bayesian adaptive psychometric method", Perception & Psychophysics 1983).
public struct SimulatedObserver: Sendable {
    /// The intensity answered correctly 1 − ½e⁻¹ ≈ 81.6 % of the time.
    public let alpha: Double
    /// The slope β.
    public let beta: Double
    private var generator: SeededGenerator

    public init(alpha: Double, beta: Double = 3.5, generator: SeededGenerator) {
        self.alpha = alpha
        self.beta = beta
        self.generator = generator
    }

    /// The observer that answers correctly with proportion `p` (½ < p < 1) at `threshold`.
    public init(threshold: Double, at p: Double, slope: Double, seed: UInt64) {
        let share: Double = min(max(p, 0.5 + 1e-9), 1 - 1e-9)
        let u: Double = -log(2 - 2 * share)
        self.init(alpha: threshold / pow(u, 1 / slope), beta: slope, generator: SeededGenerator(seed: seed))
    }

    public func probability(_ x: Double) -> Double { x > 0 ? 0.5 + 0.5 * (1 - exp(-pow(x / alpha, beta))) : 0.5 }

    /// The intensity answered correctly at proportion `p`.
    public func threshold(at p: Double) -> Double { alpha * pow(-log(1 - 2 * (p - 0.5)), 1 / beta) }

    /// One answer at intensity `x`.
    public mutating func answers(_ x: Double) -> Bool {
        Double(generator.next() >> 11) / Double(1 << 53) < probability(x)
    }
}
