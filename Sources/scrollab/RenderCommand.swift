import ArgumentParser
import Foundation
import Platform
import Rendering
import Scenes
import ScrollLabKit
import ScrollPhysics

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scene's viewport at a time after a gesture to a PNG, without a display."
    )

    @OptionGroup var scene: SceneOptions

    @Option(help: "Gesture file (as for replay); default: no gesture.")
    var gesture: String?

    @Option(help: "Parameter file (JSON).")
    var params: String?

    @Option(help: "Seconds after the gesture's start, 0 to 3600.")
    var at = "0"

    @Option(help: "Pixels per point, 0.25 to 4.")
    var scale = "1"

    @Option(help: "PNG file to write.")
    var out: String

    func run() throws {
        let setup = try scene.setup(defaultList: .cards(count: 200))
        let size = try Flags.size(scene.viewport, flag: "--viewport")
        let time = try Flags.number(at, flag: "--at", range: 0...3600)
        let pixelsPerPoint = try Flags.number(scale, flag: "--scale", range: 0.25...4)
        let events = try gesture.map { try GestureFile.decode(try TextFile.read($0), file: $0) } ?? []
        let parameters = try params.map { try ParametersFile.decode(try TextFile.read($0), file: $0) } ?? ScrollParameters()
        let built = setup.makeScene(viewport: size, parameters: parameters)
        do {
            let snapshot = try SceneSnapshot()
            let image = try snapshot.image(of: built, events: events, at: time, scale: pixelsPerPoint)
            try image.savePNG(out)
        } catch let error as SDLError {
            throw InputError("\(error)")
        }
    }
}
