import Formats
import Foundation
import Scenes
import ScrollPhysics

/// What the session tells the designer (the panel's message line), as a value: reducers set
/// one, tests compare them, and `text` (the one formatter) makes the sentence the window shows.
///
/// Messages move here case by case; those not yet given a case of their own are `.text`.
public enum Notice: Equatable, Sendable {
    // The feel
    /// A preset applied to side `side` ("A", "B").
    case preset(title: String, side: String, summary: String)
    case reset(side: String)
    case reverted(side: String)
    /// A fit's values set on `side` (`switchedFrom`: the model it ran, when not UIKit).
    case fitted(
        side: String, path: String, kind: String, values: [String], maximumResidual: Double, meanResidual: Double,
        switchedFrom: String?, notes: [String])

    // A/B
    case comparing(Bool)
    case ghost(Bool)
    case copied(from: String, to: String)
    case swapped

    // Recording
    case recordingStarted
    case recorded(events: Int, seconds: Double)
    case nothingRecordedToSave

    // The reference
    case tracking(path: String)

    // The scene
    /// Slow motion at `rate`, or normal speed (nil).
    case slowMotion(rate: Double?)
    case slowMotionRefused(rate: Double)

    // Undo and redo
    case undid(String)
    case redid(String)
    case nothingToUndo
    case nothingToRedo

    case noPreset(id: String)
    /// Side `side` runs a platform's model.
    case runs(side: String, model: String)
    /// No model of the zoo is named `name`.
    case noModel(name: String)
    /// A/B with A on one platform's model and B on another's.
    case comparingModels(a: String, b: String)
    /// A feel set by name on both sides (A/B) or on the edited one.
    case bothRun(a: String, b: String)
    /// A parameter's value refused (the reason names the value and its range).
    case valueRefused(String)
    /// A typed value outside `parameter`'s range (its text, with the unit), clamped to `applied`.
    case valueClamped(parameter: String, typed: Double, range: String, applied: Double)

    // The blind test
    case blindTestNeedsAB
    case blindTestSameFeel

    // The reference
    case stillTracking(path: String, reference: String?)
    case noReference

    // Recording, replay and clips
    case replaying(events: Int, on: String)
    case replayed(events: Int)
    case clipStillEncoding(path: String)
    case nothingToClip
    case encoding(path: String)
    case clipCancelled(path: String)
    case clipFailed(path: String, reason: String)

    // The scene
    case scene(number: Int, name: String, caption: String)
    /// A scene's button pressed: its label and the scene's readout after it (its first two lines
    /// said; a longer table stays in the Scene section).
    case pressed(label: String, readout: [String])
    /// The viewport set to `width` × `height` pt; a device's refresh rate and scale when it is one.
    case viewport(width: Int, height: Int, refreshRate: Int?, scale: Int?)

    // Results
    case savedParameters(side: String, path: String)
    case loadedParameters(path: String, side: String)
    case loadedRecording(events: Int, path: String)
    case savedGesture(path: String)
    case savedPlot(path: String)
    case traceStopped(String)
    /// The session cannot be kept for the next start.
    case notKept(String)
    case screenshotFailed(String)
    case plotFailed(String)
    case blindTestEnded(started: Bool, reason: String)
    case blindTestFinished(answered: Int, path: String, findings: [String])
    /// A reference read: its rows and the time they span (s).
    case reference(path: String, rows: Int, span: Double)
    case exported(paths: [String])
    case savedSession(path: String)
    /// A screenshot's files (the A/B composite's left out of the sentence) and what follows them.
    case savedScreenshot(paths: [String], detail: String)

    // Sessions
    case sessionNotSaved(path: String, reason: String)
    case keptSessionNotOpened(path: String, reason: String)
    /// A session names a scene this window does not have (`scenes`: the ones it has).
    case sceneNotInWindow(source: String, scene: String, scenes: [String])

    // The phone
    case phoneServing(url: String)
    case phoneStopped
    case phoneFailed(String)
    /// A gesture the page sent, replaying on `on`.
    case phoneGesture(samples: Int, rate: Double, screen: Size, on: String)

    /// A message not yet given a case of its own, or a reason a reader gave (one line).
    case text(String, isError: Bool)

    /// Whether the message says something went wrong (the panel shows it in red).
    public var isError: Bool {
        switch self {
        case .slowMotionRefused, .nothingRecordedToSave, .noPreset, .clipStillEncoding, .nothingToClip, .clipFailed,
            .traceStopped, .notKept, .screenshotFailed, .plotFailed, .blindTestEnded, .sessionNotSaved,
            .keptSessionNotOpened, .sceneNotInWindow, .phoneFailed, .noModel, .valueRefused, .valueClamped,
            .blindTestNeedsAB,
            .blindTestSameFeel, .stillTracking, .noReference:
            return true
        case let .text(_, isError): return isError
        case .preset, .reset, .reverted, .fitted, .comparing, .ghost, .copied, .swapped, .recordingStarted, .recorded,
            .tracking, .slowMotion, .undid, .redid, .nothingToUndo, .nothingToRedo, .savedParameters, .runs, .replaying,
            .replayed, .encoding, .clipCancelled, .scene, .loadedParameters, .loadedRecording, .savedGesture,
            .savedPlot, .pressed, .viewport, .blindTestFinished, .reference, .exported, .savedSession,
            .savedScreenshot, .phoneServing, .phoneStopped, .phoneGesture, .comparingModels, .bothRun:
            return false
        }
    }

    /// The sentence the window shows.
    public var text: String {
        switch self {
        case let .preset(title, side, summary): return "Preset \"\(title)\" on \(side): \(summary)"
        case let .reset(side): return "Reset \(side) to defaults (UIKit normal)."
        case let .reverted(side):
            return "Reverted \(side) to the values last applied from a preset, loaded or saved."
        case let .fitted(side, path, kind, values, maximumResidual, meanResidual, switchedFrom, notes):
            let residual =
                "residual max \(String(format: "%.2f", maximumResidual)) pt, mean "
                + "\(String(format: "%.2f", meanResidual)) pt"
            let switched =
                switchedFrom.map { ["\(side) now runs UIKit (it ran \($0)): Fit fits UIKit's values."] } ?? []
            let fitted = "Fitted \(side) to \(path) as a \(kind): \(values.joined(separator: ", ")) (\(residual))."
            return (switched + [fitted] + notes).joined(separator: " ")
        case let .comparing(on):
            return on
                ? "A/B on: B starts as a copy of A, both from the start; one drag drives both."
                : "A/B off: one phone, side A."
        case let .ghost(on): return on ? "Ghost of B drawn over A." : "Ghost off."
        case let .copied(from, to): return "Copied \(from)'s parameters to \(to)."
        case .swapped: return "Swapped A and B."
        case .recordingStarted: return "Recording… drag on the phone, then Stop."
        case let .recorded(events, seconds):
            return "Recorded \(events) events over \(String(format: "%.2f", seconds)) s."
        case .nothingRecordedToSave: return "Nothing recorded yet: Record, drag on the phone, then Save."
        case let .tracking(path): return "Tracking \(path)…"
        case let .slowMotion(rate):
            return rate.map {
                "Slow motion: the finger moves the content 1:1, motion after release plays at "
                    + "\(PlaygroundSession.rateText($0))."
            } ?? "Normal speed."
        case let .slowMotionRefused(rate): return "Slow motion runs at 0.5×, 0.25× or 0.1×, not \(rate)×."
        case let .undid(label): return "Undid \(label)."
        case let .redid(label): return "Redid \(label)."
        case .nothingToUndo: return "Nothing to undo."
        case .nothingToRedo: return "Nothing to redo."
        case let .savedParameters(side, path): return "Saved \(side)'s parameters to \(path)."
        case let .noPreset(id): return "No preset named \"\(id)\"."
        case let .runs(side, model): return "\(side) runs \(model)."
        case let .noModel(name):
            return "No model named \"\(name)\"; models: \(FeelZoo.names.joined(separator: ", "))."
        case let .comparingModels(a, b): return "A: \(a); B: \(b). Flick once and compare the plots."
        case let .bothRun(a, b): return "A runs \(a), B \(b); one drag drives both."
        case let .valueRefused(reason): return reason
        case let .valueClamped(parameter, typed, range, applied):
            // A number too large for a Double ("1e400") arrives infinite.
            let value = typed.isFinite ? formatNumber(typed) : "\(typed > 0 ? "" : "−")∞ (a number too large)"
            return "\(parameter): \(value) is outside its range \(range); \(formatNumber(applied)) applied."
        case .blindTestNeedsAB:
            return "A blind test compares A and B: turn on A/B and give B another feel first (or measure a JND)."
        case .blindTestSameFeel:
            return "A and B run the same feel: change B first (a blind test of one feel against itself tells nothing)."
        case let .stillTracking(path, reference):
            return "Still tracking \(path): Fit when it is done."
                + (reference.map { " The reference is still \($0)." } ?? "")
        case .noReference: return "Load a reference first: a CSV (t,offset[,finger]) or a screen recording of any app."
        case let .replaying(events, on): return "Replaying \(events) events on \(on)."
        case let .replayed(events): return "Replayed \(events) events; the motion after the last plays out as it would."
        case let .clipStillEncoding(path): return "\(path) is still encoding: wait for it, or Cancel it first."
        case .nothingToClip: return "Record or load a gesture first: a clip replays it on fresh scenes."
        case let .encoding(path): return "Encoding \(path) in the background…"
        case let .clipCancelled(path): return "Clip cancelled: \(path) was not written."
        case let .clipFailed(path, reason): return "Clip \(path) not saved: \(reason)"
        case let .scene(number, name, caption): return "Scene \(number): \(name). \(caption)."
        case let .phoneServing(url): return "Serving the phone at \(url)"
        case .phoneStopped: return "Stopped serving the phone."
        case let .phoneFailed(reason): return "The phone is not served: \(reason)"
        case let .phoneGesture(samples, rate, screen, on):
            let size = "\(ParameterSpec.format(screen.width))×\(ParameterSpec.format(screen.height)) pt"
            return
                "A gesture from the phone (\(samples) samples, \(ParameterSpec.format(rate)) Hz, \(size)) replays on "
                + "\(on); Save recording keeps it."
        case let .pressed(label, readout):
            let summary = readout.prefix(2).joined(separator: "; ")
            let more = readout.count > 2 ? " The table is in the Scene section." : ""
            return summary.isEmpty ? "\(label): done." : "\(label): \(summary).\(more)"
        case let .viewport(width, height, refreshRate, scale):
            let device = refreshRate.map { rate in ", \(rate) Hz" + (scale.map { ", @\($0)x" } ?? "") } ?? ""
            return "Viewport \(width)×\(height) pt\(device)."
        case let .loadedParameters(path, side): return "Loaded \(path) into \(side)."
        case let .loadedRecording(events, path): return "Loaded \(events) events from \(path)."
        case let .savedGesture(path): return "Saved the gesture to \(path)."
        case let .savedPlot(path): return "Saved \(path)."
        case let .traceStopped(reason): return "Trace stopped: \(reason)"
        case let .notKept(reason): return "The session cannot be kept for the next start: \(reason)"
        case let .screenshotFailed(reason): return "Screenshot failed: \(reason)"
        case let .plotFailed(reason): return "Plot export failed: \(reason)"
        case let .blindTestEnded(started, reason): return "Blind test \(started ? "stopped" : "not started"): \(reason)"
        case let .blindTestFinished(answered, path, findings):
            return "Blind test: \(answered) trial\(answered == 1 ? "" : "s") answered, saved to \(path). "
                + findings.joined(separator: " ")
        case let .reference(path, rows, span):
            return "Reference \(path): \(rows) rows over \(FitTrace.format(span)) s, drawn on the offset plot (pink). "
                + "Fit sets the sliders from it."
        case let .exported(paths):
            return "Exported \(paths.joined(separator: " and ")) (the snippet is on the clipboard)."
        case let .savedSession(path):
            return "Saved the session to \(path): both sides, scene, layout, device, reference and recording; Open "
                + "session or `scrollab play --session \(path)` restores it."
        case let .savedScreenshot(paths, detail):
            return "Saved " + paths.filter { !$0.hasSuffix("-AB.png") }.joined(separator: ", ") + detail
        case let .sessionNotSaved(path, reason): return "\(path) not saved: \(reason)"
        case let .keptSessionNotOpened(path, reason): return "The session kept at \(path) was not opened: \(reason)"
        case let .sceneNotInWindow(source, scene, scenes):
            return "\(source): the scene \"\(scene)\" is not in this window (scenes: "
                + "\(scenes.joined(separator: ", ")))."
        case let .text(text, _): return text
        }
    }
}
