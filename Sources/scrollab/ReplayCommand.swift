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

    @Option(help: "list, pager or carousel.")
    var scene = "list"

    @Option(help: "Viewport size in points, WIDTHxHEIGHT.")
    var viewport = "390x844"

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

    @Option(help: "list: content length in points, 0 to 1e9.")
    var contentLength: String?

    @Option(help: "pager: number of pages, 0 to 1000000.")
    var pages: String?

    @Option(help: "carousel: cell width in points, 1 to 100000.")
    var cellWidth: String?

    @Option(help: "carousel: spacing between cells in points, 0 to 100000.")
    var spacing: String?

    @Option(help: "carousel: number of cells, 0 to 1000000.")
    var cells: String?

    func run() throws {
        let setup = try sceneSetup()
        let size = try Flags.size(viewport, flag: "--viewport")
        let framesPerSecond = try Flags.number(fps, flag: "--fps", range: 1...1000)
        let seconds = try duration.map { try Flags.number($0, flag: "--duration", range: 0...3600) }
        let events = try GestureFile.decode(try TextFile.read(gesture), file: gesture)
        let parameters = try params.map { try ParametersFile.decode(try TextFile.read($0), file: $0) } ?? ScrollParameters()
        let scene = setup.makeScene(viewport: size, parameters: parameters)
        let csv = Replay(fps: framesPerSecond, duration: seconds).run(scene, events: events)
        if trace == "-" {
            FileHandle.standardOutput.write(Data(csv.utf8))
        } else {
            try TextFile.write(csv, to: trace)
        }
    }

    private func sceneSetup() throws(InputError) -> SceneSetup {
        let sceneFlags: [String: [(String, String?)]] = [
            "list": [("--content-length", contentLength)],
            "pager": [("--pages", pages)],
            "carousel": [("--cell-width", cellWidth), ("--spacing", spacing), ("--cells", cells)],
        ]
        guard sceneFlags[scene] != nil else {
            throw InputError("--scene: unknown scene \"\(scene)\"; allowed: \(SceneSetup.names.joined(separator: ", "))")
        }
        for (name, flags) in sceneFlags where name != scene {
            for (flag, value) in flags where value != nil {
                throw InputError("\(flag) applies to --scene \(name) only, not \(scene)")
            }
        }
        switch scene {
        case "pager":
            return .pager(pages: try Flags.integer(pages ?? "5", flag: "--pages", range: 0...1_000_000))
        case "carousel":
            return .carousel(cellWidth: try Flags.number(cellWidth ?? "300", flag: "--cell-width", range: 1...100_000),
                             spacing: try Flags.number(spacing ?? "12", flag: "--spacing", range: 0...100_000),
                             cells: try Flags.integer(cells ?? "10", flag: "--cells", range: 0...1_000_000))
        default:
            return .list(contentLength: try Flags.number(contentLength ?? "3000", flag: "--content-length", range: 0...1e9))
        }
    }
}
