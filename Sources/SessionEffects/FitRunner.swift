import Foundation
import Fitting
import Formats
import Playground
import ScrollPhysics

/// Runs the fit a session asks for (`SessionEffect.fit`): `scrollab fit --kind auto` on the
/// reference, over the side's UIKit values; the least squares run here, never in a reducer.
public enum FitRunner {
    /// What the fit found (`.result(.fitted)`), or why it found nothing (`.result(.failed(.fit))`).
    public static func run(_ job: FitJob) -> SessionRequest {
        do throws(InputError) {
            let result = try Fit.run(
                job.trace, kind: job.kind ?? .auto, law: job.base.edgeReturn, base: job.base,
                geometry: Fit.Geometry(viewport: job.viewport, maxOffset: job.maxOffset))
            // One model leaves much unexplained of a whole recording: each segment, as `fit` does.
            if job.kind == nil, Fit.unexplained(result) != nil, let whole = VideoFit.WholeFit(job.trace, over: job.base)
            {
                return segments(of: whole, for: job)
            }
            let (fitted, notes) = result.parameters(over: job.base)
            let values =
                result.values.filter { $0.key != nil }.map { "\($0.name) \(Fit.format($0.value))" }
                + (result.pageMotion.map { ["pageMotion \($0.rawValue)"] } ?? [])
            let closer =
                result.kind == .glide ? closerModel(job.trace, uikit: fitted, rms: Fit.rms(result.residuals)) : nil
            return .result(
                .fitted(
                    job,
                    FitOutcome(
                        parameters: fitted, kind: result.kind.rawValue, values: values,
                        maximumResidual: result.maximumResidual, meanResidual: result.meanResidual,
                        notes: warnings(result) + notes + (closer.map { [$0] } ?? []))))
        } catch {
            return .result(.failed(.fit(error.message)))
        }
    }

    /// Another model of the zoo that traces a glide clearly closer than UIKit's fitted values do
    /// (its rms residual under 80 % of UIKit's and at least 0.1 pt less), said in a sentence: Fit
    /// sets UIKit's values, and without it a side running that model was switched to UIKit with
    /// no word that its own model fitted better. The ranking is `scrollab fit`'s (every model
    /// fitted to the glide, best first; UIKit's row keeps the values Fit found).
    /// `rms`: UIKit's own, the fit's (the figure its other lines use; the ranking refits the
    /// glide's start and speed, which gave a second, smaller figure for the same values).
    static func closerModel(_ trace: FitTrace, uikit: ScrollParameters, rms uikitRMS: Double) -> String? {
        let rows = trace.samples.filter { !$0.dragging }.map { (t: $0.t, offset: $0.offset) }
        let pinned = ["decelerationRate": uikit.decelerationRate, "decelerationPower": uikit.decelerationPower]
        let ranking = ModelFit.glide(rows, pinned: [UIKitModel.name: pinned])
        guard let best = ranking.first, best.model != UIKitModel.name, best.rms < 0.8 * uikitRMS,
            uikitRMS - best.rms >= 0.1
        else { return nil }
        let rms = { (value: Double) in String(format: "%.2f", value) }
        return "\(best.title) traces this glide closer than UIKit (rms \(rms(best.rms)) pt against "
            + "\(rms(uikitRMS)) pt); Fit sets UIKit's values: the model menu picks \(best.title), and "
            + "`scrollab fit` on the reference ranks every model."
    }

    /// The fit's warnings (`Fit.unexplained`), as sentences.
    static func warnings(_ result: Fit.Result) -> [String] {
        result.notes.filter { $0.hasPrefix("warning:") }.map { "Warning: " + $0.dropFirst(9) + "." }
    }

    /// A whole recording (`VideoFit.WholeFit`): each segment fitted as what it is, the values of all
    /// of them over the side's, and the segments left out named.
    static func segments(of whole: VideoFit.WholeFit, for job: FitJob) -> SessionRequest {
        guard !whole.fitted.isEmpty else {
            return .result(
                .failed(
                    .fit(
                        "a whole recording with nothing to fit: a glide, a page settle or a return is needed (left "
                            + "out \(whole.leftOut.joined(separator: "; ")))")))
        }
        var notes = whole.results.flatMap(warnings) + whole.notes
        if !whole.leftOut.isEmpty { notes.insert("Left out: \(whole.leftOut.joined(separator: "; ")).", at: 0) }
        return .result(
            .fitted(
                job,
                FitOutcome(
                    parameters: whole.parameters,
                    kind: "whole recording, segment by segment (\(whole.fitted.joined(separator: ", ")))",
                    values: whole.values, maximumResidual: whole.maximumResidual, meanResidual: whole.meanResidual,
                    notes: notes)))
    }
}
