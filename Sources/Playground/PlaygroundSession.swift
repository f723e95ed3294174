import Foundation
import Scenes
import Formats
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
    /// Everything the session knows that is a value (see `SessionState`); requests change it.
    public internal(set) var state: SessionState
    /// The clock the scenes run on (real time to scene time, slow motion): not a value that is
    /// compared, as it reads the real time it is given.
    public internal(set) var clock: SceneClock

    // The state's parts by name (the reducers read and write them through these).
    public internal(set) var viewport: Size {
        get { state.viewport }
        set { state.viewport = newValue }
    }
    public internal(set) var sceneIndex: Int {
        get { state.sceneIndex }
        set { state.sceneIndex = newValue }
    }
    public internal(set) var sides: [PlaygroundSide] {
        get { state.sides }
        set { state.sides = newValue }
    }
    public internal(set) var editing: Int {
        get { state.editing }
        set { state.editing = newValue }
    }
    public internal(set) var showsGhost: Bool {
        get { state.showsGhost }
        set { state.showsGhost = newValue }
    }
    /// The last message as the window shows it (`notice`, formatted).
    public internal(set) var message: Message? {
        get { state.notice.map { Message(text: $0.text, isError: $0.isError) } }
        set { state.notice = newValue.map { .text($0.text, isError: $0.isError) } }
    }
    public internal(set) var notice: Notice? {
        get { state.notice }
        set { state.notice = newValue }
    }
    public internal(set) var isTracing: Bool {
        get { state.isTracing }
        set { state.isTracing = newValue }
    }
    var writtenColumns: [String] {
        get { state.writtenColumns }
        set { state.writtenColumns = newValue }
    }
    public internal(set) var clip: ClipProgress? {
        get { state.clip }
        set { state.clip = newValue }
    }
    public internal(set) var recording: [TimedInput]? {
        get { state.recording }
        set { state.recording = newValue }
    }
    var recordingStart: Double? {
        get { state.recordingStart }
        set { state.recordingStart = newValue }
    }
    public internal(set) var recorded: [TimedInput] {
        get { state.recorded }
        set { state.recorded = newValue }
    }
    var sceneLayouts: [Int: [String: Double]] {
        get { state.sceneLayouts }
        set { state.sceneLayouts = newValue }
    }
    var undoStack: [UndoEntry] {
        get { state.undoStack }
        set { state.undoStack = newValue }
    }
    var redoStack: [UndoEntry] {
        get { state.redoStack }
        set { state.redoStack = newValue }
    }
    var lastUndoMerge: SessionState.UndoMerge? {
        get { state.lastUndoMerge }
        set { state.lastUndoMerge = newValue }
    }
    var replaying: SessionState.Replay? {
        get { state.replaying }
        set { state.replaying = newValue }
    }
    var messageIsReplay: Bool {
        get { state.messageIsReplay }
        set { state.messageIsReplay = newValue }
    }
    var startViewport: Size? {
        get { state.startViewport }
        set { state.startViewport = newValue }
    }
    var presetChoice: Int? {
        get { state.presetChoice }
        set { state.presetChoice = newValue }
    }
    public internal(set) var display: Display {
        get { state.display }
        set { state.display = newValue }
    }
    public internal(set) var slowMotionRate: Double? {
        get { state.slowMotionRate }
        set { state.slowMotionRate = newValue }
    }
    var chosenSlowRate: Double {
        get { state.chosenSlowRate }
        set { state.chosenSlowRate = newValue }
    }
    var pointerHeld: Bool {
        get { state.pointerHeld }
        set { state.pointerHeld = newValue }
    }
    public internal(set) var reference: Reference? {
        get { state.reference }
        set { state.reference = newValue }
    }
    public internal(set) var referenceRefusals: Int {
        get { state.referenceRefusals }
        set { state.referenceRefusals = newValue }
    }
    public internal(set) var trackingReference: String? {
        get { state.trackingReference }
        set { state.trackingReference = newValue }
    }
    var keepsSession: Bool {
        get { state.keepsSession }
        set { state.keepsSession = newValue }
    }
    var openedReference: SessionState.OpenedReference? {
        get { state.openedReference }
        set { state.openedReference = newValue }
    }

    /// `feelName`: what `feel` is called (a parameter file's name); default: the preset it
    /// equals, else its model's title. `tracing`: each frame asks for a trace row.
    public init(
        setups: [SceneSetup], initial: Int, viewport: Size, feel: Feel, feelName: String? = nil, tracing: Bool = false,
        realTime: Double = 0
    ) {
        precondition(!setups.isEmpty)
        self.setups = setups
        let sceneIndex = min(max(initial, 0), setups.count - 1)
        clock = SceneClock(realTime: realTime)
        let display = feel.model.uikit?.values.display ?? Device.showing(viewport)?.display ?? .standard
        let name = feelName ?? Self.name(of: feel, on: display)
        state = SessionState(
            viewport: viewport, sceneIndex: sceneIndex, display: display,
            sides: [
                PlaygroundSide(
                    label: "A", scene: setups[sceneIndex].makeScene(viewport: viewport, feel: feel),
                    feel: feel, name: name)
            ], isTracing: tracing)
    }

    // MARK: Reading

    /// Side A's scene (the one traced).
    public var scene: any ScrollScene { sides[0].scene }
    /// The side the panel edits.
    public internal(set) var edited: PlaygroundSide {
        get { sides[editing] }
        set { sides[editing] = newValue }
    }
    /// The edited side's feel.
    public var feel: Feel { edited.feel }
    public var savedFeel: Feel { edited.savedFeel }
    public var hasUnsavedChanges: Bool { edited.feel != edited.savedFeel }
    public var isComparing: Bool { sides.count == 2 }
    /// Whether motion after release plays slowed.
    public var isSlowMotion: Bool { slowMotionRate != nil }
    public var isReplaying: Bool { replaying != nil }
    /// The viewport's length along the current scene's axis (pt).
    public var mainAxisViewportLength: Double { scene.orientation.length(of: viewport) }

    /// The scene time to draw at for a real time (does not hold back input that arrives later).
    public func sceneTime(at realTime: Double) -> Double { clock.peek(at: realTime) }

    // MARK: Requests

    /// Carries out requests once, in order, at `realTime` (an input's own event time; the
    /// panel's after it is drawn); returns what must be done outside, in order. Performs no I/O.
    @discardableResult
    public func apply(_ requests: [SessionRequest], at realTime: Double) -> [SessionEffect] {
        var effects: [SessionEffect] = []
        var changes = false
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
            changes = true
            effects += perform(request, at: realTime)
            if let before { noteUndoable(before, request: request, at: realTime) }
            if feel != feelBefore || editing != editingBefore { presetChoice = nil }
        }
        // What the phone's page shows follows every change (`PhoneLink`).
        if changes, phone != nil { effects += phoneEffects() }
        return effects
    }

    /// The pointer, wheel, keys and the frame's tick: they move scenes, never a feel or a name.
    static func isInput(_ request: SessionRequest) -> Bool {
        switch request {
        case .input, .frame: return true
        case .feel, .compare, .recording, .reference, .scene, .history, .document, .result, .phone: return false
        }
    }

    /// Carries out one request: each domain has its own reducer (`Reducers/`).
    private func perform(_ request: SessionRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .input(request): return reduce(request, at: realTime)
        case .frame: return tick(at: realTime)
        case let .feel(request): return reduce(request, at: realTime)
        case let .compare(request): return reduce(request, at: realTime)
        case let .recording(request): return reduce(request, at: realTime)
        case let .reference(request): return reduce(request, at: realTime)
        case let .scene(request): return reduce(request, at: realTime)
        case let .history(request): return reduce(request, at: realTime)
        case let .document(request): return reduce(request, at: realTime)
        case let .result(request): return reduce(request, at: realTime)
        case let .phone(request): return reduce(request, at: realTime)
        }
    }

    func show(_ text: String, isError: Bool = false) {
        message = Message(text: text, isError: isError)
    }

}
