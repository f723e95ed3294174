import ScrollLabKit
import Scenes
import ScrollPhysics

/// What the user asked for in a frame, as a plain value: the panel and the keys return these,
/// and `PlaygroundSession.apply(_:at:)` carries them out once, in order, after the panel is
/// drawn. Nothing changes the session in the middle of drawing, so no stale copy can undo an
/// action, and every action is testable without a display.
public enum SessionRequest: Equatable, Sendable {
    /// Set one parameter (`key` from the parameter table) of the edited side.
    case setValue(key: String, value: ParameterValue)
    /// Apply a preset (by `Preset.id`) to the edited side.
    case applyPreset(id: String)
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

    /// Window matters, passed through: save the phones as PNG, save the offset plot as PNG.
    case screenshot
    case exportPlot
}

/// What the window must do after the session applied a frame's requests.
public enum WindowRequest: Equatable, Sendable {
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
