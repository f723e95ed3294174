import ArgumentParser
import Foundation
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

    @Option(help: "Frames per second of the trace, 1 to 1000.")
    var fps = "60"

    @Option(help: "Seconds to trace, 0 to 3600 (default: until the scene rests after the gesture, plus 0.25 s).")
    var duration: String?

    @Option(help: "Where to write the trace CSV; - for standard output.")
    var trace = "-"

    func run() throws {
        let setup = try sceneOptions.setup(defaultList: .list(contentLength: 3000))
        let size = try sceneOptions.viewportSize()
        let framesPerSecond = try Flags.number(fps, flag: "--fps", range: 1...1000)
        let seconds = try duration.map { try Flags.number($0, flag: "--duration", range: 0...3600) }
        let events = try GestureFile.load(gesture)
        let parameters = try ParametersFile.load(params)
        let scene = setup.makeScene(viewport: size, parameters: parameters)
        let csv = Replay(fps: framesPerSecond, duration: seconds).run(scene, events: events)
        if trace == "-" {
            FileHandle.standardOutput.write(Data(csv.utf8))
        } else {
            try TextFile.write(csv, to: trace)
        }
    }
}
