import Randomness
import ScrollPhysics

/// What a blind test compares, and how.
public struct BlindSetup: Sendable {
    public var mode: BlindMode
    /// Trials that count (a staircase runs until it stops instead, at most `staircaseTrialLimit`).
    public var trials: Int
    /// Practice trials first, with feedback; never counted.
    public var practice: Int
    public var seed: UInt64
    public var participant: String
    /// Names the run in the results file (participant, seed and start time).
    public var run: String
    public var feelA: Feel
    /// Feel B (a staircase makes it from A at each trial's difference instead).
    public var feelB: Feel
    /// What A and B are called in the results file (never shown during a trial).
    public var nameA: String
    public var nameB: String
    /// The parameter stepped and the staircase, when measuring a just-noticeable difference.
    public var staircase: (step: ParameterStep, track: Staircase)?

    public init(
        mode: BlindMode, trials: Int, practice: Int = 0, seed: UInt64, participant: String, run: String,
        feelA: Feel, feelB: Feel, nameA: String, nameB: String,
        staircase: (step: ParameterStep, track: Staircase)? = nil
    ) {
        self.mode = mode
        self.trials = trials
        self.practice = practice
        self.seed = seed
        self.participant = participant
        self.run = run
        self.feelA = feelA
        self.feelB = feelB
        self.nameA = nameA
        self.nameB = nameB
        self.staircase = staircase
    }

    /// A staircase stops at this many trials even if its reversals have not all come.
    public static let staircaseTrialLimit = 400
}

/// What the participant or the window did.
public enum BlindAction: Equatable, Sendable {
    /// The first trial is shown at this time (s).
    case start(at: Double)
    /// A gesture on any phone was released at this speed (pt/s).
    case released(speed: Double)
    /// An answer, at this time (s).
    case answer(BlindAnswer, at: Double)
    /// After a practice trial's feedback: on to the next trial.
    case proceed(at: Double)
}

/// What the window must do after an action; the run does no I/O itself.
public enum BlindEffect: Sendable {
    /// Show a new trial: these feels on the phones, in order, every phone back at its start.
    case showTrial([Feel])
    /// Append this line to the results file.
    case record(TrialRecord)
    /// The run is over.
    case finished
}

/// A blind test as a value: the trial under way, its assignment (seeded), the gestures made,
/// and the records so far. `apply` returns effects for the window to carry out.
public struct BlindRun: Sendable {
    public let setup: BlindSetup
    public enum Phase: Equatable, Sendable {
        case notStarted
        /// A trial is shown; `practice` trials give feedback after the answer.
        case trial(number: Int, practice: Bool)
        /// After a practice answer: whether it was right (nil in preference mode).
        case feedback(correct: Bool?, answer: BlindAnswer)
        case finished
    }
    public private(set) var phase: Phase = .notStarted
    public private(set) var assignment: TrialAssignment
    public private(set) var records: [TrialRecord] = []
    public private(set) var staircase: Staircase?
    private var generator: SeededGenerator
    private var shownAt = 0.0
    private var speeds: [Double] = []
    private var practiceDone = 0
    private var countedDone = 0

    public init(_ setup: BlindSetup) {
        self.setup = setup
        generator = SeededGenerator(seed: setup.seed)
        staircase = setup.staircase?.track
        assignment = TrialAssignment(Array(repeating: .a, count: setup.mode.phoneCount))
    }

    /// Trials counted so far, and how many there will be (nil for a staircase, which stops by itself).
    public var progress: (done: Int, total: Int?) { (countedDone, staircase == nil ? setup.trials : nil) }

    /// The counted records (practice left out).
    public var countedRecords: [TrialRecord] { records.filter { !$0.practice } }

    /// Feel B now: the setup's, or the reference moved by the staircase's difference.
    var currentFeelB: Feel {
        guard let (step, _) = setup.staircase, let staircase else { return setup.feelB }
        return (try? setup.feelA.setting(step.key, to: .number(step.value(at: staircase.level)))) ?? setup.feelB
    }

    public mutating func apply(_ action: BlindAction) -> [BlindEffect] {
        switch (action, phase) {
        case (.start(let time), .notStarted):
            return next(at: time)
        case (.released(let speed), .trial):
            if speed.isFinite { speeds.append(abs(speed)) }
            return []
        case (.answer(let answer, let time), .trial(let number, let practice)):
            guard setup.mode.answers.contains(answer) else { return [] }
            var stair: StaircaseTrial?
            if let (step, _) = setup.staircase, let staircase {
                stair = StaircaseTrial(
                    model: setup.feelA.name, key: step.key, reference: step.reference,
                    difference: staircase.level, value: step.value(at: staircase.level), down: staircase.down)
            }
            let record = TrialRecord(
                run: setup.run, participant: setup.participant, mode: setup.mode, trial: number,
                practice: practice, seed: setup.seed, feelA: setup.nameA, feelB: setup.nameB,
                phones: assignment.phones, answer: answer, seconds: max(0, time - shownAt),
                releaseSpeeds: speeds, staircase: stair)
            records.append(record)
            if practice {
                practiceDone += 1
                phase = .feedback(correct: record.correct, answer: answer)
                return [.record(record)]
            }
            countedDone += 1
            if stair != nil, let correct = record.correct { staircase?.record(correct: correct) }
            return [.record(record)] + next(at: time)
        case (.proceed(let time), .feedback):
            return next(at: time)
        default:
            return []
        }
    }

    /// The next trial, or the end.
    private mutating func next(at time: Double) -> [BlindEffect] {
        let practice = practiceDone < setup.practice
        if !practice {
            let over: Bool
            if let staircase {
                over = staircase.isFinished || countedDone >= BlindSetup.staircaseTrialLimit
            } else {
                over = countedDone >= setup.trials
            }
            if over {
                phase = .finished
                return [.finished]
            }
        }
        assignment = TrialAssignment.random(setup.mode, using: &generator)
        phase = .trial(number: practice ? practiceDone + 1 : countedDone + 1, practice: practice)
        shownAt = time
        speeds = []
        let feelB = currentFeelB
        return [.showTrial(assignment.phones.map { $0 == .a ? setup.feelA : feelB })]
    }
}
