import ArgumentParser
import Drawing
import Foundation
import Platform
import Playground
import Media
import SafeOutput
import Scenes
import Formats
import ScrollPhysics
import SessionEffects

/// `scrollab demo`: presentation mode. A tour plays each scene's signature gesture with the
/// finger drawn and a caption; a touch, click or key takes over; idle time resumes the tour.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract:
            "Presentation mode: a tour of every scene's signature gesture, full screen, that anyone can take over.",
        discussion:
            "Any touch, click or key takes over for live play; after --idle seconds without input the tour resumes. "
            + "←/→ step scenes, Esc quits."
    )

    @OptionGroup var rendererOption: RendererOption

    @Option(help: "Run in a window of this size in points, WIDTHxHEIGHT, instead of full screen.")
    var window: String?

    @Option(
        help: ArgumentHelp(
            "A JSON list of steps {scene, params, paramsB, gesture, caption}; files relative to it. Default: the "
                + "built-in tour.")
    )
    var tour: String?

    @Option(
        help: ArgumentHelp(
            "The phones' viewport: " + Device.all.map(\.key).joined(separator: ", ") + " (default 390x844)."))
    var device: String?

    enum Idle: NumberLimits { static let flag = "--idle", range = 1.0...3600 }
    enum ScreenshotAt: NumberLimits { static let flag = "--screenshot-at", range = 0.0...3600 }
    enum ExitAfter: NumberLimits { static let flag = "--exit-after", range = 0.0...86_400 }

    @Option(parsing: .unconditional, help: Idle.help("Seconds without input after which the tour resumes"))
    var idle = Number<Idle>("10")

    @Option(help: "Save a PNG of the whole window to this file (with --screenshot-at).")
    var screenshot: String?

    @Option(parsing: .unconditional, help: ScreenshotAt.help("Seconds after start at which to save --screenshot"))
    var screenshotAt = Number<ScreenshotAt>("1")

    @Option(parsing: .unconditional, help: ExitAfter.help("Quit by itself after this many seconds"))
    var exitAfter: Number<ExitAfter>?

    func run() throws {
        let windowSize = try window.map { try Flags.size($0, flag: "--window") }
        let rendererChoice = try rendererOption.choice()
        var viewport = Size.phone
        if let device {
            guard let found = Device.named(device) else {
                throw InputError(
                    "--device: unknown device \"\(device)\"; allowed: \(Device.all.map(\.key).joined(separator: ", "))")
            }
            viewport = found.viewport
        }
        let idleSeconds = try idle.value()
        let shotTime = try screenshotAt.value()
        let quitTime = try exitAfter?.value()
        let steps = try tour.map { try TourFile.load($0) } ?? TourStep.builtIn(viewport: viewport)
        // The screenshot's path is checked before the window opens: a bad one is exit 2 with or
        // without a display.
        if let screenshot { _ = try OutputFile.plan(screenshot, inputs: tour.map { [$0] } ?? []) }
        let app: DemoApp
        do {
            app = try DemoApp(size: windowSize, renderer: rendererChoice)
        } catch {
            throw InputError("no display to open a window on (\(error)); render --video makes clips anywhere")
        }
        let demo = DemoTour(steps: steps, viewport: viewport, idleResume: idleSeconds, realTime: Window.now)
        app.run(demo, screenshot: screenshot.map { ($0, shotTime) }, quitAfter: quitTime)
    }
}

/// The presentation window: the phones large and centred, the step above, the caption below.
final class DemoApp {
    let window: Window
    private var list = DrawList()
    private var chrome = DrawList(capacity: 32)
    private var running = true
    /// The phone a press began on keeps the stroke.
    private var pointerPhone: Int?

    static let background = Color(hex: 0x111113)

    init(size: Size?, renderer: Window.RendererChoice = .auto) throws {
        window = try Window(
            title: "ScrollLab demo", width: Int(size?.width ?? 1280), height: Int(size?.height ?? 800),
            fullscreen: size == nil,
            renderer: renderer)
    }

    /// Where the phones go in window points, and points per viewport point.
    func layout(viewport: Size, sides: Int) -> WindowLayout {
        let (w, h) = window.size
        return WindowLayout.presentation(windowWidth: w, windowHeight: h, viewport: viewport, sides: sides)
    }

    func log(_ change: DemoTour.Change, _ demo: DemoTour) {
        let line: String
        switch change {
        case .started(let step):
            line =
                "tour: step \(step + 1) of \(demo.steps.count), \(demo.steps[step].setup.name): "
                + "\(demo.steps[step].caption)"
        case .resumed(let step):
            line = "tour resumed: step \(step + 1) of \(demo.steps.count), \(demo.steps[step].setup.name)"
        case .tookOver: line = "live: taken over"
        }
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Runs until Esc or `quitAfter` s: frames while the tour or a person moves something, asleep
    /// until the next scripted touch, step or resume otherwise (see `FramePacer`).
    func run(_ demo: DemoTour, screenshot: (path: String, time: Double)?, quitAfter: Double?) {
        log(.started(step: 0), demo)
        let due = screenshot.map { shot in
            [
                WindowLoop.Due(time: shot.time) {
                    do { try self.window.captureAll().savePNG(shot.path) } catch {
                        Console.note("scrollab: error: \(error)")
                    }
                }
            ]
        }
        WindowLoop.run(window, subject: demo, quitAfter: quitAfter, due: due ?? [], isRunning: { running }) { now in
            frame(demo, at: now)
        }
    }

    /// One frame: events, the tour, the drawing; returns whether it handled events.
    private func frame(_ demo: DemoTour, at now: Double) -> Bool {
        let geometry = layout(viewport: demo.viewport, sides: demo.scenes.count)
        var sawEvent = false
        window.poll(raw: { _ in false }) { event in
            sawEvent = true
            if let change = self.handle(event, demo: demo, layout: geometry) { self.log(change, demo) }
        }
        if let change = demo.frame(at: now) { log(change, demo) }
        draw(demo, at: now)
        return sawEvent
    }

    private func handle(_ event: PlatformEvent, demo: DemoTour, layout: WindowLayout) -> DemoTour.Change? {
        func local(_ x: Double, _ y: Double, _ phone: Int) -> Point { layout.viewportPoint(x: x, y: y, side: phone) }
        switch event {
        case .quit:
            running = false
        case let .pointerDown(x, y, time):
            guard let phone = layout.side(atX: x, y: y) else { return demo.key(at: time) }
            pointerPhone = phone
            return demo.input(.down(local(x, y, phone)), at: time)
        case let .pointerMoved(x, y, time):
            guard let phone = pointerPhone else { return nil }
            return demo.input(.move(local(x, y, phone)), at: time)
        case let .pointerUp(x, y, time):
            guard let phone = pointerPhone else { return nil }
            pointerPhone = nil
            return demo.input(.up(local(x, y, phone)), at: time)
        case let .wheel(_, _, _, time):
            return demo.key(at: time)
        case let .key(key, time):
            switch key {
            case .escape: running = false
            case .left: pointerPhone = nil; return demo.step(by: -1, at: time)
            case .right: pointerPhone = nil; return demo.step(by: 1, at: time)
            default: return demo.key(at: time)
            }
        case .resized, .exposed:
            break
        }
        return nil
    }

    private func draw(_ demo: DemoTour, at now: Double) {
        let ratio = window.pixelRatio
        let (w, h) = window.size
        let geometry = layout(viewport: demo.viewport, sides: demo.scenes.count)
        window.clear(Self.background)
        chrome.removeAll()
        for phone in geometry.phones { PhoneChrome.bezel(around: phone, scale: geometry.scale, into: &chrome) }
        let step = demo.step
        let title =
            "\(demo.index + 1) / \(demo.steps.count)  ·  \(step.setup.name)" + (demo.mode == .live ? "  ·  live" : "")
        chrome.append(.text(title, x: 24, y: 20, style: .headline, color: Color(hex: 0x8E8E93)))
        let hint =
            demo.mode == .live
            ? "the tour resumes after \(Int(demo.idleResume)) s idle  ·  ← → scenes  ·  Esc quits"
            : "touch to take over  ·  ← → scenes  ·  Esc quits"
        // Under the caption, clear of the phones' labels at any window width.
        chrome.append(
            .text(
                hint, x: 24, y: h - 30, style: .caption, color: Color(hex: 0x636366), maxWidth: w - 48,
                alignment: .center))
        if demo.scenes.count == 2 {
            // Each phone names its feel, as the playground's phones and the clips do.
            let feels = [step.feel, step.feelB ?? step.feel]
            for (index, phone) in geometry.phones.enumerated() {
                let name =
                    (index == 0 ? "A · " : "B · ")
                    + PlaygroundSession.name(
                        of: feels[index], on: feels[index].model.uikit?.values.display ?? .standard)
                chrome.append(
                    .circle(centerX: phone.x + 6, centerY: phone.y - 34, radius: 6, color: OffsetPlot.colors[index]))
                chrome.append(
                    .text(
                        name, x: phone.x + 18, y: phone.y - 45, style: .headline, color: .white,
                        maxWidth: phone.width - 18))
            }
        }
        chrome.append(
            .text(step.caption, x: 24, y: h - 68, style: .title, color: .white, maxWidth: w - 48, alignment: .center))
        window.canvas.scale = ratio
        window.canvas.originX = 0
        window.canvas.originY = 0
        window.canvas.draw(chrome, bounds: Rect(x: 0, y: 0, width: w, height: h))

        let t = demo.sceneTime(at: now)
        let finger = demo.finger(at: now)
        for (index, scene) in demo.scenes.enumerated() {
            let phone = geometry.phones[index]
            list.pixelsPerPoint = geometry.scale * ratio
            ClipRenderer.phone(
                into: &list, scene: scene, at: t, finger: finger, background: .black, corners: PhoneChrome.bezelColor)
            window.canvas.scale = geometry.scale * ratio
            window.canvas.originX = phone.x * ratio
            window.canvas.originY = phone.y * ratio
            window.canvas.draw(list, bounds: Rect(x: 0, y: 0, width: demo.viewport.width, height: demo.viewport.height))
        }
    }
}
