import Testing
import ScrollPhysics
import Formats
@testable import BlindTest

@Suite struct BlindRunTests {
    let floaty = Feel(ScrollParameters())
    var firm: Feel { try! floaty.setting("decelerationRate", to: .number(0.99)) }

    func setup(_ mode: BlindMode, trials: Int = 6, practice: Int = 0, seed: UInt64 = 7) -> BlindSetup {
        BlindSetup(
            mode: mode, trials: trials, practice: practice, seed: seed, participant: "ana", run: "ana-7",
            feelA: floaty, feelB: firm, nameA: "floaty.json", nameB: "firm.json")
    }

    /// The feels each effect asks the phones to run, as slots.
    func slots(_ effects: [BlindEffect]) -> [FeelSlot]? {
        for case .showTrial(let feels) in effects { return feels.map { $0 == floaty ? .a : .b } }
        return nil
    }

    @Test func abxRunShowsSeededTrialsRecordsEachAnswerAndFinishes() {
        var run = BlindRun(setup(.abx))
        var shown: [[FeelSlot]] = []
        var records: [TrialRecord] = []
        var effects = run.apply(.start(at: 10))
        var time = 10.0
        while true {
            if let phones = slots(effects) { shown.append(phones) }
            for case .record(let record) in effects { records.append(record) }
            if effects.contains(where: { if case .finished = $0 { return true } else { return false } }) { break }
            #expect(run.phase == .trial(number: shown.count, practice: false))
            // Two gestures, then the answer "X is A" 3 s later.
            _ = run.apply(.released(speed: -1200))
            _ = run.apply(.released(speed: 800))
            time += 3
            effects = run.apply(.answer(.xIsA, at: time))
        }
        #expect(records.count == 6 && shown.count == 6 && run.phase == .finished)
        // The phones ran what the record says; A and B always differ; X is one of them.
        for (record, phones) in zip(records, shown) {
            #expect(
                record.phones == phones && phones[0] != phones[1] && (phones[2] == phones[0] || phones[2] == phones[1]))
            #expect(record.correct == (phones[2] == phones[0]))
            #expect(record.releaseSpeeds == [1200, 800] && record.gestures == 2 && record.seconds == 3)
        }
        // The same seed makes the same assignments; another seed others.
        var again = BlindRun(setup(.abx))
        #expect(slots(again.apply(.start(at: 0))) == shown[0])
        var assignments: Set<[FeelSlot]> = []
        for seed in 1...40 {
            var other = BlindRun(setup(.abx, seed: UInt64(seed)))
            assignments.insert(slots(other.apply(.start(at: 0)))!)
        }
        #expect(assignments.count == 4)  // every order of A/B, X on either
        // Answers after the end, or of another mode, change nothing.
        #expect(run.apply(.answer(.xIsB, at: 99)).isEmpty)
        var preference = BlindRun(setup(.preference))
        _ = preference.apply(.start(at: 0))
        #expect(preference.apply(.answer(.same, at: 1)).isEmpty)
    }

    @Test func practiceTrialsComeFirstWithFeedbackAndDoNotCount() {
        var run = BlindRun(setup(.sameDifferent, trials: 2, practice: 1))
        _ = run.apply(.start(at: 0))
        #expect(run.phase == .trial(number: 1, practice: true))
        let right = run.assignment.correctAnswer(in: .sameDifferent)!
        let effects = run.apply(.answer(right, at: 2))
        #expect(run.phase == .feedback(correct: true, answer: right))
        guard case .record(let record)? = effects.first else { Issue.record("no record"); return }
        #expect(record.practice && effects.count == 1)
        _ = run.apply(.proceed(at: 3))
        #expect(run.phase == .trial(number: 1, practice: false))
        _ = run.apply(.answer(.same, at: 4))
        _ = run.apply(.answer(.different, at: 5))
        #expect(run.phase == .finished && run.countedRecords.count == 2 && run.records.count == 3)
    }

    @Test func aStaircaseRunStepsFeelBAndStopsAtItsReversals() throws {
        let rate = try #require(ParameterStep(floaty.model.rows.first { $0.key == "decelerationRate" }!))
        var base = setup(.abx)
        base.staircase = (
            rate, Staircase(start: 0.4, down: 2, reversals: 5, minimum: 1e-6, maximum: rate.maximumDifference)
        )
        var run = BlindRun(base)
        var effects = run.apply(.start(at: 0))
        var values: [Double] = []
        var t = 0.0
        while run.phase != .finished {
            guard
                case .showTrial(let feels)? = effects.first(where: {
                    if case .showTrial = $0 { return true } else { return false }
                })
            else {
                Issue.record("no trial shown"); return
            }
            // B is A with only the stepped value changed.
            let b = feels.first { $0 != floaty }!
            let value = b.model.value(of: "decelerationRate")!
            values.append(value)
            #expect(try b == floaty.setting("decelerationRate", to: .number(value)))
            // Right but every fifth: the difference halves after each right answer until the first
            // reversal, then after two in a row.
            t += 1
            let answer =
                values.count % 5 == 0
                ? (run.assignment.correctAnswer(in: .abx) == .xIsA ? BlindAnswer.xIsB : .xIsA)
                : run.assignment.correctAnswer(in: .abx)!
            effects = run.apply(.answer(answer, at: t))
        }
        #expect(run.staircase!.reversals.count == 5)
        // The report replays the same answers and counts the same reversals, the last included.
        let report = BlindReport(run.countedRecords)
        #expect(report.staircases.first?.reversals == run.staircase!.reversals)
        // 0.998 is 2.699 decades; 0.4 decades less is 1 − 10^−2.299 = 0.99498.
        #expect(abs(values[0] - 0.99498) < 1e-5)
        #expect(run.records.allSatisfy { $0.staircase?.key == "decelerationRate" && $0.staircase?.reference == 0.998 })
    }

    @Test func recordsRoundTripThroughJSONLinesAndBadLinesAreNamed() throws {
        let record = TrialRecord(
            run: "ana-7", participant: "Ana \"A\" ñ", mode: .abx, trial: 3, practice: false,
            seed: 9_007_199_254_740_991,
            feelA: "a.json", feelB: "b\nc.json", phones: [.b, .a, .a], answer: .xIsB, seconds: 4.25,
            releaseSpeeds: [1200.5, 88],
            staircase: StaircaseTrial(
                model: "uikit", key: "decelerationRate",
                reference: 0.998, difference: 0.25, value: 0.9964, down: 3))
        #expect(record.correct == true)
        let line = record.jsonLine
        #expect(!line.contains("\n"))
        let back = try TrialRecord(jsonLine: line, where: "r line 1")
        #expect(back == record)
        let text = line + "\n\n" + line + "\n"
        #expect(try TrialRecord.records(in: text, file: "r").count == 2)
        let badAnswer = line.replacingOccurrences(of: "\"answer\": \"B\"", with: "\"answer\": \"left\"")
        #expect(
            inputError { _ = try TrialRecord.records(in: line + "\n" + badAnswer, file: "r") }
                == "r line 2: \"answer\" must be one of A, B for abx")
        #expect(
            inputError { _ = try TrialRecord.records(in: "{\"run\": \"\\ud800\"}", file: "r") }?.hasPrefix(
                "r line 1: not JSON") == true)
        let onePhone = line.replacingOccurrences(of: "[\"b\", \"a\", \"a\"]", with: "[\"b\"]")
        #expect(
            inputError { _ = try TrialRecord.records(in: onePhone, file: "r") }
                == "r line 1: \"phones\" must list 3 phones for abx")
    }
}

/// The message of the `InputError` `body` throws, if it throws one.
func inputError(_ body: () throws -> Void) -> String? {
    do { try body() } catch let error as InputError { return error.message } catch { return "\(error)" }
    return nil
}
