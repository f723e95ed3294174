import Foundation

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

    // Results
    case savedParameters(side: String, path: String)

    /// A message not yet given a case of its own, or a reason a reader gave (one line).
    case text(String, isError: Bool)

    /// Whether the message says something went wrong (the panel shows it in red).
    public var isError: Bool {
        switch self {
        case .slowMotionRefused, .nothingRecordedToSave: return true
        case let .text(_, isError): return isError
        case .preset, .reset, .reverted, .fitted, .comparing, .ghost, .copied, .swapped, .recordingStarted, .recorded,
            .tracking, .slowMotion, .undid, .redid, .nothingToUndo, .nothingToRedo, .savedParameters:
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
        case let .text(text, _): return text
        }
    }
}
