import BlindTest
import Foundation
import Platform
import Playground
import ScrollPhysics
import Testing

/// A six-trial ABX blind test in the real window under Xvfb, clicked and keyed through as a
/// participant would; its results file and report checked against the seeded assignments.
@Suite(
    .serialized, .tags(.window), .skipped(whenSkipping: .window),
    .enabled(if: XSession.available, "Xvfb or xdotool missing or Xvfb cannot start (make test installs both)"))
struct BlindWindowTests {
    @Test func aSixTrialABXSessionShowsNoLabelsAndRecordsTheSeededAssignments() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollab-blind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("floaty.json"), b = folder.appendingPathComponent("firm.json")
        try "{\"decelerationRate\": 0.998}\n".write(to: a, atomically: true, encoding: .utf8)
        try "{\"decelerationRate\": 0.99}\n".write(to: b, atomically: true, encoding: .utf8)

        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(
            session: x, arguments: [], files: ["floaty.json": a, "firm.json": b],
            command: [
                "blind", "--params", "floaty.json", "--params-b", "firm.json", "--trials", "6", "--seed", "11",
                "--participant", "tester", "--out", "results.jsonl", "--window", "1280x800"
            ])
        func answered() -> Int { Int(app.widgets["trials"].map { $0.x } ?? -1) }
        var shots: [URL] = []
        var screens: [(x: Double, y: Double, width: Double, height: Double)] = []
        for trial in 0..<6 {
            _ = try app.waitFor("trial \(trial + 1)") {
                answered() == trial && $0.widgets["answer X is A"] != nil ? true : nil
            }
            // A flick on X: each phone answers only its own finger.
            let phone = try app.waitFor("phone 2") { $0.widgets["phone 2"] }
            let cx = phone.x + phone.width / 2
            var flick = app.moveArguments(cx, phone.y + phone.height * 0.8) + ["mousedown", "1"]
            for f in [0.7, 0.55, 0.4, 0.25] {
                flick += ["sleep", "0.016"] + app.moveArguments(cx, phone.y + phone.height * f)
            }
            try app.perform(flick + ["mouseup", "1"])
            screens = (0..<3).compactMap { app.widgets["phone \($0)"] }
            if trial < 2 {
                // F12 saves the whole window mid-trial.
                try app.perform(["key", "F12"])
                shots = try app.waitFor("screenshot \(trial + 1)") { app -> [URL]? in
                    let found = app.screenshots
                    return found.count == trial + 1 ? found : nil
                }
            }
            // Answers by click and by each key.
            switch trial {
            case 0: try app.click("answer X is A")
            case 1: try app.click("answer X is B")
            case 2: try app.perform(["key", "Left"])
            case 3: try app.perform(["key", "Right"])
            case 4: try app.perform(["key", "a"])
            default: try app.perform(["key", "b"])
            }
        }
        _ = try app.waitFor("the end") { $0.message.hasPrefix("Done") ? true : nil }
        #expect(try app.quit() == 0)

        // The file holds the 6 trials with the seeded assignments, in order.
        let text = try String(contentsOf: app.directory.appendingPathComponent("results.jsonl"), encoding: .utf8)
        let records = try TrialRecord.records(in: text, file: "results.jsonl")
        try #require(records.count == 6)
        var expected = BlindRun(
            BlindSetup(
                mode: .abx, trials: 6, seed: 11, participant: "tester", run: "r", feelA: .standard,
                feelB: .standard, nameA: "", nameB: ""))
        _ = expected.apply(.start(at: 0))
        let answers: [BlindAnswer] = [.xIsA, .xIsB, .xIsA, .xIsB, .xIsA, .xIsB]
        for (index, record) in records.enumerated() {
            #expect(record.phones == expected.assignment.phones, "trial \(index + 1)")
            #expect(
                record.answer == answers[index] && record.participant == "tester" && record.seed == 11
                    && record.feelB == "firm.json")
            #expect(record.gestures >= 1 && record.releaseSpeeds.allSatisfy { $0 > 0 })
            _ = expected.apply(.answer(answers[index], at: Double(index + 1)))
        }

        // The report prints the right proportion.
        let correct = records.filter { $0.correct == true }.count
        let report = BlindReport(records)
        #expect(report.comparisons.first?.rows.first?.k == correct)
        let printed = try runScrollab(["blind", "--report", "results.jsonl"], in: app.directory)
        #expect(printed.contains("\(correct) of 6 correct"), "\(printed)")

        // Outside the phones' screens the two trials' windows are the same pixels (the dots of
        // progress aside): no label, name or number tells one assignment from another.
        let first = try Image.loadPNG(shots[0].path), second = try Image.loadPNG(shots[1].path)
        try #require(screens.count == 3)
        var differing = 0
        for y in stride(from: 34, to: first.height, by: 2) {
            for x in stride(from: 0, to: first.width, by: 2) {
                if screens.contains(where: {
                    Double(x) >= $0.x - 1 && Double(x) < $0.x + $0.width + 1 && Double(y) >= $0.y - 1
                        && Double(y) < $0.y + $0.height + 1
                }) {
                    continue
                }
                let p = first.pixel(x: x, y: y), q = second.pixel(x: x, y: y)
                if abs(Int(p.0) - Int(q.0)) + abs(Int(p.1) - Int(q.1)) + abs(Int(p.2) - Int(q.2)) > 6 { differing += 1 }
            }
        }
        #expect(differing == 0, "\(differing) pixels outside the phones differ between trials")
    }

    /// Runs the built `scrollab` with `arguments` in `folder`; returns its standard output.
    func runScrollab(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        let binary = XSession.scrollabBinary
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
