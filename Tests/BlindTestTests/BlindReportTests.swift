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
        BlindReport(try TrialRecord.records(in: lines.joined(separator: "\n"), file: "r"))
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
}
