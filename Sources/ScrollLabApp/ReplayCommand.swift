import ArgumentParser
import Foundation
import SafeOutput
import Formats
import ScrollLabKit
import ScrollPhysics
import Scenes
import Platform
import Media

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a pointer gesture through a scene without a display and write the per-frame trace (CSV).",
        discussion: """
            Scenes: list (vertical list, --content-length), pager (vertical full-viewport pages, --pages), \
            carousel (horizontal cells centred on release, --cell-width, --spacing, --cells).
            The trace's columns are t,offset,velocity,phase,page (s, pt, pt/s, phase name, page index).
            """
    )

    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: "Gesture file (JSON: {\"events\":[{\"t\":0,\"type\":\"down\",\"x\":195,\"y\":600}, ...]}).")
    var gesture: String

    @Option(help: "Parameter file (JSON; every key optional, see docs/parameters.md).")
    var params: String?

    enum FPS: NumberLimits { static let flag = "--fps", range = 1.0...1000 }
    enum Duration: NumberLimits { static let flag = "--duration", range = 0.0...3600 }

    @Option(parsing: .unconditional, help: FPS.help("Frames per second of the trace"))
    var fps = Number<FPS>("60")

    @Option(
        parsing: .unconditional,
        help: Duration.help(
            "Seconds to trace",
            " (default: until the scene rests after the gesture, plus 0.25 s, at most 600 s after the last event)."))
    var duration: Number<Duration>?

    @Option(
        help: "Where to write the trace CSV; - for standard output. A file is replaced only when the trace is complete."
    )
    var trace = "-"

    @Option(
        help: ArgumentHelp(
            "Also draw the gesture to this PNG: the finger's touch samples, the content offset, the lift with its "
                + "release velocity, and the rest.")
    )
    var plot: String?

    /// The finger's travel in content points (moving up or left is positive) at each touch
    /// sample, and the touchpad's summed deltas.
    static func fingerTravel(_ events: [TimedInput], orientation: Orientation) -> [ReleasePlot.Point] {
        var points: [ReleasePlot.Point] = []
        var origin: Double?
        var wheel = 0.0
        for input in events {
            switch input.event {
            case .down(let p):
                origin = orientation.coordinate(of: p)
                points.append(.init(t: input.time, value: 0))
            case .move(let p), .up(let p):
                if let origin { points.append(.init(t: input.time, value: origin - orientation.coordinate(of: p))) }
                if case .up = input.event { origin = nil }
            case .wheel(let dx, let dy):
                wheel += orientation == .vertical ? dy : dx
                points.append(.init(t: input.time, value: wheel))
            case .wheelBegin, .wheelEnd:
                points.append(.init(t: input.time, value: wheel))
            }
        }
        return points
    }

    func run() throws {
        let setup = try sceneOptions.setup(defaultList: .list(contentLength: 3000))
        let size = try sceneOptions.viewportSize()
        let framesPerSecond = try fps.value()
        let seconds = try duration?.value()
        let events = try GestureFile.load(gesture)
        let feel = try sceneOptions.feel(params)
        let scene = setup.makeScene(viewport: size, feel: feel)
        // Rows go straight to the output (a temporary file until the end): no whole trace in memory.
        let inputs = [gesture] + (params.map { [$0] } ?? [])
        if let plot {
            guard plot != trace else { throw InputError("--plot and --trace name the same file \"\(plot)\"; give two") }
            _ = try OutputFile.plan(plot, inputs: inputs)
        }
        let output = try OutputFile(trace, inputs: inputs)
        try output.write(Trace.header(extraColumns: scene.extraTraceColumns))
        var content: [ReleasePlot.Point] = []
        let ending = try Replay(fps: framesPerSecond, duration: seconds).run(scene, events: events) {
            (t: Double) throws(OutputError) in
            try output.write(Trace.row(scene.traceReading(at: t)))
            // A plot keeps at most 20,000 points of the content (every frame of the first 5 min at 60 fps).
            if plot != nil, content.count < 20_000 { content.append(.init(t: t, value: scene.mainAxis.offset(at: t))) }
        }
        // The trace is committed only once the plot is written too: one failing leaves both as they were.
        let outputs = OutputGroup()
        try outputs.add(output)
        if let plot {
            let finger = Self.fingerTravel(events, orientation: scene.orientation)
            let title =
                "scrollab replay \((gesture as NSString).lastPathComponent): the finger, the content and the release"
            let png: [UInt8]
            do {
                png = try ReleasePlot.image(
                    title: title, finger: finger, content: content, release: scene.mainAxis.latestRelease,
                    fonts: try FontLibrary()
                ).pngData()
            } catch {
                throw InputError("\(plot): cannot be drawn (\(error))")
            }
            try outputs.add(bytes: png, to: plot, inputs: inputs + [trace])
        }
        try outputs.commit()
        if case .cut(let t) = ending {
            Console.note(
                "scrollab: note: the trace was cut at t = \(Trace.fixed(t, 3)) s, "
                    + "\(Int(Replay.defaultOpenEndedLimit)) s after the last event, with the scene still moving; "
                    + "pass --duration for a fixed length")
        }
    }
}
