import Foundation
import Scenes
import ScrollLabKit
import ScrollPhysics

/// What a designer has open in the window, without the window: the scenes, the parameters
/// being tuned (one set, or two in A/B mode), the clock, plot history, the trace being written,
/// recordings and replays, and the last message.
///
/// Everything the panel and the keys do goes through here, so it is testable headless. Input
/// arrives in viewport points at real (event) times; in A/B mode every sample goes to both
/// sides, identically.
public final class PlaygroundSession {
    public struct Message: Equatable { public var text: String; public var isError: Bool }

    /// Which sides a replay drives.
    public enum ReplayTarget: Equatable { case a, b, both }

    public let setups: [SceneSetup]
    public let viewport: Size
    public private(set) var sceneIndex: Int
    /// Side A, and side B in A/B mode.
    public private(set) var sides: [PlaygroundSide]
    /// The side the panel edits (0 = A, 1 = B).
    public var editing = 0 { didSet { editing = min(max(editing, 0), sides.count - 1) } }
    /// Overlay B's content as a ghost on A.
    public var showsGhost = false
    public private(set) var clock: SceneClock
    public private(set) var message: Message?
    /// Milliseconds the last frame took to build (set by the window).
    public var frameMilliseconds = 0.0
    public let tracePath: String?
    /// The window's trace keeps to the five contract columns: scenes can be switched mid-session.
    private var trace: TraceFile?
    private let historyCapacity: Int

    /// Events of the recording under way, in seconds since it started.
    public private(set) var recording: [TimedInput]?
    private var recordingStart = 0.0
    /// The last finished or loaded recording.
    public private(set) var recorded: [TimedInput] = []
    /// A replay under way: its events, the scene time it started and the next event due.
    private var replaying: (events: [TimedInput], start: Double, next: Int, target: ReplayTarget)?

    public init(setups: [SceneSetup], initial: Int, viewport: Size, parameters: ScrollParameters, tracePath: String?,
                realTime: Double = 0, historySeconds: Double = 4, historyRate: Double = 60) throws(InputError) {
        precondition(!setups.isEmpty)
        self.setups = setups
        self.viewport = viewport
        sceneIndex = min(max(initial, 0), setups.count - 1)
        historyCapacity = Int(historySeconds * historyRate)
        clock = SceneClock(realTime: realTime)
        sides = [PlaygroundSide(label: "A", scene: setups[sceneIndex].makeScene(viewport: viewport, parameters: parameters),
                                parameters: parameters, historyCapacity: historyCapacity)]
        self.tracePath = tracePath
        if let tracePath {
            trace = try TraceFile(tracePath)
        }
    }

    /// Makes the trace file final (it replaces the file at `tracePath` only now).
    public func finishTrace() throws(InputError) {
        defer { trace = nil }
        try trace?.finish()
    }

    // MARK: Reading

    /// Side A's scene (the one traced).
    public var scene: any ScrollScene { sides[0].scene }
    /// The side the panel edits.
    public var edited: PlaygroundSide { sides[editing] }
    public var parameters: ScrollParameters { edited.parameters }
    public var savedParameters: ScrollParameters { edited.savedParameters }
    public var hasUnsavedChanges: Bool { edited.parameters != edited.savedParameters }
    public var isComparing: Bool { sides.count == 2 }
    public var isSlowMotion: Bool { clock.rate < 1 }
    public var isReplaying: Bool { replaying != nil }
    /// The viewport's length along the current scene's axis (pt).
    public var mainAxisViewportLength: Double { scene.orientation.length(of: viewport) }

    public func sceneTime(at realTime: Double) -> Double { clock.sceneTime(at: realTime) }

    // MARK: Frames

    /// Delivers due replay events, advances every side to the frame's time, records the plots and
    /// writes side A's trace row.
    public func frame(at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        if var run = replaying {
            while run.next < run.events.count, run.start + run.events[run.next].time <= t {
                let event = run.events[run.next]
                deliver(event.event, at: run.start + event.time, to: run.target)
                run.next += 1
            }
            replaying = run.next < run.events.count ? run : nil
        }
        for side in sides {
            side.scene.advance(to: t)
            side.record(at: t)
        }
        if let trace {
            do { try trace.append(Trace.row(scene, at: t, extras: false)) } catch {
                self.trace = nil
                show("Trace stopped: \(error)", isError: true)
            }
        }
    }

    public func toggleSlowMotion(at realTime: Double) {
        clock.setRate(isSlowMotion ? 1 : SceneClock.slowMotion, at: realTime)
    }

    // MARK: Input (viewport points, real times)

    public func pointerDown(at point: Point, time realTime: Double) { input(.down(point), at: realTime) }
    public func pointerMoved(to point: Point, time realTime: Double) { input(.move(point), at: realTime) }
    public func pointerUp(at point: Point, time realTime: Double) { input(.up(point), at: realTime) }

    /// A wheel event (SDL's precise values); recorded as the delta the first side made of it.
    public func wheel(x: Double, y: Double, flipped: Bool, time realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for side in sides { side.input.wheel(x: x, y: y, flipped: flipped, time: t, scene: side.scene) }
    }

    public func key(_ key: KeyCommand, time realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for side in sides { side.input.key(key, time: t, scene: side.scene) }
    }

    private func input(_ event: InputEvent, at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        if recording != nil { recording!.append(TimedInput(time: max(0, t - recordingStart), event: event)) }
        deliver(event, at: t, to: .both)
    }

    /// The same sample to each targeted side, through its own translator (taps are per side).
    private func deliver(_ event: InputEvent, at t: Double, to target: ReplayTarget) {
        for (index, side) in sides.enumerated() {
            guard target == .both || (target == .a && index == 0) || (target == .b && index == 1) else { continue }
            switch event {
            case .down(let p): side.input.pointerDown(at: p, time: t, scene: side.scene)
            case .move(let p): side.input.pointerMoved(to: p, time: t, scene: side.scene)
            case .up(let p): side.input.pointerUp(at: p, time: t, scene: side.scene)
            case .wheel: side.scene.handle(TimedInput(time: t, event: event))
            }
        }
    }

    // MARK: Scenes and A/B

    public func switchScene(to index: Int, at realTime: Double) {
        guard index >= 0, index < setups.count, index != sceneIndex else { return }
        sceneIndex = index
        rebuild(sides.indices, at: realTime)
    }

    private func rebuild(_ indices: Range<Int>, at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for index in indices {
            let side = sides[index]
            side.input.reset()
            side.scene = setups[sceneIndex].makeScene(viewport: viewport, parameters: side.parameters)
            side.scene.advance(to: t)
            side.clearHistory()
        }
    }

    /// Turns A/B mode on (B starts as a copy of A's parameters, on a fresh scene) or off.
    public func setComparing(_ on: Bool, at realTime: Double) {
        guard on != isComparing else { return }
        if on {
            let a = sides[0]
            let b = PlaygroundSide(label: "B", scene: setups[sceneIndex].makeScene(viewport: viewport, parameters: a.parameters),
                                   parameters: a.parameters, historyCapacity: historyCapacity)
            b.scene.advance(to: clock.sceneTime(at: realTime))
            sides.append(b)
            rebuild(0..<1, at: realTime)
        } else {
            sides.removeLast()
            editing = 0
            showsGhost = false
        }
    }

    public func copyAToB(at realTime: Double) {
        guard isComparing else { return }
        apply(sides[0].parameters, to: sides[1], at: realTime)
        message = Message(text: "Copied A's parameters to B.", isError: false)
    }

    public func swapSides(at realTime: Double) {
        guard isComparing else { return }
        let a = sides[0].parameters, b = sides[1].parameters
        apply(b, to: sides[0], at: realTime)
        apply(a, to: sides[1], at: realTime)
        message = Message(text: "Swapped A and B.", isError: false)
    }

    // MARK: Parameters (of the edited side)

    /// Applies to the next gesture and to motion already under way, without a jump.
    public func setParameters(_ new: ScrollParameters, at realTime: Double) {
        apply(new, to: edited, at: realTime)
    }

    private func apply(_ new: ScrollParameters, to side: PlaygroundSide, at realTime: Double) {
        guard new != side.parameters else { return }
        side.parameters = new
        side.scene.setParameters(new, at: clock.sceneTime(at: realTime))
    }

    public func applyPreset(_ preset: Preset, at realTime: Double) {
        setParameters(preset.parameters, at: realTime)
        edited.savedParameters = preset.parameters
        message = Message(text: "Preset \"\(preset.title)\" on \(edited.label): \(preset.summary)", isError: false)
    }

    public func resetToDefaults(at realTime: Double) {
        setParameters(ScrollParameters(), at: realTime)
        message = Message(text: "Reset \(edited.label) to defaults (UIKit normal).", isError: false)
    }

    public func revert(at realTime: Double) {
        setParameters(edited.savedParameters, at: realTime)
        message = Message(text: "Reverted \(edited.label) to the last saved or loaded values.", isError: false)
    }

    /// Loads a parameter file; a bad file shows its error and keeps the current values.
    public func loadParameters(from path: String, at realTime: Double) {
        do {
            let loaded = try ParametersFile.load(path)
            setParameters(loaded, at: realTime)
            edited.savedParameters = loaded
            message = Message(text: "Loaded \(path) into \(edited.label).", isError: false)
        } catch {
            message = Message(text: error.message, isError: true)
        }
    }

    public func saveParameters(to path: String) {
        do {
            try TextFile.write(ParametersFile.encode(parameters), to: path)
            edited.savedParameters = parameters
            message = Message(text: "Saved \(edited.label)'s parameters to \(path).", isError: false)
        } catch {
            message = Message(text: error.message, isError: true)
        }
    }

    /// Writes the edited side's parameters as JSON and as a commented Swift snippet beside it;
    /// returns the snippet (for the clipboard).
    @discardableResult
    public func exportForEngineers(base: String) -> String? {
        let snippet = SwiftSnippet.make(parameters)
        do {
            try TextFile.write(ParametersFile.encode(parameters), to: base + ".json")
            try TextFile.write(snippet, to: base + ".swift")
            message = Message(text: "Exported \(base).json and \(base).swift (the snippet is on the clipboard).", isError: false)
            return snippet
        } catch {
            message = Message(text: error.message, isError: true)
            return nil
        }
    }

    public func show(_ text: String, isError: Bool = false) {
        message = Message(text: text, isError: isError)
    }

    // MARK: Recording and replay

    public var isRecording: Bool { recording != nil }

    public func startRecording(at realTime: Double) {
        recordingStart = clock.sceneTime(at: realTime)
        recording = []
        message = Message(text: "Recording… drag on the phone, then Stop.", isError: false)
    }

    public func stopRecording() {
        guard let events = recording else { return }
        recording = nil
        recorded = events
        let length = events.last?.time ?? 0
        message = Message(text: "Recorded \(events.count) events over \(String(format: "%.2f", length)) s.", isError: false)
    }

    public func saveRecording(to path: String) {
        do {
            try TextFile.write(GestureFile.encode(recorded), to: path)
            message = Message(text: "Saved the gesture to \(path).", isError: false)
        } catch {
            message = Message(text: error.message, isError: true)
        }
    }

    public func loadRecording(from path: String) {
        do {
            recorded = try GestureFile.load(path)
            message = Message(text: "Loaded \(recorded.count) events from \(path).", isError: false)
        } catch {
            message = Message(text: error.message, isError: true)
        }
    }

    /// Replays the recording on fresh scenes of the targeted sides, starting now.
    public func replay(on target: ReplayTarget, at realTime: Double) {
        guard !recorded.isEmpty else { message = Message(text: "Nothing recorded yet.", isError: true); return }
        let targeted = sides.indices.filter { target == .both || (target == .a && $0 == 0) || (target == .b && $0 == 1) }
        guard !targeted.isEmpty else { return }
        for index in targeted { rebuild(index..<(index + 1), at: realTime) }
        replaying = (recorded, clock.sceneTime(at: realTime), 0, target)
    }
}
