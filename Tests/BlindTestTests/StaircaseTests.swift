import Foundation
import Testing
import ScrollLabKit
@testable import BlindTest

/// An ABX observer whose proportion correct at difference x is a Weibull function,
/// p(x) = ½ + ½·(1 − exp(−(x/α)^β)), β = 3.5 (QUEST's standard slope, Watson & Pelli 1983):
/// the difference it answers correctly at proportion p is known exactly.
struct SimulatedObserver {
    var alpha: Double
    var beta = 3.5
    var generator: SeededGenerator

    func probability(_ x: Double) -> Double { 0.5 + 0.5 * (1 - exp(-pow(x / alpha, beta))) }

    /// The difference answered correctly at proportion `p`.
    func threshold(at p: Double) -> Double { alpha * pow(-log(1 - 2 * (p - 0.5)), 1 / beta) }

    mutating func answers(_ x: Double) -> Bool {
        Double(generator.next() >> 11) / Double(1 << 53) < probability(x)
    }
}

@Suite struct StaircaseTests {
    @Test func upDownRulesMoveTheLevelAndCountReversals() {
        var track = Staircase(start: 8, down: 2, reversals: 3, minimum: 0.001, maximum: 100)
        #expect(abs(track.target - 0.7071067811865476) < 1e-15)
        track.record(correct: true)
        #expect(track.level == 8)  // one correct: not yet
        track.record(correct: true)
        #expect(track.level == 4)  // two in a row: ÷2
        track.record(correct: false)
        #expect(track.level == 8 && track.reversals == [4])
        track.record(correct: true); track.record(correct: true)
        #expect(track.level == 4 && track.reversals == [4, 8])
        // After two reversals the step is √2.
        track.record(correct: false)
        #expect(abs(track.level - 4 * 2.squareRoot()) < 1e-12 && track.isFinished)
        #expect(Staircase(start: 1, down: 3, minimum: 0.1, maximum: 10).target == pow(0.5, 1.0 / 3))
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
        #expect(covered >= 170, "the 95 % interval held the truth in \(covered) of 200")
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
