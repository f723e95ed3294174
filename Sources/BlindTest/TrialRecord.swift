import Formats
import ScrollPhysics

/// One answered trial, as a line of the results file (JSON Lines: one object per line, appended
/// trial by trial, several participants and runs in one file).
public struct TrialRecord: Equatable, Sendable {
    /// Which run it belongs to (participant, seed and start time).
    public var run: String
    public var participant: String
    public var mode: BlindMode
    /// 1, 2, … within the run (practice trials counted apart).
    public var trial: Int
    /// A practice trial (shown with feedback; left out of every statistic).
    public var practice: Bool
    /// The run's seed: the assignments can be made again from it.
    public var seed: UInt64
    /// What feels A and B were (file or preset names): recorded, never shown during a trial.
    public var feelA: String
    public var feelB: String
    /// Which feel ran on each phone (ABX: A, B, X; otherwise left, right).
    public var phones: [FeelSlot]
    public var answer: BlindAnswer
    /// Whether the answer was right (nil in preference mode).
    public var correct: Bool?
    /// The feel chosen (preference mode).
    public var preferred: FeelSlot?
    /// Seconds from the trial's start to the answer.
    public var seconds: Double
    /// Release speeds of the gestures made in the trial (pt/s), in order; their count is the
    /// number of gestures.
    public var releaseSpeeds: [Double]
    /// The staircase, when the run measures a just-noticeable difference.
    public var staircase: StaircaseTrial?

    public init(
        run: String, participant: String, mode: BlindMode, trial: Int, practice: Bool, seed: UInt64,
        feelA: String, feelB: String, phones: [FeelSlot], answer: BlindAnswer, seconds: Double,
        releaseSpeeds: [Double], staircase: StaircaseTrial? = nil
    ) {
        self.run = run
        self.participant = participant
        self.mode = mode
        self.trial = trial
        self.practice = practice
        self.seed = seed
        self.feelA = feelA
        self.feelB = feelB
        self.phones = phones
        self.answer = answer
        let assignment = TrialAssignment(phones)
        correct = assignment.correctAnswer(in: mode).map { $0 == answer }
        preferred = assignment.preferred(by: answer)
        self.seconds = seconds
        self.releaseSpeeds = releaseSpeeds
        self.staircase = staircase
    }

    public var gestures: Int { releaseSpeeds.count }
}

/// A staircase trial's difference: the tunable, its reference value (A), the difference in the
/// slider's space and the value B ran.
public struct StaircaseTrial: Equatable, Sendable {
    public var model: String
    public var key: String
    public var reference: Double
    public var difference: Double
    public var value: Double
    /// Correct answers in a row before the difference shrinks (2 or 3).
    public var down: Int

    public init(model: String, key: String, reference: Double, difference: Double, value: Double, down: Int) {
        self.model = model
        self.key = key
        self.reference = reference
        self.difference = difference
        self.value = value
        self.down = down
    }
}

extension StaircaseTrial {
    /// Why no staircase run could have recorded this trial (nil when one could): its difference is
    /// not above 0, or, for a tunable this version knows, the reference is outside the tunable's
    /// range or the difference outside the room a staircase from that reference steps in
    /// (`Staircase`: from a millionth of the room to the whole room).
    public var impossibility: String? { impossibility(in: room) }

    /// What a staircase on this trial's tunable may step from its reference.
    public enum Room: Sendable, Equatable {
        /// A model or tunable of another version: not known here.
        case unknown
        /// The reference is not a value a staircase on the tunable starts from.
        case notAStart(ClosedRange<Double>)
        /// Differences from a millionth of this to this.
        case upTo(Double)
    }

    /// The room of this trial's model, key and reference (the model's table looked up).
    public var room: Room {
        guard let model = try? FeelZoo.make(model, []), let row = model.rows.first(where: { $0.key == key }) else {
            return .unknown
        }
        guard let step = ParameterStep(row, reference: reference) else { return .notAStart(row.range) }
        return .upTo(step.maximumDifference)
    }

    /// `impossibility` with the room already looked up (a file's lines share a few).
    public func impossibility(in room: Room) -> String? {
        guard difference > 0 else { return "\"difference\" must be above 0 (a staircase never runs one feel twice)" }
        switch room {
        case .unknown:
            return nil
        case .notAStart(let range):
            return
                "\"reference\" \(reference) is not a value a staircase on \(key) starts from (range "
                + "\(range.lowerBound) to \(range.upperBound))"
        case .upTo(let room):
            let slack = 1e-9
            guard difference <= room * (1 + slack), difference >= room * Self.smallestShare * (1 - slack) else {
                return
                    "\"difference\" \(difference) is outside what a staircase on \(key) from \(reference) steps "
                    + "(\(formatted(room * Self.smallestShare, "%.3g")) to \(formatted(room, "%.3g")))"
            }
            return nil
        }
    }

    /// The smallest difference a staircase steps, as a share of the room (`scrollab blind` sets it).
    public static let smallestShare = 1e-6
}

extension TrialRecord {
    /// The record as one line of JSON (no line breaks inside).
    public var jsonLine: String {
        var members: [(key: String, value: JSONValue)] = [
            ("run", .string(run)), ("participant", .string(participant)), ("mode", .string(mode.rawValue)),
            ("trial", .number(Double(trial))), ("practice", .bool(practice)), ("seed", .number(Double(seed))),
            ("feelA", .string(feelA)), ("feelB", .string(feelB)),
            ("phones", .array(JSONArray(phones.map { .string($0.rawValue) }))),
            ("answer", .string(answer.rawValue)),
            ("correct", correct.map(JSONValue.bool) ?? .null),
            ("preferred", preferred.map { .string($0.rawValue) } ?? .null),
            ("seconds", .number((seconds * 1000).rounded() / 1000)),
            ("gestures", .number(Double(gestures))),
            ("releaseSpeeds", .array(JSONArray(releaseSpeeds.map { .number(($0 * 10).rounded() / 10) })))
        ]
        if let staircase {
            members.append(
                (
                    "staircase",
                    .object(
                        JSONObject([
                            ("model", .string(staircase.model)), ("key", .string(staircase.key)),
                            ("reference", .number(staircase.reference)), ("difference", .number(staircase.difference)),
                            ("value", .number(staircase.value)), ("down", .number(Double(staircase.down)))
                        ]))
                ))
        }
        return JSONValue.object(JSONObject(members)).serialized().split(separator: "\n")
            .map { $0.trimmingLeadingSpaces }.joined(separator: " ")
    }

    /// Reads one line of a results file; `where` names it in errors ("results.jsonl line 3").
    public init(jsonLine line: String, where place: String) throws(InputError) {
        var rooms: [String: StaircaseTrial.Room] = [:]
        try self.init(jsonLine: line, where: place, rooms: &rooms)
    }

    /// Reads one line; `rooms` keeps the staircase rooms already looked up, by model, key and reference.
    init(jsonLine line: String, where place: String, rooms: inout [String: StaircaseTrial.Room]) throws(InputError) {
        let value: JSONValue
        do { value = try JSONParser.parse(line) } catch { throw InputError("\(place): not JSON (\(error))") }
        guard case .object = value else {
            throw InputError("\(place): a trial is a JSON object, not \(value.kindName)")
        }
        func field(_ key: String) throws(InputError) -> JSONValue {
            guard let found = value[key] else { throw InputError("\(place): no \"\(key)\"") }
            return found
        }
        func text(_ key: String) throws(InputError) -> String {
            guard case .string(let s) = try field(key) else {
                throw InputError("\(place): \"\(key)\" must be a string")
            }
            return s
        }
        func number(_ key: String, in object: JSONValue? = nil, range: ClosedRange<Double> = -1e300...1e300)
            throws(InputError) -> Double
        {
            let found = object == nil ? try field(key) : object?[key]
            guard case .number(let n)? = found, n.isFinite, range.contains(n) else {
                throw InputError("\(place): \"\(key)\" must be a number in [\(range.lowerBound), \(range.upperBound)]")
            }
            return n
        }
        func whole(_ key: String, in object: JSONValue? = nil, range: ClosedRange<Int>, why: String = "")
            throws(InputError) -> Int
        {
            let found = object == nil ? try field(key) : object?[key]
            guard case .number(let n)? = found, n == n.rounded(), n >= Double(range.lowerBound),
                n <= Double(range.upperBound)
            else {
                throw InputError(
                    "\(place): \"\(key)\" must be a whole number in [\(range.lowerBound), \(range.upperBound)]\(why)")
            }
            return Int(n)
        }
        run = try text("run")
        participant = try text("participant")
        guard let mode = BlindMode(rawValue: try text("mode")) else {
            throw InputError(
                "\(place): \"mode\" must be one of \(BlindMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.mode = mode
        trial = try whole("trial", range: 1...1_000_000_000)
        guard case .bool(let practice) = try field("practice") else {
            throw InputError("\(place): \"practice\" must be true or false")
        }
        self.practice = practice
        seed = UInt64(try number("seed", range: 0...9_007_199_254_740_991))
        feelA = try text("feelA")
        feelB = try text("feelB")
        guard case .array(let phoneValues) = try field("phones") else {
            throw InputError("\(place): \"phones\" must be an array")
        }
        var phones: [FeelSlot] = []
        for item in phoneValues {
            guard case .string(let s) = item, let slot = FeelSlot(rawValue: s) else {
                throw InputError("\(place): \"phones\" holds \"a\" and \"b\" only")
            }
            phones.append(slot)
        }
        guard phones.count == mode.phoneCount else {
            throw InputError("\(place): \"phones\" must list \(mode.phoneCount) phones for \(mode.rawValue)")
        }
        self.phones = phones
        guard let answer = BlindAnswer(rawValue: try text("answer")), mode.answers.contains(answer) else {
            throw InputError(
                "\(place): \"answer\" must be one of \(mode.answers.map(\.rawValue).joined(separator: ", ")) for "
                    + "\(mode.rawValue)"
            )
        }
        self.answer = answer
        let assignment = TrialAssignment(phones)
        correct = assignment.correctAnswer(in: mode).map { $0 == answer }
        preferred = assignment.preferred(by: answer)
        seconds = try number("seconds", range: 0...1e9)
        guard case .array(let speeds) = try field("releaseSpeeds") else {
            throw InputError("\(place): \"releaseSpeeds\" must be an array")
        }
        var releaseSpeeds: [Double] = []
        for item in speeds {
            guard case .number(let n) = item, n.isFinite else {
                throw InputError("\(place): \"releaseSpeeds\" holds finite numbers only")
            }
            releaseSpeeds.append(n)
        }
        self.releaseSpeeds = releaseSpeeds
        if let stair = value["staircase"], stair != .null {
            guard case .object = stair, case .string(let model)? = stair["model"], case .string(let key)? = stair["key"]
            else {
                throw InputError("\(place): \"staircase\" must be an object with \"model\" and \"key\"")
            }
            guard mode == .abx else {
                throw InputError("\(place): \"staircase\" comes with ABX trials only, not \(mode.rawValue)")
            }
            let trial = StaircaseTrial(
                model: model, key: key, reference: try number("reference", in: stair),
                difference: try number("difference", in: stair, range: 0...1e300),
                value: try number("value", in: stair),
                down: try whole("down", in: stair, range: 2...3, why: " (1-up/2-down or 1-up/3-down)"))
            let tunable = "\(model)\u{0}\(key)\u{0}\(trial.reference)"
            let room = rooms[tunable] ?? trial.room
            rooms[tunable] = room
            if let problem = trial.impossibility(in: room) { throw InputError("\(place): \(problem)") }
            staircase = trial
        } else {
            staircase = nil
        }
    }

    /// Every line of a results file's text (blank lines skipped).
    public static func records(in text: String, file: String) throws(InputError) -> [TrialRecord] {
        try numberedRecords(in: text, file: file).map(\.record)
    }

    /// Every line of a results file's text with its line number (1-based; blank lines skipped).
    public static func numberedRecords(in text: String, file: String) throws(InputError) -> [(
        line: Int, record: TrialRecord
    )] {
        var records: [(line: Int, record: TrialRecord)] = []
        var rooms: [String: StaircaseTrial.Room] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingLeadingSpaces.trimmingTrailingWhitespace
            guard !trimmed.isEmpty else { continue }
            records.append(
                (index + 1, try TrialRecord(jsonLine: trimmed, where: "\(file) line \(index + 1)", rooms: &rooms)))
        }
        return records
    }
}

extension StringProtocol {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
    var trimmingTrailingWhitespace: String {
        var s = String(self)
        while let last = s.last, last == " " || last == "\r" || last == "\t" { s.removeLast() }
        return s
    }
}
