import Foundation
import Scenes
import Formats
import Fitting
import ScrollLabKit
import ScrollPhysics

/// What a designer has open in the window, without the window: the scenes, the feels
/// being tuned (one set, or two in A/B mode), the clock, plot history, the trace being written,
/// recordings and replays, and the last message.
///
/// A reducer: `apply(_:at:)` is the only way to change it. Everything the panel, the keys and the
/// pointer do arrives as a `SessionRequest`; what must happen outside (read or write a file, a
/// trace row, a clip, a screenshot) is returned as a `SessionEffect`, and its result comes back
/// as a request. No I/O happens inside, so every action is testable headless and without a disk
/// (`SessionDriver` with `MemoryFiles`). Input arrives in viewport points at real (event) times;
/// in A/B mode every sample goes to both sides, identically.
public final class PlaygroundSession {
    public struct Message: Equatable { public var text: String; public var isError: Bool }

    /// Which sides a replay drives.
    public enum ReplayTarget: Equatable, Sendable {
        case a, b, both

        /// Whether side `index` (0 = A, 1 = B) is driven.
        func includes(_ index: Int) -> Bool {
            self == .both || (self == .a && index == 0) || (self == .b && index == 1)
        }
    }

    public let setups: [SceneSetup]
    public internal(set) var viewport: Size
    public internal(set) var sceneIndex: Int
    /// Side A, and side B in A/B mode.
    public private(set) var sides: [PlaygroundSide]
    /// The side the panel edits (0 = A, 1 = B).
    public internal(set) var editing = 0 { didSet { editing = min(max(editing, 0), sides.count - 1) } }
    /// Overlay B's content as a ghost on A.
    public internal(set) var showsGhost = false
    public private(set) var clock: SceneClock
    public internal(set) var message: Message? { didSet { messageIsReplay = false } }
    /// Whether each frame asks for side A's trace row (`SessionEffect.appendTrace`; see
    /// `traceColumns`); off once a row could not be written.
    public private(set) var isTracing: Bool
    private var writtenColumns: [String] = []

    /// The clip encoding in the background, if one is (the window reports its progress).
    public internal(set) var clip: ClipProgress?

    /// Events of the recording under way, in seconds since its first touch (true event times).
    public internal(set) var recording: [TimedInput]?
    /// Real time of the recording's first touch; nil until then.
    private var recordingStart: Double?
    /// The last finished or loaded recording.
    public internal(set) var recorded: [TimedInput] = []
    /// Each scene's layout values set in the panel (scene index → control id → value).
    var sceneLayouts: [Int: [String: Double]] = [:]
    /// Undo and redo steps (see `SessionHistory.swift`), and the last parameter change that a
    /// change of the same parameter soon after joins.
    var undoStack: [UndoEntry] = []
    var redoStack: [UndoEntry] = []
    var lastUndoMerge: (key: String, time: Double)?
    /// A replay under way: its events, the scene time it started and the next event due.
    var replaying: (events: [TimedInput], start: Double, next: Int, target: ReplayTarget)?
    /// Whether the message says a replay is under way (it is replaced when the replay ends).
    var messageIsReplay = false
    /// The viewport at the first frame: the panel offers it beside the devices.
    var startViewport: Size?
    /// The preset picked in the panel's menu and not yet applied (forgotten when the edited
    /// side's feel changes).
    var presetChoice: Int?

    /// `feelName`: what `feel` is called (a parameter file's name); default: the preset it
    /// equals, else its model's title. `tracing`: each frame asks for a trace row.
    public init(
        setups: [SceneSetup], initial: Int, viewport: Size, feel: Feel, feelName: String? = nil, tracing: Bool = false,
        realTime: Double = 0
    ) {
        precondition(!setups.isEmpty)
        self.setups = setups
        self.viewport = viewport
        sceneIndex = min(max(initial, 0), setups.count - 1)
        clock = SceneClock(realTime: realTime)
        display = feel.model.uikit?.values.display ?? Device.showing(viewport)?.display ?? .standard
        let name = feelName ?? Self.name(of: feel, on: display)
        sides = [
            PlaygroundSide(
                label: "A", scene: setups[sceneIndex].makeScene(viewport: viewport, feel: feel),
                feel: feel, name: name)
        ]
        isTracing = tracing
    }

    // MARK: Reading

    /// Side A's scene (the one traced).
    public var scene: any ScrollScene { sides[0].scene }
    /// The side the panel edits.
    public var edited: PlaygroundSide { sides[editing] }
    /// The edited side's feel.
    public var feel: Feel { edited.feel }
    public var savedFeel: Feel { edited.savedFeel }
    public var hasUnsavedChanges: Bool { edited.feel != edited.savedFeel }
    /// The screen the phones show (the device picker's): a preset, a reset or a model picked
    /// runs on it.
    public internal(set) var display: Display
    public var isComparing: Bool { sides.count == 2 }
    /// The rate motion after release plays at, if slowed (a held finger always moves in real time).
    public private(set) var slowMotionRate: Double?
    /// The rate Space turns slow motion on at: the last one chosen.
    private var chosenSlowRate = SceneClock.slowMotion
    /// Whether motion after release plays slowed.
    public var isSlowMotion: Bool { slowMotionRate != nil }
    /// Whether a pointer is down on the phones.
    private var pointerHeld = false
    public var isReplaying: Bool { replaying != nil }
    /// The viewport's length along the current scene's axis (pt).
    public var mainAxisViewportLength: Double { scene.orientation.length(of: viewport) }

    /// The scene time to draw at for a real time (does not hold back input that arrives later).
    public func sceneTime(at realTime: Double) -> Double { clock.peek(at: realTime) }

    // MARK: Frames

    /// Delivers due replay events, advances every side to the frame's time, records the plots and
    /// asks for side A's trace row.
    ///
    /// While a finger is held the scenes are not advanced past the last input: the content
    /// follows the finger, not the clock, and events that reach the session after this frame
    /// (a busy machine delivers them in bursts) keep their own earlier times, so the release
    /// velocity is measured from true event times, not from frame times.
    func tick(at realTime: Double) -> [SessionEffect] {
        if startViewport == nil { startViewport = viewport }
        let t = pointerHeld && replaying == nil ? clock.peek(at: realTime) : clock.sceneTime(at: realTime)
        if var run = replaying {
            while run.next < run.events.count, run.start + run.events[run.next].time <= t {
                let event = run.events[run.next]
                deliver(event.event, at: run.start + event.time, to: run.target)
                run.next += 1
            }
            replaying = run.next < run.events.count ? run : nil
            // The last event is in: the message says the replay is over.
            if replaying == nil, messageIsReplay {
                show("Replayed \(run.events.count) events; the motion after the last plays out as it would.")
            }
        }
        for side in sides {
            if !pointerHeld || replaying != nil { side.scene.advance(to: t) }
            side.record(at: t)
        }
        return isTracing ? [.appendTrace(traceRow(at: t))] : []
    }

    /// The trace's columns now: the five, side A's scene columns, then side B's with a `b_` prefix.
    public var traceColumns: [String] {
        var columns = Trace.columns + scene.extraTraceColumns
        if isComparing {
            columns += (Array(Trace.columns.dropFirst()) + sides[1].scene.extraTraceColumns).map { "b_" + $0 }
        }
        return columns
    }

    /// One row per frame; when the columns change (scene switched, A/B turned on or off) a new
    /// header row starts the next section.
    private func traceRow(at t: Double) -> String {
        let columns = traceColumns
        var text = ""
        if columns != writtenColumns {
            text += columns.joined(separator: ",") + "\n"
            writtenColumns = columns
        }
        text += Trace.row(scene, at: t).dropLast()
        if isComparing {
            let b = Trace.row(sides[1].scene, at: t).dropLast()
            text += "," + (b.firstIndex(of: ",").map { b[b.index(after: $0)...] } ?? "")
        }
        return text + "\n"
    }

    /// Slow motion on or off. While a finger is held the clock runs at real speed, so the
    /// content follows the finger 1:1 and the release velocity is the finger's real speed; the
    /// slow rate applies from the release on.
    func toggleSlowMotion(at realTime: Double) {
        setSlowMotion(isSlowMotion ? nil : chosenSlowRate, at: realTime)
    }

    /// Slow motion at `rate` (one of `SceneClock.slowMotionRates`; other values are refused), or off.
    func setSlowMotion(_ rate: Double?, at realTime: Double) {
        if let rate {
            guard SceneClock.slowMotionRates.contains(rate) else {
                message = Message(text: "Slow motion runs at 0.5×, 0.25× or 0.1×, not \(rate)×.", isError: true)
                return
            }
            chosenSlowRate = rate
        }
        slowMotionRate = rate
        if !pointerHeld { clock.setRate(rate ?? 1, at: realTime) }
        message = Message(
            text: rate.map {
                "Slow motion: the finger moves the content 1:1, motion after release plays at \(Self.rateText($0))."
            }
                ?? "Normal speed.", isError: false)
    }

    /// "0.25×".
    public static func rateText(_ rate: Double) -> String {
        (rate == rate.rounded() ? String(Int(rate)) : String(rate)) + "×"
    }

    // MARK: Input (viewport points, real times)

    /// A wheel event (SDL's precise values); recorded as the delta the first side made of it.
    func wheel(x: Double, y: Double, flipped: Bool, time realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for side in sides {
            side.beginGesture(at: t, unlessActive: true)
            side.input.wheel(x: x, y: y, flipped: flipped, time: t, scene: side.scene)
        }
    }

    func key(_ key: KeyCommand, time realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for side in sides {
            side.beginGesture(at: t, unlessActive: true)
            side.input.key(key, time: t, scene: side.scene)
        }
    }

    private func input(_ event: InputEvent, at realTime: Double) {
        if case .down = event, isSlowMotion { clock.setRate(1, at: realTime) }
        let t = clock.sceneTime(at: realTime)
        if recording != nil { record(event, at: realTime) }
        deliver(event, at: t, to: .both)
        switch event {
        case .down: pointerHeld = true
        case .up:
            pointerHeld = false
            if let slowMotionRate { clock.setRate(slowMotionRate, at: realTime) }
        default: break
        }
    }

    /// Records at the event's own (real) time, from the first touch on: events that reach the
    /// session after a frame keep their spacing, and a replay starts with the touch.
    private func record(_ event: InputEvent, at realTime: Double) {
        if recordingStart == nil, case .down = event { recordingStart = realTime }
        guard let start = recordingStart, realTime.isFinite else { return }
        let previous = recording?.last?.time ?? 0
        recording?.append(TimedInput(time: max(previous, realTime - start), event: event))
    }

    /// The same sample to each targeted side, through its own translator (taps are per side).
    private func deliver(_ event: InputEvent, at t: Double, to target: ReplayTarget) {
        for (index, side) in sides.enumerated() {
            guard target.includes(index) else { continue }
            switch event {
            case .down(let p):
                side.input.pointerDown(at: p, time: t, scene: side.scene)
                side.beginGesture(at: t)
            case .move(let p): side.input.pointerMoved(to: p, time: t, scene: side.scene)
            case .up(let p):
                side.input.pointerUp(at: p, time: t, scene: side.scene)
                side.noteLift(at: t)
            case .wheel, .wheelBegin, .wheelEnd:
                side.beginGesture(at: t, unlessActive: true)
                side.scene.handle(TimedInput(time: t, event: event))
            }
        }
    }

    // MARK: Requests

    /// Carries out requests once, in order, at `realTime` (an input's own event time; the
    /// panel's after it is drawn); returns what must be done outside, in order. Performs no I/O.
    @discardableResult
    public func apply(_ requests: [SessionRequest], at realTime: Double) -> [SessionEffect] {
        var effects: [SessionEffect] = []
        for request in requests {
            let undoable = Self.undoLabel(request)
            let before =
                undoable == nil
                ? nil : UndoEntry(label: undoable ?? "", sides: sideStates, editing: editing, display: display)
            // Input and the frame's tick never change a feel: no comparison on the per-frame path.
            guard !Self.isInput(request) else {
                effects += perform(request, at: realTime)
                continue
            }
            let (feelBefore, editingBefore) = (feel, editing)
            effects += perform(request, at: realTime)
            if let before { noteUndoable(before, request: request, at: realTime) }
            if feel != feelBefore || editing != editingBefore { presetChoice = nil }
        }
        return effects
    }

    /// The pointer, wheel, keys and the frame's tick: they move scenes, never a feel or a name.
    static func isInput(_ request: SessionRequest) -> Bool {
        switch request {
        case .pointer, .wheel, .key, .frame: return true
        default: return false
        }
    }

    /// Carries out one request.
    private func perform(_ request: SessionRequest, at realTime: Double) -> [SessionEffect] {
        var window: [SessionEffect] = []
        switch request {
        case let .pointer(event): input(event, at: realTime)
        case let .wheel(x, y, flipped): wheel(x: x, y: y, flipped: flipped, time: realTime)
        case let .key(command): key(command, time: realTime)
        case .frame: window += tick(at: realTime)
        case let .choosePreset(index): presetChoice = Preset.all.indices.contains(index) ? index : nil
        case let .loaded(path, role, text): window += loaded(text, from: path, as: role, at: realTime)
        case let .saved(paths, role): window += saved(paths, as: role)
        case let .failed(failure): failed(failure)
        case let .blindTestFinished(answered, path, findings):
            show(
                "Blind test: \(answered) trial\(answered == 1 ? "" : "s") answered, saved to \(path). "
                    + findings.joined(separator: " "))
        case let .open(document, source): window += open(document, source: source, at: realTime)
        case let .setFeel(feel, name):
            setFeel(feel, named: name, at: realTime)
            show(
                isComparing
                    ? "A runs \(sides[0].named.name), B \(sides[1].named.name); one drag drives both."
                    : "\(edited.label) runs \(name).")
        case let .setValue(key, value): setValue(key, value, at: realTime)
        case let .applyPreset(id):
            if let preset = Preset.all.first(where: { $0.id == id }) {
                applyPreset(preset, at: realTime)
            } else {
                message = Message(text: "No preset named \"\(id)\".", isError: true)
            }
        case .resetToDefaults: resetToDefaults(at: realTime)
        case .revert: revert(at: realTime)
        case let .loadParameters(path): window.append(.read(path: path, as: .parameters))
        case let .saveParameters(path):
            window.append(
                .write(
                    [FileWrite(path: path, text: ParametersFile.encode(feel))],
                    as: .parameters(side: editing, feel: feel)))
        case let .exportForEngineers(base): window.append(exportForEngineers(base: base))
        case let .setModel(name): setModel(name, at: realTime)
        case let .compareModels(a, b): compareModels(a, b, at: realTime)
        case let .setComparing(on): setComparing(on, at: realTime)
        case let .edit(side): editing = side
        case let .copy(from, to): copy(from: from, to: to, at: realTime)
        case .swapSides: swapSides(at: realTime)
        case let .setGhost(on):
            showsGhost = on && isComparing
            message = Message(text: showsGhost ? "Ghost of B drawn over A." : "Ghost off.", isError: false)
        case .startRecording: startRecording(at: realTime)
        case .stopRecording: stopRecording()
        case let .saveRecording(path): window += saveRecording(to: path)
        case let .loadRecording(path): window.append(.read(path: path, as: .recording))
        case let .replay(target): replay(on: target, at: realTime)
        case let .loadReference(path): window += loadReference(from: path)
        case .fitReference: fitReference(at: realTime)
        case .clearReference: reference = nil; trackingReference = nil
        case let .referenceTracked(path, trace, kind, summary):
            guard trackingReference == path else { break }
            trackingReference = nil
            reference = Reference(path: path, trace: trace, kind: kind)
            if let opened = openedReference, opened.path == path {
                // An opened session's video: the message still says what was opened.
                openedReference = nil
                show(opened.message + " Its reference, \(URL(fileURLWithPath: path).lastPathComponent), is tracked.")
                break
            }
            message = Message(
                text:
                    "Reference \(path): tracked, \(summary). Drawn on the offset plot (pink); Fit sets the sliders "
                    + "from it.",
                isError: false)
        case let .referenceFailed(path, reason):
            guard trackingReference == path else { break }
            trackingReference = nil
            failed(.read(path: path, as: .reference, reason: reason))
        case .cancelClip: if clip != nil { window.append(.cancelClip) }
        case let .clipProgress(progress): clip = progress
        case let .clipFinished(outcome): finishClip(outcome)
        case let .recordClip(format):
            if let clip = clipRequest(format: format, stamp: Int(realTime * 1000)) { window.append(.recordClip(clip)) }
        case let .startBlindTest(request): if let plan = blindTestPlan(request) { window.append(.runBlindTest(plan)) }
        case let .setViewport(size): setViewport(size, at: realTime)
        case let .switchScene(index): switchScene(to: index, at: realTime)
        case .toggleSlowMotion: toggleSlowMotion(at: realTime)
        case let .setSlowMotion(rate): setSlowMotion(rate, at: realTime)
        case let .setSceneControl(id, value):
            let t = clock.sceneTime(at: realTime)
            for side in sides { side.scene.setControl(id, to: value, at: t) }
            // Kept for this scene: a switch away and back, a device or a new B keeps the layout.
            sceneLayouts[sceneIndex, default: [:]][id] = scene.controlValue(id)
        case let .pressSceneControl(id): pressSceneControl(id, at: realTime)
        case .screenshot: window.append(.screenshot)
        case .exportPlot: window.append(.exportPlot)
        case .undo: undo(at: realTime)
        case .redo: redo(at: realTime)
        case let .saveSession(path):
            do throws(InputError) {
                let text = try SessionFile.encodeChecked(snapshot())
                window.append(.write([FileWrite(path: path, text: text)], as: .session))
            } catch {
                show("\(path) not saved: \(error.message)", isError: true)
            }
        case let .openSession(path): window.append(.read(path: path, as: .session))
        case let .openKeptSession(path): window.append(.read(path: path, as: .keptSession))
        case let .openKept(document, note): window += openKept(document, note: note, at: realTime)
        }
        return window
    }

    /// A file read for the session, decoded and put to use; a bad file shows its one-line error
    /// and changes nothing.
    private func loaded(_ text: String, from path: String, as role: FileRole, at realTime: Double)
        -> [SessionEffect]
    {
        do throws(InputError) {
            switch role {
            case .parameters:
                let loaded = try ParametersFile.decode(text, file: path)
                setFeel(loaded, at: realTime)
                edited.name(URL(fileURLWithPath: path).lastPathComponent, for: loaded, saved: true)
                show("Loaded \(path) into \(edited.label).")
            case .recording:
                recorded = try GestureFile.decode(text, file: path)
                show("Loaded \(recorded.count) events from \(path).")
            case .reference:
                let trace = try FitTrace.parse(text, file: path)
                reference = Reference(path: path, trace: trace)
                defer { openedReference = nil }
                // An opened session's reference: the message still says what was opened.
                if openedReference != nil { return [] }
                let span = (trace.samples.last?.t ?? 0) - (trace.samples.first?.t ?? 0)
                show(
                    "Reference \(path): \(trace.samples.count) rows over \(Fit.format(span)) s, drawn on the offset "
                        + "plot (pink). Fit sets the sliders from it.")
            case .session:
                return open(try SessionFile.decode(text, file: path), source: path, at: realTime)
            case .keptSession: return openKept(try SessionFile.decode(text, file: path), note: nil, at: realTime)
            }
        } catch {
            failed(.read(path: path, as: role, reason: error.message))
        }
        return []
    }

    /// Opens the kept session; the message says how to start without it, and `note` follows.
    private func openKept(_ document: SessionDocument, note: String?, at realTime: Double) -> [SessionEffect] {
        let effects = open(document, source: "the session kept when the window last quit", at: realTime)
        var text = message?.text ?? ""
        if let note { text = Self.sentence(text) + " " + note }
        if message?.isError == false { text += " (`play --fresh` starts from the defaults.)" }
        show(text, isError: message?.isError ?? false)
        return effects
    }

    /// Files written for the session are in place: names and messages follow.
    private func saved(_ paths: [String], as role: SavedFile) -> [SessionEffect] {
        let path = paths.first ?? ""
        switch role {
        case let .parameters(index, saved):
            if sides.indices.contains(index) {
                sides[index].name(URL(fileURLWithPath: path).lastPathComponent, for: saved, saved: true)
            }
            show("Saved \(sides.indices.contains(index) ? sides[index].label : "A")'s parameters to \(path).")
        case let .export(snippet):
            show("Exported \(paths.joined(separator: " and ")) (the snippet is on the clipboard).")
            return [.copyToClipboard(snippet)]
        case .recording: show("Saved the gesture to \(path).")
        case .session:
            show(
                "Saved the session to \(path): both sides, scene, layout, device, reference and recording; Open "
                    + "session or `scrollab play --session \(path)` restores it.")
        case let .screenshot(detail):
            show("Saved " + paths.filter { !$0.hasSuffix("-AB.png") }.joined(separator: ", ") + detail)
        case .plot: show("Saved \(path).")
        }
        return []
    }

    /// An effect that failed: one line says which and why; nothing already in place changes.
    private func failed(_ failure: EffectFailure) {
        switch failure {
        case let .read(path, role, reason):
            switch role {
            case .reference:
                // A file that is not text is no CSV: say what a reference can be.
                let what = reason.hasSuffix("is not UTF-8 text") ? reason + Self.referenceKinds : reason
                let text = Self.sentence(what) + stillReference
                if let opened = openedReference, opened.path == path {
                    show(opened.message + " Its reference was not loaded: " + text, isError: true)
                } else {
                    show(text, isError: true)
                }
                openedReference = nil
            case .keptSession: show("The session kept at \(path) was not opened: \(reason)", isError: true)
            default: show(reason, isError: true)
            }
        case let .write(_, _, reason): show(reason, isError: true)
        case let .trace(reason):
            isTracing = false
            show("Trace stopped: \(reason)", isError: true)
        case let .autosave(reason): show("The session cannot be kept for the next start: \(reason)", isError: true)
        case let .screenshot(reason): show("Screenshot failed: \(reason)", isError: true)
        case let .plot(reason): show("Plot export failed: \(reason)", isError: true)
        case let .blindTest(started, reason):
            show("Blind test \(started ? "stopped" : "not started"): \(reason)", isError: true)
        }
    }

    /// Sets one parameter of the edited side's model through its table (the model's rules between
    /// parameters treat `key` as the one set); a bad value is shown and changes nothing.
    func setValue(_ key: String, _ value: ParameterValue, at realTime: Double) {
        do {
            setFeel(try feel.setting(key, to: value), at: realTime)
        } catch {
            message = Message(text: error.description, isError: true)
        }
    }

    /// Presses a scene's button on every side, then says what happened with the scene's readout.
    func pressSceneControl(_ id: String, at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for side in sides { side.scene.pressControl(id, at: t) }
        let label =
            scene.controls.compactMap { control -> String? in
                if case let .button(buttonID, label, _) = control, buttonID == id { return label } else { return nil }
            }.first ?? id
        // The readout's first lines say what happened; a table under them stays in the Scene
        // section, line by line (joined into the message it read as one run-on sentence).
        let lines = scene.readout
        let summary = lines.prefix(2).joined(separator: "; ")
        let more = lines.count > 2 ? " The table is in the Scene section." : ""
        message = Message(text: summary.isEmpty ? "\(label): done." : "\(label): \(summary).\(more)", isError: false)
    }

    // MARK: Scenes and A/B

    func switchScene(to index: Int, at realTime: Double) {
        guard index >= 0, index < setups.count, index != sceneIndex else { return }
        sceneIndex = index
        rebuild(sides.indices, at: realTime)
        // The last scene's message (an item deleted, a fit) does not describe this one.
        message = Message(text: "Scene \(index + 1): \(scene.name). \(scene.caption).", isError: false)
    }

    /// Lays every side out anew at `size` points (a device picked in the panel).
    func setViewport(_ size: Size, at realTime: Double) {
        let range = WindowLayout.viewportRange
        guard size != viewport, range.contains(size.width), range.contains(size.height) else { return }
        viewport = size
        var shown = ""
        if let device = Device.showing(size) {
            // The device's screen: UIKit's release frame and pixel grid follow it on both sides.
            display = device.display
            for side in sides {
                side.feel = side.feel.on(display)
                side.named.feel = side.named.feel.on(display)
                side.savedFeel = side.savedFeel.on(display)
            }
            shown = ", \(Int(device.refreshRate)) Hz, @\(Int(device.scale))x"
        }
        rebuild(sides.indices, at: realTime)
        message = Message(text: "Viewport \(Int(size.width))×\(Int(size.height)) pt\(shown).", isError: false)
    }

    /// The clip of the last recorded, loaded or replayed gesture on the current scene, with
    /// every side's feel, named by scene and `stamp`; nil (and a message) with nothing recorded.
    func clipRequest(format: String, stamp: Int) -> ClipRequest? {
        if let clip {
            message = Message(text: "\(clip.path) is still encoding: wait for it, or Cancel it first.", isError: true)
            return nil
        }
        guard !recorded.isEmpty else {
            message = Message(text: "Record or load a gesture first: a clip replays it on fresh scenes.", isError: true)
            return nil
        }
        let name = "scrollab-clip-\(scene.name)-\(stamp).\(format)"
        clip = ClipProgress(path: name, done: 0, total: 0, elapsed: 0)
        message = Message(text: "Encoding \(name) in the background…", isError: false)
        return ClipRequest(
            setup: setups[sceneIndex], viewport: viewport, events: recorded, labels: sides.map(\.title),
            feels: sides.map(\.feel), format: format, path: name)
    }

    /// Says how a background encode ended; it no longer shows as under way.
    private func finishClip(_ outcome: ClipOutcome) {
        clip = nil
        switch outcome {
        case let .saved(path, frames, seconds, bytes):
            let size =
                bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : "\(max(1, bytes / 1000)) kB"
            message = Message(
                text: "Saved \(path): \(frames) frames, \(String(format: "%.2f", seconds)) s, \(size).", isError: false)
        case let .cancelled(path):
            message = Message(text: "Clip cancelled: \(path) was not written.", isError: false)
        case let .failed(path, reason):
            message = Message(text: "Clip \(path) not saved: \(reason)", isError: true)
        }
    }

    /// A blind test of the two sides (or a staircase on the edited side's feel), or nil with a message.
    func blindTestPlan(_ request: BlindRequest) -> BlindTestPlan? {
        let a = request.staircaseKey == nil ? sides[0] : edited
        let b = sides.count > 1 && request.staircaseKey == nil ? sides[1] : a
        if request.staircaseKey == nil {
            guard isComparing else {
                message = Message(
                    text:
                        "A blind test compares A and B: turn on A/B and give B another feel first (or measure a JND).",
                    isError: true)
                return nil
            }
            guard a.feel != b.feel else {
                message = Message(
                    text:
                        "A and B run the same feel: change B first (a blind test of one feel against itself tells "
                        + "nothing).",
                    isError: true)
                return nil
            }
        }
        return BlindTestPlan(
            request: request, feelA: a.feel, feelB: b.feel, nameA: a.named.name + (a.isModified ? " (modified)" : ""),
            nameB: b.named.name + (b.isModified ? " (modified)" : ""), scene: setups[sceneIndex], viewport: viewport,
            layout: sceneLayouts[sceneIndex] ?? [:])
    }

    func rebuild(_ indices: Range<Int>, at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for index in indices {
            let side = sides[index]
            side.input.reset()
            side.scene = makeScene(feel: side.feel, at: t)
            side.clearGesture()
        }
    }

    /// The current scene, fresh, with the layout values set for it so far (cell width, spacing, …).
    private func makeScene(feel: Feel, at t: Double) -> any ScrollScene {
        let scene = setups[sceneIndex].makeScene(viewport: viewport, feel: feel)
        for (id, value) in sceneLayouts[sceneIndex] ?? [:] { scene.setControl(id, to: value, at: t) }
        scene.advance(to: t)
        return scene
    }

    /// Turns A/B mode on (B starts as a copy of A's feel; both phones start afresh at the start of
    /// the scene, so that one drag moves two phones from the same place) or off.
    func setComparing(_ on: Bool, at realTime: Double) {
        guard on != isComparing else { return }
        if on {
            let a = sides[0]
            let b = PlaygroundSide(
                label: "B", scene: makeScene(feel: a.feel, at: clock.sceneTime(at: realTime)),
                feel: a.feel, name: a.named.name)
            b.named = a.named
            sides.append(b)
            rebuild(0..<1, at: realTime)
            message = Message(
                text: "A/B on: B starts as a copy of A, both from the start; one drag drives both.", isError: false)
        } else {
            sides.removeLast()
            editing = 0
            showsGhost = false
            message = Message(text: "A/B off: one phone, side A.", isError: false)
        }
    }

    /// Copies one side's feel onto the other (0 = A, 1 = B), whichever side is edited.
    func copy(from source: Int, to target: Int, at realTime: Double) {
        guard isComparing, sides.indices.contains(source), sides.indices.contains(target), source != target else {
            return
        }
        apply(sides[source].feel, to: sides[target], at: realTime)
        sides[target].named = sides[source].named
        message = Message(text: "Copied \(sides[source].label)'s parameters to \(sides[target].label).", isError: false)
    }

    func swapSides(at realTime: Double) {
        guard isComparing else { return }
        let a = sides[0].feel, b = sides[1].feel
        let aName = sides[0].named, bName = sides[1].named
        apply(b, to: sides[0], at: realTime)
        apply(a, to: sides[1], at: realTime)
        sides[0].named = bName
        sides[1].named = aName
        message = Message(text: "Swapped A and B.", isError: false)
    }

    /// Model `name` at its defaults, on the session's display.
    func modelFeel(_ name: String) -> Feel? {
        FeelZoo.model(named: name).map { Feel($0).on(display) }
    }

    static func modelTitle(_ name: String) -> String {
        FeelZoo.model(named: name)?.title ?? name
    }

    /// The preset `feel` equals on `display`, else its model's title.
    public static func name(of feel: Feel, on display: Display) -> String {
        Preset.all.first { $0.feel.on(display) == feel }?.title ?? feel.title
    }

    /// Runs platform model `name` on the edited side, at its defaults.
    func setModel(_ name: String, at realTime: Double) {
        guard let new = modelFeel(name) else {
            message = Message(
                text: "No model named \"\(name)\"; models: \(FeelZoo.names.joined(separator: ", ")).", isError: true)
            return
        }
        setFeel(new, at: realTime)
        edited.name(Self.modelTitle(name), for: new, saved: true)
        message = Message(text: "\(edited.label) runs \(Self.modelTitle(name)).", isError: false)
    }

    /// A/B with A on model `a` and B on model `b`: the same finger on two platforms.
    func compareModels(_ a: String, _ b: String, at realTime: Double) {
        guard let pa = modelFeel(a), let pb = modelFeel(b) else {
            message = Message(
                text:
                    "No model named \"\(modelFeel(a) == nil ? a : b)\"; models: "
                    + "\(FeelZoo.names.joined(separator: ", ")).",
                isError: true)
            return
        }
        setComparing(true, at: realTime)
        apply(pa, to: sides[0], at: realTime)
        apply(pb, to: sides[1], at: realTime)
        sides[0].name(Self.modelTitle(a), for: pa, saved: true)
        sides[1].name(Self.modelTitle(b), for: pb, saved: true)
        message = Message(
            text: "A: \(Self.modelTitle(a)); B: \(Self.modelTitle(b)). Flick once and compare the plots.",
            isError: false)
    }

    // MARK: The feel (of the edited side)

    /// Applies to the next gesture and to motion already under way, without a jump.
    func setFeel(_ new: Feel, at realTime: Double) {
        apply(new, to: edited, at: realTime)
    }

    /// Applies a feel called `name` (a parameter file given at start) as if loaded: the edited
    /// side is named after it and Revert returns to it.
    func setFeel(_ new: Feel, named name: String, at realTime: Double) {
        apply(new, to: edited, at: realTime)
        edited.name(name, for: new, saved: true)
    }

    func apply(_ new: Feel, to side: PlaygroundSide, at realTime: Double) {
        guard new != side.feel else { return }
        side.feel = new
        side.scene.setFeel(new, at: clock.sceneTime(at: realTime))
    }

    /// A preset's feel on the session's display: a preset changes the feel, not the device's
    /// refresh rate or pixel grid (the device picker sets those).
    func applyPreset(_ preset: Preset, at realTime: Double) {
        let feel = preset.feel.on(display)
        setFeel(feel, at: realTime)
        edited.name(preset.title, for: feel, saved: true)
        message = Message(text: "Preset \"\(preset.title)\" on \(edited.label): \(preset.summary)", isError: false)
    }

    func resetToDefaults(at realTime: Double) {
        let defaults = Feel.standard.on(display)
        setFeel(defaults, at: realTime)
        edited.name(Preset.all[0].title, for: defaults, saved: false)
        message = Message(text: "Reset \(edited.label) to defaults (UIKit normal).", isError: false)
    }

    func revert(at realTime: Double) {
        setFeel(edited.savedFeel, at: realTime)
        edited.name(edited.savedName, for: edited.savedFeel, saved: false)
        message = Message(
            text: "Reverted \(edited.label) to the values last applied from a preset, loaded or saved.", isError: false)
    }

    // MARK: Reference trajectory (match a recorded feel)

    /// A recorded trajectory shown on the offset plot, for matching a feel recorded elsewhere.
    public struct Reference: Equatable {
        public var path: String
        public var trace: FitTrace
        /// What the trace is, when the tracker named it (a video's glide, settle or return): Fit
        /// fits it as that, as `fit --video` does. Nil: Fit decides from the data.
        public var kind: FitKind? = nil
        /// Whether it ends where the motion lands whatever the release speed (a page settle on
        /// its page, a return on the edge): then it is drawn to end where the gesture rests, and
        /// a return's hold ends at the gesture's lift.
        public var landsAtEnd: Bool

        public init(path: String, trace: FitTrace, kind: FitKind? = nil) {
            self.path = path
            self.trace = trace
            self.kind = kind
            let shape = kind ?? (trace.hasFinger ? nil : Fit.detect(trace).kind)
            landsAtEnd = shape == .page || shape == .return
        }

        /// The gesture's offset at rest, once it rests (nil while it moves).
        public static func restOffset(of gesture: GestureTrace) -> Double? {
            gesture.release != nil && !gesture.isActive ? gesture.offsets.last : nil
        }

        /// The recording's times on `gesture`'s clock (s since its touch-down): a recording with
        /// the finger's samples starts at the touch-down; one without (a glide, a return) starts
        /// where the gesture's own motion after the lift is as fast as the recording's first step
        /// (`anchor(on:)`), so the two are compared from the same speed.
        public func times(on gesture: GestureTrace) -> [Double] {
            let first = trace.samples.first?.t ?? 0
            if landsAtEnd, kind != .page, let release = gesture.release, Self.restOffset(of: gesture) != nil {
                // A return: the recording's release (the end of its hold) at the gesture's lift.
                let hold = trace.samples[Fit.holdEnd(trace.samples)].t
                return trace.samples.map { release.time + $0.t - hold }
            }
            guard let anchor = anchor(on: gesture) else { return trace.samples.map { $0.t - first } }
            return trace.samples.map { anchor.time + $0.t - anchor.referenceTime }
        }

        /// The recording's offsets to draw over `gesture`: one without the finger's samples moved
        /// to pass through the gesture's curve at the anchor; one with them as recorded.
        public func offsets(on gesture: GestureTrace) -> [Double] {
            if landsAtEnd, let rest = Self.restOffset(of: gesture), let last = trace.samples.last {
                return trace.samples.map { rest + $0.offset - last.offset }
            }
            guard let anchor = anchor(on: gesture) else { return trace.samples.map(\.offset) }
            return trace.samples.map { anchor.offset + $0.offset - anchor.referenceOffset }
        }

        /// Where a recording without the finger meets `gesture`: the recording's first step
        /// moves at v = Δoffset/Δt, its speed at the step's middle (`referenceTime`,
        /// `referenceOffset`); the anchor is the first moment after the lift at which the gesture
        /// moves no faster than |v| the same way (interpolated between its samples); when it never
        /// was that fast, the recording's first sample is put at the lift. Nil for a recording
        /// with the finger (drawn as recorded) or a gesture not yet let go (drawn from 0 s).
        func anchor(on gesture: GestureTrace)
            -> (time: Double, offset: Double, referenceTime: Double, referenceOffset: Double)?
        {
            let samples = trace.samples
            guard let release = gesture.release, let head = samples.first,
                !samples.contains(where: { $0.finger != nil })
            else { return nil }
            guard samples.count >= 2, samples[1].t > head.t else {
                return (release.time, release.offset, head.t, head.offset)
            }
            let step = samples[1]
            let speed = (step.offset - head.offset) / (step.t - head.t)
            let middle = (time: (head.t + step.t) / 2, offset: (head.offset + step.offset) / 2)
            let times = gesture.times, offsets = gesture.offsets, velocities = gesture.velocities
            var previous: (t: Double, x: Double, v: Double) = (release.time, release.offset, release.velocity)
            func along(_ v: Double) -> Double { speed < 0 ? -v : v }
            if along(previous.v) > abs(speed), speed != 0 {
                for k in times.indices where times[k] > release.time {
                    let now = (t: times[k], x: offsets[k], v: velocities[k])
                    if along(now.v) <= abs(speed) {
                        let drop = along(previous.v) - along(now.v)
                        let f = drop > 0 ? (along(previous.v) - abs(speed)) / drop : 1
                        return (
                            previous.t + f * (now.t - previous.t), previous.x + f * (now.x - previous.x),
                            middle.time, middle.offset
                        )
                    }
                    previous = now
                }
            }
            return (release.time, release.offset, head.t, head.offset)
        }
    }

    public internal(set) var reference: Reference?
    /// A video being tracked for the reference (the window runs it; the result comes back as a request).
    public internal(set) var trackingReference: String?
    /// The reference of a session just opened, being read, and the message that said what was
    /// opened (a failure to read it is added to that message).
    var openedReference: (path: String, message: String)?

    /// What a reference can be, after a file that is neither.
    static let referenceKinds = ": a reference is a CSV (t,offset) or a screen recording (MP4, MOV, GIF, WebM, …)"

    /// Loads a recorded trajectory (a bad file shows its one-line error and keeps the old one): a
    /// CSV is read (`SessionEffect.read`), a video handed to the window to track
    /// (`SessionEffect.trackReference`).
    func loadReference(from path: String) -> [SessionEffect] {
        if VideoFile.isVideo(path) {
            trackingReference = path
            show("Tracking \(path)…")
            return [.trackReference(path: path)]
        }
        return [.read(path: path, as: .reference)]
    }

    /// After a failed load: which reference Fit still fits, so it is not taken for the new one.
    var stillReference: String {
        reference.map { " The reference is still \(URL(fileURLWithPath: $0.path).lastPathComponent)." } ?? ""
    }

    /// `text` ending as a sentence, so another can follow it.
    static func sentence(_ text: String) -> String {
        guard let last = text.last, !".!?…".contains(last) else { return text }
        return text + "."
    }

    /// Fits UIKit's values to the reference (`scrollab fit --kind auto`) and sets the fitted ones
    /// (clamped into their ranges) on the edited side: over its values if it runs UIKit, else
    /// over UIKit's defaults on this display (the side then runs UIKit); says what it set and
    /// how well it fits.
    func fitReference(at realTime: Double) {
        if let trackingReference {
            message = Message(
                text: "Still tracking \(trackingReference): Fit when it is done.\(stillReference)", isError: true)
            return
        }
        guard let reference else {
            message = Message(
                text: "Load a reference first: a CSV (t,offset[,finger]) or a screen recording of any app.",
                isError: true)
            return
        }
        do {
            let was = (feel.model.uikit != nil) ? nil : feel.title
            let uikit = feel.model.uikit?.values ?? UIKitModel().on(display).values
            // A recording with the finger's samples is replayed through the pipeline in this
            // scene's view, from the side's own values.
            let result = try Fit.run(
                reference.trace, kind: reference.kind ?? .auto, law: uikit.edgeReturn, base: uikit,
                geometry: Fit.Geometry(viewport: mainAxisViewportLength, maxOffset: scene.mainAxis.bounds.upperBound))
            let (fitted, notes) = result.parameters(over: uikit)
            setFeel(Feel(fitted), at: realTime)
            edited.name(
                "fitted to \(URL(fileURLWithPath: reference.path).lastPathComponent)", for: Feel(fitted), saved: false)
            let values =
                (result.values.filter { $0.key != nil }.map { "\($0.name) \(Fit.format($0.value))" }
                + (result.pageMotion.map { ["pageMotion \($0.rawValue)"] } ?? [])).joined(separator: ", ")
            let residual =
                "residual max \(String(format: "%.2f", result.maximumResidual)) pt, mean "
                + "\(String(format: "%.2f", result.meanResidual)) pt"
            let switched = was.map { ["\(edited.label) now runs UIKit (it ran \($0)): Fit fits UIKit's values."] } ?? []
            message = Message(
                text: (switched + [
                    "Fitted \(edited.label) to \(reference.path) as a \(result.kind.rawValue): \(values) (\(residual))."
                ]
                    + notes).joined(separator: " "), isError: false)
        } catch {
            message = Message(text: error.message, isError: true)
        }
    }

    /// The edited side's parameters as JSON and as code for its model's platform beside `base`
    /// (the code goes to the clipboard once both are written).
    func exportForEngineers(base: String) -> SessionEffect {
        let export = feel.model.exported
        return .write(
            [
                FileWrite(path: base + ".json", text: ParametersFile.encode(feel)),
                FileWrite(path: base + "." + export.fileExtension, text: export.text)
            ], as: .export(snippet: export.text))
    }

    func show(_ text: String, isError: Bool = false) {
        message = Message(text: text, isError: isError)
    }

    // MARK: Recording and replay

    public var isRecording: Bool { recording != nil }

    func startRecording(at realTime: Double) {
        recordingStart = nil
        recording = []
        message = Message(text: "Recording… drag on the phone, then Stop.", isError: false)
    }

    func stopRecording() {
        guard let events = recording else { return }
        recording = nil
        recorded = events
        let length = events.last?.time ?? 0
        message = Message(
            text: "Recorded \(events.count) events over \(String(format: "%.2f", length)) s.", isError: false)
    }

    func saveRecording(to path: String) -> [SessionEffect] {
        // Saving while recording saves what was recorded so far, not the previous recording.
        if isRecording { stopRecording() }
        guard !recorded.isEmpty else {
            show("Nothing recorded yet: Record, drag on the phone, then Save.", isError: true)
            return []
        }
        return [.write([FileWrite(path: path, text: GestureFile.encode(recorded))], as: .recording)]
    }

    /// Replays the recording on fresh scenes of the targeted sides, starting now.
    func replay(on target: ReplayTarget, at realTime: Double) {
        guard !recorded.isEmpty else {
            let text =
                isRecording
                ? "Still recording: press Stop first, then Replay plays what was recorded." : "Nothing recorded yet."
            message = Message(text: text, isError: true)
            return
        }
        let targeted = sides.indices.filter(target.includes)
        guard !targeted.isEmpty else { return }
        for index in targeted { rebuild(index..<(index + 1), at: realTime) }
        replaying = (recorded, clock.sceneTime(at: realTime), 0, target)
        let on = target == .both ? (isComparing ? "A and B" : "A") : (target == .a ? "A" : "B")
        show("Replaying \(recorded.count) events on \(on).")
        messageIsReplay = true
    }
}
