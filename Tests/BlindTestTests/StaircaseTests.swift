import Randomness
import Foundation
import Testing
@testable import BlindTest

@Suite struct StaircaseTests {
    /// PsychoPy's published cases for `StairHandler` (project PsychoPy,
    /// `psychopy/tests/test_data/test_StairHandlers.py`): the same configuration and answers
    /// give the same intensities (within 1e-9 relative: its vectors have 9 decimals), the same
    /// reversal trials and `finished`.
    struct PsychoPyCase: Sendable, CustomStringConvertible {
        var name: String
        var rules: StaircaseRules
        var answers: [Bool]
        var intensities: [Double]
        var reversalTrials: [Int]
        var description: String { name }
    }

    /// PsychoPy's `makeBasicResponseCycles`: `cycles` × (`correct` ones, `wrong` zeros), cut to `length`.
    static func cycles(_ cycles: Int, correct: Int, wrong: Int, length: Int) -> [Bool] {
        Array(
            (0..<cycles).flatMap { _ in Array(repeating: true, count: correct) + Array(repeating: false, count: wrong) }
                .prefix(length))
    }

    static let dbLevels = [
        0.8, 0.763994069, 0.729608671, 0.696770872, 0.665411017, 0.680910431, 0.696770872, 0.713000751, 0.729608671,
        0.729608671, 0.729608671, 0.713000751, 0.713000751, 0.72125691, 0.729608671, 0.738057142, 0.746603441,
        0.746603441, 0.746603441, 0.738057142
    ]
    static let linearLevels = [
        0.8, 0.7, 0.6, 0.5, 0.4, 0.41, 0.42, 0.43, 0.44, 0.44, 0.44, 0.439, 0.439, 0.44, 0.441, 0.442, 0.443, 0.443,
        0.443, 0.442
    ]
    static let scalarLevels = [0.8, 0.7, 0.6, 0.7, 0.6, 0.5, 0.6, 0.5, 0.4, 0.5]

    static let psychoPyCases: [PsychoPyCase] = {
        let fours = cycles(3, correct: 4, wrong: 4, length: 20), pairs = cycles(4, correct: 2, wrong: 1, length: 10)
        func rules(_ steps: [Double], _ type: StaircaseRules.StepType, down: Int, reversals: Int?, trials: Int)
            -> StaircaseRules
        {
            StaircaseRules(
                start: 0.8, up: 1, down: down, steps: steps, stepType: type, minimum: 0, maximum: 1,
                reversals: reversals ?? steps.count, trials: trials)
        }
        return [
            PsychoPyCase(
                name: "linear", rules: rules([0.1, 0.01, 0.001], .linear, down: 3, reversals: 4, trials: 20),
                answers: fours, intensities: linearLevels, reversalTrials: [4, 10, 12, 18]),
            PsychoPyCase(
                name: "log",
                rules: rules([0.4 / 20, 0.2 / 20, 0.2 / 20, 0.1 / 20], .log, down: 3, reversals: 4, trials: 20),
                answers: fours, intensities: dbLevels, reversalTrials: [4, 10, 12, 18]),
            PsychoPyCase(
                name: "db", rules: rules([0.4, 0.2, 0.2, 0.1], .decibel, down: 3, reversals: 4, trials: 20),
                answers: fours, intensities: dbLevels, reversalTrials: [4, 10, 12, 18]),
            PsychoPyCase(
                name: "scalar step", rules: rules([0.1], .linear, down: 1, reversals: 6, trials: 10),
                answers: pairs, intensities: scalarLevels, reversalTrials: [2, 3, 5, 6, 8, 9]),
            PsychoPyCase(
                name: "linear, reversals none",
                rules: rules([0.1, 0.01, 0.001], .linear, down: 3, reversals: nil, trials: 20),
                answers: fours, intensities: linearLevels, reversalTrials: [4, 10, 12, 18]),
            PsychoPyCase(
                name: "scalar step, reversals none", rules: rules([0.1], .linear, down: 1, reversals: nil, trials: 10),
                answers: pairs, intensities: scalarLevels, reversalTrials: [2, 3, 5, 6, 8, 9])
        ]
    }()

    @Test(arguments: psychoPyCases) func psychoPysPublishedCasesHold(_ c: PsychoPyCase) {
        var track = Staircase(c.rules)
        for answer in c.answers where !track.isFinished { track.record(correct: answer) }
        #expect(track.intensities.count == c.intensities.count)
        for (got, want) in zip(track.intensities, c.intensities) {
            #expect(abs(got - want) <= 1e-9 * abs(want), "\(c.name): \(got) vs \(want)")
        }
        #expect(track.reversalTrials == c.reversalTrials)
        #expect(track.reversals == c.reversalTrials.map { track.intensities[$0] })
        #expect(track.isFinished)
        #expect(track.intensities.allSatisfy { $0 >= 0 && $0 <= 1 })
    }

    /// PsychoPy's `test_applyInitialRule_False` and `test_nReversals`.
    @Test func withoutTheInitialRuleAndTheRaisedReversals() {
        var track = Staircase(
            StaircaseRules(start: 10, up: 1, down: 2, steps: [2], stepType: .linear, reversals: 2, initialRule: false))
        for answer in [false, true, true, false] where !track.isFinished { track.record(correct: answer) }
        #expect(track.intensities == [10, 12, 12, 10])
        let steps = [0.0, 1, 2, 3, 4]
        for (given, raised) in [(5, 5), (4, 5), (6, 6)] {
            #expect(StaircaseRules(start: 1, steps: steps, stepType: .decibel, reversals: given).reversals == raised)
        }
    }

    /// The point each rule converges on: Levitt's 70.7 % (2-down) and 79.4 % (3-down) with equal
    /// steps; with García-Pérez's ratios 77.85, 80.35, 83.15 and 85.84 % for 1- to 4-down.
    @Test func theConvergencePointOfEachRule() {
        func target(down: Int, ratio: Double? = nil) -> Double {
            StaircaseRules(start: 1, down: down, steps: [1], stepType: .log, reversals: 1, downRatio: ratio).target
        }
        #expect(abs(target(down: 2) - 0.5.squareRoot()) < 1e-9)
        #expect(abs(target(down: 3) - pow(0.5, 1.0 / 3)) < 1e-9)
        #expect(abs(target(down: 1) - 0.5) < 1e-9)
        for (down, ratio, percent) in [(1, 0.2845, 77.85), (2, 0.5488, 80.35), (3, 0.7393, 83.15), (4, 0.8415, 85.84)] {
            #expect(abs(100 * target(down: down, ratio: ratio) - percent) < 0.01, "\(down)-down")
        }
        // 2-up/2-down converges on ½ (a symmetric rule).
        #expect(
            abs(StaircaseRules(start: 1, up: 2, down: 2, steps: [1], stepType: .log, reversals: 1).target - 0.5) < 1e-9)
    }

    @Test func aDownRatioShrinksOnlyTheStepDown() {
        var track = Staircase(
            StaircaseRules(
                start: 10, up: 1, down: 1, steps: [2], stepType: .linear, reversals: 10, initialRule: false,
                downRatio: 0.5))
        track.record(correct: true)
        #expect(track.level == 9)
        track.record(correct: false)
        #expect(track.level == 11)
    }

    @Test func theWindowsTrackStepsByOctavesThenFiner() {
        var track = Staircase(start: 8, down: 2, reversals: 5, minimum: 0.001, maximum: 100)
        #expect(abs(track.target - 0.7071067811865476) < 1e-12)
        // The initial 1-up/1-down rule: every correct answer halves the difference.
        track.record(correct: true)
        #expect(abs(track.level - 4) < 1e-12)
        track.record(correct: false)  // the first reversal: up ×2 (still the first step size)
        #expect(abs(track.level - 8) < 1e-12 && track.reversals.count == 1)
        track.record(correct: true)  // 2-down applies now: one correct is not yet a step
        #expect(abs(track.level - 8) < 1e-12 && track.reversalTrials == [1])
        track.record(correct: true)  // the second reversal: its step already ÷√2
        #expect(abs(track.level - 8 / 2.squareRoot()) < 1e-12 && track.reversalTrials == [1, 3])
        // Bounds hold: never below the minimum or above the maximum.
        var low = Staircase(start: 0.2, down: 1, reversals: 50, minimum: 0.1, maximum: 0.3)
        for _ in 0..<10 { low.record(correct: true) }
        #expect(low.level == 0.1)
        for _ in 0..<10 { low.record(correct: false) }
        #expect(low.level == 0.3)
    }

    /// 200 seeded runs of the default staircase (1-up/3-down, 20 reversals) with an observer of
    /// known threshold, started at 4× it: the fitted JND lies within 15 % of the observer's
    /// 79.4 % point in at least 90 % of them, and its 95 % interval holds the truth about as
    /// often as it should.
    @Test func theDefaultStaircaseFindsAKnownThreshold() {
        var within = 0, covered = 0, trials = 0
        for seed in 1...200 {
            var observer = SimulatedObserver(alpha: 0.01, generator: SeededGenerator(seed: UInt64(seed)))
            var track = Staircase(start: 4 * observer.threshold(at: 0.79), minimum: 1e-9, maximum: 1)
            let truth = observer.threshold(at: track.target)
            while !track.isFinished { track.record(correct: observer.answers(track.level)) }
            trials += track.trials.count
            guard let fit = PsychometricFit(trials: track.trials, target: track.target) else { continue }
            if abs(fit.threshold / truth - 1) <= 0.15 { within += 1 }
            if fit.low <= truth && truth <= fit.high { covered += 1 }
        }
        #expect(within >= 180, "\(within) of 200 within 15 % (mean \(trials / 200) trials)")
        #expect((180...198).contains(covered), "the 95 % interval held the truth in \(covered) of 200")
        print("staircase: the 95 % interval held the truth in \(covered) of 200 runs, \(within) within 15 %")
    }

    @Test func aStepOnATunableFollowsItsSliderScale() {
        // A rate just below 1 steps in −log10(1 − value): 0.998 is position 2.699.
        let rate = ParameterStep(row(value: 0.998, range: 0.9...0.9999, scale: .logarithmicComplement))!
        #expect(rate.direction == -1)  // more room toward 0.9 (1.699 vs 1.301 decades)
        #expect(abs(rate.value(at: 0.30103) - 0.996) < 1e-9)  // 0.3 decades: twice the loss
        #expect(abs(rate.startDifference - (2.69897 - 1) / 4) < 1e-5)
        let linear = ParameterStep(row(value: 0.55, range: 0...1, scale: .linear))!
        #expect(linear.direction == -1 && abs(linear.value(at: 0.1) - 0.45) < 1e-12)
        #expect(linear.value(at: 10) == 0)  // clamped to the range
        #expect(ParameterStep(row(value: 1, range: 0...1, scale: .linear, isFlag: true)) == nil)
        #expect(ParameterStep(row(value: 2, range: 0...1, scale: .linear)) == nil)
    }
}
