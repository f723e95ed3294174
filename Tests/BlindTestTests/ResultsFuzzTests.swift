import Randomness
import Foundation
import Formats
import ScrollPhysics
import Testing

@testable import BlindTest

/// Blind-test results files made by seeded runs (every mode, practice, staircases), then damaged
/// line by line: lines repeated, truncated, cut, merged into other runs, numbers made huge, tiny or
/// fractional, values of the wrong type, phones set to one feel, staircase steps the test cannot
/// take. Each file must be read, or refused in one line naming the file and the line; a report
/// must count each trial at most once, never a trial whose answer could not be wrong, and give
/// only finite proportions, intervals and p-values. `SCROLLAB_FUZZ_ITERATIONS` files (default
/// 300) from `SCROLLAB_FUZZ_SEED` (default 20).
@Suite struct ResultsFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["SCROLLAB_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 300
    static let seed = environment["SCROLLAB_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20

    static let floaty = Feel(ScrollParameters())
    static let firm = try! floaty.setting("decelerationRate", to: .number(0.99))
    static let rate = ParameterStep(floaty.model.rows.first { $0.key == "decelerationRate" }!)!

    /// The lines of one to four seeded runs, answered by a participant right 70 % of the time (a
    /// staircase's observer by a psychometric function), as the window writes them.
    static func runs(using g: inout SeededGenerator) -> [String] {
        var lines: [String] = []
        for index in 0..<(1 + g.below(4)) {
            let participant = ["ana", "ben", "cy"][g.below(3)]
            let staircase = g.below(6) == 0
            let mode = staircase ? .abx : BlindMode.allCases[g.below(3)]
            var setup = BlindSetup(
                mode: mode, trials: 1 + g.below(12), practice: g.below(3), seed: g.next() >> 12,
                participant: participant, run: "\(participant)-\(index)", feelA: floaty, feelB: firm,
                nameA: "floaty.json", nameB: g.coin() ? "firm.json" : "other.json")
            if staircase {
                let room = rate.maximumDifference
                setup.staircase = (
                    rate,
                    Staircase(
                        start: room / 4, down: 2 + g.below(2), reversals: 4 + g.below(3),
                        minimum: room * StaircaseTrial.smallestShare, maximum: room)
                )
            }
            var run = BlindRun(setup)
            var effects = run.apply(.start(at: 0))
            var time = 0.0
            while run.phase != .finished, time < 500 {
                time += 1
                for case .record(let record) in effects { lines.append(record.jsonLine) }
                if case .feedback = run.phase {
                    effects = run.apply(.proceed(at: time))
                    continue
                }
                effects = run.apply(.released(speed: g.range(0, 5000)))
                let chance = run.staircase.map { 0.5 + 0.5 * (1 - exp(-pow($0.level / 0.3, 3))) } ?? 0.7
                let right = run.assignment.correctAnswer(in: mode)
                let answer: BlindAnswer
                if let right, g.unit() < chance {
                    answer = right
                } else {
                    answer = mode.answers[g.below(2)]
                }
                effects += run.apply(.answer(answer, at: time))
            }
            for case .record(let record) in effects { lines.append(record.jsonLine) }
        }
        return lines
    }

    static let numbers = [
        "0", "-0", "-1", "1.5", "2", "3", "1e300", "-1e300", "1e999", "1e-320", "4.9e-324", "9007199254740993",
        "1e9", "1000000001", "NaN", "0.5"
    ]
    static let values = ["null", "true", "false", "[]", "{}", "\"\"", "\"x\"", "[\"a\"]", "{\"model\": 1}", "1e300"]

    /// One to four line-level damages of `lines`.
    static func damage(_ input: [String], using g: inout SeededGenerator) -> [String] {
        var lines = input
        guard !lines.isEmpty else { return lines }
        for _ in 0..<(1 + g.below(4)) {
            let at = g.below(lines.count)
            var line = lines[at]
            switch g.below(14) {
            case 0, 1:  // the same answer again, next to it or anywhere
                let copies = 1 + g.below(16)
                lines.insert(
                    contentsOf: Array(repeating: line, count: copies), at: g.coin() ? at : g.below(lines.count))
                continue
            case 2:  // cut short (a writer stopped mid-line)
                line = String(line.prefix(g.below(line.count)))
            case 3:  // a piece removed
                let start = g.below(line.count), length = 1 + g.below(12)
                let chars = Array(line)
                line = String(chars[..<start] + chars[min(chars.count, start + length)...])
            case 4, 5:  // a number made extreme
                line = replacingNumber(in: line, with: numbers[g.below(numbers.count)], using: &g)
            case 6:  // a value of the wrong type
                let keys = ["trial", "practice", "seed", "phones", "answer", "seconds", "releaseSpeeds", "run", "mode"]
                line = replacingValue(of: keys[g.below(keys.count)], in: line, with: values[g.below(values.count)])
            case 7:  // phones set at random, often one feel on every phone
                let count = 2 + g.below(2)
                let phones = (0..<count).map { _ in g.coin() ? "\"a\"" : "\"b\"" }.joined(separator: ", ")
                line = replacingValue(of: "phones", in: line, with: "[\(phones)]")
            case 8:  // moved into another run, or onto another trial number
                if g.coin() {
                    line = replacingValue(
                        of: "run", in: line, with: "\"\(["ana", "ben", "cy"][g.below(3)])-\(g.below(3))\"")
                } else {
                    line = replacingValue(of: "trial", in: line, with: "\(1 + g.below(4))")
                }
            case 9:
                line = replacingValue(of: "practice", in: line, with: g.coin() ? "true" : "false")
            case 10:  // a staircase step the test cannot take
                let fields = ["down", "difference", "reference", "value"]
                line = replacingValue(of: fields[g.below(4)], in: line, with: numbers[g.below(numbers.count)])
            case 11:
                lines.swapAt(at, g.below(lines.count))
                continue
            case 12:
                let noise = ["", " ", "\r", "\u{FEFF}", "{}", "[]", "null", "{\"run\": \"x\"", "\u{0}"]
                lines.insert(noise[g.below(noise.count)], at: at)
                continue
            default:
                var bytes = Array(line.utf8)
                if !bytes.isEmpty { bytes[g.below(bytes.count)] ^= 1 << UInt8(g.below(8)) }
                line = String(decoding: bytes, as: UTF8.self)
            }
            lines[at] = line
        }
        return lines
    }

    /// `line` with the n-th run of digits replaced.
    static func replacingNumber(in line: String, with number: String, using g: inout SeededGenerator) -> String {
        let chars = Array(line)
        var runs: [Range<Int>] = []
        var i = 0
        while i < chars.count {
            if chars[i].isASCII, chars[i].isNumber {
                var j = i
                while j < chars.count, chars[j].isASCII, chars[j].isNumber || chars[j] == "." { j += 1 }
                runs.append(i..<j)
                i = j
            } else {
                i += 1
            }
        }
        guard !runs.isEmpty else { return line }
        let run = runs[g.below(runs.count)]
        return String(chars[..<run.lowerBound]) + number + String(chars[run.upperBound...])
    }

    /// `line` with the value of `"key": ` replaced (up to the next `,` or `}` outside brackets).
    static func replacingValue(of key: String, in line: String, with value: String) -> String {
        guard let start = line.range(of: "\"\(key)\": ") else { return line }
        var depth = 0, inString = false, end = start.upperBound
        while end < line.endIndex {
            let c = line[end]
            if inString {
                if c == "\\" { end = line.index(after: end) } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "[" || c == "{" {
                depth += 1
            } else if c == "]" || c == "}" {
                if depth == 0 { break }
                depth -= 1
            } else if c == ",", depth == 0 {
                break
            }
            if end < line.endIndex { end = line.index(after: end) }
        }
        return String(line[..<start.upperBound]) + value + String(line[min(end, line.endIndex)...])
    }

    @Test func damagedResultsFilesAreReadOrRefusedAndNeverGiveImpossibleEvidence() {
        var g = SeededGenerator(seed: Self.seed)
        var read = 0, refused = 0, leftOut = 0
        for iteration in 0..<Self.iterations {
            let lines = Self.damage(Self.runs(using: &g), using: &g)
            let text = lines.joined(separator: "\n")
            let numbered: [(line: Int, record: TrialRecord)]
            do {
                numbered = try TrialRecord.numberedRecords(in: text, file: "fuzz.jsonl")
            } catch {
                refused += 1
                #expect(error.message.hasPrefix("fuzz.jsonl line "), "file \(iteration): \(error.message)")
                #expect(!error.message.contains("\n"), "file \(iteration): one line")
                continue
            }
            read += 1
            let records = numbered.map(\.record)
            let report = BlindReport(records, lines: numbered.map(\.line))
            leftOut += report.leftOut.count
            Self.check(report, records, file: iteration)
        }
        // The damage must leave both kinds: files read (and reported) and files refused.
        #expect(read > Self.iterations / 10 && refused > Self.iterations / 10, "read \(read), refused \(refused)")
        #expect(leftOut > 0)
    }

    /// What no report may say, whatever the file held.
    static func check(_ report: BlindReport, _ records: [TrialRecord], file: Int) {
        let counted = records.filter { !$0.practice }
        // Each trial (run and number) is evidence at most once, and only when its first line's
        // sides differ where the mode needs two feels.
        var firsts: [String: TrialRecord] = [:]
        for record in counted where firsts["\(record.run)\u{0}\(record.trial)"] == nil {
            firsts["\(record.run)\u{0}\(record.trial)"] = record
        }
        let possible = firsts.values.filter { $0.mode == .sameDifferent || $0.phones[0] != $0.phones[1] }.count
        let rows = report.comparisons.flatMap(\.rows)
        let used = rows.reduce(0) { $0 + $1.n } + report.staircases.reduce(0) { $0 + $1.levels.count }
        #expect(used <= possible, "file \(file): \(used) trials counted, at most \(possible) could be")
        // Every counted line is used or named as left out.
        #expect(used + report.leftOut.reduce(0) { $0 + $1.lines.count } == counted.count, "file \(file)")
        #expect(report.text.contains("left out") == !report.leftOut.isEmpty, "file \(file)")
        for comparison in report.comparisons {
            for row in comparison.rows + (comparison.pooled.map { [$0] } ?? []) {
                #expect(row.n >= 1 && row.k >= 0 && row.k <= row.n, "file \(file): \(row.k) of \(row.n)")
                #expect(row.p >= 0 && row.p <= 1, "file \(file): p = \(row.p)")
                #expect(
                    row.interval.low >= 0 && row.interval.low <= row.proportion && row.proportion <= row.interval.high
                        && row.interval.high <= 1, "file \(file)")
                #expect(row.dPrime.map { $0.value.isFinite } ?? true, "file \(file)")
                #expect(row.medianSeconds.isFinite && row.meanGestures.isFinite, "file \(file)")
            }
            if let pooled = comparison.pooled {
                #expect(pooled.n == comparison.rows.reduce(0) { $0 + $1.n }, "file \(file)")
                #expect(pooled.k == comparison.rows.reduce(0) { $0 + $1.k }, "file \(file)")
            }
        }
        for stair in report.staircases {
            #expect([2, 3].contains(stair.down), "file \(file): 1-up/\(stair.down)-down")
            if stair.model == "uikit", stair.key == "decelerationRate", let step = stair.step {
                #expect(
                    stair.levels.allSatisfy {
                        $0.difference > 0 && $0.difference <= step.maximumDifference * (1 + 1e-9)
                    },
                    "file \(file): a difference outside the room")
            }
            if let fit = stair.fit {
                #expect(
                    fit.threshold.isFinite && fit.threshold > 0 && fit.low <= fit.threshold
                        && fit.threshold <= fit.high,
                    "file \(file)")
            }
            #expect(!stair.sentence.contains("nan") && !stair.sentence.contains("inf"), "file \(file)")
        }
    }
}
