#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a staircase steps: its start, its up/down rule, its step sizes and when it ends, with the
/// rules of PsychoPy's `StairHandler` (project PsychoPy, `psychopy/data/staircase.py`), so the
/// same answers give the same intensities and reversals as PsychoPy does.
public struct StaircaseRules: Equatable, Sendable {
    /// How a step size moves the intensity: `linear` adds it, `log` multiplies by 10^s,
    /// `decibel` by 10^(s/20).
    public enum StepType: String, CaseIterable, Equatable, Sendable {
        case linear = "lin"
        case log
        case decibel = "db"
    }

    /// The intensity of the first trial.
    public var start: Double
    /// Wrong answers in a row before the intensity goes up.
    public var up: Int
    /// Correct answers in a row before it goes down.
    public var down: Int
    /// Step sizes (> 0): the step in use is the one indexed by the number of reversals so far
    /// (the last one once they run out), changed at each reversal, before that reversal's step.
    public var steps: [Double]
    public var stepType: StepType
    /// Bounds applied after each step (an increase is capped at `maximum`, a decrease at
    /// `minimum`); the start is taken as given.
    public var minimum: Double?
    public var maximum: Double?
    /// The run ends when both this many reversals and `trials` trials are reached; raised to
    /// the number of step sizes when below it.
    public var reversals: Int
    /// The fewest trials (0: reversals alone end the run).
    public var trials: Int
    /// A 1-up/1-down rule until the first reversal (PsychoPy's `applyInitialRule`).
    public var initialRule: Bool
    /// García-Pérez's step ratio Δ−/Δ+ (nil: equal steps, PsychoPy's rule): a step down is this
    /// share of the step up. 0.2845, 0.5488, 0.7393 and 0.8415 for 1-, 2-, 3- and 4-down/1-up make
    /// the track converge on 77.85, 80.35, 83.15 and 85.84 % correct (M. A. García-Pérez,
    /// "Forced-choice staircases with fixed step sizes: asymptotic and small-sample properties",
    /// Vision Research 38, 1998).
    public var downRatio: Double?

    public init(
        start: Double, up: Int = 1, down: Int = 3, steps: [Double], stepType: StepType,
        minimum: Double? = nil, maximum: Double? = nil, reversals: Int, trials: Int = 0, initialRule: Bool = true,
        downRatio: Double? = nil
    ) {
        self.start = start
        self.up = max(1, up)
        self.down = max(1, down)
        self.steps = steps.isEmpty ? [1] : steps
        self.stepType = stepType
        self.minimum = minimum
        self.maximum = maximum
        self.reversals = max(reversals, self.steps.count)
        self.trials = max(0, trials)
        self.initialRule = initialRule
        self.downRatio = downRatio
    }

    /// The window's and `scrollab blind --staircase`'s track on a difference: 1-up/`down`, steps
    /// ×2 until the 2nd reversal, ×√2 until the 4th, then ×2^¼ (log steps of log10 2, ½·log10 2
    /// and ¼·log10 2), so it finds the region fast and then moves finely.
    public static func difference(
        start: Double, down: Int, reversals: Int, minimum: Double, maximum: Double
    ) -> StaircaseRules {
        let octave = log10(2.0)
        let low = max(minimum, .leastNormalMagnitude), high = max(maximum, max(minimum, .leastNormalMagnitude))
        return StaircaseRules(
            start: Swift.min(Swift.max(start, low), high), up: 1, down: down,
            steps: [octave, octave, octave / 2, octave / 2, octave / 4], stepType: .log, minimum: low,
            maximum: high, reversals: reversals)
    }

    /// The proportion correct the track converges on: where a run of `down` correct answers
    /// comes before a run of `up` wrong ones as often as the step down is smaller than the step
    /// up (Levitt, "Transformed up-down methods in psychoacoustics", JASA 1971: p^down = ½ for
    /// 1-up with equal steps, 70.7 % for 2-down, 79.4 % for 3-down; with García-Pérez's ratio R
    /// the race is won with probability 1/(1 + R)).
    public var target: Double {
        let share = 1 / (1 + (downRatio ?? 1))
        // The chance that `down` correct in a row come before `up` wrong in a row, for
        // proportion correct p (the runs race), rises with p: bisection finds its `share`.
        func race(_ p: Double) -> Double {
            let q = 1 - p, a = pow(p, Double(down - 1)), b = pow(q, Double(up - 1))
            return a * (1 - pow(q, Double(up))) / (a + b - a * b)
        }
        var low = 1e-9, high = 1 - 1e-9
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if race(mid) < share { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}

/// An adaptive up–down staircase (Levitt 1971) run by PsychoPy's `StairHandler` rules (see
/// `StaircaseRules`): a value that records answers and says the intensity of the next trial,
/// the reversals (trial indices from 0 and intensities) and whether the run is finished.
public struct Staircase: Equatable, Sendable {
    public let rules: StaircaseRules
    /// The intensity of the next trial.
    public private(set) var level: Double
    /// The intensity shown on each trial answered so far.
    public private(set) var intensities: [Double] = []
    public private(set) var answers: [Bool] = []
    /// The trials (from 0) at which the track turned, and their intensities.
    public private(set) var reversalTrials: [Int] = []
    public private(set) var reversals: [Double] = []
    public private(set) var isFinished = false
    private enum Direction: Equatable, Sendable { case start, up, down }
    private var direction = Direction.start
    /// Correct answers in a row (> 0) or wrong ones (< 0) since the last step.
    private var counter = 0
    private var stepIndex = 0

    public init(_ rules: StaircaseRules) {
        self.rules = rules
        level = rules.start
    }

    /// The window's track on a difference (see `StaircaseRules.difference`).
    public init(start: Double, down: Int = 3, reversals: Int = 20, minimum: Double, maximum: Double) {
        self.init(.difference(start: start, down: down, reversals: reversals, minimum: minimum, maximum: maximum))
    }

    public var down: Int { rules.down }
    public var target: Double { rules.target }
    public var minimum: Double { rules.minimum ?? -.infinity }
    public var maximum: Double { rules.maximum ?? .infinity }

    /// Every trial: its intensity and whether it was answered correctly.
    public var trials: [(level: Double, correct: Bool)] {
        zip(intensities, answers).map { (level: $0, correct: $1) }
    }

    /// The step size in use.
    public var step: Double { rules.steps[min(stepIndex, rules.steps.count - 1)] }

    /// Records the answer to the trial at `level` and moves to the next intensity. An answer after
    /// the run finished is not recorded.
    public mutating func record(correct: Bool) {
        guard !isFinished else { return }
        let trial = intensities.count
        intensities.append(level)
        answers.append(correct)
        if correct {
            counter = trial > 0 && answers[trial - 1] ? counter + 1 : 1
        } else {
            counter = trial > 0 && !answers[trial - 1] ? counter - 1 : -1
        }
        let initial = rules.initialRule && reversals.isEmpty
        let reversal: Bool
        if initial {
            reversal = direction == (correct ? .up : .down)
            direction = correct ? .down : .up
        } else if counter >= rules.down {
            reversal = direction == .up
            direction = .down
        } else if counter <= -rules.up {
            reversal = direction == .down
            direction = .up
        } else {
            reversal = false
        }
        if reversal {
            reversalTrials.append(trial)
            reversals.append(intensities[trial])
            stepIndex = reversals.count
        }
        if reversals.count >= rules.reversals && intensities.count >= rules.trials { isFinished = true }
        // Until the first reversal, and on it, the initial rule steps after every answer.
        if initial {
            correct ? stepDown() : stepUp()
        } else if counter >= rules.down {
            stepDown()
        } else if counter <= -rules.up {
            stepUp()
        }
    }

    private mutating func stepUp() {
        level = moved(level, by: step, up: true)
        if let maximum = rules.maximum, level > maximum { level = maximum }
        counter = 0
    }

    private mutating func stepDown() {
        level = moved(level, by: step * (rules.downRatio ?? 1), up: false)
        if let minimum = rules.minimum, level < minimum { level = minimum }
        counter = 0
    }

    private func moved(_ value: Double, by size: Double, up: Bool) -> Double {
        switch rules.stepType {
        case .linear: return up ? value + size : value - size
        case .log: return up ? value * pow(10, size) : value / pow(10, size)
        case .decibel: return up ? value * pow(10, size / 20) : value / pow(10, size / 20)
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
