import ArgumentParser
import Foundation
import Platform
import Playground
import Scenes
import SafeOutput
import Formats
import ScrollPhysics
import SessionEffects

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Open the playground window (the default command)."
    )

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var rendererOption: RendererOption
    @OptionGroup var windowOptions: WindowOptions
    @OptionGroup var serveOptions: ServeOptions

    @Option(help: "Parameter file to start from (the replay format).")
    var params: String?

    @Flag(help: "Start in A/B mode: two phones, one drag drives both.")
    var compare = false

    @Option(help: "Parameter file for side B (implies --compare).")
    var paramsB: String?

    @Flag(help: "Overlay B's content as a ghost on A (implies --compare).")
    var ghost = false

    @Option(
        name: .customLong("session"),
        help: ArgumentHelp(
            "Open a session file (saved with the panel's Save session): both sides, scene and layout, device, speed, "
                + "reference and recording.")
    )
    var sessionFile: String?

    @Flag(help: "Start from the defaults, not from the session kept when the window last quit.")
    var fresh = false

    @Option(
        help: ArgumentHelp(
            "Write the trace CSV (as replay's, one row per drawn frame): a new file grows while the window runs; an "
                + "existing file is replaced when the window closes.")
    )
    var trace: String?

    @Option(help: "Save the viewport as PNG to this file, at --screenshot-scale (with --screenshot-at).")
    var screenshot: String?

    enum ScreenshotScale: NumberLimits { static let flag = "--screenshot-scale", range = 1.0...3 }

    @Option(
        parsing: .unconditional,
        help: ScreenshotScale.help(
            "Pixels per viewport point of screenshots (S, the Screenshot button, --screenshot)",
            ", whatever the window's size."))
    var screenshotScale = Number<ScreenshotScale>("2")

    /// Seconds the window may overrun --exit-after (a frame stuck in the renderer) before it is ended.
    static let exitGrace = 10.0

    func run() throws {
        let initial = try sceneOptions.setup(defaultList: .cards(count: 200))
        let viewport = try Self.windowViewport(sceneOptions.viewportSize())
        let windowScreenshot = windowOptions.windowScreenshot
        let (windowSize, shotTime, quitTime) = try windowOptions.parsed(
            screenshots: screenshot != nil || windowScreenshot != nil)
        let rendererChoice = try rendererOption.choice()
        let shotScale = try screenshotScale.value()
        let (serveAddress, servePort) = try serveOptions.parsed()
        if sessionFile != nil, params != nil || paramsB != nil || compare || ghost || !sceneOptions.isEmpty {
            throw InputError(
                "--session sets the scene, device and both sides itself; it cannot be used with --params, --params-b, "
                    + "--compare, --ghost or scene flags"
            )
        }
        let opened = try sessionFile.map { try SessionFile.load($0) }
        let feel = try sceneOptions.feel(params)
        let feelB = try paramsB.map { try sceneOptions.feel($0) }
        // Outputs are checked before the window opens: a bad one is exit 2 with or without a display.
        let inputs = [params, paramsB, sessionFile].compactMap { $0 }
        if let trace { _ = try OutputFile.plan(trace, inputs: inputs) }
        if let screenshot { _ = try OutputFile.plan(screenshot, inputs: inputs + (trace.map { [$0] } ?? [])) }
        if let windowScreenshot {
            _ = try OutputFile.plan(windowScreenshot, inputs: inputs + [trace, screenshot].compactMap { $0 })
        }
        if let trace, let screenshot, trace == screenshot {
            throw InputError("--trace and --screenshot name the same file \(trace)")
        }
        // Keys 1…8 switch between the scenes; the one asked for keeps its content flags.
        let (setups, index) = SceneSetup.playground(with: initial)

        // From here on, nothing may keep the window past --exit-after: not a frame stuck in the
        // renderer, not a --trace FIFO that nobody reads.
        if let quitTime { Self.watch(deadline: quitTime + Self.exitGrace) }
        let app: PlaygroundApp
        do {
            app = try PlaygroundApp(
                windowWidth: Int(windowSize.width), windowHeight: Int(windowSize.height), renderer: rendererChoice)
        } catch {
            throw InputError(
                "no display to open a window on (\(error)); the headless commands work anywhere: scrollab replay, "
                    + "scrollab render"
            )
        }
        let traceFile = try trace.map { try TraceFile($0, header: "", live: true) }
        let session = PlaygroundSession(
            setups: setups, initial: index, viewport: viewport, feel: feel,
            feelName: params.map { URL(fileURLWithPath: $0).lastPathComponent },
            tracing: traceFile != nil, realTime: Window.now)
        app.driver = SessionDriver(files: Disk(trace: traceFile))
        // What the command line asked for, as requests the first frame applies.
        var start: [SessionRequest] = []
        if compare || feelB != nil || ghost {
            start.append(.setComparing(true))
            if let feelB, let paramsB {
                start += [.edit(side: 1), .setFeel(feelB, name: URL(fileURLWithPath: paramsB).lastPathComponent)]
                start.append(.edit(side: 0))
            }
            if ghost { start.append(.setGhost(true)) }
        }
        // The session the window kept when it last quit comes back when nothing else was asked for.
        // Scripted runs (--exit-after) leave it alone: they read it, never move or write it.
        let keeper = SessionFile.autosavePath().map { KeptSession(path: $0, claim: quitTime == nil) }
        let wantsKept = !fresh && params == nil && paramsB == nil && !compare && !ghost && sceneOptions.isEmpty
        if let opened, let path = sessionFile { start.append(.open(opened, source: path)) }
        if let keeper { start += keeper.start(opening: wantsKept && opened == nil, say: Self.say) }
        app.keeper = quitTime == nil ? keeper : nil
        // The window that holds the kept session keeps it as it changes (`SessionEffect.keep`).
        if app.keeper?.owns == true { start.append(.document(.keepSession)) }
        (app.phoneLink.address, app.phoneLink.port) = (serveAddress, servePort)
        if serveOptions.serve { start.append(.phone(.serve(true))) }
        app.startRequests = start
        app.shotScale = shotScale
        app.run(
            session, screenshot: screenshot.map { ($0, shotTime) },
            windowScreenshot: windowScreenshot.map { ($0, shotTime) },
            quitAfter: quitTime)
        app.phoneLink.stop()
        app.finishClip()
        // The window is gone: what happened to its session is said where the user still looks.
        for line in app.keepAtQuit(session) { Self.say(line) }
        try traceFile?.finish()
        if let failure = app.screenshotFailure { throw InputError(failure) }
    }

    /// `viewport` when a window can show it (`WindowLayout.viewportRange`, as a session file's),
    /// else the one line saying so.
    static func windowViewport(_ viewport: Size) throws(InputError) -> Size {
        let range = WindowLayout.viewportRange
        let shown = "\(ParameterSpec.format(viewport.width))x\(ParameterSpec.format(viewport.height))"
        if viewport.width < range.lowerBound || viewport.height < range.lowerBound {
            throw InputError(
                "--viewport: \(shown) is too small for the window; each side at least \(Int(range.lowerBound)) points "
                    + "(replay and render take any size from 1)")
        }
        if viewport.width > range.upperBound || viewport.height > range.upperBound {
            throw InputError(
                "--viewport: \(shown) is too large for the window; each side at most \(Int(range.upperBound)) points "
                    + "(replay and render take any size up to 100000)")
        }
        return viewport
    }

    /// One line on standard error; a closed or full standard error loses it, nothing else.
    static func say(_ line: String) {
        Console.note("scrollab: \(line)")
    }

    /// Ends the process when the window has not closed by `deadline` seconds from now, so that
    /// --exit-after holds even when a frame never finishes.
    static func watch(deadline: Double) {
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: deadline)
            OutputFile.removeTemporaryFiles()
            let line =
                "scrollab: error: still running \(Int(exitGrace)) s after --exit-after (a frame or an output "
                + "blocked); ended\n"
            _ = Array(line.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            _exit(2)
        }
    }
}
