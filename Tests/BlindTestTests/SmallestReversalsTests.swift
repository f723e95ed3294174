import Testing
import ScrollPhysics
import Formats
@testable import BlindTest

/// `scrollab blind --staircase … --reversals R` at the smallest R it allows: whatever the
/// participant answers, the run ends at its R-th reversal and the report, replaying the same
/// answers, counts the same reversals and fits a JND (a run that ended at 4 reversals was once
/// counted as 3, "too few to fit", and its trials lost).
@Suite struct SmallestReversalsTests {
    /// The least `--reversals` that `scrollab blind` takes (its `Reversals.range`).
    static let smallestAllowed = 5

    @Test func theSmallestAllowedSettingEndsWhereTheReportCountsAndFitsAJND() throws {
        #expect(Self.smallestAllowed >= BlindReport.reversalsToFit)
        let floaty = Feel(ScrollParameters())
        let row = try #require(floaty.model.rows.first { $0.key == "decelerationRate" })
        let rate = try #require(ParameterStep(row))
        var fitted = 0, runs = 0
        for down in [1, 2, 3] {
            for seed in UInt64(1)...40 {
                // Observers from far below to far above the start, shallow and steep.
                let threshold = [0.02, 0.1, 0.4, 1.5][Int(seed % 4)]
                var observer = SimulatedObserver(
                    threshold: threshold, at: 0.75, slope: seed % 2 == 0 ? 2 : 6, seed: seed)
                let track = Staircase(
                    start: 0.4, down: down, reversals: Self.smallestAllowed, minimum: rate.maximumDifference * 1e-6,
                    maximum: rate.maximumDifference)
                var run = BlindRun(
                    BlindSetup(
                        mode: .abx, trials: 6, practice: 0, seed: seed, participant: "p\(seed)",
                        run: "r\(down)-\(seed)",
                        feelA: floaty, feelB: floaty, nameA: "floaty.json", nameB: "decelerationRate staircase",
                        staircase: (rate, track)))
                _ = run.apply(.start(at: 0))
                var t = 0.0
                while run.phase != .finished {
                    let level = try #require(run.staircase?.level)
                    let right = try #require(run.assignment.correctAnswer(in: .abx))
                    let wrong: BlindAnswer = right == .xIsA ? .xIsB : .xIsA
                    t += 1
                    _ = run.apply(.answer(observer.answers(level) ? right : wrong, at: t))
                }
                let staircase = try #require(run.staircase)
                runs += 1
                let report = BlindReport(run.countedRecords)
                let result = try #require(report.staircases.first)
                let what = "1-up/\(down)-down, seed \(seed), \(staircase.intensities.count) trials"
                if staircase.intensities.count < BlindSetup.staircaseTrialLimit {
                    #expect(staircase.reversals.count == Self.smallestAllowed, "\(what)")
                }
                #expect(result.reversals == staircase.reversals, "\(what): the report counts \(result.reversals.count)")
                #expect(result.levels.count == staircase.intensities.count, "\(what)")
                #expect(result.fit != nil, "\(what): \(result.sentence)")
                if result.fit != nil { fitted += 1 }
            }
        }
        #expect(fitted == runs)
    }
}
