import Formats
import Testing

@testable import BlindTest

/// What a report counts: each answer once, and only trials whose answer could be right or wrong.
@Suite struct BlindReportTests {
    func record(
        _ participant: String = "ana", trial: Int, mode: BlindMode = .abx, phones: [FeelSlot] = [.a, .b, .a],
        answer: BlindAnswer = .xIsA, run: String? = nil
    ) -> TrialRecord {
        TrialRecord(
            run: run ?? "\(participant)-7", participant: participant, mode: mode, trial: trial, practice: false,
            seed: 7, feelA: "a.json", feelB: "b.json", phones: phones, answer: answer, seconds: 2,
            releaseSpeeds: [900])
    }

    func report(_ lines: [String]) throws -> BlindReport {
        let numbered = try TrialRecord.numberedRecords(in: lines.joined(separator: "\n"), file: "r")
        return BlindReport(numbered.map(\.record), lines: numbered.map(\.line))
    }

    @Test func oneAnswerRepeatedSixteenTimesCountsOnceAndTheCopiesAreNamed() throws {
        let line = record(trial: 1).jsonLine
        let report = try report(Array(repeating: line, count: 16))
        let row = try #require(report.comparisons.first?.rows.first)
        #expect(row.n == 1 && row.k == 1)
        #expect(report.leftOut == [BlindReport.LeftOut(reason: .repeated, lines: Array(2...16))])
        #expect(report.text.contains("1 of 1 correct, p = 0.50"), "\(report.text)")
        #expect(!report.text.contains("16 of 16"))
        #expect(
            report.text.hasPrefix(
                "left out: 15 repeated lines (the same run, trial and answer as an earlier line: one answer, counted "
                    + "once); lines 2, 3, 4, 5, 6 and 10 more\n"), "\(report.text)")
    }

    @Test func aTrialRecordedTwiceWithDifferentAnswersIsLeftOutWhole() throws {
        let report = try report([
            record(trial: 1, answer: .xIsA).jsonLine, record(trial: 1, answer: .xIsB).jsonLine,
            record(trial: 2).jsonLine, record("ben", trial: 1).jsonLine
        ])
        #expect(report.leftOut == [BlindReport.LeftOut(reason: .conflicting, lines: [1, 2])])
        #expect(report.comparisons[0].rows.map(\.n) == [1, 1])
        #expect(report.comparisons[0].pooled?.n == 2 && report.comparisons[0].pooled?.k == 2)
    }

    @Test func trialsWhoseSidesRanOneFeelAreLeftOutWhereTheModeNeedsTwo() throws {
        // ABX: 8 trials with A and B running feel A (X matches both, so "X is A" was always right),
        // then 4 real ones, 2 right.
        var lines = (1...8).map { record(trial: $0, phones: [.a, .a, .a]).jsonLine }
        lines += [
            record(trial: 9, phones: [.a, .b, .a], answer: .xIsA),
            record(trial: 10, phones: [.b, .a, .b], answer: .xIsA),
            record(trial: 11, phones: [.b, .a, .a], answer: .xIsA),
            record(trial: 12, phones: [.a, .b, .b], answer: .xIsA)
        ].map(\.jsonLine)
        // Preference: 6 with feel B on both sides ("left" counted as preferring it), 2 real ones.
        lines += (1...6).map {
            record("cy", trial: $0, mode: .preference, phones: [.b, .b], answer: .left).jsonLine
        }
        lines += [
            record("cy", trial: 7, mode: .preference, phones: [.a, .b], answer: .left),
            record("cy", trial: 8, mode: .preference, phones: [.a, .b], answer: .right)
        ].map(\.jsonLine)
        // Same–different shows one feel twice by design: kept.
        lines += [
            record("di", trial: 1, mode: .sameDifferent, phones: [.b, .b], answer: .same),
            record("di", trial: 2, mode: .sameDifferent, phones: [.a, .b], answer: .same)
        ].map(\.jsonLine)
        let report = try report(lines)
        #expect(
            report.leftOut == [
                BlindReport.LeftOut(reason: .sameFeelABX, lines: Array(1...8)),
                BlindReport.LeftOut(reason: .sameFeelPreference, lines: Array(13...18))
            ])
        #expect(report.comparisons.map(\.mode) == [.abx, .preference, .sameDifferent])
        #expect(report.comparisons.map { $0.rows[0].n } == [4, 2, 2])
        #expect(report.comparisons.map { $0.rows[0].k } == [2, 1, 1])
        #expect(report.text.contains("left out: 8 ABX trials whose A and B ran the same feel"), "\(report.text)")
        #expect(report.text.contains("left out: 6 preference trials with the same feel on both sides"))
        #expect(report.text.contains("A preferred in 1 of 2, p = 1.00 (two-sided): no clear preference"))
    }

    @Test func participantsAreRowsInTheOrderTheyFirstAnswered() throws {
        var lines: [String] = []
        for trial in 1...4 {
            for (who, answer) in [("ben", BlindAnswer.xIsA), ("ana", .xIsB), ("cy", .xIsA)] {
                lines.append(record(who, trial: trial, answer: trial == 4 ? .xIsB : answer).jsonLine)
            }
        }
        let comparison = try #require(try report(lines).comparisons.first)
        #expect(comparison.rows.map(\.who) == ["ben", "ana", "cy"])
        #expect(comparison.rows.map(\.n) == [4, 4, 4])
        #expect(comparison.rows.map(\.k) == [3, 0, 3])
        #expect(comparison.pooled?.n == 12 && comparison.pooled?.k == 6)
    }

    /// A staircase line as the test writes it: decelerationRate from 0.998, 1-up/3-down.
    func staircaseLine(difference: Double = 0.25, down: Int = 3, reference: Double = 0.998, mode: BlindMode = .abx)
        -> String
    {
        var record = record(
            trial: 1, mode: mode, phones: mode == .abx ? [.a, .b, .a] : [.a, .b], answer: mode.answers[0])
        record.staircase = StaircaseTrial(
            model: "uikit", key: "decelerationRate", reference: reference, difference: difference, value: 0.99,
            down: down)
        return record.jsonLine
    }

    @Test func staircaseRecordsTheTestCannotMakeAreRefusedByLine() throws {
        #expect(try TrialRecord.records(in: staircaseLine(), file: "r").count == 1)
        func refusal(_ line: String) -> String? { inputError { _ = try TrialRecord.records(in: line, file: "r") } }
        #expect(
            refusal(staircaseLine(down: 1))
                == "r line 1: \"down\" must be a whole number in [2, 3] (1-up/2-down or 1-up/3-down)")
        #expect(
            refusal(staircaseLine(difference: 1e300))
                == "r line 1: \"difference\" 1e+300 is outside what a staircase on decelerationRate from 0.998 steps "
                + "(1.7e-06 to 1.7)")
        #expect(
            refusal(staircaseLine(difference: 0))
                == "r line 1: \"difference\" must be above 0 (a staircase never runs one feel twice)")
        #expect(
            refusal(staircaseLine(reference: 2))
                == "r line 1: \"reference\" 2.0 is not a value a staircase on decelerationRate starts from (range "
                + "0.9 to 0.9999)")
        #expect(
            refusal(staircaseLine(mode: .preference))
                == "r line 1: \"staircase\" comes with ABX trials only, not preference")
    }
}
