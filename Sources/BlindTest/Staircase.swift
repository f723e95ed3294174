#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An adaptive up–down staircase on the difference between two feels (Levitt, "Transformed
/// up-down methods in psychoacoustics", JASA 1971): after `down` correct answers in a row the
/// difference shrinks, after one wrong answer it grows. 1-up/2-down converges on the difference
/// answered correctly 70.7 % of the time (p² = ½), 1-up/3-down on 79.4 % (p³ = ½).
///
/// Levels are differences in the tunable's slider space (see `StaircaseScale`), always > 0;
/// steps are factors: ×2 until the 2nd reversal, ×√2 until the 4th, then ×2^¼, so the track
/// finds the region fast and then moves finely. It stops at `reversalsToStop` reversals.
public struct Staircase: Equatable, Sendable {
    /// Correct answers in a row before the difference shrinks (2 or 3).
    public let down: Int
    public let reversalsToStop: Int
    /// The smallest and largest difference allowed (the tunable's range bounds the largest).
    public let minimum: Double
    public let maximum: Double
    /// The difference of the next trial.
    public private(set) var level: Double
    /// Every trial: its difference and whether it was answered correctly.
    public private(set) var trials: [(level: Double, correct: Bool)] = []
    /// The differences at which the track turned.
    public private(set) var reversals: [Double] = []
    private var streak = 0
    /// +1 after a step up, −1 after a step down, 0 before the first step.
    private var direction = 0

    public init(start: Double, down: Int = 3, reversals: Int = 20, minimum: Double, maximum: Double) {
        self.down = max(1, down)
        reversalsToStop = max(1, reversals)
        self.minimum = max(minimum, .leastNormalMagnitude)
        self.maximum = max(maximum, self.minimum)
        level = Swift.min(Swift.max(start, self.minimum), self.maximum)
    }

    /// The proportion correct the track converges on: p with p^down = ½.
    public var target: Double { pow(0.5, 1 / Double(down)) }

    public var isFinished: Bool { reversals.count >= reversalsToStop }

    /// The step factor now.
    public var stepFactor: Double {
        switch reversals.count {
        case ..<2: return 2
        case ..<4: return 2.squareRoot()
        default: return pow(2, 0.25)
        }
    }

    /// Records the answer to a trial at `level` and moves to the next level.
    public mutating func record(correct: Bool) {
        trials.append((level, correct))
        let factor = stepFactor
        if correct {
            streak += 1
            guard streak >= down else { return }
            streak = 0
            if direction == 1 { reversals.append(level) }
            direction = -1
            level = Swift.max(minimum, level / factor)
        } else {
            streak = 0
            if direction == -1 { reversals.append(level) }
            direction = 1
            level = Swift.min(maximum, level * factor)
        }
    }

    /// The classic estimate: the geometric mean of the reversals at the finest step (after the
    /// 4th), or of all of them when there are fewer; nil before the first.
    public var reversalMean: Double? { Self.reversalMean(reversals) }

    /// The geometric mean of `reversals` after the 4th (all of them when there are fewer).
    public static func reversalMean(_ reversals: [Double]) -> Double? {
        let used = (reversals.count > 4 ? Array(reversals.dropFirst(4)) : reversals).filter { $0 > 0 }
        guard !used.isEmpty else { return nil }
        return exp(used.reduce(0) { $0 + log($1) } / Double(used.count))
    }

    public static func == (a: Staircase, b: Staircase) -> Bool {
        a.level == b.level && a.reversals == b.reversals && a.trials.count == b.trials.count
            && zip(a.trials, b.trials).allSatisfy { $0.level == $1.level && $0.correct == $1.correct }
    }
}

/// The difference a participant notices `target` of the time, fitted to every trial of a
/// staircase by maximum likelihood: a Weibull psychometric function for a task whose chance is
/// ½ (ABX), p(x) = ½ + (½ − λ)·(1 − exp(−(x/α)^β)), with a lapse rate λ = 1 % (a press on the
/// wrong key) and the slope β free in [1, 8]. Using every trial, not only the reversals, it is
/// the more precise of the two estimates; its 95 % interval is where the profile likelihood of
/// the threshold stays within χ²₁(0.95)/2 = 1.92 of its peak.
public struct PsychometricFit: Equatable, Sendable {
    /// The fitted difference at `target`.
    public let threshold: Double
    public let low: Double
    public let high: Double
    public let slope: Double

    public static let lapse = 0.01

    /// Fits `trials` (difference > 0, correct); nil with fewer than 2 distinct differences.
    public init?(trials: [(level: Double, correct: Bool)], target: Double) {
        // Trials at one difference are one binomial count.
        var counts: [Double: (n: Double, k: Double)] = [:]
        for trial in trials where trial.level > 0 && trial.level.isFinite {
            counts[trial.level, default: (0, 0)].n += 1
            if trial.correct { counts[trial.level, default: (0, 0)].k += 1 }
        }
        guard counts.count >= 2 else { return nil }
        let groups = counts.map { (x: $0.key, n: $0.value.n, k: $0.value.k) }
        let u = -log(1 - (target - 0.5) / (0.5 - Self.lapse))  // (t/α)^β at the target
        func logLikelihood(logThreshold: Double, slope b: Double) -> Double {
            let t = exp(logThreshold)
            var sum = 0.0
            for g in groups {
                let p = 0.5 + (0.5 - Self.lapse) * (1 - exp(-u * pow(g.x / t, b)))
                sum += g.k * log(p) + (g.n - g.k) * log1p(-p)
            }
            return sum
        }
        let logs = groups.map { log($0.x) }
        let lowest = logs.min()! - 1.5, highest = logs.max()! + 1.5
        let slopes = stride(from: 1.0, through: 8.0, by: 0.25).map { $0 }
        let grid = 240
        // The profile over the threshold: the best slope at each threshold of a fine grid.
        var profile: [(logT: Double, value: Double, slope: Double)] = []
        for i in 0...grid {
            let logT = lowest + (highest - lowest) * Double(i) / Double(grid)
            var best = (value: -Double.infinity, slope: 1.0)
            for b in slopes {
                let value = logLikelihood(logThreshold: logT, slope: b)
                if value > best.value { best = (value, b) }
            }
            profile.append((logT, best.value, best.slope))
        }
        guard let peak = profile.indices.max(by: { profile[$0].value < profile[$1].value }) else { return nil }
        let cut = profile[peak].value - 1.92
        var first = peak, last = peak
        while first > 0, profile[first - 1].value >= cut { first -= 1 }
        while last < profile.count - 1, profile[last + 1].value >= cut { last += 1 }
        threshold = exp(profile[peak].logT)
        low = exp(profile[first].logT)
        high = exp(profile[last].logT)
        slope = profile[peak].slope
    }
}
