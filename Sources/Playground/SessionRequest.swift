import Formats
import Fitting
import Scenes
import ScrollPhysics

/// Everything that changes a session, as a plain value: what the user asked for (the panel and
/// the keys return these), the pointer, wheel and keys on the phones, the frame's tick, and the
/// results of the effects the app ran for it (a file read or written, a clip encoded, a video
/// tracked). `PlaygroundSession.apply(_:at:)` carries them out once, in order; it returns
/// `SessionEffect`s and performs none itself, so every action is testable without a display or
/// a disk.
public enum SessionRequest: Equatable, Sendable {
    /// A pointer sample on the phones (viewport points), at the real time `apply` is given.
    case pointer(InputEvent)
    /// A wheel event (SDL's precise values).
    case wheel(x: Double, y: Double, flipped: Bool)
    /// An arrow, page or home/end key for the phones.
    case key(KeyCommand)
    /// A frame: due replay events are delivered, every side advances to the frame's time, the
    /// plots record, and side A's trace row is asked to be written (`SessionEffect.appendTrace`).
    case frame

    /// A file asked for by `SessionEffect.read` was read: its text, and the path it was found at.
    case loaded(path: String, as: FileRole, text: String)
    /// The files of a `SessionEffect.write` (or a screenshot or plot the window drew) are in place.
    case saved(paths: [String], as: SavedFile)
    /// An effect the app ran did not succeed; the reason is one line.
    case failed(EffectFailure)
    /// A blind test run in the window ended: how many trials were answered, where they were
    /// written, and what the statistics say.
    case blindTestFinished(answered: Int, path: String, findings: [String])

    /// Set one parameter (`key` from the parameter table) of the edited side.
    case setValue(key: String, value: ParameterValue)
    /// Apply a preset (by `Preset.id`) to the edited side.
    case applyPreset(id: String)
    /// Show preset `index` (of `Preset.all`) in the panel's menu, not yet applied.
    case choosePreset(Int)
    /// The edited side back to the defaults (UIKit normal).
    case resetToDefaults
    /// The edited side back to the values last applied from a preset, loaded or saved.
    case revert
    case loadParameters(path: String)
    case saveParameters(path: String)
    /// Write the edited side as JSON and Swift beside `base`; the snippet goes to the clipboard.
    case exportForEngineers(base: String)

    /// Run another platform's physics on the edited side (a `FeelZoo` name; "uikit" for ours).
    case setModel(name: String)
    /// A/B on, A running model `a` and B model `b`, both at their platform defaults.
    case compareModels(a: String, b: String)

    case setComparing(Bool)
    /// Which side the panel edits (0 = A, 1 = B).
    case edit(side: Int)
    /// Copy one side's parameters onto the other (0 = A, 1 = B).
    case copy(from: Int, to: Int)
    case swapSides
    case setGhost(Bool)

    case startRecording
    case stopRecording
    case saveRecording(path: String)
    case loadRecording(path: String)
    case replay(PlaygroundSession.ReplayTarget)
    /// Save the last recorded, loaded or replayed gesture as a clip ("mp4" or "gif"), A or A and B.
    case recordClip(format: String)
    /// Stop the clip being encoded; its file is not written.
    case cancelClip
    /// The window's reports on a clip encoding in the background: how far it is, how it ended.
    case clipProgress(ClipProgress)
    case clipFinished(ClipOutcome)
    /// Run a blind test of A against B (or a staircase on one of A's parameters) in the window.
    case startBlindTest(BlindRequest)
    /// A device's viewport (points) for every side; the scenes are laid out anew.
    case setViewport(Size)

    /// A recorded trajectory (CSV t,offset[,finger], as `scrollab fit` reads) to draw on the
    /// offset plot as a reference; fit the edited side's parameters to it; forget it.
    case loadReference(path: String)
    case fitReference
    case clearReference
    /// A video given as the reference was tracked (`WindowRequest.trackReference`): its trajectory,
    /// and what it is (a glide, a page settle, a return) as `fit --video` names it.
    case referenceTracked(path: String, trace: FitTrace, kind: FitKind?, summary: String)
    /// A video given as the reference could not be tracked.
    case referenceFailed(path: String, reason: String)

    case switchScene(Int)
    case toggleSlowMotion
    /// Motion after release at `rate` of real time (one of `SceneClock.slowMotionRates`), or nil: real time.
    case setSlowMotion(rate: Double?)
    /// A scene control (slider or toggle) of side A's scene, and of B's in A/B mode.
    case setSceneControl(id: String, value: Double)
    /// A scene button, on every side.
    case pressSceneControl(id: String)

    /// Take back the last change of a feel (a parameter, preset, copy, swap, load, reset, model,
    /// fit or opened session), or do it again.
    case undo
    case redo
    /// The whole state (both sides, scene and its layout, device, speed, reference, recording)
    /// to a session file, or from one.
    case saveSession(path: String)
    case openSession(path: String)
    /// Open the session the window kept when it last quit (at the next start).
    case openKeptSession(path: String)
    /// Open the kept session its caller read and checked at start (`KeptSession`); `note` ends
    /// the message (opened read-only, …).
    case openKept(SessionDocument, note: String?)
    /// Open a session document its caller read (`play --session`); `source` names it in the message.
    case open(SessionDocument, source: String)
    /// The edited side runs `feel`, named `name` as if loaded from a file (Revert returns to it):
    /// a parameter file given at start.
    case setFeel(Feel, name: String)

    /// Window matters, passed through: save the phones as PNG, save the offset plot as PNG.
    case screenshot
    case exportPlot
}

/// What a session asks the app to do after applying requests: it does none of it itself. The
/// results come back as requests (`.loaded`, `.saved`, `.failed`, `.clipFinished`,
/// `.referenceTracked`); `SessionDriver` runs the file effects, the window the rest.
public enum SessionEffect: Equatable, Sendable {
    /// Read the file at `path` (a relative path not found from the current folder is looked up
    /// beside the program: `Disk.locate`); the text comes back as `.loaded`, a failure as `.failed(.read)`.
    case read(path: String, as: FileRole)
    /// Write each file whole (`TextFile.write`'s rules); `.saved` or `.failed(.write)` comes back.
    case write([FileWrite], as: SavedFile)
    /// Append `text` (rows, a header when the columns changed) to the window's trace.
    case appendTrace(String)
    case screenshot
    case exportPlot
    case copyToClipboard(String)
    case recordClip(ClipRequest)
    case cancelClip
    case runBlindTest(BlindTestPlan)
    /// Track a screen recording (`scrollab track`) off the main thread; the trajectory comes
    /// back as `.referenceTracked`, a failure as `.referenceFailed`.
    case trackReference(path: String)
}

/// What a file read for the session is.
public enum FileRole: String, Equatable, Sendable {
    case parameters, recording, reference, session
    /// The session the window kept when it last quit, opened at the next start.
    case keptSession
}

/// One file to write whole.
public struct FileWrite: Equatable, Sendable {
    public var path: String
    public var text: String
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// What files written for the session were, and what the session needs to say or do once they
/// are in place.
public enum SavedFile: Equatable, Sendable {
    /// Side `side`'s parameters, as `feel` (the side is named after the file once it is saved).
    case parameters(side: Int, feel: Feel)
    /// The parameters and `snippet`, code for the model's platform (it goes to the clipboard).
    case export(snippet: String)
    case recording
    case session
    /// The phones as PNG (with their parameters as JSON): `detail` says their size and scale.
    case screenshot(detail: String)
    case plot
}

/// How an effect the app ran for the session failed.
public enum EffectFailure: Equatable, Sendable {
    case read(path: String, as: FileRole, reason: String)
    case write(paths: [String], as: SavedFile, reason: String)
    /// The trace could not be written; it stops.
    case trace(String)
    /// The session could not be kept for the next start.
    case autosave(String)
    case screenshot(String)
    case plot(String)
    /// A blind test did not start (`started` false) or stopped.
    case blindTest(started: Bool, reason: String)
}
