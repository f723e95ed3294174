import ArgumentParser
import Foundation
import BlindTest
import Formats
import ScrollLabKit

/// `scrollab staircase`: a staircase run without a window, from given answers or a simulated
/// observer, by the same `Staircase` the window's blind test steps (PsychoPy's `StairHandler`
/// rules), printing one JSON object.
struct StaircaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staircase",
        abstract: "Run a staircase from given answers (or a simulated observer) and print its track as JSON.",
        discussion: """
            Prints {"intensities": [...], "reversalTrials": [...], "reversalIntensities": [...], "finished": ..., \
            "target": p}: intensities[k] is the value shown on trial k (one per answer used), trials are numbered \
            from 0, target is the proportion correct the track converges on. The rules are PsychoPy's \
            StairHandler's: a 1-up/1-down rule until the first reversal (unless --no-initial-rule); the step size \
            indexed by the number of reversals so far, the last one reused; db steps multiply by 10^(s/20), log \
            steps by 10^s, lin steps add s; clamped to --min/--max after each step; finished when both --reversals \
            and --trials are reached (--reversals below the number of steps is raised to it; --trials 0: reversals \
            alone end the run). Answers after the run finished are ignored and counted on standard error.
            """
    )

    enum Up: WholeLimits { static let flag = "--up", range = 1...100 }
    enum Down: WholeLimits { static let flag = "--down", range = 1...100 }
    enum Reversals: WholeLimits { static let flag = "--reversals", range = 0...10_000 }
    enum Trials: WholeLimits { static let flag = "--trials", range = 0...100_000 }
    enum Start: NumberLimits { static let flag = "--start", range = -1e12...1e12 }
    enum Bound: NumberLimits { static let flag = "--min/--max", range = -1e12...1e12 }
    enum Ratio: NumberLimits { static let flag = "--down-ratio", range = 0.01...100 }
    enum Threshold: NumberLimits { static let flag = "--observer", range = 1e-12...1e12 }
    enum Slope: NumberLimits { static let flag = "--slope", range = 0.1...50 }
    enum Seed: WholeLimits { static let flag = "--seed", range = 0...Int.max }

    /// The most answers read, and the most trials a simulated observer answers.
    static let answerLimit = 100_000

    @Option(parsing: .unconditional, help: Start.help("The first trial's intensity"))
    var start: Number<Start>

    @Option(parsing: .unconditional, help: Up.help("Wrong answers in a row before the intensity goes up", " (1)."))
    var up = Whole<Up>("1")

    @Option(parsing: .unconditional, help: Down.help("Correct answers in a row before it goes down", " (3)."))
    var down = Whole<Down>("3")

    @Option(
        parsing: .unconditional,
        help: "Step sizes, comma-separated (> 0): the one in use changes at each reversal, the last one reused.")
    var steps: String

    @Option(name: .customLong("step-type"), parsing: .unconditional, help: "lin, log or db (db).")
    var stepType = "db"

    @Option(name: .customLong("min"), parsing: .unconditional, help: "The smallest intensity a step down gives.")
    var minimum: String?

    @Option(name: .customLong("max"), parsing: .unconditional, help: "The largest intensity a step up gives.")
    var maximum: String?

    @Option(
        parsing: .unconditional,
        help: Reversals.help(
            "Reversals that end the run (with --trials)", "; default and at least: the number of steps."))
    var reversals: Whole<Reversals>?

    @Option(parsing: .unconditional, help: Trials.help("The fewest trials", " (0: reversals alone end the run)."))
    var trials = Whole<Trials>("0")

    @Flag(name: .customLong("no-initial-rule"), help: "No 1-up/1-down rule before the first reversal.")
    var noInitialRule = false

    @Option(
        name: .customLong("down-ratio"), parsing: .unconditional,
        help: Ratio.help(
            "García-Pérez's step ratio: a step down is this share of a step up",
            " (off: equal steps; 0.2845, 0.5488, 0.7393, 0.8415 for 1- to 4-down)."))
    var downRatio: Number<Ratio>?

    @Option(parsing: .unconditional, help: "The answers, comma-separated: 1 correct, 0 wrong.")
    var answers: String?

    @Option(
        parsing: .unconditional,
        help: Threshold.help(
            "Instead of --answers: a simulated two-alternative observer whose proportion correct at the track's target "
                + "is reached at this intensity (Weibull, chance ½)"))
    var observer: Number<Threshold>?

    @Option(parsing: .unconditional, help: Slope.help("The simulated observer's Weibull slope", " (3.5)."))
    var slope = Number<Slope>("3.5")

    @Option(parsing: .unconditional, help: Seed.help("The simulated observer's seed", " (1)."))
    var seed = Whole<Seed>("1")

    func run() throws {
        let rules = try self.rules()
        var track = Staircase(rules)
        var ignored = 0
        if let observer {
            guard answers == nil else { throw InputError("--answers and --observer: give one of them") }
            guard rules.target > 0.5 + 1e-9 else {
                throw InputError(
                    "--observer: this rule (\(rules.up)-up/\(rules.down)-down) converges on "
                        + "\(String(format: "%.1f", rules.target * 100)) % correct, not above a two-alternative "
                        + "observer's chance (50 %); give --down above --up")
            }
            var participant = SimulatedObserver(
                threshold: try observer.value(), at: rules.target, slope: try slope.value(),
                seed: UInt64(try seed.value()))
            while !track.isFinished && track.intensities.count < Self.answerLimit {
                track.record(correct: participant.answers(track.level))
            }
        } else {
            guard let answers else { throw InputError("give --answers 1,0,... (or --observer THRESHOLD)") }
            for answer in try Self.answers(answers) {
                if track.isFinished { ignored += 1 } else { track.record(correct: answer) }
            }
        }
        if let bad = track.intensities.firstIndex(where: { !$0.isFinite }) ?? (track.level.isFinite ? nil : -1) {
            throw InputError(
                "the intensity left the range a number can hold "
                    + (bad >= 0 ? "at trial \(bad)" : "after the last trial") + "; give --max or smaller --steps")
        }
        if ignored > 0 { Console.note("staircase: \(ignored) answer(s) after the run finished were ignored") }
        let number = { (value: Double) in String(value) }
        let text =
            "{\"intensities\": [\(track.intensities.map(number).joined(separator: ", "))], "
            + "\"reversalTrials\": [\(track.reversalTrials.map(String.init).joined(separator: ", "))], "
            + "\"reversalIntensities\": [\(track.reversals.map(number).joined(separator: ", "))], "
            + "\"finished\": \(track.isFinished), \"target\": \(rules.target)}"
        try Console.print(text)
    }

    func rules() throws(InputError) -> StaircaseRules {
        guard let type = StaircaseRules.StepType(rawValue: stepType) else {
            throw InputError("--step-type: \"\(stepType)\" is not one of lin, log, db")
        }
        let startValue = try start.value()
        if type != .linear && startValue <= 0 {
            throw InputError("--start: \(start.text) must be above 0 with --step-type \(stepType) (steps multiply)")
        }
        let sizeRange: ClosedRange<Double> = type == .linear ? 1e-12...1e12 : type == .log ? 1e-12...10 : 1e-12...200
        let parts = steps.split(separator: ",", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 1000 else { throw InputError("--steps: give 1 to 1000 step sizes") }
        var sizes: [Double] = []
        for part in parts {
            sizes.append(try Flags.number(String(part), flag: "--steps", range: sizeRange))
        }
        var low: Double?, high: Double?
        if let minimum { low = try Flags.number(minimum, flag: "--min", range: Bound.range) }
        if let maximum { high = try Flags.number(maximum, flag: "--max", range: Bound.range) }
        if let low, let high, low > high { throw InputError("--min \(low) is above --max \(high)") }
        if let low, startValue < low { throw InputError("--start \(start.text) is below --min \(low)") }
        if let high, startValue > high { throw InputError("--start \(start.text) is above --max \(high)") }
        return StaircaseRules(
            start: startValue, up: try up.value(), down: try down.value(), steps: sizes, stepType: type,
            minimum: low, maximum: high, reversals: try reversals?.value() ?? sizes.count, trials: try trials.value(),
            initialRule: !noInitialRule, downRatio: try downRatio?.value())
    }

    static func answers(_ text: String) throws(InputError) -> [Bool] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= answerLimit else { throw InputError("--answers: more than \(answerLimit) answers") }
        var result: [Bool] = []
        for (index, part) in parts.enumerated() {
            switch part.trimmingCharacters(in: .whitespaces) {
            case "1": result.append(true)
            case "0": result.append(false)
            default:
                throw InputError(
                    "--answers: answer \(index + 1) is \"\(Scrollab.shortened(String(part)))\"; each must be 1 or 0")
            }
        }
        return result
    }
}
