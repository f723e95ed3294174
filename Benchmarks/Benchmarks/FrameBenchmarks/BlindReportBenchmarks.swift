import Benchmark
import BlindTest

/// `scrollab blind --report` on a results file of many participants who each answered one ABX
/// trial: reading the lines and pooling them into the report's text. The file is made before the
/// measured region; 40,000 participants should take at most 5 times as long as 10,000 (linear).
func blindReportBenchmarks() {
    for participants in [10_000, 40_000] {
        let text = oneAnswerParticipants(participants)
        Benchmark(
            "blind --report: \(participants) one-answer participants",
            configuration: .init(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(20), maxIterations: 5)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                let numbered = try TrialRecord.numberedRecords(in: text, file: "results.jsonl")
                blackHole(BlindReport(numbered.map(\.record), lines: numbered.map(\.line)).text)
            }
        }
    }
}

/// A results file as `count` participants' one-trial runs write it (about 310 bytes a line).
func oneAnswerParticipants(_ count: Int) -> String {
    var text = ""
    for index in 0..<count {
        let record = TrialRecord(
            run: "p\(index)-7-2026-11-28T09:00:00Z", participant: "p\(index)", mode: .abx, trial: 1, practice: false,
            seed: 7, feelA: "floaty.json", feelB: "firm.json", phones: index % 2 == 0 ? [.a, .b, .a] : [.b, .a, .a],
            answer: index % 3 == 0 ? .xIsB : .xIsA, seconds: 3.25, releaseSpeeds: [1200.5, 880])
        text += record.jsonLine + "\n"
    }
    return text
}
