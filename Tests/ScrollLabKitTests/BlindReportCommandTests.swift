import BlindTest
import Foundation
import Testing

/// `scrollab blind --report` on results files no window could have written.
@Suite struct BlindReportCommandTests {
    func record(trial: Int, phones: [FeelSlot] = [.a, .b, .a]) -> TrialRecord {
        TrialRecord(
            run: "ana-7", participant: "ana", mode: .abx, trial: trial, practice: false, seed: 7, feelA: "a.json",
            feelB: "b.json", phones: phones, answer: .xIsA, seconds: 2, releaseSpeeds: [900])
    }

    @Test func aReportNamesAndLeavesOutRepeatedAndSameFeelTrials() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("results.jsonl")
        // One answer 16 times, and a trial whose A and B both ran feel B.
        let lines =
            Array(repeating: record(trial: 1).jsonLine, count: 16) + [record(trial: 2, phones: [.b, .b, .a]).jsonLine]
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try scrollab(["blind", "--report", file.path])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let printed = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(printed.prefix(2)) == [
                "left out: 15 repeated lines (the same run, trial and answer as an earlier line: one answer, counted "
                    + "once); lines 2, 3, 4, 5, 6 and 10 more",
                "left out: 1 ABX trial whose A and B ran the same feel (X matched both, so no answer could be wrong); "
                    + "line 17"
            ])
        #expect(run.stdout.contains("  ana: 1 of 1 correct, p = 0.50: no evidence"), "\(run.stdout)")
    }
}
