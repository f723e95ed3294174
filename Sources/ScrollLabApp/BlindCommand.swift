import ArgumentParser
import BlindTest
import Foundation
import Platform
import Playground
import Media
import SafeOutput
import Scenes
import Formats
import ScrollPhysics

/// `scrollab blind`: a blind comparison of two feels (ABX, preference, same–different), or a
/// staircase measuring the just-noticeable difference of one parameter; `--report` pools results.
struct BlindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "blind",
        abstract:
            "A blind test of two feels in a window (ABX, preference, same–different, or a JND staircase), or --report "
            + "of results.",
        discussion: """
            No names, values or plots are shown during a trial; each phone answers only the finger that starts \
            on it. Keys: ← or A / → or B (ABX), ← / → (preference), S / D (same–different), Space (after a \
            practice trial), Esc ends (answered trials are kept). One JSON line per answer is appended to \
            --out. With --staircase KEY, feel B is feel A with KEY moved by a 1-up/N-down staircase (ABX \
            trials) until --reversals reversals. With --serve, no window opens: the trials run on a phone's \
            browser (the address and its QR code are printed), answered there.
            """
    )

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var rendererOption: RendererOption
    @OptionGroup var windowOptions: WindowOptions
    @OptionGroup var serveOptions: ServeOptions

    @Option(help: "Feel A's parameter file (default: UIKit's defaults).")
    var params: String?

    @Option(help: "Feel B's parameter file (not with --staircase).")
    var paramsB: String?

    @Option(parsing: .unconditional, help: "abx, preference or same-different (a staircase uses abx).")
    var mode = "abx"

    enum Trials: WholeLimits { static let flag = "--trials", range = 1...1000 }
    enum Practice: WholeLimits { static let flag = "--practice", range = 0...20 }
    enum Seed: WholeLimits { static let flag = "--seed", range = 0...9_007_199_254_740_991 }
    enum Down: WholeLimits { static let flag = "--down", range = 2...3 }
    // At least 5: the step shrinks at the 2nd and the 4th reversal, and one more is made at the finest step.
    enum Reversals: WholeLimits { static let flag = "--reversals", range = 5...100 }

    @Option(
        parsing: .unconditional,
        help: Trials.help("Counted trials", " (a staircase stops by its reversals instead)."))
    var trials = Whole<Trials>("16")

    @Option(parsing: .unconditional, help: Practice.help("Practice trials first, with feedback, never counted"))
    var practice = Whole<Practice>("0")

    @Option(parsing: .unconditional, help: "Who answers (pooled by this name in reports).")
    var participant = "anonymous"

    @Option(parsing: .unconditional, help: "Results file (JSON Lines), appended to; - for standard output.")
    var out = "scrollab-blind-results.jsonl"

    @Option(
        parsing: .unconditional,
        help: Seed.help("Seed of the random assignments", " (default: from the clock; recorded either way)."))
    var seed: Whole<Seed>?

    @Option(
        parsing: .unconditional, help: "Measure the just-noticeable difference of this parameter of feel A's model.")
    var staircase: String?

    @Option(parsing: .unconditional, help: "The staircase's reference value (default: feel A's).")
    var reference: String?

    @Option(
        parsing: .unconditional,
        help: Down.help("Correct answers in a row before the difference shrinks", " (2: the 70.7 % point; 3: 79.4 %)."))
    var down = Whole<Down>("3")

    @Option(parsing: .unconditional, help: Reversals.help("Reversals after which the staircase stops"))
    var reversals = Whole<Reversals>("20")

    @Option(
        parsing: .unconditional,
        help: "The staircase's first difference, in slider units (default: a quarter of the room to the range's end).")
    var startDifference: String?

    @Option(parsing: .unconditional, help: "Print the statistics of a results file instead of running a test.")
    var report: String?

    @Option(parsing: .unconditional, help: "With --report: draw the report as PNG to this file.")
    var plot: String?

    func run() throws {
        if let report { return try runReport(report) }
        if plot != nil { throw InputError("--plot draws a --report; give --report FILE") }
        let setup = try blindSetup(start: Date())
        let scene = try sceneOptions.setup(defaultList: .cards(count: 200))
        let viewport = try PlayCommand.windowViewport(sceneOptions.viewportSize())
        let windowScreenshot = windowOptions.windowScreenshot
        let (size, shotTime, quitTime) = try windowOptions.parsed(screenshots: windowScreenshot != nil)
        let inputs = [params, paramsB].compactMap { $0 }
        let results = try ResultsFile(out, inputs: inputs)
        if let windowScreenshot {
            do {
                try OutputFile.checkDistinct(
                    outputs: [("--out", out), ("--window-screenshot", windowScreenshot)], inputs: inputs)
            } catch { throw InputError(error) }
            _ = try OutputFile.plan(windowScreenshot, inputs: inputs + [out])
        }
        if let quitTime { PlayCommand.watch(deadline: quitTime + PlayCommand.exitGrace) }
        if serveOptions.serve { return try runServed(setup, scene: scene.name, results: results, quitAfter: quitTime) }
        let shown: Window
        do {
            shown = try Window(
                title: "ScrollLab blind test", width: Int(size.width), height: Int(size.height),
                renderer: try rendererOption.choice())
        } catch {
            throw InputError("no display to open a window on (\(error)); --report works anywhere")
        }
        let stage = BlindStage(run: BlindRun(setup), scene: scene, viewport: viewport)
        let app = BlindApp(window: shown, stage: stage, results: results)
        let lines = app.run(quitAfter: quitTime, windowScreenshot: windowScreenshot.map { ($0, shotTime) })
        if let failure = app.failure { throw InputError(failure) }
        let answered = stage.run.records.count
        guard answered > 0 else { return try Console.print("No trial answered; nothing written to \(out).") }
        // Other tests may append to the same file meanwhile: what it holds now, read back.
        let total = try results.count().map { $0 == answered ? "" : " (\($0) answers in it now)" } ?? ""
        try Console.print(
            "\(answered) answer\(answered == 1 ? "" : "s") saved to \(out)\(total)"
                + (lines.isEmpty ? "." : ". " + lines.joined(separator: " ")))
    }

    /// The test asked for, checked: files, mode, counts, seed, staircase.
    func blindSetup(start: Date) throws -> BlindSetup {
        guard let mode = BlindMode(rawValue: mode) else {
            throw InputError(
                "--mode: unknown mode \"\(self.mode)\"; allowed: "
                    + "\(BlindMode.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let trialCount = try trials.value()
        let practiceCount = try practice.value()
        guard !participant.isEmpty, participant.count <= 100, !participant.contains(where: { $0.isNewline }) else {
            throw InputError("--participant: a name of 1 to 100 characters on one line")
        }
        let seedValue: UInt64
        if let seed {
            seedValue = UInt64(try seed.value())
        } else {
            seedValue = UInt64(start.timeIntervalSince1970 * 1000) % 9_007_199_254_740_991
        }
        let feelA = try sceneOptions.feel(params)
        let nameA = params.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "\(feelA.title) defaults"
        let stamp = ISO8601DateFormatter().string(from: start)
        let runName = "\(participant)-\(seedValue)-\(stamp)"
        if let key = staircase {
            if paramsB != nil {
                throw InputError(
                    "--params-b and --staircase cannot be used together: the staircase makes feel B from feel A")
            }
            guard mode == .abx else {
                throw InputError("--staircase runs ABX trials; leave out --mode \(mode.rawValue)")
            }
            let steppable = feelA.model.rows.filter { ParameterStep($0) != nil }.map(\.key)
            guard let row = feelA.model.rows.first(where: { $0.key == key }), steppable.contains(key) else {
                throw InputError(
                    "--staircase: \"\(key)\" is not a continuous parameter of model \"\(feelA.name)\"; allowed: "
                        + "\(steppable.joined(separator: ", "))"
                )
            }
            let referenceValue =
                try reference.map { try Flags.number($0, flag: "--reference", range: row.range) } ?? row.value
            guard let step = ParameterStep(row, reference: referenceValue) else {
                throw InputError(
                    "--staircase: \"\(key)\" is not a continuous value with room in its range \(row.range); pick a "
                        + "slider parameter"
                )
            }
            let reference = try feelA.setting(key, to: .number(referenceValue))
            let downCount = try down.value()
            let reversalCount = try reversals.value()
            let room = step.maximumDifference
            let first =
                try startDifference.map {
                    try Flags.number($0, flag: "--start-difference", range: 1e-12...max(1e-12, room))
                } ?? step.startDifference
            let track = Staircase(
                start: first, down: downCount, reversals: reversalCount, minimum: room * StaircaseTrial.smallestShare,
                maximum: room)
            return BlindSetup(
                mode: .abx, trials: trialCount, practice: practiceCount, seed: seedValue, participant: participant,
                run: runName,
                feelA: reference, feelB: reference, nameA: nameA, nameB: "\(key) staircase", staircase: (step, track))
        }
        for flag in [("--reference", reference), ("--start-difference", startDifference)] where flag.1 != nil {
            throw InputError("\(flag.0) belongs to --staircase")
        }
        guard let paramsB else {
            throw InputError("a blind test compares two feels: give --params-b FILE (or --staircase KEY)")
        }
        let feelB = try sceneOptions.feel(paramsB)
        return BlindSetup(
            mode: mode, trials: trialCount, practice: practiceCount, seed: seedValue, participant: participant,
            run: runName,
            feelA: feelA, feelB: feelB, nameA: nameA, nameB: URL(fileURLWithPath: paramsB).lastPathComponent)
    }

    /// `--serve`: the trials on a phone (`BlindServe`), no window; what was answered, as without it.
    func runServed(_ setup: BlindSetup, scene: String, results: ResultsFile, quitAfter: Double?) throws {
        guard ExportCommand.scenes.contains(scene) else {
            throw InputError(
                "--serve: the phone's page shows the \(ExportCommand.scenes.joined(separator: ", ")); not the "
                    + "\(scene) scene")
        }
        let (address, port) = try serveOptions.parsed()
        let served = BlindServe(setup: setup, results: results, scene: scene, coreFolder: try WebPage.coreFolder(nil))
        let records = try served.serve(address: address, port: port, quitAfter: quitAfter, say: PlayCommand.say)
        if let failure = served.failure { throw InputError(failure) }
        guard !records.isEmpty else { return try Console.print("No trial answered; nothing written to \(out).") }
        let total = try results.count().map { $0 == records.count ? "" : " (\($0) answers in it now)" } ?? ""
        let lines = BlindApp.summary(of: served.run)
        try Console.print(
            "\(records.count) answer\(records.count == 1 ? "" : "s") saved to \(out)\(total)"
                + (lines.isEmpty ? "." : ". " + lines.joined(separator: " ")))
    }

    func runReport(_ path: String) throws {
        let numbered = try TrialRecord.numberedRecords(in: try TextFile.read(path), file: path)
        let report = BlindReport(numbered.map(\.record), lines: numbered.map(\.line))
        if let plot {
            _ = try OutputFile.plan(plot, inputs: [path])
            let image = try BlindReportPlot.image(report, fonts: try FontLibrary())
            do { try image.savePNG(plot, inputs: [path]) } catch { throw InputError("\(error)") }
        }
        try Console.print(report.text + (plot.map { "\nDrew \($0)." } ?? ""))
    }
}
