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

    @Test func aStaircaseLineTheTestCannotWriteIsRefusedInOneLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("jnd.jsonl")
        var lines: [String] = []
        for (trial, down) in [(1, 3), (2, 3), (3, 1)] {
            var stair = record(trial: trial)
            stair.staircase = StaircaseTrial(
                model: "uikit", key: "decelerationRate", reference: 0.998, difference: 0.25, value: 0.9964, down: down)
            lines.append(stair.jsonLine)
        }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try scrollab(["blind", "--report", file.path, "--plot", dir.appendingPathComponent("r.png").path])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr
                == "scrollab: error: \(file.path) line 3: \"down\" must be a whole number in [2, 3] (1-up/2-down or "
                + "1-up/3-down)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.png").path))
    }
}
