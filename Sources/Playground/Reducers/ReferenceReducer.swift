import Formats
import Foundation
import Scenes
import ScrollPhysics

/// A recorded trajectory to match: loaded (a CSV read, a video tracked), fitted, forgotten.
extension PlaygroundSession {
    func reduce(_ request: ReferenceRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .load(path): return loadReference(from: path)
        case .fit: return fitReference(at: realTime)
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
            notice = .tracking(path: path)
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

    /// Asks for a fit of UIKit's values to the reference (`scrollab fit --kind auto`) on the
    /// edited side: over its values if it runs UIKit, else over UIKit's defaults on this display
    /// (`SessionEffect.fit`; the least squares run outside the session, and `fitted(_:_:)` sets
    /// what they found).
    func fitReference(at realTime: Double) -> [SessionEffect] {
        if let trackingReference {
            notice = .stillTracking(
                path: trackingReference, reference: reference.map { URL(fileURLWithPath: $0.path).lastPathComponent })
            return []
        }
        guard let reference else {
            notice = .noReference
            return []
        }
        let uikit = feel.model.uikit?.values ?? UIKitModel().on(display).values
        // A recording with the finger's samples is replayed through the pipeline in this
        // scene's view, from the side's own values.
        return [
            .fit(
                FitJob(
                    side: editing, path: reference.path, trace: reference.trace, kind: reference.kind, base: uikit,
                    viewport: mainAxisViewportLength, maxOffset: scene.mainAxis.bounds.upperBound,
                    was: feel.model.uikit != nil ? nil : feel.title))
        ]
    }

    /// A fit is done: the fitted values (clamped into their ranges) on the side it was asked
    /// for (it runs UIKit now); says what it set and how well it fits.
    func fitted(_ job: FitJob, _ outcome: FitOutcome, at realTime: Double) {
        guard sides.indices.contains(job.side) else { return }
        let feel = Feel(outcome.parameters)
        apply(feel, to: job.side, at: realTime)
        sides[job.side].name(
            "fitted to \(URL(fileURLWithPath: job.path).lastPathComponent)", for: feel, saved: false)
        let label = sides[job.side].label
        // What the tracker warned of when the video became the reference, said with the values.
        let warned = reference.flatMap { $0.path == job.path && !$0.warnings.isEmpty ? $0.warnings : nil }
        notice = .fitted(
            side: label, path: job.path, kind: outcome.kind, values: outcome.values,
            maximumResidual: outcome.maximumResidual, meanResidual: outcome.meanResidual, switchedFrom: job.was,
            notes: outcome.notes + (warned.map { ["The tracking warned: \($0.joined(separator: "; "))."] } ?? []))
    }
}
