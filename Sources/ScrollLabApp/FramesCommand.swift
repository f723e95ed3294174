import ArgumentParser
import Drawing
import Foundation
import Platform
import Playground
import Media
import Scenes
import Formats
import ScrollPhysics

/// Runs a moving scene for a number of frames, for profilers (valgrind, perf): the same frame
/// path as the window, without a window. `--stats` times each frame and counts its geometry.
struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Run frames of a moving scene offscreen, for profiling (allocations, instructions).",
        shouldDisplay: true
    )

    @OptionGroup var sceneOptions: SceneOptions

    enum Count: WholeLimits { static let flag = "--count", range = 0...10_000_000 }
    enum Scale: NumberLimits { static let flag = "--scale", range = 0.1...4.0 }

    @Option(parsing: .unconditional, help: Count.help("Frames to run after 240 warm-up frames"))
    var count = Whole<Count>("300")

    @Flag(help: "Lay out only; do not draw with the canvas.")
    var layoutOnly = false

    @Option(
        parsing: .unconditional,
        help: Scale.help(
            "Draw the viewport alone at this many pixels per point", " (default: the window's 1280x800 layout)."))
    var scale: Number<Scale>?

    @Flag(
        help:
            "Print the median and 90th percentile frame time, triangles per frame and bounding-box area ÷ covered area."
    )
    var stats = false

    @Flag(help: "Run the frames in the real window (needs a display), panel included; then measure it at rest.")
    var window = false

    @Option(
        parsing: .unconditional,
        help: "With --window: its size in points, WIDTHxHEIGHT (as play's --window; default 1280x800).")
    var windowSize = "1280x800"

    @Flag(help: "With --window: A and B side by side, both moving.")
    var compare = false

    @OptionGroup var rendererOption: RendererOption

    func run() throws {
        let frames = try count.value()
        let pixelScale = try scale?.value()
        let setup = try sceneOptions.setup(defaultList: .cards(count: 1000))
        let size = try sceneOptions.viewportSize()  // --viewport and --device, as render and replay take them
        if window {
            return try runWindow(
                setup, viewport: size, frames: frames, windowSize: WindowOptions.size(windowSize, flag: "--window-size")
            )
        }
        if compare || windowSize != "1280x800" {
            throw InputError("--compare and --window-size: only with --window (they lay out the window)")
        }
        let scene = setup.makeScene(viewport: size, feel: .standard)
        let viewport = Rect(x: 0, y: 0, width: scene.viewport.width, height: scene.viewport.height)
        // Without --scale, the phone as the window shows it: 800 px high, centred in 1280.
        let windowScale = 800 / viewport.height
        let (width, height, drawScale, x) =
            pixelScale.map {
                (Int((viewport.width * $0).rounded()), Int((viewport.height * $0).rounded()), $0, 0.0)
            } ?? (1280, 800, windowScale, ((1280 - viewport.width * windowScale) / 2).rounded())
        guard width >= 1, height >= 1, width <= Image.maximumSide, height <= Image.maximumSide,
            width * height <= Image.maximumPixels
        else {
            throw InputError(
                "--viewport \(ParameterSpec.format(size.width))x\(ParameterSpec.format(size.height))"
                    + (scale.map { " at --scale \($0)" } ?? "")
                    + " makes a \(width)x\(height) pixel canvas; at least 1 and at most \(Image.maximumSide) pixels "
                    + "a side and \(Image.maximumPixels / 1_000_000) million in all"
            )
        }
        let canvas = layoutOnly ? nil : try OffscreenCanvas(width: width, height: height, fonts: try FontLibrary())
        canvas?.canvas.collectsStats = stats
        var list = DrawList()
        list.pixelsPerPoint = drawScale
        var t = 0.0
        var times: [Double] = [], cpuTimes: [Double] = []
        times.reserveCapacity(frames)
        cpuTimes.reserveCapacity(frames)
        for frame in 0..<(240 + frames) {
            if frame == 240 { canvas?.canvas.resetStats() }
            let start = DispatchTime.now().uptimeNanoseconds, cpuStart = Self.cpuSeconds()
            t += 1.0 / 60
            if scene.isAtRest(at: t) { ScriptedFling.perform(on: scene, at: t, forward: frame / 300 % 2 == 0) }
            scene.advance(to: t)
            list.removeAll()
            scene.draw(into: &list, at: t)
            // Cleared once, as a clip's canvas and a window that keeps its frames are: each frame
            // draws the whole viewport over the last.
            if frame == 0 { canvas?.clear(.black) }
            canvas?.draw(list, viewport: viewport, scale: drawScale, x: x)
            if stats, frame >= 240 {
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                cpuTimes.append((Self.cpuSeconds() - cpuStart) * 1000)
            }
        }
        guard stats else { try Console.print("\(list.count)"); return }
        times.sort()
        cpuTimes.sort()
        func percentile(_ p: Double, _ values: [Double] = times) -> Double {
            values.isEmpty ? 0 : values[min(values.count - 1, Int(Double(values.count) * p))]
        }
        let counted = canvas?.canvas.stats ?? CanvasStats()
        let n = Double(max(frames, 1))
        try Console.print(
            scene.name
                + String(
                    format:
                        ": %d frames at %dx%d px: CPU median %.2f ms (p90 %.2f), wall median %.2f ms; per frame %.0f "
                        + "triangles, box %.2f Mpx for %.2f Mpx covered (%.1f×), %.0f fills, %.0f copies (%.2f "
                        + "Mpx)",
                    frames, width, height, percentile(0.5, cpuTimes), percentile(0.9, cpuTimes), percentile(0.5),
                    Double(counted.triangles) / n,
                    (counted.boxArea + counted.fillArea) / n / 1e6, (counted.triangleArea + counted.fillArea) / n / 1e6,
                    counted.boxRatio, Double(counted.fills) / n, Double(counted.copies) / n, counted.copyArea / n / 1e6)
        )
    }

    /// The window's frames while the scene moves (a scripted fling whenever it rests), then 3 s at
    /// rest through the real idle loop: CPU per frame and share of a core, whole process (the GL
    /// driver's threads included).
    func runWindow(_ setup: SceneSetup, viewport: Size, frames: Int, windowSize: Size) throws {
        let app: PlaygroundApp
        do {
            app = try PlaygroundApp(
                windowWidth: Int(windowSize.width), windowHeight: Int(windowSize.height),
                renderer: try rendererOption.choice())
        } catch {
            throw InputError("--window: no display to open a window on (\(error))")
        }
        // The playground's scenes, this one in its place (the panel's Scene menu reads as in `play`).
        let (setups, index) = SceneSetup.playground(with: setup)
        let session = PlaygroundSession(
            setups: setups, initial: index, viewport: viewport, feel: .standard, realTime: Window.now)
        if compare { _ = session.apply([.setComparing(true)], at: Window.now) }
        var forward = true
        // Wall time from the frame's start until it is sent (the display's wait excluded): with
        // the phones drawn at once on several cores, shorter than the CPU time.
        var frameTimes: [Double] = []
        frameTimes.reserveCapacity(frames)
        func moving(_ count: Int, record: Bool) {
            for _ in 0..<count {
                let now = Window.now
                let t = session.sceneTime(at: now)
                if session.sides.allSatisfy({ $0.scene.isAtRest(at: t) }) {
                    for side in session.sides { ScriptedFling.perform(on: side.scene, at: t, forward: forward) }
                    forward.toggle()
                }
                let wallStart = Window.preciseNow
                _ = app.frame(session, at: now)
                app.window.present()  // paced to the display: the wait costs no CPU
                if record { frameTimes.append((app.window.sentAt - wallStart) * 1000) }
            }
        }
        moving(120, record: false)  // warm up: textures, shadows, the panel's font atlas
        let wallStart = Window.now, cpuStart = Self.cpuSeconds()
        moving(frames, record: true)
        let wall = Window.now - wallStart, cpu = Self.cpuSeconds() - cpuStart
        // While the phones move: the frame as drawn in part, then the same instant drawn whole.
        moving(1, record: false)
        let differing = try partialFrameDifference(app, session)
        let ratio = app.window.pixelRatio
        let floor = Self.copyFloor(
            pixels: Int((windowSize.width * ratio).rounded()) * Int((windowSize.height * ratio).rounded()))
        frameTimes.sort()
        let p90 = frameTimes.isEmpty ? 0 : frameTimes[min(frameTimes.count - 1, frameTimes.count * 9 / 10)]
        let meanTime = frameTimes.reduce(0, +) / Double(max(frameTimes.count, 1))
        let over120 = frameTimes.filter { $0 > 1000.0 / 120 }.count,
            over60 = frameTimes.filter { $0 > 1000.0 / 60 }.count
        // At rest: let the motion end, then run the real loop for 3 s with no input.
        while !session.sides.allSatisfy({ $0.scene.isAtRest(at: session.sceneTime(at: Window.now)) }) {
            _ = app.frame(session, at: Window.now); app.window.present()
        }
        var pacer = FramePacer(at: Window.now)
        let settle = Window.now + pacer.linger + 0.1
        while Window.now < settle { _ = app.turn(&pacer, session) }
        let restStart = Window.now, restCPU = Self.cpuSeconds()
        var drawn = 0
        while Window.now - restStart < 3 { if app.turn(&pacer, session) { drawn += 1 } }
        let restWall = Window.now - restStart, restUsed = Self.cpuSeconds() - restCPU
        let cpuPerFrame = cpu / Double(max(frames, 1))
        try Console.print(
            session.scene.name
                + String(
                    format:
                        " in the window (\(Int(windowSize.width))x\(Int(windowSize.height))\(compare ? ", A/B" : ""), "
                        + "panel open, \(app.window.rendererDescription)): in motion %.2f ms CPU per frame over %d "
                        + "frames (all threads; %.0f fps, %.0f %% of a core); %.2f ms from a frame's start until it "
                        + "is sent (mean; p90 %.2f, longest %.2f, %d over 8.3 ms, %d over 16.7 ms); at rest %d frames "
                        + "in %.1f s, %.2f %% of a core; \(differing) pixels of the phones differ from a whole frame; "
                        + "floor (one copy of the window's pixels) %.2f ms: frame time %.1f×, CPU %.1f× the floor",
                    cpuPerFrame * 1000, frames, Double(frames) / wall, 100 * cpu / wall, meanTime, p90,
                    frameTimes.last ?? 0, over120, over60, drawn, restWall, 100 * restUsed / restWall, floor * 1000,
                    meanTime / 1000 / max(floor, 1e-9), cpuPerFrame / max(floor, 1e-9)))
    }

    /// The floor of a CPU renderer for `pixels` pixels, s: the median of 101 copies of that many
    /// 4-byte pixels from one buffer to another (both made first), measured in this run.
    static func copyFloor(pixels: Int) -> Double {
        let count = max(1, pixels) * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
        defer { source.deallocate(); target.deallocate() }
        source.initializeMemory(as: UInt8.self, repeating: 7, count: count)
        target.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        var times: [Double] = []
        for _ in 0..<101 {
            let start = cpuSeconds()
            target.copyMemory(from: source, byteCount: count)
            times.append(cpuSeconds() - start)
        }
        return times.sorted()[50]
    }

    /// How many pixels left of the panel (the phones and their chrome) differ between the frame
    /// the window has (drawn in part where it keeps its frames) and the same instant drawn whole.
    func partialFrameDifference(_ app: PlaygroundApp, _ session: PlaygroundSession) throws -> Int {
        let now = Window.now
        _ = app.frame(session, at: now)
        let layout = app.layout(viewport: session.viewport, sides: session.sides.count)
        let ratio = app.window.pixelRatio
        let (w, h) = app.window.size
        let width = Int((layout.panelX * ratio).rounded(.down)), height = Int((h * ratio).rounded(.down))
        guard width > 0, height > 0, w > 0 else { return 0 }
        let partial = try app.window.capture(x: 0, y: 0, width: width, height: height)
        app.window.present()
        app.drawWholeNextFrame()
        _ = app.frame(session, at: now)
        let whole = try app.window.capture(x: 0, y: 0, width: width, height: height)
        app.window.present()
        return ImageDiff(partial, whole).differingPixels
    }

    /// CPU time of the whole process (every thread), seconds: steady under a loaded machine, unlike wall time.
    static func cpuSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
