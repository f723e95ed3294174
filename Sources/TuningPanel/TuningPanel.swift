#if canImport(Glibc)
import Glibc
#endif
import ImGuiBridge
import Playground
import Scenes
import ScrollPhysics

/// The right-hand panel: scene, presets and files, one section per part of the physics, and
/// the live readout. Every slider has its unit, range and a "(?)" saying what it does
/// physically and which seed it comes from; Ctrl+click a slider to type an exact value.
public final class TuningPanel {
    /// What the window should do after the panel ran this frame.
    public struct Requests: Equatable {
        public var screenshot = false
        public var toggleSlowMotion = false
        public var sceneIndex: Int?
        /// Text to put on the clipboard.
        public var clipboard: String?
        /// Save the offset plot of every side as PNG.
        public var exportPlot = false
        public init() {}
    }

    private var pathBuffer = [CChar](repeating: 0, count: 512)
    private var gestureBuffer = [CChar](repeating: 0, count: 512)
    private var presetIndex = 0

    public init(defaultPath: String = "params.json") {
        _ = defaultPath.withCString { strncpy(&pathBuffer, $0, pathBuffer.count - 1) }
        _ = "gesture.json".withCString { strncpy(&gestureBuffer, $0, gestureBuffer.count - 1) }
    }

    static let titles: [String: String] = [
        "decelerationRate": "Deceleration rate", "decelerationPower": "Fluid power n", "bounceDamping": "Bounce damping",
        "pageDamping": "Page damping", "rubberBandCoefficient": "Rubber band c", "rubberBandLimit": "Rubber band limit",
        "pageSwitchBias": "Velocity bias", "pageDistanceThreshold": "Distance threshold",
        "pageFlickDistanceThreshold": "Flick threshold", "minimumFlickVelocity": "Min flick velocity",
        "maximumPagesPerFling": "Max pages per fling",
    ]
    static let formats: [String: String] = [
        "decelerationRate": "%.4f /ms", "decelerationPower": "%.2f", "bounceDamping": "%.1f /s", "pageDamping": "%.1f /s",
        "rubberBandCoefficient": "%.2f", "rubberBandLimit": "%.0f pt", "pageSwitchBias": "%.2f",
        "pageDistanceThreshold": "%.2f page", "pageFlickDistanceThreshold": "%.2f page", "minimumFlickVelocity": "%.0f pt/s",
        "maximumPagesPerFling": "%.0f",
    ]

    public func draw(_ session: PlaygroundSession, x: Float, y: Float, width: Float, height: Float, realTime: Double) -> Requests {
        var requests = Requests()
        defer { slgui_end_panel() }
        guard "ScrollLab — tuning".withCString({ slgui_begin_panel($0, x, y, width, height) }) else { return requests }
        var parameters = session.parameters
        slgui_push_item_width(width * 0.56)
        defer { slgui_pop_item_width() }

        // Scene
        var scene = session.sceneIndex
        if Gui.combo("Scene", &scene, session.setups.enumerated().map { "\($0.offset + 1)  \($0.element.name)" }) {
            requests.sceneIndex = scene
        }
        Gui.help("Keys 1–\(session.setups.count) switch scenes too. Space: slow motion (0.1×). S: screenshot. Esc: quit.")
        if let message = session.message {
            if message.isError { Gui.colored(message.text, 1, 0.42, 0.42) } else { Gui.wrapped(message.text) }
        }

        if Gui.header("Live") {
            let t = session.sceneTime(at: realTime)
            let axis = session.scene.mainAxis
            let page = axis.pageIndex(at: t).map { "  page \($0)" } ?? ""
            Gui.text("\(axis.phase(at: t).rawValue)\(page)\(session.isSlowMotion ? "   SLOW MOTION 0.1×" : "")")
            Gui.text("offset \(Self.short(axis.offset(at: t))) pt   velocity \(Self.short(axis.velocity(at: t))) pt/s")
            Gui.disabled("frame \(Self.short(session.frameMilliseconds)) ms")
            // Offsets of every side on one scale, so A and B compare directly.
            var low = Float.infinity, high = -Float.infinity
            for side in session.sides { let r = side.offsetHistory.range; low = min(low, r.0); high = max(high, r.1) }
            for side in session.sides {
                let offsets = side.offsetHistory
                Gui.plot("##offset\(side.label)", values: offsets.values, offset: offsets.start, count: offsets.count,
                         overlay: session.isComparing ? "\(side.label): offset (pt), last 4 s" : "offset (pt), last 4 s",
                         range: (low, high), height: session.isComparing ? 40 : 48)
            }
            let velocities = session.edited.velocityHistory
            Gui.plot("##velocity", values: velocities.values, offset: velocities.start, count: velocities.count,
                     overlay: session.isComparing ? "\(session.edited.label): velocity (pt/s)" : "velocity (pt/s)",
                     range: velocities.range, height: session.isComparing ? 40 : 48)
            if Gui.button("Plot → PNG") { requests.exportPlot = true }
            Gui.help("Saves the offset plot (A and B together in A/B mode) as scrollab-plot-….png.")
            Gui.sameLine()
            if Gui.button(session.isSlowMotion ? "Normal speed (Space)" : "Slow motion (Space)") { requests.toggleSlowMotion = true }
            Gui.sameLine()
            if Gui.button("Screenshot (S)") { requests.screenshot = true }
        }

        if !session.scene.controls.isEmpty || !session.scene.readout.isEmpty {
            if Gui.header("Scene: \(session.scene.name)") { sceneControls(session, realTime: realTime) }
        }

        if Gui.header("A/B comparison", open: false) {
            var comparing = session.isComparing
            if Gui.checkbox("Compare A and B side by side", &comparing) { session.setComparing(comparing, at: realTime) }
            Gui.help("Two phones, each with its own parameters; one drag drives both with the same pointer samples.")
            if session.isComparing {
                var side = session.editing
                if Gui.combo("Panel edits", &side, ["A (left)", "B (right)"]) { session.editing = side }
                if Gui.button("Copy A → B") { session.copyAToB(at: realTime) }
                Gui.sameLine()
                if Gui.button("Swap") { session.swapSides(at: realTime) }
                Gui.sameLine()
                var ghost = session.showsGhost
                if Gui.checkbox("Ghost of B on A", &ghost) { session.showsGhost = ghost }
            }
        }

        if Gui.header("Record & replay", open: false) {
            if session.isRecording {
                if Gui.button("Stop recording") { session.stopRecording() }
            } else if Gui.button("Record") {
                session.startRecording(at: realTime)
            }
            Gui.sameLine()
            Gui.disabled("\(session.recorded.count) events")
            _ = "Gesture".withCString { slgui_input_text($0, &gestureBuffer, gestureBuffer.count) }
            Gui.help("The same JSON as `scrollab replay --gesture`.")
            let gesturePath = String(decoding: gestureBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if Gui.button("Save##gesture") { session.saveRecording(to: gesturePath) }
            Gui.sameLine()
            if Gui.button("Load##gesture") { session.loadRecording(from: gesturePath) }
            if Gui.button(session.isComparing ? "Replay on both" : "Replay") { session.replay(on: .both, at: realTime) }
            if session.isComparing {
                Gui.sameLine()
                if Gui.button("on A") { session.replay(on: .a, at: realTime) }
                Gui.sameLine()
                if Gui.button("on B") { session.replay(on: .b, at: realTime) }
            }
        }

        // Presets and files
        if Gui.header("Feel presets & files") {
            var index = presetIndex
            if Gui.combo("##preset", &index, Preset.all.map(\.title)) { presetIndex = index }
            Gui.sameLine()
            if Gui.button("Apply") { session.applyPreset(Preset.all[presetIndex], at: realTime) }
            Gui.help(Preset.all[presetIndex].summary)
            if Gui.button("Reset to default") { session.resetToDefaults(at: realTime) }
            Gui.sameLine()
            if Gui.button("Revert") { session.revert(at: realTime) }
            Gui.help("Back to the values last applied from a preset, loaded or saved.")
            _ = "File".withCString { slgui_input_text($0, &pathBuffer, pathBuffer.count) }
            Gui.help("A JSON parameter file, the same format as `scrollab replay --params`.")
            let path = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if Gui.button("Load") { session.loadParameters(from: path, at: realTime) }
            Gui.sameLine()
            if Gui.button("Save") { session.saveParameters(to: path) }
            if session.hasUnsavedChanges { Gui.sameLine(); Gui.disabled("(changed)") }
            if Gui.button("Export for engineers") {
                requests.clipboard = session.exportForEngineers(base: "scrollab-feel-\(session.edited.label)")
            }
            Gui.help("Writes scrollab-feel-A.json and scrollab-feel-A.swift (a snippet naming each value's UIKit or seed equivalent) and copies the snippet.")
        }

        if Gui.header("Deceleration (momentum)") {
            slider("decelerationRate", &parameters)
            slider("decelerationPower", &parameters)
            Gui.disabled("μ = −1000·ln(rate) = \(Self.short(parameters.decayConstant)) /s; a 1000 pt/s fling glides \(Self.short(glide(parameters))) pt")
        }

        if Gui.header("Edges (rubber band and bounce)") {
            slider("rubberBandCoefficient", &parameters)
            var automatic = parameters.rubberBandLimit == nil
            if Gui.checkbox("Limit = viewport length", &automatic) {
                parameters.rubberBandLimit = automatic ? nil : session.mainAxisViewportLength
            }
            Gui.help("Seed 000: the overshoot approaches the scroll view's own length (d) and never reaches it.")
            if !automatic { slider("rubberBandLimit", &parameters) }
            slider("bounceDamping", &parameters)
        }

        if Gui.header("Paging and snapping") {
            var policy = PagePolicy.allCases.firstIndex(of: parameters.pagePolicy) ?? 0
            if Gui.combo("Page policy", &policy, PagePolicy.allCases.map(\.rawValue)) {
                parameters.pagePolicy = PagePolicy.allCases[policy]
            }
            let forced = session.scene.forcedPagePolicy
            Gui.help("""
            projection: UIKit-like — project the release along the deceleration, nearest page, ≥ 1 page per flick.
            spring: seed 000 — recover the page spring's launch speed from (Δy, v); switch if its peak passes H/bias.
            threshold: seed 003 — complete at a fraction of a page, or a smaller one with a flick.
            """)
            slider("pageDamping", &parameters)
            slider("minimumFlickVelocity", &parameters)
            if let forced { Gui.disabled("This scene always pages by \(forced.rawValue) (its seed's rule).") }
            switch forced ?? parameters.pagePolicy {
            case .projection: slider("maximumPagesPerFling", &parameters)
            case .spring: slider("pageSwitchBias", &parameters)
            case .threshold:
                slider("pageDistanceThreshold", &parameters)
                slider("pageFlickDistanceThreshold", &parameters)
                if parameters.pageFlickDistanceThreshold > parameters.pageDistanceThreshold {
                    parameters.pageFlickDistanceThreshold = parameters.pageDistanceThreshold
                }
            }
        }
        session.setParameters(parameters, at: realTime)

        return requests
    }

    private func sceneControls(_ session: PlaygroundSession, realTime: Double) {
        let scene = session.scene
        let t = session.sceneTime(at: realTime)
        for control in scene.controls {
            switch control {
            case let .slider(id, label, range, format, help):
                var value = scene.controlValue(id)
                if Gui.slider(label, &value, range, format: format, logarithmic: false) { scene.setControl(id, to: value, at: t) }
                Gui.help(help)
            case let .toggle(id, label, help):
                var on = scene.controlValue(id) != 0
                if Gui.checkbox(label, &on) { scene.setControl(id, to: on ? 1 : 0, at: t) }
                Gui.help(help)
            case let .button(id, label, help):
                if Gui.button(label) { scene.pressControl(id, at: t) }
                Gui.help(help)
            }
        }
        for line in scene.readout { Gui.text(line) }
    }

    private func slider(_ key: String, _ parameters: inout ScrollParameters) {
        guard let spec = ParameterSpec.named(key) else { return }
        var value = spec.value(in: parameters)
        let title = Self.titles[key] ?? key
        if Gui.slider(title, &value, spec.range, format: Self.formats[key] ?? "%.3f", logarithmic: spec.logarithmic) {
            spec.set(value, in: &parameters)
        }
        let unit = spec.unit.isEmpty ? "" : " \(spec.unit)"
        Gui.help("\(spec.summary)\nRange \(spec.rangeText)\(unit). Source: \(spec.source).\nCtrl+click to type an exact value.")
    }

    private func glide(_ parameters: ScrollParameters) -> Double {
        FrictionSimulation(origin: 0, velocity: 1000, decelerationRate: parameters.decelerationRate,
                           power: parameters.decelerationPower).restDistance
    }

    static func short(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
