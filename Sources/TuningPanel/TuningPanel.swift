import Foundation
import BlindTest
import ImGuiBridge
import Playground
import Scenes
import ScrollPhysics

/// The right-hand panel: scene, message, live readout, A/B, record & replay, presets and files,
/// then the edited model's sections. Every parameter's control comes from the model's table
/// (`FeelModel.rows`, UIKit's and every other model's alike): a combo for a choice, a checkbox
/// for an on/off value, else a slider with title and value above the track, a "(?)" with what it
/// does physically and where its default comes from, its unit, range and slider scale; a tunable
/// that does not matter given the others is hidden, and the model's readouts close its section.
///
/// The panel reads a `PanelState` (the session's values for this frame) and keeps none of them:
/// what the user asks for is returned as `SessionRequest`s, which the session applies after the
/// panel is drawn.
package final class TuningPanel {
    private var pathBuffer = [CChar](repeating: 0, count: 512)
    private var gestureBuffer = [CChar](repeating: 0, count: 512)
    private var participantBuffer = [CChar](repeating: 0, count: 128)
    private var resultsBuffer = [CChar](repeating: 0, count: 512)
    private var blindMode = 0
    private var blindTrials = 2
    private var blindPractice = true
    private var jndKey = 0
    static let blindTrialCounts = [6, 10, 16, 24, 32]
    private var referenceBuffer = [CChar](repeating: 0, count: 512)
    /// What the Reference field shows (the path Load reads).
    package var referenceField: String { Self.text(of: referenceBuffer) }
    /// The reference file the field was last set to (a session restored, a load, a track).
    private var shownReference: String?
    private var sessionBuffer = [CChar](repeating: 0, count: 512)
    private struct ReferenceLineKey: Equatable {
        var path: String; var rows: Int; var first: Double?; var last: Double?; var lift: Double?;
        var liftOffset: Double?
        var rest: Double?
        var drawnRows: Int?; var landsAtEnd: Bool; var started: Bool
    }
    private var referenceLine: (key: ReferenceLineKey, line: (xs: [Double], ys: [Double])?)?
    /// How many loads of a reference the session had refused when the field was last set.
    private var shownRefusals = 0
    /// The preset the menu showed when last drawn (what Apply applies).
    package private(set) var shownPreset = Preset.all[0].title

    /// Height of the message area (pt): fixed, so the controls below never move; three lines,
    /// or two in a panel under 500 pt tall (at 640×400 three kept a sixth of the panel for a
    /// message, empty most of the time; a longer one ends in "…" with all of it in the tooltip).
    package static let messageHeight: Float = 64
    package static func messageHeight(panelHeight: Float) -> Float { panelHeight < 500 ? 42 : messageHeight }

    /// Whether to collect every labelled widget's rectangle while drawing (`widgetRects`).
    package var reportsWidgets = false
    /// The widgets drawn in the last frame: label and rectangle in window points.
    package private(set) var widgetRects: [(label: String, x: Float, y: Float, width: Float, height: Float)] = []

    package init(defaultPath: String = "params.json") {
        Self.fill(&pathBuffer, with: defaultPath)
        Self.fill(&gestureBuffer, with: "gesture.json")
        Self.fill(&participantBuffer, with: "anonymous")
        Self.fill(&resultsBuffer, with: "scrollab-blind-results.jsonl")
        Self.fill(&referenceBuffer, with: "Assets/recordings/uikit-return-177.csv")
        Self.fill(&sessionBuffer, with: "scrollab-session.json")
    }

    private static func text(of buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func fill(_ buffer: inout [CChar], with text: String) {
        for i in buffer.indices { buffer[i] = 0 }
        let bytes = Array(text.utf8.prefix(buffer.count - 1))
        for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
    }

    /// Draws the panel for `state`; `frameMilliseconds` is how long the window's last frame took.
    package func draw(_ state: PanelState, frameMilliseconds: Double, x: Float, y: Float, width: Float, height: Float)
        -> [SessionRequest]
    {
        Gui.rects = reportsWidgets ? [] : nil
        var requests: [SessionRequest] = []
        var sectionsOpen = false, itemWidthPushed = false
        defer {
            // In the reverse order of opening: the sections' item width and child, the panel's width, the panel.
            if sectionsOpen {
                slgui_pop_item_width()
                slgui_end_child()
            }
            if itemWidthPushed { slgui_pop_item_width() }
            slgui_end_panel()
            if let rects = Gui.rects { widgetRects = rects.map { ($0.label, $0.x, $0.y, $0.width, $0.height) } }
            Gui.rects = nil
        }
        guard "ScrollLab — tuning".withCString({ slgui_begin_panel($0, x, y, width, height) }) else { return requests }
        let itemWidth = max(80, Gui.availableWidth - 150)
        slgui_push_item_width(itemWidth)
        itemWidthPushed = true

        // Scene
        var scene = state.sceneIndex
        if Gui.combo("Scene", &scene, state.sceneNames.enumerated().map { "\($0.offset + 1)  \($0.element)" }) {
            requests.append(.switchScene(scene))
        }
        Gui.help(
            "Keys 1–\(state.sceneNames.count) switch scenes too. Space: slow motion (0.1× after release). S: "
                + "screenshot. Ctrl+Z / Ctrl+Shift+Z: undo / redo. Esc: close a menu, else quit (the session is kept "
                + "for the next start)."
        )
        // The last message, in an area of fixed height: wraps, never pushes the controls down.
        // A message longer than the area ends at a word with "…", all of it in the tooltip.
        slgui_message(
            "##message", state.message?.text ?? "", state.message?.isError ?? false,
            Self.messageHeight(panelHeight: height))

        // Undo and redo stay in sight, saying what they would take back; a clip encoding in the
        // background shows its progress and Cancel on the same row (nothing below moves).
        if Gui.button("Undo", enabled: state.undoLabel != nil) { requests.append(.undo) }
        Gui.help(
            state.undoLabel.map { "Takes back: \($0). Ctrl+Z." }
                ?? "Nothing to undo yet: every change of a parameter, preset, copy, swap, load, reset, model or fit "
                + "can be taken back (Ctrl+Z)."
        )
        Gui.sameLine(fitting: "Redo")
        if Gui.button("Redo", enabled: state.redoLabel != nil) { requests.append(.redo) }
        Gui.help(state.redoLabel.map { "Does again: \($0). Ctrl+Shift+Z." } ?? "Nothing to redo. Ctrl+Shift+Z.")
        if let clip = state.clip {
            Gui.sameLine()
            let frames = clip.total > 0 ? "\(clip.done) / \(clip.total) frames" : "starting"
            let finishing = clip.total > 0 && clip.done >= clip.total ? ", finishing" : ""
            slgui_push_item_width(max(60, Gui.availableWidth - 100))
            Gui.progress(
                clip.total > 0 ? Double(clip.done) / Double(clip.total) : 0, "clip progress",
                text: "clip \(frames), \(String(format: "%.1f", clip.elapsed)) s\(finishing)")
            slgui_pop_item_width()
            Gui.sameLine(fitting: "Cancel clip")
            if Gui.button("Cancel clip") { requests.append(.cancelClip) }
        } else if let last = state.undoLabel {
            Gui.sameLine()
            Gui.disabled("last change: \(last)")
        }

        // Everything below scrolls on its own, so the scene and the last message stay in sight
        // (a Reset or a clip's message far down the panel was otherwise shown off-screen).
        slgui_begin_child("##sections", 0)
        sectionsOpen = true
        slgui_push_item_width(itemWidth)

        // The phone first: its address and QR code in sight while it serves.
        if Gui.header("Phone") { phone(state, into: &requests) }
        if Gui.header("Live") { live(state, frameMilliseconds: frameMilliseconds, into: &requests) }

        if !state.controls.isEmpty || !state.readout.isEmpty {
            if Gui.header("Scene: \(state.sceneName)") { sceneControls(state, into: &requests) }
        }

        if Gui.header("A/B comparison", open: false) { comparison(state, into: &requests) }
        if Gui.header("Blind test", open: false) { blindTest(state, into: &requests) }
        if Gui.header("Record & replay", open: false) { recording(state, into: &requests) }
        if Gui.header("Feel presets & files") { presets(state, into: &requests) }
        if Gui.header("Session", open: false) { sessionFiles(into: &requests) }

        if Gui.header("Physics model") { models(state, into: &requests) }
        // The model's knobs, section by section, straight from its table: a tunable appears in its
        // section when it matters given the others (a scene that forces a page policy counts).
        let model = state.feel.model
        let rows = model.rows(pagingBy: state.forcedPagePolicy)
        var sections: [String] = []
        for row in rows where row.section != ModelRow.deviceSection && !sections.contains(row.section) {
            sections.append(row.section)
        }
        for section in sections {
            let title = section.isEmpty ? "\(state.feel.title): parameters" : section
            guard Gui.header(title, open: !model.collapsedSections.contains(section)) else { continue }
            for row in rows where row.section == section && row.shown {
                widget(row, state: state, into: &requests)
            }
            notes(model.notes(in: section, state.panelContext))
        }
        deviceSection(state, rows: rows.filter { $0.section == ModelRow.deviceSection && $0.shown }, into: &requests)
        return requests
    }

    /// The device last, so it moves none of the controls above (whatever the physics model).
    private func deviceSection(_ state: PanelState, rows: [ModelRow], into requests: inout [SessionRequest]) {
        if Gui.header("Device") {
            // Item 0: the size the window started with (390×844 unless --viewport said otherwise).
            let base = Device.all.contains { $0.viewport == state.viewport } ? state.startViewport : state.viewport
            var device = Device.all.firstIndex { $0.viewport == state.viewport }.map { $0 + 1 } ?? 0
            if Gui.combo(
                "Viewport", &device,
                [(base == .phone ? "iPhone 14  " : "Start  ") + "\(Int(base.width))×\(Int(base.height))"]
                    + Device.all.map { "\($0.title)  \(Int($0.viewport.width))×\(Int($0.viewport.height))" })
            {
                requests.append(.setViewport(device == 0 ? base : Device.all[device - 1].viewport))
            }
            Gui.help(
                "The phone's viewport in points; every scene lays itself out anew. A device also sets UIKit's refresh "
                    + "rate and pixel grid (and the Flutter models' device pixel ratio)."
            )
            for row in rows { widget(row, state: state, into: &requests) }
        }
    }

    // MARK: Sections

    private func live(_ state: PanelState, frameMilliseconds: Double, into requests: inout [SessionRequest]) {
        // The side being edited: its numbers are the ones the sliders change.
        let live = state.live
        let page = live.page.map { "  page \($0)" } ?? ""
        let side = state.isComparing ? "\(state.editedLabel): " : ""
        let slow = state.slowMotionRate.map { "   SLOW MOTION \(PlaygroundSession.rateText($0))" } ?? ""
        Gui.text("\(side)\(live.phase.rawValue)\(page)\(slow)")
        let joined = live.joins.isEmpty ? "" : " (\(live.joins))"
        Gui.text("offset\(joined) \(formatTenths(live.offset)) pt   velocity \(formatTenths(live.velocity)) pt/s")
        Gui.disabled("frame \(formatTenths(frameMilliseconds)) ms")
        gesturePlots(state)
        // The field names the reference the session has (restored with a session, loaded, being
        // tracked, kept after a file was refused): Load then reads that file again rather than the
        // example the field starts with, and Fit fits what the field names.
        if state.referenceFile != shownReference || state.referenceRefusals != shownRefusals {
            shownReference = state.referenceFile
            shownRefusals = state.referenceRefusals
            if let file = state.referenceFile { Self.fill(&referenceBuffer, with: file) }
        }
        let referencePath = Gui.input("Reference", &referenceBuffer)
        Gui.help(
            "A recorded trajectory, CSV with t (s) and offset (pt) (and finger for a drag), as `scrollab fit` reads, "
                + "or a screen recording (MP4, MOV, GIF, WebM …) of any app, tracked as `scrollab track` does (its "
                + "glide, page settle or return is the reference; so is a CSV of a whole recording's): drawn over "
                + "the offset plot in pink, placed on the last gesture (a glide or settle from the lift, a return at "
                + "its rest, a trace with the finger's samples from the touch); "
                + "Fit sets UIKit's sliders from it (glide, drag, return, page, or the whole "
                + "pipeline from the finger's samples, decided from the data); a side running another model is "
                + "switched to UIKit first, and the message says so, and says when another model traces a glide "
                + "clearly closer."
        )
        if Gui.button("Load##reference") { requests.append(.loadReference(path: referencePath)) }
        Gui.sameLine(fitting: "Fit")
        if Gui.button("Fit") { requests.append(.fitReference) }
        if state.reference != nil {
            Gui.sameLine(fitting: "Clear##reference")
            if Gui.button("Clear##reference") { requests.append(.clearReference) }
        }
        if Gui.button("Plot → PNG") { requests.append(.exportPlot) }
        Gui.help(
            "Saves the last gesture's plots and table (A and B together in A/B mode, the reference too) as "
                + "scrollab-plot-….png."
        )
        let rates: [Double?] = [nil] + SceneClock.slowMotionRates.map { Optional($0) }
        var speed = rates.firstIndex { $0 == state.slowMotionRate } ?? 0
        if Gui.combo(
            "Speed", &speed, rates.map { $0.map { "\(PlaygroundSession.rateText($0)) slow motion" } ?? "1× real time" })
        {
            requests.append(.setSlowMotion(rate: rates[speed]))
        }
        Gui.help(
            "Space toggles too (at the speed last chosen, 0.1× at first). The finger moves in real time; only the "
                + "motion after release plays slowed, and the phones say so."
        )
        if Gui.button("Screenshot (S)") { requests.append(.screenshot) }
    }

    /// Colours of A and B on the charts (as the clips' and exported plots'), and the reference's.
    static let sideColours: [UInt32] = [0x0A84FF, 0xFF9F0A]
    static let referenceColour: UInt32 = 0xFF375F

    /// The last gesture of every side, touch-down to rest: offset and velocity over time on
    /// shared scales, the reference over them, and the table of what each side did.
    private func gesturePlots(_ state: PanelState) {
        let gestures = state.sides.map(\.gesture)
        let edited = state.sides[state.editing].gesture
        var span = gestures.map(\.span).max() ?? 1
        // The reference's line is remade only when the reference or the lift it starts at changes
        // (a recording can hold many thousand rows; the panel is drawn up to every frame).
        // Not drawn while it has no place on the gesture (`Reference.line`), so it sets no scale.
        let reference = state.reference.flatMap { ref -> (xs: [Double], ys: [Double])? in
            let key = ReferenceLineKey(
                path: ref.path, rows: ref.trace.samples.count, first: ref.trace.samples.first?.offset,
                last: ref.trace.samples.last?.offset, lift: edited.release?.time,
                liftOffset: edited.release?.offset, rest: PlaygroundSession.Reference.restOffset(of: edited),
                drawnRows: ref.drawn?.samples.count, landsAtEnd: ref.landsAtEnd, started: edited.start != nil)
            if let kept = referenceLine, kept.key == key { return kept.line }
            let line = ref.line(on: edited).map { (xs: $0.times, ys: $0.offsets) }
            referenceLine = (key, line)
            return line
        }
        if let last = reference?.xs.last { span = max(span, last) }
        func range(_ values: [[Double]]) -> ClosedRange<Double> {
            let all = values.joined()
            guard var low = all.min(), var high = all.max() else { return 0...1 }
            if high - low < 1 { low -= 0.5; high += 0.5 }
            let pad = (high - low) * 0.06
            return (low - pad)...(high + pad)
        }
        // One height with one phone or two (A and B share the charts): nothing below moves when
        // A/B is turned on.
        let height: Float = 90
        let sides = state.isComparing ? "A blue, B orange" : "blue"
        let offsets = gestures.map(\.offsets) + (reference.map { [$0.ys] } ?? [])
        var lines = gestures.enumerated().map {
            (xs: $0.element.times, ys: $0.element.offsets, rgb: Self.sideColours[$0.offset % 2], thickness: Float(1.5))
        }
        if let reference { lines.append((reference.xs, reference.ys, Self.referenceColour, 1.5)) }
        let title =
            gestures.allSatisfy({ $0.start == nil })
            ? "offset (pt): flick the phone"
            : "offset (pt), last gesture (\(sides)\(reference == nil ? "" : ", reference pink"))"
        Gui.chart("##offset-chart", title: title, height: height, x: 0...span, y: range(offsets), lines: lines)
        Gui.chart(
            "##velocity-chart", title: "velocity (pt/s)", height: height * 0.8, x: 0...span,
            y: range(gestures.map(\.velocities)),
            lines: gestures.enumerated().map {
                (
                    xs: $0.element.times, ys: $0.element.velocities, rgb: Self.sideColours[$0.offset % 2],
                    thickness: Float(1.5)
                )
            })
        // Each row named after the feel that made the curve (a swap or preset since renames the
        // phone, not the curve).
        Gui.table(
            "##gesture-table",
            [GestureTable.header] + state.sides.map { GestureTable.row($0.gestureTitle, $0.gesture.summary) })
        Gui.disabled("What these figures are")
        Gui.help(GestureTable.meaning)
    }

    private func comparison(_ state: PanelState, into requests: inout [SessionRequest]) {
        var comparing = state.isComparing
        if Gui.checkbox("Compare A and B side by side", &comparing) { requests.append(.setComparing(comparing)) }
        Gui.help("Two phones, each with its own parameters; one drag drives both with the same pointer samples.")
        guard state.isComparing else { return }
        var side = state.editing
        if Gui.combo("Panel edits", &side, ["A (left)", "B (right)"]) { requests.append(.edit(side: side)) }
        if Gui.button("Copy A → B") { requests.append(.copy(from: 0, to: 1)) }
        Gui.sameLine(fitting: "Copy B → A")
        if Gui.button("Copy B → A") { requests.append(.copy(from: 1, to: 0)) }
        Gui.sameLine(fitting: "Swap")
        if Gui.button("Swap") { requests.append(.swapSides) }
        var ghost = state.showsGhost
        if Gui.checkbox("Ghost of B on A", &ghost) { requests.append(.setGhost(ghost)) }
    }

    /// A blind test of A against B, or a staircase measuring one parameter's just-noticeable
    /// difference: names, values and plots are hidden until it ends.
    private func blindTest(_ state: PanelState, into requests: inout [SessionRequest]) {
        _ = Gui.combo(
            "Mode", &blindMode, ["ABX: is X A or B?", "Preference: which feels better?", "Same or different?"])
        Gui.help(
            "ABX shows A, B and X (X runs A's or B's feel); preference shows the two feels in random order; "
                + "same–different shows one feel twice or both. Each phone answers only the finger that starts on it, "
                + "and nothing names a feel until the end."
        )
        _ = Gui.combo("Trials", &blindTrials, Self.blindTrialCounts.map { "\($0) trials" })
        _ = Gui.checkbox("A practice trial first (with feedback, not counted)", &blindPractice)
        let participant = Gui.input("Participant", &participantBuffer)
        let path = Gui.input("Results file", &resultsBuffer)
        let request = BlindRequest(
            mode: BlindMode.allCases[blindMode], trials: Self.blindTrialCounts[blindTrials],
            practice: blindPractice ? 1 : 0,
            participant: participant.isEmpty ? "anonymous" : participant, path: path)
        if Gui.button("Start blind test of A and B") { requests.append(.startBlindTest(request)) }
        Gui.help(
            "One JSON line per answer is appended to the results file; `scrollab blind --report FILE` pools several "
                + "participants. Keys: ← or A / → or B, S / D, Esc ends."
        )
        let rows = state.feel.model.rows.filter { ParameterStep($0) != nil }
        guard !rows.isEmpty else { return }
        jndKey = min(jndKey, rows.count - 1)
        _ = Gui.combo("JND of", &jndKey, rows.map(\.title))
        if Gui.button("Start JND staircase") {
            var jnd = request
            jnd.mode = .abx
            jnd.staircaseKey = rows[jndKey].key
            requests.append(.startBlindTest(jnd))
        }
        Gui.help(
            "ABX trials on the edited side's feel against itself with this parameter moved: the difference shrinks "
                + "after 3 right answers in a row and grows after a wrong one (79 % point), until 20 reversals (about "
                + "80 trials)."
        )
    }

    /// The edited side's physics model and the one-click platform comparisons.
    private func models(_ state: PanelState, into requests: inout [SessionRequest]) {
        // Names and titles from the one registry, UIKit's first.
        let names = FeelZoo.models.map { $0.name }
        let titles = FeelZoo.models.map { $0.title }
        var index = names.firstIndex(of: state.feel.name) ?? 0
        let label = state.isComparing ? "Model of \(state.editedLabel)" : "Model"
        if Gui.combo(label, &index, titles) { requests.append(.setModel(name: names[index])) }
        Gui.help(
            "Whose scroll physics this side runs, each from its platform's published source, at its defaults: "
                + "Flutter's BouncingScrollPhysics (iOS) and ClampingScrollPhysics (Android), Android's OverScroller "
                + "with the stretch edge, Swiper, Framer Motion."
        )
        if Gui.button("UIKit vs Flutter-iOS") {
            requests.append(.compareModels(a: FeelZoo.uikit, b: FlutterBouncingModel.name))
        }
        Gui.sameLine(fitting: "UIKit vs Android")
        if Gui.button("UIKit vs Android") { requests.append(.compareModels(a: FeelZoo.uikit, b: AndroidModel.name)) }
        Gui.help(
            "A/B on: A runs UIKit, B the other platform, both at their defaults; one flick drives both, and the "
                + "offset plots share one scale."
        )
    }

    private func recording(_ state: PanelState, into requests: inout [SessionRequest]) {
        if state.isRecording {
            if Gui.button("Stop recording") { requests.append(.stopRecording) }
        } else if Gui.button("Record") {
            requests.append(.startRecording)
        }
        Gui.sameLine()
        // While recording, the events caught so far (the last recording's count showed "0 events").
        Gui.disabled(state.isRecording ? "recording: \(state.recordingCount) events" : "\(state.recordedCount) events")
        let gesturePath = Gui.input("Gesture", &gestureBuffer)
        Gui.help(
            "The same JSON as `scrollab replay --gesture`. Recording starts at the first touch and keeps each event's "
                + "own time."
        )
        if Gui.button("Save##gesture") { requests.append(.saveRecording(path: gesturePath)) }
        Gui.sameLine(fitting: "Load##gesture")
        if Gui.button("Load##gesture") { requests.append(.loadRecording(path: gesturePath)) }
        if Gui.button(state.isComparing ? "Replay on both" : "Replay") { requests.append(.replay(.both)) }
        if state.isComparing {
            Gui.sameLine(fitting: "on A")
            if Gui.button("on A") { requests.append(.replay(.a)) }
            Gui.sameLine(fitting: "on B")
            if Gui.button("on B") { requests.append(.replay(.b)) }
        }
        Gui.sameLine(fitting: "Record clip → MP4")
        if Gui.button("Record clip → MP4") { requests.append(.recordClip(format: "mp4")) }
        Gui.sameLine(fitting: "→ GIF")
        if Gui.button("→ GIF") { requests.append(.recordClip(format: "gif")) }
        Gui.help(
            "Saves the last recorded, loaded or replayed gesture on fresh scenes of A (and B), with the finger drawn, "
                + "as `scrollab render --video` does; the message says where."
        )
    }

    private func presets(_ state: PanelState, into requests: inout [SessionRequest]) {
        // The preset picked and not yet applied, else the one the edited side's values equal (a
        // swap, a copy, a platform comparison, a file change them), else the one it is named after.
        var index = state.preset ?? -1
        if Gui.combo("##preset", &index, Preset.all.map(\.title)) { requests.append(.choosePreset(index)) }
        let shown = Preset.all.indices.contains(index) ? Preset.all[index] : nil
        shownPreset = shown?.title ?? ""
        Gui.sameLine(fitting: "Apply")
        if let shown {
            if Gui.button("Apply") { requests.append(.applyPreset(id: shown.id)) }
            Gui.help(shown.summary)
        } else {
            Gui.disabled("Apply")
            Gui.help("The edited side's values are no preset's: pick one to apply it.")
        }
        if Gui.button("Reset to default") { requests.append(.resetToDefaults) }
        Gui.sameLine(fitting: "Revert")
        if Gui.button("Revert") { requests.append(.revert) }
        Gui.help("Back to the values last applied from a preset, loaded or saved.")
        let path = Gui.input("File", &pathBuffer)
        Gui.help("A JSON parameter file, the same format as `scrollab replay --params`.")
        if Gui.button("Load") { requests.append(.loadParameters(path: path)) }
        Gui.sameLine(fitting: "Save")
        if Gui.button("Save") { requests.append(.saveParameters(path: path)) }
        if state.hasUnsavedChanges { Gui.sameLine(); Gui.disabled("(changed)") }
        // Named by side and model: the JSON and the code beside it always belong together.
        let base = "scrollab-feel-\(state.editedLabel)-\(state.feel.name)"
        if Gui.button("Export for engineers") { requests.append(.exportForEngineers(base: base)) }
        Gui.help(
            "Writes \(base).json and \(base).\(state.feel.model.exported.fileExtension) (the values as code for "
                + "this model's platform: what an app can set there and what it cannot) and copies the code."
        )
    }

    /// The whole window's state as one file.
    private func sessionFiles(into requests: inout [SessionRequest]) {
        let path = Gui.input("Session file", &sessionBuffer)
        Gui.help(
            "A JSON file with both sides (model, values and names), the scene and its layout values, the device, A/B, "
                + "ghost, speed, the reference and the recording. `scrollab play --session FILE` opens it too. The "
                + "window also keeps the session when it quits and opens it on the next start (`play --fresh` "
                + "does not)."
        )
        if Gui.button("Save session") { requests.append(.saveSession(path: path)) }
        Gui.sameLine(fitting: "Open session")
        if Gui.button("Open session") { requests.append(.openSession(path: path)) }
    }

    private func sceneControls(_ state: PanelState, into requests: inout [SessionRequest]) {
        for control in state.controls {
            switch control {
            case let .slider(id, label, range, format, help):
                let value = (state.controlValues[id] ?? 0)
                let width = max(80, Gui.availableWidth - 4)
                switch Gui.valueSlider(
                    id: "scene-\(id)", title: label, help: help, value: Self.cFormat(format, value), position: value,
                    range: range, logarithmic: false, typedValue: value, valueRange: range,
                    inputFormat: Self.inputFormat(format), marks: [], width: width)
                {
                case let .moved(new)?: requests.append(.setSceneControl(id: id, value: new))
                case let .typed(new)?:
                    requests.append(.typeSceneControl(id: id, value: new))
                case nil: break
                }
            case let .toggle(id, label, help):
                var on = (state.controlValues[id] ?? 0) != 0
                if Gui.checkbox(label, &on) { requests.append(.setSceneControl(id: id, value: on ? 1 : 0)) }
                Gui.help(help)
            case let .button(id, label, help):
                if Gui.button(label) { requests.append(.pressSceneControl(id: id)) }
                Gui.help(help)
            }
        }
        for line in state.readout { Gui.wrapped(line) }
    }

    // MARK: Parameter sliders

    /// The control of one tunable, by its kind: a combo for a choice, a checkbox for an on/off
    /// value, a checkbox for an optional value's unset meaning and then its slider, a slider for
    /// a number.
    private func widget(_ row: ModelRow, state: PanelState, into requests: inout [SessionRequest]) {
        if let fixed = row.sceneValue {
            // The scene sets it: what runs, greyed, not a control that would change nothing.
            let shown =
                row.isChoice
                ? row.options[min(max(0, Int(fixed)), row.options.count - 1)] : Self.cFormat(row.format, fixed)
            Gui.disabled("\(row.title): \(shown) (this scene's rule)")
            Gui.help(Self.helpText(row))
            return
        }
        if row.isChoice {
            var index = Int(row.value)
            if Gui.combo(row.title, &index, row.options) {
                requests.append(.setValue(key: row.key, value: .string(row.options[index])))
            }
            Gui.help(Self.helpText(row))
            return
        }
        if row.isFlag {
            var on = row.value != 0
            if Gui.checkbox(row.title, &on) { requests.append(.setValue(key: row.key, value: .bool(on))) }
            Gui.help(Self.helpText(row))
            return
        }
        if let meaning = row.unsetMeaning {
            var unset = row.isUnset
            if Gui.checkbox("\(row.title) = \(meaning)", &unset) {
                // Set: start from what unset meant (the viewport's length along the scroll).
                let start = min(max(state.mainAxisViewportLength, row.range.lowerBound), row.range.upperBound)
                requests.append(.setValue(key: row.key, value: unset ? .null : .number(start)))
            }
            Gui.help(Self.helpText(row))
            if unset { return }
        }
        let marks = row.marks.map { (row.scale.position(of: $0.value), $0.label) }
        let width = max(80, Gui.availableWidth - 4)
        let change = Gui.valueSlider(
            id: row.key, title: row.title, help: Self.helpText(row), value: Self.cFormat(row.format, row.value),
            position: row.sliderPosition, range: row.sliderRange, logarithmic: row.scale == .logarithmic,
            typedValue: row.value, valueRange: row.range, inputFormat: Self.inputFormat(row.format), marks: marks,
            width: width)
        switch change {
        case nil: return
        case let .moved(position)?:
            let new = Self.rounded(row.value(atSliderPosition: position), like: row.format)
            requests.append(.setValue(key: row.key, value: .number(row.isCount ? new.rounded() : new)))
        // A typed value is taken as typed, not rounded to the slider's steps; the session clamps
        // one outside the range and says so.
        case let .typed(value)?: requests.append(.typeValue(key: row.key, value: value))
        }
    }

    /// What a section shows besides its tunables: the model's readouts and remarks.
    private func notes(_ notes: [PanelNote]) {
        for note in notes {
            switch note.style {
            case .readout: Gui.disabled(note.text)
            case .remark: Gui.wrapped(note.text)
            }
        }
    }

    /// The "(?)" text of a parameter: what it does, its range and unit, where the default comes from.
    static func helpText(_ tunable: ModelRow) -> String {
        if tunable.isFlag { return "\(tunable.help)\nDefault: \(tunable.source)." }
        if tunable.isChoice { return "\(tunable.help)\nOptions: \(tunable.rangeText). Default: \(tunable.source)." }
        let unit = tunable.unit.isEmpty ? "" : " \(tunable.unit)"
        let typing = "\nCtrl+click the slider to type an exact value."
        let scale = tunable.scale == .logarithmicComplement ? "\nThe slider moves on a log scale of (1 − value)." : ""
        return "\(tunable.help)\nRange \(tunable.rangeText)\(unit). Default: \(tunable.source).\(scale)\(typing)"
    }

    /// A printf format applied to one value in Swift (the result has no % left for ImGui to read).
    static func cFormat(_ format: String, _ value: Double) -> String {
        String(format: format, value)
    }

    /// The number part of a display format ("%.4f /ms" → "%.4f"), for typing a value.
    static func inputFormat(_ format: String) -> String {
        String(format.prefix { $0 != " " })
    }

    /// A value rounded to the decimals its display format shows ("%.4f": 4).
    static func rounded(_ value: Double, like format: String) -> Double {
        guard let dot = format.firstIndex(of: "."),
            let digits = Int(format[format.index(after: dot)...].prefix { $0.isNumber })
        else { return value }
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }

    /// `text` cut to `count` characters with "…".

}
