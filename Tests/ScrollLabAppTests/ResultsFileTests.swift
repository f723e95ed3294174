import BlindTest
import Foundation
import Testing

@testable import ScrollLabApp

/// Blind tests sharing one results file: every answer of every test is kept.
@Suite struct ResultsFileTests {
    func record(_ participant: String, trial: Int) -> TrialRecord {
        TrialRecord(
            run: "\(participant)-1", participant: participant, mode: .abx, trial: trial, practice: false, seed: 1,
            feelA: "a.json", feelB: "b.json", phones: [.a, .b, .a], answer: .xIsA, seconds: 1, releaseSpeeds: [100])
    }

    func lines(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func twoTestsAnsweringInTurnKeepEveryAnswer() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("results.jsonl")
        // An earlier run's line, left without its line break (a writer stopped mid-way).
        try record("old", trial: 1).jsonLine.write(to: file, atomically: true, encoding: .utf8)
        // Both tests open the file before either answers (two windows started together).
        let ana = try ResultsFile(file.path, inputs: []), ben = try ResultsFile(file.path, inputs: [])
        #expect(ana.earlier.count == 1 && ben.earlier.count == 1)
        for trial in 1...3 {
            try ana.append(record("ana", trial: trial))
            try ben.append(record("ben", trial: trial))
        }
        let records = try TrialRecord.records(in: String(contentsOf: file, encoding: .utf8), file: "results")
        #expect(
            records.map { "\($0.participant) \($0.trial)" } == [
                "old 1", "ana 1", "ben 1", "ana 2", "ben 2", "ana 3", "ben 3"
            ])
        #expect(try ana.count() == 7 && ben.count() == 7)
    }

    @Test func twoThreadsAndAnotherProcessAppendingAtOnceLoseNoLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("results.jsonl")
        let perWriter = 60
        // Another process appending under the same lock (flock(1) takes flock(2)'s lock).
        let other = Process()
        other.executableURL = URL(fileURLWithPath: "/bin/sh")
        other.arguments = [
            "-c",
            "i=0; while [ $i -lt \(perWriter) ]; do flock \"$0\" sh -c 'printf \"%s\\n\" \"$1\" >> \"$0\"' "
                + "\"$0\" \"$1\"; i=$((i+1)); done", file.path, record("cy", trial: 1).jsonLine
        ]
        // Both tests open the file before either answers, as two windows started together do.
        let writers = try ["ana", "ben"].map { ($0, try ResultsFile(file.path, inputs: [])) }
        try other.run()
        let group = DispatchGroup()
        let failures = Failures()
        for (who, results) in writers {
            DispatchQueue.global().async(group: group) {
                do {
                    for trial in 1...perWriter { try results.append(record(who, trial: trial)) }
                } catch { failures.add("\(who): \(error)") }
            }
        }
        group.wait()
        other.waitUntilExit()
        #expect(failures.all.isEmpty, "\(failures.all)")
        #expect(other.terminationStatus == 0)
        let records = try TrialRecord.records(in: String(contentsOf: file, encoding: .utf8), file: "results")
        #expect(records.count == 3 * perWriter)
        for who in ["ana", "ben"] {
            #expect(records.filter { $0.participant == who }.map(\.trial) == Array(1...perWriter), "\(who)")
        }
        #expect(records.filter { $0.participant == "cy" }.count == perWriter)
        #expect(try lines(file).count == 3 * perWriter)
    }
}

/// Errors gathered from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
}
