import Formats
import ScrollPhysics
import Tracking

extension VideoFit {
    /// A whole recording given as a plain trace (`VideoFit.wholeRecording`), fitted segment by
    /// segment as `fit` fits a track: the window's *Reference → Fit* on such a CSV.
    public struct WholeFit: Sendable {
        /// `base` with every fitted segment's values set over it, in order (clamped into range).
        public var parameters: ScrollParameters
        /// "name value" for each fitted value, and the page motion a settle chose.
        public var values: [String]
        /// The segments fitted and those left out (with why), "kind t0–t1 s" each.
        public var fitted: [String]
        public var leftOut: [String]
        /// Each fitted segment's result.
        public var results: [Fit.Result]
        /// The clamping notes of the values set.
        public var notes: [String]
        public var maximumResidual: Double
        /// The mean of the segments' mean residuals.
        public var meanResidual: Double

        /// Nil when `trace` is no whole recording (one model fits it).
        public init?(_ trace: FitTrace, over base: ScrollParameters) {
            guard let track = VideoFit.wholeRecording(trace) else { return nil }
            let report = VideoFit.fit(track, law: base.edgeReturn, models: false)
            parameters = base
            (values, fitted, leftOut, results, notes) = ([], [], [], [], [])
            maximumResidual = 0
            var means: [Double] = []
            for piece in report.pieces {
                let name =
                    "\(piece.segment.kind.rawValue) \(Fit.format(track.frames[piece.segment.first].t))–"
                    + "\(Fit.format(track.frames[piece.segment.last].t)) s"
                guard let result = piece.result else {
                    leftOut.append("\(name) (\(piece.problem ?? "not fitted"))")
                    continue
                }
                let (next, clamped) = result.parameters(over: parameters)
                parameters = next
                values +=
                    result.values.filter { $0.key != nil }.map { "\($0.name) \(Fit.format($0.value))" }
                    + (result.pageMotion.map { ["pageMotion \($0.rawValue)"] } ?? [])
                notes += clamped
                fitted.append(name)
                results.append(result)
                maximumResidual = max(maximumResidual, result.maximumResidual)
                means.append(result.meanResidual)
            }
            meanResidual = means.isEmpty ? 0 : means.reduce(0, +) / Double(means.count)
        }
    }
}
