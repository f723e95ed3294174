import Formats
import Scenes
import ScrollPhysics

/// Everything that changes a session, as a plain value, nested by domain: the pointer, wheel and
/// keys on the phones (`.input`), the frame's tick, the feel being tuned, A/B, recording and
/// replay, the reference, the scene, undo and redo, files (`.document`), and the results of the
/// effects the app ran for it (`.result`: a file read or written, a clip encoded, a video
/// tracked). `PlaygroundSession.apply(_:at:)` carries them out once, in order, each domain in its
/// own reducer (`Reducers/`); it returns `SessionEffect`s and performs none itself, so every
/// action is testable without a display or a disk.
///
/// Every switch over requests names every case (no `default:`): a new case is flagged by the
/// compiler wherever it must be handled. The flat spellings (`.setValue(key:value:)`,
/// `.swapSides`, …) below build the nested values, so a caller need not name the domain.
public enum SessionRequest: Equatable, Sendable {
    case input(InputRequest)
    /// A frame: due replay events are delivered, every side advances to the frame's time, the
    /// plots record, and side A's trace row is asked to be written (`SessionEffect.appendTrace`).
    case frame
    case feel(FeelRequest)
    case compare(CompareRequest)
    case recording(RecordingRequest)
    case reference(ReferenceRequest)
    case scene(SceneRequest)
    case history(HistoryRequest)
    case document(DocumentRequest)
    case result(EffectResult)
    /// The phone's page: serve it, and what its server and the page report (`PhoneLink`).
    case phone(PhoneRequest)
}

/// The pointer, wheel and keys on the phones: they move scenes, never a feel or a name.
public enum InputRequest: Equatable, Sendable {
    /// A pointer sample on the phones (viewport points), at the real time `apply` is given.
    case pointer(InputEvent)
    /// A wheel event (SDL's precise values).
    case wheel(x: Double, y: Double, flipped: Bool)
    /// An arrow, page or home/end key for the phones.
    case key(KeyCommand)
}

/// The feel of the edited side.
public enum FeelRequest: Equatable, Sendable {
    /// Set one parameter (`key` from the parameter table) of the edited side.
    case setValue(key: String, value: ParameterValue)
    /// A number typed into parameter `key`'s field: set as typed within the parameter's range,
    /// else clamped into it and said so in the message line.
    case typeValue(key: String, value: Double)
    /// Apply a preset (by `Preset.id`) to the edited side.
    case applyPreset(id: String)
    /// Show preset `index` (of `Preset.all`) in the panel's menu, not yet applied.
    case choosePreset(Int)
    /// The edited side back to the defaults (UIKit normal).
    case resetToDefaults
    /// The edited side back to the values last applied from a preset, loaded or saved.
    case revert
    /// Run another platform's physics on the edited side (a `FeelZoo` name; "uikit" for ours).
    case setModel(name: String)
    /// The edited side runs `feel`, named `name` as if loaded from a file (Revert returns to it):
    /// a parameter file given at start.
    case setFeel(Feel, name: String)
}

/// A/B: two phones driven by one finger, and a blind test of them.
public enum CompareRequest: Equatable, Sendable {
    case setComparing(Bool)
    /// A/B on, A running model `a` and B model `b`, both at their platform defaults.
    case compareModels(a: String, b: String)
    /// Which side the panel edits (0 = A, 1 = B).
    case edit(side: Int)
    /// Copy one side's parameters onto the other (0 = A, 1 = B).
    case copy(from: Int, to: Int)
    case swapSides
    case setGhost(Bool)
    /// Run a blind test of A against B (or a staircase on one of A's parameters) in the window.
    case startBlindTest(BlindRequest)
}

/// Recording a gesture, replaying it, and encoding it as a clip.
public enum RecordingRequest: Equatable, Sendable {
    case start
    case stop
    case save(path: String)
    case load(path: String)
    case replay(PlaygroundSession.ReplayTarget)
    /// Save the last recorded, loaded or replayed gesture as a clip ("mp4" or "gif"), A or A and B.
    case recordClip(format: String)
    /// Stop the clip being encoded; its file is not written.
    case cancelClip
}

/// A recorded trajectory (CSV t,offset[,finger], as `scrollab fit` reads, or a screen recording)
/// drawn on the offset plot as a reference; fit the edited side's parameters to it; forget it.
public enum ReferenceRequest: Equatable, Sendable {
    case load(path: String)
    case fit
    case clear
}

/// The scene the phones show, its layout, the device and the speed of motion.
public enum SceneRequest: Equatable, Sendable {
    case switchScene(Int)
    case toggleSlowMotion
    /// Motion after release at `rate` of real time (one of `SceneClock.slowMotionRates`), or nil: real time.
    case setSlowMotion(rate: Double?)
    /// A scene control (slider or toggle) of side A's scene, and of B's in A/B mode.
    case setSceneControl(id: String, value: Double)
    /// A number typed into a scene slider's field: clamped into its range, and said when it was not in it.
    case typeSceneControl(id: String, value: Double)
    /// A scene button, on every side.
    case pressSceneControl(id: String)
    /// A device's viewport (points) for every side; the scenes are laid out anew.
    case setViewport(Size)
}

/// Take back the last change of a feel (a parameter, preset, copy, swap, load, reset, model,
/// fit or opened session), or do it again.
public enum HistoryRequest: Equatable, Sendable {
    case undo
    case redo
}

/// Files: parameters, the engineers' export, whole sessions, screenshots and plots.
public enum DocumentRequest: Equatable, Sendable {
    case loadParameters(path: String)
    case saveParameters(path: String)
    /// Write the edited side as JSON and Swift beside `base`; the snippet goes to the clipboard.
    case exportForEngineers(base: String)
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
    /// Window matters, passed through: save the phones as PNG, save the offset plot as PNG.
    case screenshot
    case exportPlot
    /// Keep the session for the next start: from now on a frame asks for it to be written
    /// (`SessionEffect.keep`) when it changed, compared at most every `keepInterval` seconds.
    case keepSession
}

/// What came back from an effect the app ran for the session.
public enum EffectResult: Equatable, Sendable {
    /// A file asked for by `SessionEffect.read` was read: its text, and the path it was found at.
    case loaded(path: String, as: FileRole, text: String)
    /// The files of a `SessionEffect.write` (or a screenshot or plot the window drew) are in place.
    case saved(paths: [String], as: SavedFile)
    /// An effect the app ran did not succeed; the reason is one line.
    case failed(EffectFailure)
    /// A blind test run in the window ended: how many trials were answered, where they were
    /// written, and what the statistics say.
    case blindTestFinished(answered: Int, path: String, findings: [String])
    /// The window's reports on a clip encoding in the background: how far it is, how it ended.
    case clipProgress(ClipProgress)
    case clipFinished(ClipOutcome)
    /// A video given as the reference was tracked (`SessionEffect.trackReference`): its trajectory,
    /// and what it is (a glide, a page settle, a return) as `fit --video` names it; what the
    /// tracker warned of (frames left out, low confidence), said again by a fit from it.
    case referenceTracked(path: String, trace: FitTrace, kind: FitKind?, summary: String, warnings: [String] = [])
    /// A video given as the reference could not be tracked.
    case referenceFailed(path: String, reason: String)
    /// The fit a `SessionEffect.fit` asked for is done: what it found.
    case fitted(FitJob, FitOutcome)
    /// What a reference's trace is (`SessionEffect.shapeReference`): a page settle or a return
    /// is drawn to end where the gesture rests. `drawn`: of a whole recording (rest, drag, glide,
    /// rest), the part drawn, as a tracked video's (`shape` is what that part is); nil: all of it.
    case referenceShaped(path: String, shape: FitKind, drawn: FitTrace? = nil)
}

/// The flat spellings: each builds its domain's request.
extension SessionRequest {
    public static func pointer(_ event: InputEvent) -> Self { .input(.pointer(event)) }
    public static func wheel(x: Double, y: Double, flipped: Bool) -> Self {
        .input(.wheel(x: x, y: y, flipped: flipped))
    }
    public static func key(_ command: KeyCommand) -> Self { .input(.key(command)) }

    public static func loaded(path: String, as role: FileRole, text: String) -> Self {
        .result(.loaded(path: path, as: role, text: text))
    }
    public static func saved(paths: [String], as role: SavedFile) -> Self { .result(.saved(paths: paths, as: role)) }
    public static func failed(_ failure: EffectFailure) -> Self { .result(.failed(failure)) }
    public static func blindTestFinished(answered: Int, path: String, findings: [String]) -> Self {
        .result(.blindTestFinished(answered: answered, path: path, findings: findings))
    }
    public static func clipProgress(_ progress: ClipProgress) -> Self { .result(.clipProgress(progress)) }
    public static func clipFinished(_ outcome: ClipOutcome) -> Self { .result(.clipFinished(outcome)) }
    public static func referenceTracked(
        path: String, trace: FitTrace, kind: FitKind?, summary: String, warnings: [String] = []
    ) -> Self {
        .result(.referenceTracked(path: path, trace: trace, kind: kind, summary: summary, warnings: warnings))
    }
    public static func referenceFailed(path: String, reason: String) -> Self {
        .result(.referenceFailed(path: path, reason: reason))
    }

    public static func setValue(key: String, value: ParameterValue) -> Self { .feel(.setValue(key: key, value: value)) }
    public static func typeValue(key: String, value: Double) -> Self { .feel(.typeValue(key: key, value: value)) }
    public static func applyPreset(id: String) -> Self { .feel(.applyPreset(id: id)) }
    public static func choosePreset(_ index: Int) -> Self { .feel(.choosePreset(index)) }
    public static var resetToDefaults: Self { .feel(.resetToDefaults) }
    public static var revert: Self { .feel(.revert) }
    public static func setModel(name: String) -> Self { .feel(.setModel(name: name)) }
    public static func setFeel(_ feel: Feel, name: String) -> Self { .feel(.setFeel(feel, name: name)) }

    public static func setComparing(_ on: Bool) -> Self { .compare(.setComparing(on)) }
    public static func compareModels(a: String, b: String) -> Self { .compare(.compareModels(a: a, b: b)) }
    public static func edit(side: Int) -> Self { .compare(.edit(side: side)) }
    public static func copy(from: Int, to: Int) -> Self { .compare(.copy(from: from, to: to)) }
    public static var swapSides: Self { .compare(.swapSides) }
    public static func setGhost(_ on: Bool) -> Self { .compare(.setGhost(on)) }
    public static func startBlindTest(_ request: BlindRequest) -> Self { .compare(.startBlindTest(request)) }

    public static var startRecording: Self { .recording(.start) }
    public static var stopRecording: Self { .recording(.stop) }
    public static func saveRecording(path: String) -> Self { .recording(.save(path: path)) }
    public static func loadRecording(path: String) -> Self { .recording(.load(path: path)) }
    public static func replay(_ target: PlaygroundSession.ReplayTarget) -> Self { .recording(.replay(target)) }
    public static func recordClip(format: String) -> Self { .recording(.recordClip(format: format)) }
    public static var cancelClip: Self { .recording(.cancelClip) }

    public static func loadReference(path: String) -> Self { .reference(.load(path: path)) }
    public static var fitReference: Self { .reference(.fit) }
    public static var clearReference: Self { .reference(.clear) }

    public static func switchScene(_ index: Int) -> Self { .scene(.switchScene(index)) }
    public static var toggleSlowMotion: Self { .scene(.toggleSlowMotion) }
    public static func setSlowMotion(rate: Double?) -> Self { .scene(.setSlowMotion(rate: rate)) }
    public static func setSceneControl(id: String, value: Double) -> Self {
        .scene(.setSceneControl(id: id, value: value))
    }
    public static func typeSceneControl(id: String, value: Double) -> Self {
        .scene(.typeSceneControl(id: id, value: value))
    }
    public static func pressSceneControl(id: String) -> Self { .scene(.pressSceneControl(id: id)) }
    public static func setViewport(_ size: Size) -> Self { .scene(.setViewport(size)) }

    public static var undo: Self { .history(.undo) }
    public static var redo: Self { .history(.redo) }

    public static func loadParameters(path: String) -> Self { .document(.loadParameters(path: path)) }
    public static func saveParameters(path: String) -> Self { .document(.saveParameters(path: path)) }
    public static func exportForEngineers(base: String) -> Self { .document(.exportForEngineers(base: base)) }
    public static func saveSession(path: String) -> Self { .document(.saveSession(path: path)) }
    public static func openSession(path: String) -> Self { .document(.openSession(path: path)) }
    public static func openKeptSession(path: String) -> Self { .document(.openKeptSession(path: path)) }
    public static func openKept(_ document: SessionDocument, note: String?) -> Self {
        .document(.openKept(document, note: note))
    }
    public static func open(_ document: SessionDocument, source: String) -> Self {
        .document(.open(document, source: source))
    }
    public static var screenshot: Self { .document(.screenshot) }
    public static var exportPlot: Self { .document(.exportPlot) }
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
    /// Fit UIKit's values to the reference (least squares, `SessionEffects.FitRunner`); what it
    /// found comes back as `.fitted`, a failure as `.failed(.fit)`.
    case fit(FitJob)
    /// Name what a reference the tracker did not name is (a glide, a page settle or a return:
    /// `Fit.detect`, least squares), and of a whole recording which part is drawn
    /// (`VideoFit.referencePart`); the answer comes back as `.referenceShaped`.
    case shapeReference(path: String, trace: FitTrace)
    /// Keep `document` for the next start (the window's writer thread encodes and writes it);
    /// a failure comes back as `.failed(.autosave)`.
    case keep(SessionDocument)
    /// Serve the phone's page of what the window shows (its address and QR code come back as `.phone(.serving)`, a
    /// failure as `.phone(.serveFailed)`); stop serving it.
    case startPhoneServer(PhoneUpdate)
    case stopPhoneServer
    /// Send the page what it shows now (it acknowledges with `.phone(.acknowledged)`).
    case publishToPhone(PhoneUpdate)
}

/// A fit of UIKit's values to a reference, as the session asks for it: the side to set, the
/// recording, and what to fit over (`scrollab fit --kind auto`'s inputs).
public struct FitJob: Equatable, Sendable {
    /// The side whose feel the fitted values replace (0 = A, 1 = B).
    public var side: Int
    public var path: String
    public var trace: FitTrace
    /// What the trace is, when the tracker named it; nil: the fit decides from the data.
    public var kind: FitKind?
    /// UIKit's values the fit starts from and keeps where it fits nothing.
    public var base: ScrollParameters
    /// The scene's viewport along its axis and its largest offset (pt), for a recording with the
    /// finger's samples replayed through the pipeline.
    public var viewport: Double
    public var maxOffset: Double
    /// The model the side ran, when it was not UIKit (the side then runs UIKit).
    public var was: String?
}

/// What a fit found, as values the session shows and sets.
public struct FitOutcome: Equatable, Sendable {
    /// `base` with the fitted values set (clamped into their ranges).
    public var parameters: ScrollParameters
    /// What the reference was fitted as ("glide", "page", "return", …).
    public var kind: String
    /// The fitted values, "name value" each.
    public var values: [String]
    /// Residuals (pt).
    public var maximumResidual: Double
    public var meanResidual: Double
    /// What the fit says about the values (one sentence each).
    public var notes: [String]

    public init(
        parameters: ScrollParameters, kind: String, values: [String], maximumResidual: Double, meanResidual: Double,
        notes: [String]
    ) {
        self.parameters = parameters
        self.kind = kind
        self.values = values
        self.maximumResidual = maximumResidual
        self.meanResidual = meanResidual
        self.notes = notes
    }
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
    /// A fit found no values (too few samples, no motion, …).
    case fit(String)
}
