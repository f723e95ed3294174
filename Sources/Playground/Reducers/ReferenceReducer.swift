import Fitting
import Formats
import Foundation
import Scenes
import ScrollPhysics

/// A recorded trajectory to match: loaded (a CSV read, a video tracked), fitted, forgotten.
extension PlaygroundSession {
    func reduce(_ request: ReferenceRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .load(path): return loadReference(from: path)
        case .fit: fitReference(at: realTime)
        case .clear:
            reference = nil
            trackingReference = nil
        }
        return []
    }

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
}
