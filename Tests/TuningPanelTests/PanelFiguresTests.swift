import Foundation
import Testing
import ImGuiBridge
import Platform
@testable import Playground
import Scenes
import ScrollPhysics
import TuningPanel

/// What the real panel shows and takes, drawn headless (Dear ImGui on a software renderer, the
/// mouse and keys fed by hand): every slider takes a typed value, and the Reference field names
/// the reference that is loaded. (In `PanelTests`, whose tests run one at a time: Dear ImGui has
/// one context.)
extension PanelTests {
    var width: Float { 560 }
    var height: Float { 3200 }

    /// Dear ImGui on an offscreen canvas of `width` × `height` pixels (keep the canvas alive until
    /// `slgui_shutdown`), a session of `setups` at real time 10, and a panel reporting its widgets.
    func headless(_ setups: [SceneSetup], width: Float? = nil, height: Float? = nil) throws -> (
        OffscreenCanvas, TestSession, TuningPanel
    ) {
        let fonts = try FontLibrary()
        let offscreen = try OffscreenCanvas(
            width: Int(width ?? self.width), height: Int(height ?? self.height), fonts: fonts)
        #expect(slgui_init(nil, UnsafeMutableRawPointer(offscreen.canvas.renderer), fonts.regularPath, 15))
        let session = try TestSession(
            setups: setups, initial: 0, viewport: .phone, feel: Feel(ScrollParameters()), tracePath: nil,
            realTime: 10)
        let panel = TuningPanel()
        panel.reportsWidgets = true
        return (offscreen, session, panel)
    }

    /// One frame of the panel (`size`: its width and height, else this suite's) with the mouse at
    /// `mouse`, the keys given and `text` typed; the session applies what it returns (unless
    /// `applying` is false).
    @discardableResult
    func frame(
        _ session: TestSession, _ panel: TuningPanel, size: (Float, Float)? = nil, at mouse: (Float, Float) = (-1, -1),
        down: Bool = false, ctrl: Bool = false, enter: Bool = false, escape: Bool = false, typing text: String = "",
        applying: Bool = true
    ) -> [SessionRequest] {
        let (width, height) = size ?? (self.width, self.height)
        slgui_set_mouse(mouse.0, mouse.1, down)
        slgui_set_keys(ctrl, enter, escape)
        if !text.isEmpty { slgui_type(text) }
        slgui_new_frame(width, height, 1, 1.0 / 60)
        let requests = panel.draw(
            session.panelState(at: 10), frameMilliseconds: 0, x: 0, y: 0, width: width, height: height)
        slgui_end_frame()
        if applying { session.send(requests, at: 10) }
        return requests
    }

    /// Ctrl+clicks the slider titled `title`, types `text` and presses Enter: the requests made.
    private func type(
        _ text: String, into title: String, _ session: TestSession, _ panel: TuningPanel
    ) throws -> [SessionRequest] {
        let slider = try #require(
            panel.widgetRects.first { $0.label == title }, "slider \(title) in \(panel.widgetRects.map(\.label))")
        // Off the grab's centre, where a plain click would move the value.
        let at = (slider.x + slider.width * 0.8, slider.y + slider.height / 2)
        var seen = frame(session, panel, at: at, ctrl: true)
        seen += frame(session, panel, at: at, down: true, ctrl: true)
        seen += frame(session, panel, at: at, ctrl: true)
        // The field opens with its text selected: what is typed replaces it.
        seen += frame(session, panel, at: at, typing: text)
        seen += frame(session, panel, at: at, enter: true)
        seen += frame(session, panel, at: at)
        seen += frame(session, panel)
        return seen
    }

    /// The decimals a printf format shows ("%.4f /ms": 4).
    private func decimals(_ format: String) -> Int {
        guard let dot = format.firstIndex(of: ".") else { return 0 }
        return Int(format[format.index(after: dot)...].prefix { $0.isNumber }) ?? 0
    }

    /// Every model's every slider takes a typed value, exactly, as one request: the deceleration
    /// rate's 0.998 among them (its slider moves on a log scale of 1 − value, and a Ctrl+click on
    /// it once opened no field and moved the value to where the click was).
    @Test func everyModelSliderTakesATypedValue() throws {
        let (offscreen, session, panel) = try headless([.cards(count: 400)])
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        var typed = 0
        for name in FeelZoo.names {
            session.send([.setModel(name: name)], at: 10)
            for _ in 0..<3 { frame(session, panel) }
            let rows = session.feel.model.rows.filter { row in
                !row.isFlag && !row.isChoice && row.shown && panel.widgetRects.contains { $0.label == row.title }
            }
            #expect(!rows.isEmpty, "\(name): sliders drawn")
            for key in rows.map(\.key) {
                // A value typed may hide another (a tunable that matters only given others).
                guard let row = session.feel.model.rows.first(where: { $0.key == key }), row.shown else { continue }
                let places = decimals(row.format)
                let scale = pow(10, Double(places))
                var value =
                    row.key == "decelerationRate"
                    ? 0.998
                    : ((row.range.lowerBound + 0.37 * (row.range.upperBound - row.range.lowerBound)) * scale)
                        .rounded() / scale
                if row.isCount { value = value.rounded() }
                if abs(value - row.value) < 0.5 / scale { value = row.range.upperBound }
                let text = String(format: "%.\(places)f", value)
                let requests = try type(text, into: row.title, session, panel)
                let values = requests.compactMap { request -> Double? in
                    if case .feel(.typeValue(let key, let v)) = request, key == row.key { return v }
                    return nil
                }
                #expect(values.count == 1, "\(name) \(row.key): typed \(text), requests \(requests)")
                if let v = values.first {
                    #expect(abs(v - (Double(text) ?? .nan)) < 1e-9, "\(name) \(row.key): typed \(text), set \(v)")
                }
                typed += 1
            }
        }
        #expect(typed > 20)
        session.send([.setModel(name: FeelZoo.uikit)], at: 10)
        for _ in 0..<3 { frame(session, panel) }
        let rate = try #require(ScrollParameters.tunables.first { $0.key == "decelerationRate" }?.title)
        _ = try type("0.9954", into: rate, session, panel)
        _ = try type("0.998", into: rate, session, panel)
        #expect(session.feel.uikit.decelerationRate == 0.998)
    }

    /// A value typed out of its slider's range reaches the session as typed (the field does not
    /// clamp it silently): the session applies the range's end and the message line says so; a
    /// value in range (its end) is set as typed and the line about the one before goes.
    @Test func aValueTypedOutOfRangeIsClampedAndTheMessageLineSaysSo() throws {
        let (offscreen, session, panel) = try headless([.cards(count: 400)])
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        for _ in 0..<3 { frame(session, panel) }
        let range = "[0.9, 0.9999] per ms"
        for (typed, applied, said) in [
            ("2", 0.9999, "2 is outside its range \(range); 0.9999 applied."),
            ("0.5", 0.9, "0.5 is outside its range \(range); 0.9 applied."),
            ("0.9999", 0.9999, nil)
        ] {
            let sent = try type(typed, into: "Deceleration rate", session, panel).filter {
                if case .feel = $0 { true } else { false }
            }
            #expect(sent == [.typeValue(key: "decelerationRate", value: Double(typed)!)], "\(typed): \(sent)")
            #expect(session.feel.uikit.decelerationRate == applied)
            #expect(session.message?.text == said.map { "Deceleration rate: " + $0 })
        }
    }

    /// Every scene's own sliders (cell width, masses, parallax, the axis lock angle …) take a typed
    /// value too.
    @Test func everySceneSliderTakesATypedValue() throws {
        let setups = SceneSetup.registry.map { SceneSetup(name: $0.name) }
        let (offscreen, session, panel) = try headless(setups)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        var typed = 0
        for index in setups.indices {
            session.send([.switchScene(index)], at: 10)
            for _ in 0..<3 { frame(session, panel) }
            for control in session.scene.controls {
                guard case let .slider(id, label, range, format, _) = control else { continue }
                let places = decimals(format)
                let scale = pow(10, Double(places))
                var value =
                    ((range.lowerBound + 0.37 * (range.upperBound - range.lowerBound)) * scale).rounded() / scale
                if abs(value - session.scene.controlValue(id)) < 0.5 / scale { value = range.upperBound }
                let text = String(format: "%.\(places)f", value)
                let requests = try type(text, into: label, session, panel)
                let values = requests.compactMap { request -> Double? in
                    if case .scene(.typeSceneControl(let key, let v)) = request, key == id { return v }
                    return nil
                }
                #expect(values.count == 1, "\(session.scene.name) \(id): typed \(text), requests \(requests)")
                #expect(abs(session.scene.controlValue(id) - value) < 1e-9, "\(session.scene.name) \(id)")
                typed += 1
            }
        }
        #expect(typed >= 6)
    }

    /// A session restored with a video reference: the Reference field names that video (not the
    /// example CSV it starts with), so Load does not replace it; a reference loaded later is
    /// named there too.
    @Test func theReferenceFieldNamesTheReferenceLoaded() throws {
        let (offscreen, session, panel) = try headless([.cards(count: 400)])
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        frame(session, panel)
        #expect(panel.referenceField == "Assets/recordings/uikit-return-177.csv")
        var document = session.snapshot()
        document.reference = "/tmp/recordings/photo-grid.mp4"
        session.send([.open(document, source: "the kept session")], at: 10)
        frame(session, panel)
        #expect(session.trackingReference == "/tmp/recordings/photo-grid.mp4")
        #expect(panel.referenceField == "/tmp/recordings/photo-grid.mp4")
        session.send([.referenceFailed(path: "/tmp/recordings/photo-grid.mp4", reason: "no such file")], at: 10)
        frame(session, panel)
        // Still the file named in the message, until another is loaded.
        #expect(panel.referenceField == "/tmp/recordings/photo-grid.mp4")
        session.send([.loadReference(path: "/tmp/other.mov")], at: 10)
        frame(session, panel)
        #expect(panel.referenceField == "/tmp/other.mov")
    }

    /// A path typed into the Reference field that cannot be loaded (a typo): after Load the field
    /// names the reference the session kept again, which Fit fits, not the path refused (the
    /// message says why it was refused).
    @Test func aRefusedPathLeavesTheFieldNamingTheReferenceKept() throws {
        let (offscreen, session, panel) = try headless([.cards(count: 400)])
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        let good = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/recordings/uikit-return-177.csv").path
        session.send([.loadReference(path: good)], at: 10)
        frame(session, panel)
        #expect(panel.referenceField == good && session.reference?.path == good)
        let field = try #require(panel.widgetRects.first { $0.label == "Reference" })
        let at = (field.x + field.width * 0.3, field.y + field.height / 2)
        frame(session, panel, at: at)
        frame(session, panel, at: at, down: true)
        frame(session, panel, at: at)
        frame(session, panel, at: at, typing: "x")
        frame(session, panel)
        let typed = panel.referenceField
        #expect(typed != good && typed.count == good.count + 1, "\(typed)")
        let load = try #require(panel.widgetRects.first { $0.label == "Load##reference" })
        let button = (load.x + load.width / 2, load.y + load.height / 2)
        frame(session, panel, at: button)
        frame(session, panel, at: button, down: true)
        frame(session, panel, at: button)
        frame(session, panel)
        #expect(session.message?.isError == true && session.message?.text.hasPrefix(typed) == true)
        #expect(session.reference?.path == good)
        #expect(panel.referenceField == good, "the field names the reference kept")
    }
}

extension PanelTests {
    /// The window at its smallest (640×400: a 269 pt panel): a message longer than its area ends
    /// its last line at a word with "…", every line shown is whole words of the message in order,
    /// and they fit the area; a short one is shown whole.
    @Test func aLongMessageEndsAtAWordInTheSmallestWindow() throws {
        let width: Float = 268.8, height: Float = 400
        let fonts = try FontLibrary()
        let offscreen = try OffscreenCanvas(width: 640, height: 400, fonts: fonts)
        #expect(slgui_init(nil, UnsafeMutableRawPointer(offscreen.canvas.renderer), fonts.regularPath, 15))
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        let session = try TestSession(
            setups: [.cards(count: 40)], initial: 0, viewport: .phone, feel: .standard, tracePath: nil, realTime: 10)
        let panel = TuningPanel()
        func shown(_ text: String, error: Bool) -> String {
            session.message = PlaygroundSession.Message(text: text, isError: error)
            for _ in 0..<2 {
                slgui_set_mouse(-1, -1, false)
                slgui_new_frame(640, 400, 1, 1.0 / 60)
                _ = panel.draw(
                    session.panelState(at: 10), frameMilliseconds: 0, x: 640 - width, y: 0, width: width,
                    height: height)
                slgui_end_frame()
            }
            var buffer = [CChar](repeating: 0, count: 4096)
            _ = slgui_message_shown(&buffer, buffer.count)
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let long =
            "Saved scrollab-list-1795880101-1-A.png, scrollab-list-1795880101-1-B.png (780×1688 px, @2x) with the "
            + "parameters beside as JSON; A and B together in scrollab-list-1795880101-1-AB.png."
        for error in [false, true] {
            let text = shown(long, error: error)
            let lines = text.split(separator: "\n").map(String.init)
            let lineHeight = Double(15 + 4)
            #expect(!lines.isEmpty && Double(lines.count) * lineHeight <= Double(TuningPanel.messageHeight) + 4)
            #expect(text.hasSuffix("…"), "\(text)")
            // Whole words of the message, in order.
            let words = String(text.dropLast()).split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
            let message = long.split(separator: " ").map(String.init)
            #expect(words.count < message.count)
            for (index, word) in words.enumerated() {
                let whole = message[index]
                #expect(
                    word == whole || (index == words.count - 1 && whole.hasPrefix(word) && ",;".contains(whole.last!)),
                    "word \(index): \(word) of \(whole)")
            }
        }
        #expect(shown("Swapped A and B.", error: false) == "Swapped A and B.")
    }
}
