import BlindTest
import Drawing
import Foundation
import ImGuiBridge
import Platform
import Playground
import Media
import Scenes
import Formats
import TuningPanel
import SessionEffects

/// The window's frame loop: input → physics → scene layout → draw list → renderer, once per frame.
final class PlaygroundApp {
    let window: Window
    let panel = TuningPanel()
    /// Each phone's drawing lists, kept so a steady frame reuses their storage.
    private struct PhoneLists: Equatable {
        var scene = DrawList(), ghost = DrawList(), screen = DrawList()
        static func == (a: Self, b: Self) -> Bool {
            a.scene.commands == b.scene.commands && a.ghost.commands == b.ghost.commands
                && a.screen.commands == b.screen.commands
        }
    }
    /// This frame's lists, and the last frame's (what the window shows).
    private var phoneLists: [PhoneLists] = []
    private var drawnLists: [PhoneLists] = []
    /// The phone a drag began on keeps it, even over the panel or the other phone.
    private var pointerPhone: Int?
    private var running = true
    /// The X server's time of the pointer event about to be decoded (ms), and the clock mapping.
    private var serverTime: Double?
    private var eventTimes = EventTimes()
    /// Runs the session's file effects (parameters, gestures, references, sessions, the trace).
    var driver = SessionDriver(files: Disk())
    /// Requests applied before the first frame (what the command line asked for: A/B, a file, a session).
    var startRequests: [SessionRequest] = []
    /// The phone's server, when the session serves it (`PhoneLinkRunner`).
    let phoneLink = PhoneLinkRunner()
    /// Milliseconds the last frame took to build (the panel shows it).
    private var frameMilliseconds = 0.0

    init(windowWidth: Int, windowHeight: Int, renderer: Window.RendererChoice = .auto) throws {
        window = try Window(title: "ScrollLab", width: windowWidth, height: windowHeight, renderer: renderer)
        // Pointer samples at the X server's times (`EventTimes`), not at SDL's pump times.
        window.reportServerTimes()
        // A resize draws the bezels' shadows at a new scale: stand-ins first, then drawn anew.
        window.canvas.redrawsGradually = true
        guard
            slgui_init(
                UnsafeMutableRawPointer(window.window), UnsafeMutableRawPointer(window.renderer),
                window.fonts.regularPath, 15)
        else {
            throw SDLError("Dear ImGui set-up")
        }
    }

    deinit { slgui_shutdown() }

    func layout(viewport: Size, sides: Int) -> WindowLayout {
        let (w, h) = window.size
        return WindowLayout(windowWidth: w, windowHeight: h, viewport: viewport, sides: sides)
    }

    /// Runs until quit: frames while anything moves or was just touched, otherwise it sleeps in
    /// `SDL_WaitEventTimeout` until input, a window event or a scene timer (see `FramePacer`).
    func run(
        _ session: PlaygroundSession, screenshot: (path: String, time: Double)?,
        windowScreenshot: (path: String, time: Double)? = nil,
        quitAfter: Double?
    ) {
        let start = Window.now
        // What the command line asked for, before the first frame lays the phones out.
        run(
            driver.apply(startRequests, to: session, at: start), session: session,
            layout: layout(viewport: session.viewport, sides: session.sides.count), at: start)
        startRequests = []
        var due: [WindowLoop.Due] = []
        if let screenshot {
            due.append(
                .init(time: screenshot.time) { self.saveViewport(session.sides[0], of: session, to: screenshot.path) })
        }
        if let windowScreenshot {
            due.append(.init(time: windowScreenshot.time) { self.saveWindow(to: windowScreenshot.path) })
        }
        let subject = WindowSubject(app: self, session: session)
        WindowLoop.run(window, subject: subject, quitAfter: quitAfter, due: due, isRunning: { running }) { now in
            frame(session, at: now)
        }
    }

    /// One turn of the real loop with no deadlines (for `frames --window`); returns whether it drew.
    @discardableResult
    func turn(_ pacer: inout FramePacer, _ session: PlaygroundSession) -> Bool {
        FrameLoop.turn(
            &pacer, subject: WindowSubject(app: self, session: session), now: Window.now,
            wait: { window.waitForEvent(timeout: $0) },
            frame: { now in
                let handled = frame(session, at: now)
                window.present()
                return handled
            })
    }

    /// The panel is drawn into the window's overlay texture and copied on other frames: redrawn
    /// on every frame within `panelEventWindow` s of an event, and at `panelRate` Hz otherwise.
    private static let panelEventWindow = 0.25
    private static let panelRate = 15.0
    private var lastPanelDraw = -Double.infinity
    private var lastEvent = -Double.infinity
    private var panelLeft = 0.0
    private static let background = Color(hex: 0x2C2C2E)

    /// One frame: events, physics, the phones, the panel (drawn or copied) and requests. Returns
    /// whether it handled events or requests (which keep frames coming a little longer).
    func frame(_ session: PlaygroundSession, at now: Double) -> Bool {
        if let blindTest { return blindFrame(blindTest, session: session, at: now) }
        let frameStart = DispatchTime.now().uptimeNanoseconds
        var geometry = layout(viewport: session.viewport, sides: session.sides.count)
        var requests: [SessionRequest] = []
        var sawEvent = false
        window.poll(raw: { raw in
            sawEvent = true
            if let server = Window.serverMilliseconds(of: raw) { self.serverTime = server }
            return slgui_process_event(raw)
        }) { event in
            self.handle(event, session: session, layout: geometry, requests: &requests)
        }
        if sawEvent { lastEvent = now }
        // A resize among the events is drawn in this frame: laid out for the window's new size
        // (with the old layout, this frame and the next were each drawn whole).
        let resized = layout(viewport: session.viewport, sides: session.sides.count)
        if resized != geometry {
            geometry = resized
            window.canvas.noteResize()
        }
        if let job = clipJob {
            // The background encode's news comes back as requests, applied with the panel's.
            let (progress, outcome) = job.state
            if let outcome {
                requests.append(.clipFinished(outcome))
                clipJob = nil
            } else if progress.done != session.clip?.done || progress.total != session.clip?.total
                || Int(progress.elapsed * 4) != Int((session.clip?.elapsed ?? 0) * 4)
            {
                requests.append(.clipProgress(progress))
            }
        }
        trackJobs.removeAll { job in
            guard let outcome = job.result else { return false }
            requests.append(outcome)
            return true
        }
        // What the phone's page sent since the last frame.
        requests += phoneLink.takeRequests()
        run(driver.apply([.frame], to: session, at: now), session: session, layout: geometry, at: now)

        let ratio = window.pixelRatio
        // A tooltip or popup reaching left of the panel is drawn straight onto the frame.
        let spills = panelLeft < geometry.panelX - 0.5
        // A window that keeps its frames redraws only what changed: a phone whose drawing is the
        // same as last frame's is left as it is, and the panel's unchanged rows are not copied.
        // Anything else changing (the layout, labels, caption, a spilling tooltip) redraws all.
        let chrome = chrome(session, layout: geometry)
        let drawnNow = DrawnWindow(
            layout: geometry, ratio: ratio, size: window.size, chrome: chrome.commands, spills: spills)
        if let due = chromeRedrawDue, now >= due {
            chromeRedrawDue = nil
            wholeFrameDue = true
        }
        let whole = !window.keepsFrames || drawn != drawnNow || spills || wholeFrameDue
        drawn = drawnNow
        wholeFrameDue = false
        if whole {
            window.clear(Self.background)
            window.canvas.scale = ratio
            window.canvas.originX = 0
            window.canvas.originY = 0
            let (w, h) = window.size
            window.canvas.draw(chrome, bounds: Rect(x: 0, y: 0, width: w, height: h))
            // Its shadows drawn from stand-ins (just after a resize): drawn whole again once the
            // size has settled.
            if window.canvas.standIns > 0 {
                window.canvas.standIns = 0
                chromeRedrawDue = now + Canvas.redrawSettleSeconds + 0.02
            }
        } else {
            window.beginPartialFrame()
        }
        let t = session.sceneTime(at: now)
        let bounds = Rect(x: 0, y: 0, width: session.viewport.width, height: session.viewport.height)
        // Each phone's drawing is made here, then the phones whose drawing changed are drawn at
        // once (one thread each where the renderer allows), each into its screen's pixels.
        // Last frame's lists become this frame's "drawn"; the ones before them are reused.
        swap(&phoneLists, &drawnLists)
        while phoneLists.count < session.sides.count { phoneLists.append(PhoneLists()) }
        var screens: [Window.PixelRect] = []
        var changed: [Bool] = []
        for (index, side) in session.sides.enumerated() {
            let phone = geometry.phones[index]
            phoneLists[index].scene.removeAll()
            phoneLists[index].scene.pixelsPerPoint = geometry.scale * ratio
            side.scene.draw(into: &phoneLists[index].scene, at: t)
            phoneLists[index].ghost.removeAll()
            if index == 0, session.isComparing, session.showsGhost {
                phoneLists[index].ghost.pixelsPerPoint = geometry.scale * ratio
                session.sides[1].scene.draw(into: &phoneLists[index].ghost, at: t)
            }
            phoneLists[index].screen.removeAll()
            phoneLists[index].screen.append(PhoneChrome.cornerMask(bounds))
            if let rate = session.slowMotionRate {
                // On the phone, for an audience: the motion they see is slowed.
                let pill = Rect(x: (bounds.width - 200) / 2, y: bounds.height - 96, width: 200, height: 32)
                phoneLists[index].screen.append(
                    .rect(pill, fill: .solid(Color(hex: 0x000000, alpha: 0.62)), cornerRadius: 16))
                phoneLists[index].screen.append(
                    .text(
                        "Slow motion \(PlaygroundSession.rateText(rate))", x: pill.x + 16, y: pill.y + 7,
                        style: .headline,
                        color: .white, maxWidth: pill.width - 32))
            }
            changed.append(whole || index >= drawnLists.count || drawnLists[index] != phoneLists[index])
            // The screen's whole pixels, from a whole-pixel origin, so a layer copied at its
            // rounded corner ends where a bar drawn beside it ends (both then round the same
            // fraction), and its corner mask snaps as the screen does.
            let x = Int((phone.x * ratio).rounded()), y = Int((phone.y * ratio).rounded())
            screens.append(
                Window.PixelRect(
                    x: x, y: y, width: Int((phone.maxX * ratio).rounded()) - x,
                    height: Int((phone.maxY * ratio).rounded()) - y))
        }
        let lists = phoneLists, covered = session.sides.map(\.scene.coversViewport)
        // A phone drawn in part from its layers' drawings at another scale (just after a resize)
        // is drawn again until every layer is sharp (`Canvas.redrawsGradually`).
        let catchingUp = UnsafeMutableBufferPointer<Bool>.allocate(capacity: screens.count)
        catchingUp.initialize(repeating: false)
        defer { catchingUp.deallocate() }
        window.drawRegions(screens) { index, canvas in
            guard changed[index] || canvas.standIns > 0 else { return false }
            canvas.standIns = 0
            defer { catchingUp[index] = canvas.standIns > 0 }
            canvas.scale = geometry.scale * ratio
            let (scene, ghost, screen) = (lists[index].scene, lists[index].ghost, lists[index].screen)
            // What lies under the screen in a whole frame (the bezel), unless the scene covers it all.
            if !whole, !covered[index] {
                canvas.replace(bounds, with: PhoneChrome.bezelColor)
            }
            canvas.draw(scene, bounds: bounds)
            if !ghost.commands.isEmpty {
                canvas.drawGhost(
                    ghost, bounds: bounds, pixelWidth: screens[index].width, pixelHeight: screens[index].height,
                    alpha: 0.35)
            }
            canvas.draw(screen, bounds: bounds)
            return true
        }
        layersCatchingUp = catchingUp.contains(true) || chromeRedrawDue != nil
        let panelDue =
            spills || now - lastEvent < Self.panelEventWindow || now - lastPanelDraw >= 1 / Self.panelRate
            || !window.hasOverlay
        var panelRows: Range<Int>? = whole ? nil : 0..<0
        if panelDue {
            let kept = spills ? nil : window.beginOverlay(background: Self.background)
            slgui_new_frame(Float(geometry.panelX + geometry.panelWidth), Float(geometry.height), Float(ratio), 1 / 60)
            let panelRequests = panel.draw(
                session.panelState(at: now), frameMilliseconds: frameMilliseconds, x: Float(geometry.panelX), y: 0,
                width: Float(geometry.panelWidth), height: Float(geometry.height))
            if let kept {
                // Only the rows whose drawing changed (a readout, a hovered button) are redrawn.
                let bg = Self.background
                var top: Int32 = 0, bottom: Int32 = 0
                _ = slgui_render_kept(kept, bg.r, bg.g, bg.b, &top, &bottom)
                window.endOverlay()
                if !whole { panelRows = kept ? Int(top)..<Int(bottom) : nil }
            } else {
                slgui_render()
            }
            panelLeft = Double(slgui_drawn_min_x())
            lastPanelDraw = now
            requests += panelRequests
        }
        if !spills, panelRows?.isEmpty != true {
            window.drawOverlay(fromX: Int((geometry.panelX * ratio).rounded(.down)), rows: panelRows)
        }
        // Keys and panel both ask; the session applies every request once, in order, after the panel is drawn.
        let sceneBefore = session.sceneIndex
        run(driver.apply(requests, to: session, at: now), session: session, layout: geometry, at: now)
        reportWidgets(geometry, message: session.message?.text)
        reportAutosave(session, at: now)
        // A pointer held on a phone of the last scene is not on this one.
        if session.sceneIndex != sceneBefore { pointerPhone = nil }
        frameMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - frameStart) / 1e6
        return sawEvent || !requests.isEmpty
    }

    /// The session kept for the next start (nil: not kept, as in a scripted run), the thread
    /// that writes it, and when it was last handed over.
    var keeper: KeptSession? {
        didSet { writer = keeper.map { kept in SessionWriter { text throws(InputError) in try kept.writeKept(text) } } }
    }
    private var writer: SessionWriter?
    private var autosaveFailed = false

    /// Hands the session a frame asked to keep (`SessionEffect.keep`, at most every
    /// `PlaygroundSession.keepInterval` s while it changes) to the writer thread (a window that
    /// does not keep the session writes it only at quit, `keepAtQuit`). The frame goes on at
    /// once: a large session is encoded and written while the window draws.
    func autosave(_ document: SessionDocument) {
        guard let keeper, keeper.owns, let writer else { return }
        writer.submit(document)
    }

    /// Says in the panel, once, when keeping the session failed (and again after it worked).
    private func reportAutosave(_ session: PlaygroundSession, at now: Double) {
        guard let outcome = writer?.takeOutcome() else { return }
        switch outcome {
        case .success: autosaveFailed = false
        case .failure(let error):
            if !autosaveFailed { driver.apply([.failed(.autosave(error.message))], to: session, at: now) }
            autosaveFailed = true
        }
    }

    /// At quit: waits for the writer, then writes the session where it is kept (the kept session,
    /// or a new file when another window keeps it or it is a link); returns the lines to say on
    /// standard error (the window is gone).
    func keepAtQuit(_ session: PlaygroundSession) -> [String] {
        guard let keeper else { return [] }
        writer?.finish()
        writer?.stop()
        defer { keeper.release() }
        do throws(InputError) {
            let written = try keeper.save(try SessionFile.encodeChecked(session.snapshot()))
            guard written != keeper.path else { return [] }
            return [
                "this window's session is saved to \(written) (\(keeper.notKeptReason ?? "not kept")); "
                    + "`scrollab play --session \(written)` opens it"
            ]
        } catch {
            return ["the session was not kept for the next start: \(error.message)"]
        }
    }

    /// Runs the effects only the window can, and applies what they report until nothing is left.
    private func run(_ effects: [SessionEffect], session: PlaygroundSession, layout: WindowLayout, at now: Double) {
        var effects = effects
        while !effects.isEmpty {
            let results = effects.flatMap { perform($0, session: session, layout: layout) }
            effects = results.isEmpty ? [] : driver.apply(results, to: session, at: now)
        }
    }

    /// Carries out one effect; returns what it reports back to the session.
    private func perform(_ effect: SessionEffect, session: PlaygroundSession, layout: WindowLayout) -> [SessionRequest]
    {
        switch effect {
        case .screenshot: return [saveViewport(session: session)]
        case .exportPlot: return [savePlot(session: session)]
        case .copyToClipboard(let text): window.copyToClipboard(text)
        case .recordClip(let clip): clipJob = ClipJob(clip)
        case .cancelClip: clipJob?.cancel()
        case .trackReference(let path): trackJobs.append(TrackJob(path: path, file: Disk.locate(path)))
        case .runBlindTest(let plan): return startBlindTest(plan, at: Window.now).map { [$0] } ?? []
        case .keep(let document): autosave(document)
        case .startPhoneServer(let update): return [phoneLink.start(update)]
        case .stopPhoneServer: phoneLink.stop()
        case .publishToPhone(let update): phoneLink.publish(update)
        case .read, .write, .appendTrace, .fit, .shapeReference: break  // the driver's
        }
        return []
    }

    /// A blind test the session asked for (`SessionEffect.runBlindTest`) runs in this window,
    /// frame by frame inside the playground's own loop (no loop of its own): while it runs the
    /// window's frames are its frames; how it ended comes back as a request.
    fileprivate var blindTest: (app: BlindApp, path: String)?

    /// Starts the blind test `plan` describes; a request saying why when it cannot start.
    private func startBlindTest(_ plan: BlindTestPlan, at now: Double) -> SessionRequest? {
        let start = Date()
        let seed = UInt64(start.timeIntervalSince1970 * 1000) % 9_007_199_254_740_991
        let setup: BlindSetup
        switch plan.setup(seed: seed, stamp: ISO8601DateFormatter().string(from: start)) {
        case .success(let made): setup = made
        case .failure(let error): return .failed(.blindTest(started: false, reason: error.message))
        }
        let results: ResultsFile
        do { results = try ResultsFile(plan.request.path, inputs: []) } catch {
            return .failed(.blindTest(started: false, reason: "\(error)"))
        }
        let stage = BlindStage(run: BlindRun(setup), scene: plan.scene, viewport: plan.viewport, layout: plan.layout)
        let app = BlindApp(window: window, stage: stage, results: results)
        app.start(at: now)
        blindTest = (app, plan.request.path)
        return nil
    }

    /// A frame of the blind test under way; once it ended, how it ended goes to the session.
    private func blindFrame(_ blind: (app: BlindApp, path: String), session: PlaygroundSession, at now: Double)
        -> Bool
    {
        let handled = blind.app.frame(at: now)
        guard !blind.app.isRunning else { return handled }
        blindTest = nil
        pointerPhone = nil
        // The blind test drew over everything: the playground's next frame is drawn whole.
        wholeFrameDue = true
        let lines = blind.app.finish()
        let result: SessionRequest =
            blind.app.failure.map { .failed(.blindTest(started: true, reason: $0)) }
            ?? .blindTestFinished(
                answered: blind.app.stage.run.countedRecords.count, path: blind.path, findings: lines)
        run(
            driver.apply([result], to: session, at: now), session: session,
            layout: layout(viewport: session.viewport, sides: session.sides.count), at: now)
        return true
    }

    /// The clip encoding in the background, if any.
    private var clipJob: ClipJob?
    /// Videos being tracked for the reference (a newer Load makes an older one's result stale:
    /// the session keeps only the path it waits for).
    private var trackJobs: [TrackJob] = []

    /// A clip still encoding when the window closes was asked for: it is finished (the window is
    /// gone meanwhile; Ctrl+C stops it and leaves no file), and standard error says where it went.
    func finishClip() {
        guard let job = clipJob else { return }
        window.hide()
        let say = { (line: String) in Console.note("scrollab: \(line)") }
        say("finishing \(job.path) before quitting (Ctrl+C abandons it)…")
        switch job.wait(timeout: 600) {
        case let .saved(path, frames, seconds, bytes)?:
            say("saved \(path): \(frames) frames, \(String(format: "%.2f", seconds)) s, \(bytes / 1000) kB")
        case let .failed(path, reason)?: say("clip \(path) not saved: \(reason)")
        case .cancelled?, nil: say("clip \(job.path) abandoned; nothing was written")
        }
        clipJob = nil
    }

    /// The phones and the panel's widgets for `SCROLLAB_WIDGETS` (an open combo's items as "combo/item").
    private var widgets = WidgetReport()

    private func reportWidgets(_ layout: WindowLayout, message: String?) {
        guard widgets.isOn else { return }
        panel.reportsWidgets = true
        let phones = layout.phones.enumerated().map {
            (
                label: "phone \($0.offset)", x: $0.element.x, y: $0.element.y,
                width: $0.element.width, height: $0.element.height
            )
        }
        let controls = panel.widgetRects.map {
            (label: $0.label, x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height))
        }
        widgets.write(message: message ?? "", rows: phones + controls)
    }

    private func handle(
        _ event: PlatformEvent, session: PlaygroundSession, layout: WindowLayout, requests: inout [SessionRequest]
    ) {
        func local(_ x: Double, _ y: Double, phone: Int) -> Point { layout.viewportPoint(x: x, y: y, side: phone) }
        func eventTime(_ pumped: Double) -> Double {
            defer { serverTime = nil }
            return eventTimes.time(serverMilliseconds: serverTime, pumped: pumped)
        }
        switch event {
        case .quit:
            running = false
        case let .pointerDown(x, y, pumped):
            let time = eventTime(pumped)
            guard let phone = layout.side(atX: x, y: y) else { return }
            pointerPhone = phone
            driver.apply([.pointer(.down(local(x, y, phone: phone)))], to: session, at: time)
        case let .pointerMoved(x, y, pumped):
            let time = eventTime(pumped)
            guard let phone = pointerPhone else { return }
            driver.apply([.pointer(.move(local(x, y, phone: phone)))], to: session, at: time)
        case let .pointerUp(x, y, pumped):
            let time = eventTime(pumped)
            guard let phone = pointerPhone else { return }
            pointerPhone = nil
            driver.apply([.pointer(.up(local(x, y, phone: phone)))], to: session, at: time)
        case let .wheel(x, y, flipped, time):
            var mx: Int32 = 0, my: Int32 = 0
            SDLMouse.position(&mx, &my)
            guard layout.side(atX: Double(mx), y: Double(my)) != nil else { return }
            driver.apply([.wheel(x: x, y: y, flipped: flipped)], to: session, at: time)
        case let .key(key, time):
            switch key {
            case .escape: running = false
            case .space: requests.append(.toggleSlowMotion)
            case .screenshot, .letter("s"): requests.append(.screenshot)
            case .letter: break
            case .undo: requests.append(.undo)
            case .redo: requests.append(.redo)
            case .digit(let n): requests.append(.switchScene(n - 1))
            case .up: driver.apply([.key(.up)], to: session, at: time)
            case .down: driver.apply([.key(.down)], to: session, at: time)
            case .left: driver.apply([.key(.left)], to: session, at: time)
            case .right: driver.apply([.key(.right)], to: session, at: time)
            case .pageUp: driver.apply([.key(.pageUp)], to: session, at: time)
            case .pageDown: driver.apply([.key(.pageDown)], to: session, at: time)
            case .home: driver.apply([.key(.home)], to: session, at: time)
            case .end: driver.apply([.key(.end)], to: session, at: time)
            }
        case .resized, .exposed:
            wholeFrameDue = true
        }
    }

    /// The phones' bezels and labels, and the caption, in window points.
    private func chrome(_ session: PlaygroundSession, layout: WindowLayout) -> DrawList {
        var chrome = DrawList()
        for (index, phone) in layout.phones.enumerated() {
            let homeButton = Device.hasHomeButton(session.viewport)
            PhoneChrome.bezel(around: phone, scale: layout.scale, homeButton: homeButton, into: &chrome)
            // Labels and the caption stand over the body (a Home button's forehead is taller).
            let top = phone.y - (homeButton ? phone.height * WindowLayout.homeButtonChin - 14 : 0)
            let width = WindowLayout.bezelWidth(scale: layout.scale)
            if session.isComparing {
                // What runs on each phone, over it and one bezel (an ellipsis ends a longer one), so
                // the two labels keep a bezel and more between them.
                let label = session.sides[index].title + (index == session.editing ? "  (editing)" : "")
                chrome.append(
                    .text(
                        label, x: phone.x, y: top - 44, style: .headline,
                        color: index == session.editing ? Color(hex: 0x0A84FF) : Color(hex: 0xAEAEB2),
                        maxWidth: phone.width + width))
            }
        }
        if !session.isComparing, let phone = layout.phones.first {
            // Centred over the phone, in a box as wide as the room on both sides allows (the
            // window's left edge, the panel): the renderer ends it with an ellipsis only when it
            // does not fit.
            let middle = phone.x + phone.width / 2
            let half = max(0, min(middle - 12, layout.panelX - 12 - middle))
            chrome.append(
                .text(
                    session.scene.caption, x: middle - half,
                    y: phone.y - 44
                        - (Device.hasHomeButton(session.viewport)
                            ? phone.height * WindowLayout.homeButtonChin - 14 : 0),
                    style: .caption,
                    color: Color(hex: 0xAEAEB2), maxWidth: 2 * half, alignment: .center))
        }
        return chrome
    }

    /// What a whole frame drew outside the phones' screens; a frame whose differs is drawn whole.
    private struct DrawnWindow: Equatable {
        var layout: WindowLayout
        var ratio: Double
        var size: (Double, Double)
        var chrome: [DrawCommand]
        var spills: Bool
        static func == (a: Self, b: Self) -> Bool {
            a.layout == b.layout && a.ratio == b.ratio && a.size == b.size && a.chrome == b.chrome
                && a.spills == b.spills
        }
    }
    private var drawn: DrawnWindow?
    /// Set when the window lost its pixels (uncovered, resized): the next frame is drawn whole.
    private var wholeFrameDue = true
    /// Whether a phone was drawn in part from layers drawn at another scale: frames go on until
    /// they are all drawn anew.
    private(set) var layersCatchingUp = false
    /// When the window's chrome, drawn in part from stand-ins, is drawn whole again.
    private var chromeRedrawDue: Double?

    /// Draws the next frame whole, whatever changed (to compare it with the frames drawn in part).
    func drawWholeNextFrame() { wholeFrameDue = true }

    private var shotCounter = 0

    /// Pixels per viewport point of screenshots (1, 2 or 3), whatever the window's size.
    var shotScale = 2.0
    private lazy var snapshot = SceneSnapshot(fonts: window.fonts)

    /// The viewport of `side` drawn offscreen at `shotScale` (the scene as the window shows it now).
    private func viewportImage(_ side: PlaygroundSide, of session: PlaygroundSession) throws -> Image {
        try snapshot.image(of: side.scene, at: session.sceneTime(at: Window.now), scale: shotScale)
    }

    /// Saves the viewport(s) as PNG at `shotScale` and the parameters beside each as JSON, named
    /// by scene, side and time.
    private func saveViewport(session: PlaygroundSession) -> SessionRequest {
        shotCounter += 1
        let stamp = Int(Date().timeIntervalSince1970)
        var saved: [String] = []
        do {
            for side in session.sides {
                let base =
                    "scrollab-\(session.scene.name)-\(stamp)-\(shotCounter)"
                    + (session.isComparing ? "-\(side.label)" : "")
                let image = try viewportImage(side, of: session)
                try image.savePNG(base + ".png")
                try TextFile.write(ParametersFile.encode(side.feel), to: base + ".json")
                saved.append(base + ".png")
            }
            let pixels = (
                width: Int((session.viewport.width * shotScale).rounded()),
                height: Int((session.viewport.height * shotScale).rounded())
            )
            let size = "\(pixels.width)×\(pixels.height)"
            var both = ""
            if session.isComparing {
                // Both phones under their names in one picture, as a clip's frame shows them.
                let base = "scrollab-\(session.scene.name)-\(stamp)-\(shotCounter)-AB.png"
                try snapshot.sideBySide(
                    session.sides.map(\.scene), labels: session.sides.map(\.pictureTitle),
                    at: session.sceneTime(at: Window.now),
                    scale: shotScale
                ).savePNG(base)
                both = "; A and B together in \(base)"
                saved.append(base)
            }
            return .saved(
                paths: saved,
                as: .screenshot(
                    detail: " (\(size) px, @\(Self.short(shotScale))x) with the parameters beside as JSON\(both)."))
        } catch {
            return .failed(.screenshot("\(error)"))
        }
    }

    private static func short(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `--screenshot`: one side's viewport at `shotScale`.
    private func saveViewport(_ side: PlaygroundSide, of session: PlaygroundSession, to path: String) {
        do {
            try viewportImage(side, of: session).savePNG(path)
        } catch {
            Console.note("scrollab: error: \(error)")
        }
    }

    private func savePlot(session: PlaygroundSession) -> SessionRequest {
        let path = "scrollab-plot-\(session.scene.name)-\(Int(Date().timeIntervalSince1970)).png"
        let series = session.sides.enumerated().map { index, side in
            OffsetPlot.Series(
                label: side.gestureTitle, color: OffsetPlot.colors[index % 2], times: side.gesture.times,
                offsets: side.gesture.offsets, velocities: side.gesture.velocities)
        }
        let reference = session.reference.flatMap { ref -> OffsetPlot.Series? in
            ref.line(on: session.edited.gesture).map {
                OffsetPlot.Series(
                    label: "reference · \(URL(fileURLWithPath: ref.path).lastPathComponent)",
                    color: OffsetPlot.referenceColor, times: $0.times, offsets: $0.offsets)
            }
        }
        let table = session.gestureTable
        do {
            try OffsetPlot.image(series, reference: reference, table: table, fonts: window.fonts).savePNG(path)
            return .saved(paths: [path], as: .plot)
        } catch {
            return .failed(.plot("\(error)"))
        }
    }

    /// Why --screenshot could not be saved, if it could not.
    private(set) var screenshotFailure: String?

    private func saveWindow(to path: String) {
        do {
            try window.captureAll().savePNG(path)
        } catch {
            screenshotFailure = "\(error)"
        }
    }
}

/// What needs the window's frames: the blind test under way (its phones, its timers), else the
/// session.
private struct WindowSubject: FrameSubject {
    let app: PlaygroundApp
    let session: PlaygroundSession

    func isBusy(at realTime: Double) -> Bool {
        app.layersCatchingUp
            || (app.blindTest.map { $0.app.stage.isBusy(at: realTime) } ?? session.isBusy(at: realTime))
    }

    func nextChange(after realTime: Double) -> Double? {
        app.blindTest.map { $0.app.stage.nextChange(after: realTime) } ?? session.nextChange(after: realTime)
    }
}
