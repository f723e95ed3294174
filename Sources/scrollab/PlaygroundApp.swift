import Drawing
import Foundation
import ImGuiBridge
import Platform
import Playground
import Scenes
import ScrollLabKit
import TuningPanel

/// The window's frame loop: input → physics → scene layout → draw list → renderer, once per frame.
final class PlaygroundApp {
    let window: Window
    let panel = TuningPanel()
    private var sceneList = DrawList()
    private var chrome = DrawList(capacity: 16)
    /// A drag that began on the phone keeps going there even over the panel.
    private var pointerOnPhone = false
    private var running = true

    init(windowWidth: Int, windowHeight: Int) throws {
        window = try Window(title: "ScrollLab", width: windowWidth, height: windowHeight)
        guard slgui_init(UnsafeMutableRawPointer(window.window), UnsafeMutableRawPointer(window.renderer), window.fonts.regularPath, 15) else {
            throw SDLError("Dear ImGui set-up")
        }
    }

    deinit { slgui_shutdown() }

    /// Where the phone's viewport sits in the window: left of the panel, scaled to fit.
    struct Layout {
        var panelX: Double, panelWidth: Double, height: Double
        var phone: Rect        // window points
        var scale: Double      // window points per viewport point
    }

    func layout(viewport: Size) -> Layout {
        let (w, h) = window.size
        let panelWidth = min(max(360, w * 0.42), 560)
        let area = max(100, w - panelWidth)
        let scale = max(0.1, min((area - 64) / viewport.width, (h - 96) / viewport.height))
        let phone = Rect(x: (area - viewport.width * scale) / 2, y: (h - viewport.height * scale) / 2 + 12,
                         width: viewport.width * scale, height: viewport.height * scale)
        return Layout(panelX: area, panelWidth: panelWidth, height: h, phone: phone, scale: scale)
    }

    func run(_ session: PlaygroundSession, screenshot: (path: String, time: Double)?, quitAfter: Double?) {
        let start = Window.now
        var pendingShot = screenshot
        while running {
            let frameStart = DispatchTime.now().uptimeNanoseconds
            let now = Window.now
            let geometry = layout(viewport: session.viewport)
            var requests = TuningPanel.Requests()
            window.poll(raw: { slgui_process_event($0) }) { event in
                self.handle(event, session: session, layout: geometry, requests: &requests)
            }
            session.frame(at: now)

            // Draw: window background and phone bezel, the scene, then the panel.
            window.clear(Color(hex: 0x2C2C2E))
            let ratio = window.pixelRatio
            drawChrome(session, layout: geometry, ratio: ratio)
            sceneList.removeAll()
            let t = session.sceneTime(at: now)
            session.scene.draw(into: &sceneList, at: t)
            window.canvas.scale = geometry.scale * ratio
            window.canvas.originX = geometry.phone.x * ratio
            window.canvas.originY = geometry.phone.y * ratio
            sceneList.append(.cornerMask(Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height),
                                         cornerRadius: 44, color: Color(hex: 0x0A0A0B)))
            window.canvas.draw(sceneList, bounds: Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height))
            slgui_new_frame(Float(geometry.panelX + geometry.panelWidth), Float(geometry.height), Float(ratio), 1 / 60)
            let panelRequests = panel.draw(session, x: Float(geometry.panelX), y: 0, width: Float(geometry.panelWidth),
                                           height: Float(geometry.height), realTime: now)
            slgui_render()
            merge(panelRequests, into: &requests)
            apply(requests, session: session, layout: geometry, ratio: ratio, now: now)
            if let shot = pendingShot, now - start >= shot.time {
                saveWindow(to: shot.path, session: session)
                pendingShot = nil
            }
            session.frameMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - frameStart) / 1e6
            window.present()
            if let quitAfter, now - start >= quitAfter { running = false }
        }
    }

    private func merge(_ other: TuningPanel.Requests, into requests: inout TuningPanel.Requests) {
        requests.screenshot = requests.screenshot || other.screenshot
        requests.toggleSlowMotion = requests.toggleSlowMotion != other.toggleSlowMotion
        requests.sceneIndex = other.sceneIndex ?? requests.sceneIndex
    }

    private func apply(_ requests: TuningPanel.Requests, session: PlaygroundSession, layout: Layout, ratio: Double, now: Double) {
        if requests.toggleSlowMotion { session.toggleSlowMotion(at: now) }
        if let index = requests.sceneIndex { session.switchScene(to: index, at: now); pointerOnPhone = false }
        if requests.screenshot { saveViewport(session: session, layout: layout, ratio: ratio) }
    }

    private func handle(_ event: PlatformEvent, session: PlaygroundSession, layout: Layout, requests: inout TuningPanel.Requests) {
        func local(_ x: Double, _ y: Double) -> Point {
            Point(x: (x - layout.phone.x) / layout.scale, y: (y - layout.phone.y) / layout.scale)
        }
        switch event {
        case .quit:
            running = false
        case let .pointerDown(x, y, time):
            guard layout.phone.contains(x: x, y: y) else { return }
            pointerOnPhone = true
            session.input.pointerDown(at: local(x, y), time: session.sceneTime(at: time), scene: session.scene)
        case let .pointerMoved(x, y, time):
            guard pointerOnPhone else { return }
            session.input.pointerMoved(to: local(x, y), time: session.sceneTime(at: time), scene: session.scene)
        case let .pointerUp(x, y, time):
            guard pointerOnPhone else { return }
            pointerOnPhone = false
            session.input.pointerUp(at: local(x, y), time: session.sceneTime(at: time), scene: session.scene)
        case let .wheel(x, y, flipped, time):
            var mx: Int32 = 0, my: Int32 = 0
            _ = SDLMouse.position(&mx, &my)
            guard layout.phone.contains(x: Double(mx), y: Double(my)) else { return }
            session.input.wheel(x: x, y: y, flipped: flipped, time: session.sceneTime(at: time), scene: session.scene)
        case let .key(key, time):
            let t = session.sceneTime(at: time)
            switch key {
            case .escape: running = false
            case .space: requests.toggleSlowMotion.toggle()
            case .screenshot: requests.screenshot = true
            case .digit(let n): requests.sceneIndex = n - 1
            case .up: session.input.key(.up, time: t, scene: session.scene)
            case .down: session.input.key(.down, time: t, scene: session.scene)
            case .left: session.input.key(.left, time: t, scene: session.scene)
            case .right: session.input.key(.right, time: t, scene: session.scene)
            case .pageUp: session.input.key(.pageUp, time: t, scene: session.scene)
            case .pageDown: session.input.key(.pageDown, time: t, scene: session.scene)
            case .home: session.input.key(.home, time: t, scene: session.scene)
            case .end: session.input.key(.end, time: t, scene: session.scene)
            }
        case .resized:
            break
        }
    }

    /// The phone's bezel and the caption under it, in window points.
    private func drawChrome(_ session: PlaygroundSession, layout: Layout, ratio: Double) {
        chrome.removeAll()
        let phone = layout.phone
        let bezel = Rect(x: phone.x - 10, y: phone.y - 10, width: phone.width + 20, height: phone.height + 20)
        chrome.append(.shadow(bezel.offsetBy(dx: 0, dy: 6), cornerRadius: 44 * layout.scale + 10, blur: 18, color: Color(hex: 0x000000, alpha: 0.5)))
        chrome.append(.rect(bezel, fill: .solid(Color(hex: 0x0A0A0B)), cornerRadius: 44 * layout.scale + 10))
        chrome.append(.text(session.scene.caption, x: phone.x, y: phone.y - 44, style: .caption, color: Color(hex: 0xAEAEB2)))
        window.canvas.scale = ratio
        window.canvas.originX = 0
        window.canvas.originY = 0
        let (w, h) = window.size
        window.canvas.draw(chrome, bounds: Rect(x: 0, y: 0, width: w, height: h))
    }

    private var shotCounter = 0

    /// Saves the viewport as PNG and the parameters beside it as JSON, named by scene and time.
    private func saveViewport(session: PlaygroundSession, layout: Layout, ratio: Double) {
        shotCounter += 1
        let stamp = Int(Date().timeIntervalSince1970)
        let base = "scrollab-\(session.scene.name)-\(stamp)-\(shotCounter)"
        do {
            let image = try window.capture(x: Int((layout.phone.x * ratio).rounded()), y: Int((layout.phone.y * ratio).rounded()),
                                           width: Int((layout.phone.width * ratio).rounded()), height: Int((layout.phone.height * ratio).rounded()))
            try image.savePNG(base + ".png")
            try TextFile.write(ParametersFile.encode(session.parameters), to: base + ".json")
            session.show("Saved \(base).png and \(base).json")
        } catch {
            session.show("Screenshot failed: \(error)", isError: true)
        }
    }

    private func saveWindow(to path: String, session: PlaygroundSession) {
        do {
            try window.captureAll().savePNG(path)
        } catch {
            FileHandle.standardError.write(Data("scrollab: error: \(error)\n".utf8))
        }
    }
}
