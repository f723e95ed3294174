import ArgumentParser
import Foundation
import Platform
import Media
import SafeOutput
import Scenes
import Formats
import ScrollPhysics

/// `render --video`: a clip of a gesture as MP4 or GIF, one phone or A/B side by side.
struct VideoOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write a clip instead of a PNG: FILE.mp4 (H.264) or FILE.gif, from the first touch until every phone "
                + "rests plus a short hold.")
    )
    var video: String?

    @Option(help: "--video: parameter file for a second phone, B, beside A (an A/B clip).")
    var paramsB: String?

    enum FPS: NumberLimits { static let flag = "--fps", range = 1.0...120 }
    enum Slow: NumberLimits { static let flag = "--slow", range = 0.05...1.0 }
    enum Duration: NumberLimits { static let flag = "--duration", range = 0.02...600.0 }

    @Option(
        parsing: .unconditional,
        help: FPS.help(
            "--video: frames per second", " (default 60 for MP4; 50 for GIF, whose rates are 100/n: 50, 25, 20, 10 …).")
    )
    var fps: Number<FPS>?

    @Option(parsing: .unconditional, help: Slow.help("--video: playback speed", " (0.25 plays four times slower)."))
    var slow: Number<Slow>?

    @Option(parsing: .unconditional, help: "--video: one line of text under the phone(s); it may start with '-'.")
    var caption: String?

    @Option(
        parsing: .unconditional,
        help: Duration.help("--video: clip length in seconds", ", instead of until rest plus 0.5 s."))
    var duration: Number<Duration>?

    /// The video flags given without --video.
    func rejectVideoFlags() throws(InputError) {
        for (flag, value) in [
            ("--params-b", paramsB), ("--fps", fps?.text), ("--slow", slow?.text), ("--caption", caption),
            ("--duration", duration?.text)
        ] where value != nil {
            throw InputError("\(flag) applies to --video only")
        }
    }

    /// A side's label: "A · uikit-fast" after its parameter file, "A · defaults" without one.
    static func label(_ side: String, file: String?) -> String {
        guard let file else { return side + " · defaults" }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return side + " · " + (name.hasSuffix(".json") ? String(name.dropLast(5)) : name)
    }

    func script(scene: SceneOptions, gesture: String?, params: String?, scale: Number<RenderCommand.Scale>) throws -> (
        ClipScript, VideoFormat
    ) {
        guard let path = video else { throw InputError("--video FILE is needed") }
        guard let format = VideoFormat(path: path) else {
            throw InputError("--video: \"\(path)\" must end in .mp4 or .gif")
        }
        let setup = try scene.setup(defaultList: .cards(count: 200))
        let viewport = try scene.viewportSize()
        let pixelsPerPoint = try scale.value()
        let rate = try fps?.value() ?? format.defaultFPS
        guard format.accepts(fps: rate) else {
            throw InputError(
                "--fps: \(fps?.text ?? "") cannot be held by a GIF (frame delays are whole hundredths of a second, "
                    + "0.02 s "
                    + "or more); use 50, 25, 20 or 10"
            )
        }
        let speed = try slow?.value() ?? 1
        let length = try duration?.value()
        if let caption, caption.contains(where: \.isNewline) { throw InputError("--caption: one line only") }
        // The output and the frame size are checked before anything is read, drawn or allocated.
        do {
            try OutputFile.checkDistinct(
                outputs: [(flag: "--video", path: path)], inputs: [gesture, params, paramsB].compactMap { $0 })
            _ = try OutputFile.plan(path, inputs: [gesture, params, paramsB].compactMap { $0 })
        } catch {
            throw InputError(error)
        }
        let layout = ClipLayout(viewport: viewport, sides: paramsB == nil ? 1 : 2, caption: caption != nil)
        let frame = layout.pixelSize(scale: pixelsPerPoint)
        guard frame.width <= Self.maximumSide, frame.height <= Self.maximumSide,
            frame.width * frame.height <= Self.maximumPixels
        else {
            throw InputError(
                "--video: --viewport \(ParameterSpec.format(viewport.width))x\(ParameterSpec.format(viewport.height)) "
                    + "at --scale \(scale)\(paramsB == nil ? "" : " (two phones)") makes "
                    + "\(frame.width)x\(frame.height) pixel frames; at most \(Self.maximumSide) a side and "
                    + "\(Self.maximumPixels / 1_000_000) million pixels (use a smaller --viewport or --scale)"
            )
        }
        let events = try GestureFile.load(gesture)
        var sides = [ClipSide(label: Self.label("A", file: params), feel: try scene.feel(params))]
        if let paramsB { sides.append(ClipSide(label: Self.label("B", file: paramsB), feel: try scene.feel(paramsB))) }
        if sides.count == 1 { sides[0].label = "" }
        let script = ClipScript(
            setup: setup, viewport: viewport, events: events, sides: sides, fps: rate, slow: speed,
            scale: pixelsPerPoint, caption: caption, duration: length)
        return (script, format)
    }

    func run(path: String, scene: SceneOptions, gesture: String?, params: String?, scale: Number<RenderCommand.Scale>)
        throws
    {
        let (script, format) = try self.script(scene: scene, gesture: gesture, params: params, scale: scale)
        guard let ffmpeg = VideoEncoder.ffmpegPath() else { throw InputError(VideoEncoder.installHint) }
        do {
            let fonts = try FontLibrary()
            let renderer = try ClipRenderer(script: script, fonts: fonts)
            let started = DispatchTime.now().uptimeNanoseconds
            let result = try renderer.encode(
                to: path, format: format, inputs: [gesture, params, paramsB].compactMap { $0 }, ffmpeg: ffmpeg)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            try Console.print(
                "Wrote \(path): \(result.width)x\(result.height) px, \(result.frames) frames, "
                    + "\(Self.decimal(result.duration, 2)) s at \(Self.decimal(script.fps, 0)) fps, "
                    + "\(Self.decimal(Double(result.bytes) / 1_000_000, 2)) MB, encoded in "
                    + "\(Self.decimal(seconds, 2)) s."
            )
        } catch let error as SDLError {
            throw InputError("\(error)")
        } catch let error as VideoError {
            throw InputError(error.message)
        }
    }

    /// The largest clip frame: 4096 pixels a side, 8 million in all (a GIF's palette pass holds
    /// every frame, so memory grows with it).
    static let maximumSide = 4096
    static let maximumPixels = 8_000_000

    static func decimal(_ value: Double, _ places: Int) -> String {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        let scaled = Int((value * factor).rounded())
        if places == 0 { return String(scaled) }
        let whole = scaled / Int(factor), fraction = String(abs(scaled) % Int(factor))
        return "\(whole).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
    }
}
