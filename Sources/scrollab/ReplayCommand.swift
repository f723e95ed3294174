import ArgumentParser
import Foundation
import SafeOutput
import ScrollLabKit
import ScrollPhysics
import Scenes

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

    @Option(help: "Parameter file (JSON; every key optional, see README).")
    var params: String?

    @Option(parsing: .unconditional, help: "Frames per second of the trace, 1 to 1000.")
    var fps = "60"

    @Option(parsing: .unconditional, help: "Seconds to trace, 0 to 3600 (default: until the scene rests after the gesture, plus 0.25 s, at most 600 s after the last event).")
    var duration: String?

    @Option(help: "Where to write the trace CSV; - for standard output. A file is replaced only when the trace is complete.")
    var trace = "-"

    func run() throws {
        let setup = try sceneOptions.setup(defaultList: .list(contentLength: 3000))
        let size = try sceneOptions.viewportSize()
        let framesPerSecond = try Flags.number(fps, flag: "--fps", range: 1...1000)
        let seconds = try duration.map { try Flags.number($0, flag: "--duration", range: 0...3600) }
        let events = try GestureFile.load(gesture)
        let parameters = try sceneOptions.parameters(params)
        let scene = setup.makeScene(viewport: size, parameters: parameters)
        // Rows go straight to the output (a temporary file until the end): no whole trace in memory.
        let output = try OutputFile(trace, inputs: [gesture] + (params.map { [$0] } ?? []))
        try output.write(Trace.header(for: scene))
        let ending = try Replay(fps: framesPerSecond, duration: seconds).run(scene, events: events) { (t: Double) throws(OutputError) in
            try output.write(Trace.row(scene, at: t))
        }
        try output.commit()
        if case .cut(let t) = ending {
            FileHandle.standardError.write(Data("scrollab: note: the trace was cut at t = \(Trace.fixed(t, 3)) s, \(Int(Replay.defaultOpenEndedLimit)) s after the last event, with the scene still moving; pass --duration for a fixed length\n".utf8))
        }
    }
}
