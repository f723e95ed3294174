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
    var out: String?

    @Option(help: "START:END:STEP in seconds: one image with the frames side by side, labelled with their times (at most 60 frames).")
    var filmstrip: String?

    @OptionGroup var video: VideoOptions

    func run() throws {
        if let path = video.video {
            guard out == nil, filmstrip == nil else { throw InputError("--video cannot be used with --out or --filmstrip") }
            return try video.run(path: path, scene: scene, gesture: gesture, params: params, scale: scale)
        }
        guard let out else { throw InputError("--out FILE (a PNG) or --video FILE (.mp4 or .gif) is needed") }
        try video.rejectVideoFlags()
        let setup = try scene.setup(defaultList: .cards(count: 200))
        let size = try scene.viewportSize()
        let time = try Flags.number(at, flag: "--at", range: 0...3600)
        let pixelsPerPoint = try Flags.number(scale, flag: "--scale", range: 0.25...4)
        let events = try GestureFile.load(gesture)
        let parameters = try ParametersFile.load(params)
        let built = setup.makeScene(viewport: size, parameters: parameters)
        let times = try filmstrip.map(Self.times)
        do {
            let snapshot = try SceneSnapshot()
            let image = try times.map { try snapshot.filmstrip(of: built, events: events, times: $0, scale: pixelsPerPoint) }
                ?? snapshot.image(of: built, events: events, at: time, scale: pixelsPerPoint)
            try image.savePNG(out)
        } catch let error as SDLError {
            throw InputError("\(error)")
        }
    }

    /// "0:0.5:0.1" → [0, 0.1, 0.2, 0.3, 0.4, 0.5].
    static func times(_ text: String) throws(InputError) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw InputError("--filmstrip: \"\(text)\" is not START:END:STEP (for example 0:0.5:0.1)") }
        let start = try Flags.number(parts[0], flag: "--filmstrip START", range: 0...3600)
        let end = try Flags.number(parts[1], flag: "--filmstrip END", range: start...3600)
        let step = try Flags.number(parts[2], flag: "--filmstrip STEP", range: 0.001...3600)
        let count = Int(((end - start) / step + 1e-9).rounded(.down)) + 1
        guard count <= 60 else { throw InputError("--filmstrip: \(count) frames; at most 60 (use a larger STEP)") }
        return (0..<count).map { start + Double($0) * step }
    }
}
