import ArgumentParser
import Foundation
import Platform
import Media
import Scenes
import SafeOutput
import Formats
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

    enum At: NumberLimits { static let flag = "--at", range = 0.0...3600 }
    /// Pixels per point of a frame or a clip.
    enum Scale: NumberLimits { static let flag = "--scale", range = 0.25...4.0 }

    @Option(parsing: .unconditional, help: At.help("Seconds after the gesture's start"))
    var at = Number<At>("0")

    @Option(parsing: .unconditional, help: Scale.help("Pixels per point"))
    var scale = Number<Scale>("1")

    @Option(help: "PNG file to write.")
    var out: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "START:END:STEP in seconds: one image with the frames side by side, labelled with their times (at most 60 "
                + "frames; wrapped into rows beyond 16384 pixels).")
    )
    var filmstrip: String?

    @OptionGroup var video: VideoOptions

    func run() throws {
        if let path = video.video {
            guard out == nil, filmstrip == nil else {
                throw InputError("--video cannot be used with --out or --filmstrip")
            }
            return try video.run(path: path, scene: scene, gesture: gesture, params: params, scale: scale)
        }
        guard let out else { throw InputError("--out FILE (a PNG) or --video FILE (.mp4 or .gif) is needed") }
        try video.rejectVideoFlags()
        let setup = try scene.setup(defaultList: .cards(count: 200))
        let size = try scene.viewportSize()
        let time = try at.value()
        let pixelsPerPoint = try scale.value()
        let events = try GestureFile.load(gesture)
        let feel = try scene.feel(params)
        let inputs = [gesture, params].compactMap { $0 }
        _ = try OutputFile.plan(out, inputs: inputs)  // a bad --out is found before the work
        let built = setup.makeScene(viewport: size, feel: feel)
        let times = try filmstrip.map(Self.times)
        // Frames wrap into rows so the strip stays within the largest image; what still does not fit is refused.
        let columns = times.map {
            SceneSnapshot.filmstripColumns(
                viewport: size, count: $0.count, scale: pixelsPerPoint, maximumWidth: Image.maximumSide)
        }
        let pixels =
            times.map {
                SceneSnapshot.filmstripSize(viewport: size, count: $0.count, scale: pixelsPerPoint, columns: columns)
            }
            ?? (
                width: Int((size.width * pixelsPerPoint).rounded()),
                height: Int((size.height * pixelsPerPoint).rounded())
            )
        guard pixels.width <= Image.maximumSide, pixels.height <= Image.maximumSide,
            pixels.width * pixels.height <= Image.maximumPixels
        else {
            let what =
                times.map { "--filmstrip (\($0.count) frames)" }
                ?? "a \(ParameterSpec.format(size.width))x\(ParameterSpec.format(size.height)) pt viewport"
            throw InputError(
                "\(what) at --scale \(scale) makes a \(pixels.width)x\(pixels.height) pixel image; at most "
                    + "\(Image.maximumSide) a side and \(Image.maximumPixels / 1_000_000) million pixels (use a "
                    + "smaller --scale\(times == nil ? "" : " or fewer frames"))"
            )
        }
        do {
            let snapshot = try SceneSnapshot()
            let image =
                try times.map {
                    try snapshot.filmstrip(
                        of: built, events: events, times: $0, scale: pixelsPerPoint, columns: columns)
                }
                ?? snapshot.image(of: built, events: events, at: time, scale: pixelsPerPoint)
            try image.savePNG(out, inputs: inputs)
        } catch let error as SDLError {
            throw InputError("\(error)")
        }
    }

    /// "0:0.5:0.1" → [0, 0.1, 0.2, 0.3, 0.4, 0.5].
    static func times(_ text: String) throws(InputError) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            throw InputError("--filmstrip: \"\(text)\" is not START:END:STEP (for example 0:0.5:0.1)")
        }
        let start = try Flags.number(parts[0], flag: "--filmstrip START", range: 0...3600)
        let end = try Flags.number(parts[1], flag: "--filmstrip END", range: start...3600)
        let step = try Flags.number(parts[2], flag: "--filmstrip STEP", range: 0.001...3600)
        let count = Int(((end - start) / step + 1e-9).rounded(.down)) + 1
        guard count <= 60 else { throw InputError("--filmstrip: \(count) frames; at most 60 (use a larger STEP)") }
        return (0..<count).map { start + Double($0) * step }
    }
}
