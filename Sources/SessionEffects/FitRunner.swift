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
            let (fitted, notes) = result.parameters(over: job.base)
            let values =
                result.values.filter { $0.key != nil }.map { "\($0.name) \(Fit.format($0.value))" }
                + (result.pageMotion.map { ["pageMotion \($0.rawValue)"] } ?? [])
            return .result(
                .fitted(
                    job,
                    FitOutcome(
                        parameters: fitted, kind: result.kind.rawValue, values: values,
                        maximumResidual: result.maximumResidual, meanResidual: result.meanResidual, notes: notes)))
        } catch {
            return .result(.failed(.fit(error.message)))
        }
    }
}
