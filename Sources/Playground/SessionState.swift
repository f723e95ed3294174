import Scenes
import ScrollPhysics

/// Everything a session knows, as one value: the sides and their feels, which one is edited, the
/// scene, its layouts and the device, slow motion, the recording and a replay under way, the
/// reference, the clip being encoded, undo and redo, and the last message.
///
/// `PlaygroundSession` holds it and changes it only in `apply(_:at:)`; what cannot be a value
/// (each side's live scene and input translator, `LiveSide`, and the clock) the session owns
/// beside it. Tests compare whole states: `session.state == expected` says everything a request
/// changed, and that nothing else changed.
public struct SessionState: Equatable {
    public typealias Message = PlaygroundSession.Message
    public typealias Reference = PlaygroundSession.Reference
    public typealias ReplayTarget = PlaygroundSession.ReplayTarget

    /// A replay under way: its events, the scene time it started and the next event due.
    public struct Replay: Equatable {
        public var events: [TimedInput]
        public var start: Double
        public var next: Int
        public var target: ReplayTarget
    }

    /// The last parameter change, which a change of the same parameter soon after joins (one undo step).
    public struct UndoMerge: Equatable {
        /// The side and the parameter ("0 decelerationRate").
        public var key: String
        public var time: Double
    }

    /// The reference of a session just opened, being read, and the message that said what was
    /// opened (a failure to read it is added to that message).
    public struct OpenedReference: Equatable {
        public var path: String
        public var message: String
    }

    public internal(set) var viewport: Size
    public internal(set) var sceneIndex: Int
    /// The screen the phones show (the device picker's).
    public internal(set) var display: Display
    /// Side A, and side B in A/B mode.
    public internal(set) var sides: [PlaygroundSide]
    /// The side the panel edits (0 = A, 1 = B).
    public internal(set) var editing = 0 { didSet { editing = min(max(editing, 0), sides.count - 1) } }
    /// Overlay B's content as a ghost on A.
    public internal(set) var showsGhost = false
    /// The last message, as a value (`Notice.text` formats it).
    public internal(set) var notice: Notice? { didSet { messageIsReplay = false } }
    /// Whether the message says a replay is under way (it is replaced when the replay ends).
    public internal(set) var messageIsReplay = false

    /// Whether each frame asks for side A's trace row; off once a row could not be written.
    public internal(set) var isTracing: Bool
    /// The trace's columns last written (a change starts a new header).
    public internal(set) var writtenColumns: [String] = []

    /// The clip encoding in the background, if one is.
    public internal(set) var clip: ClipProgress?

    /// Events of the recording under way, in seconds since its first touch (true event times).
    public internal(set) var recording: [TimedInput]?
    /// Real time of the recording's first touch; nil until then.
    public internal(set) var recordingStart: Double?
    /// The last finished or loaded recording.
    public internal(set) var recorded: [TimedInput] = []
    public internal(set) var replaying: Replay?

    /// Each scene's layout values set in the panel (scene index → control id → value).
    public internal(set) var sceneLayouts: [Int: [String: Double]] = [:]
    /// Undo and redo steps (see `SessionHistory.swift`).
    public internal(set) var undoStack: [UndoEntry] = []
    public internal(set) var redoStack: [UndoEntry] = []
    public internal(set) var lastUndoMerge: UndoMerge?

    /// The viewport at the first frame: the panel offers it beside the devices.
    public internal(set) var startViewport: Size?
    /// The preset picked in the panel's menu and not yet applied.
    public internal(set) var presetChoice: Int?

    /// The rate motion after release plays at, if slowed.
    public internal(set) var slowMotionRate: Double?
    /// The rate Space turns slow motion on at: the last one chosen.
    public internal(set) var chosenSlowRate = SceneClock.slowMotion
    /// Whether a pointer is down on the phones.
    public internal(set) var pointerHeld = false

    public internal(set) var reference: Reference?
    /// A video being tracked for the reference.
    public internal(set) var trackingReference: String?
    public internal(set) var openedReference: OpenedReference?
    /// How many files were refused as the reference (a bad CSV, a video that could not be
    /// tracked): the panel's field shows the reference kept after each (`PanelState`).
    public internal(set) var referenceRefusals = 0

    /// Whether frames ask for the session to be kept for the next start (`SessionEffect.keep`):
    /// the window that holds the kept session turns it on (`.document(.keepSession)`).
    public internal(set) var keepsSession = false
    /// The phone the window serves, if any (`PhoneLink`).
    public internal(set) var phone: PhoneLink?
    /// The document last asked to be kept, and when (real time, s).
    public internal(set) var kept: SessionDocument?
    public internal(set) var keptAt = -Double.infinity

    init(viewport: Size, sceneIndex: Int, display: Display, sides: [PlaygroundSide], isTracing: Bool) {
        self.viewport = viewport
        self.sceneIndex = sceneIndex
        self.display = display
        self.sides = sides
        self.isTracing = isTracing
    }
}
