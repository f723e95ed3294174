import Formats
import Foundation
import ScrollPhysics

extension Fit {
    /// Where the recorded content could move: the view's length along the axis (the rubber
    /// band's d) and the largest offset (nil: no trailing edge within reach).
    public struct Geometry: Equatable, Sendable {
        public var viewport: Double
        public var maxOffset: Double?

        public init(viewport: Double = 844, maxOffset: Double? = nil) {
            self.viewport = viewport
            self.maxOffset = maxOffset
        }
    }

    /// Longest recording the pipeline fit replays (each try replays it whole).
    static let pipelineRows = 20_000

    /// A whole gesture through UIKit's pipeline (`UIKitModel`): the finger samples (rows with a
    /// `finger`, pt along the axis in view coordinates) are replayed as touches — the
    /// recognizer, the release rule, the release frame's step, the glide, the rubber band and
    /// the edge return — and the offsets it shows are fitted to the recorded ones at every row.
    /// The finger lifts at the first row without a finger after those with one.
    ///
    /// Fits `decelerationRate` always, `rubberBandCoefficient` when the content is dragged past
    /// an edge, and `edgeDecay` when it is past an edge after the lift; every other value is
    /// `base`'s (its refresh rate, pixel grid, thresholds, recognizer).
    static func pipeline(_ trace: FitTrace, base: ScrollParameters, geometry: Geometry) throws(InputError) -> Result {
        let rows = trace.samples
        guard rows.count <= pipelineRows else {
            throw InputError(
                "pipeline: \(rows.count) rows; a gesture recording of at most \(pipelineRows) rows is replayed")
        }
        guard let firstTouch = rows.firstIndex(where: { $0.finger != nil }) else {
            throw InputError("pipeline: no row has a finger; the finger's samples are what is replayed")
        }
        let lastTouch = rows[firstTouch...].firstIndex { $0.finger == nil }.map { $0 - 1 } ?? rows.count - 1
        let touches = Array(rows[firstTouch...lastTouch])
        guard touches.count >= 2 else {
            throw InputError("pipeline: \(touches.count) row with a finger; at least 2 are needed")
        }
        let lift = lastTouch + 1 < rows.count ? rows[lastTouch + 1].t : nil
        let used = Array(rows[firstTouch...])
        guard used.count - touches.count >= 4 else {
            throw InputError(
                "pipeline: \(used.count - touches.count) rows after the finger lifts; at least 4 are needed to fit "
                    + "the glide"
            )
        }
        let viewport = geometry.viewport.isFinite && geometry.viewport >= 1 ? geometry.viewport : 844
        let upper = geometry.maxOffset.map { max(0, $0) } ?? 1e9
        // Offsets grow as the finger moves toward smaller coordinates (a natural drag): the
        // pointer is the finger; otherwise its mirror image.
        let fingers = touches.map { $0.finger! }, offsets = touches.map(\.offset)
        let meanF = fingers.reduce(0, +) / Double(fingers.count), meanO = offsets.reduce(0, +) / Double(offsets.count)
        let covariance = zip(fingers, offsets).reduce(0) { $0 + ($1.0 - meanF) * ($1.1 - meanO) }
        let sign: Double = covariance > 0 ? -1 : 1
        let pulled = touches.contains { $0.offset < 0 || $0.offset > upper }
        let returned = used[touches.count...].contains { $0.offset < -0.5 || $0.offset > upper + 0.5 }

        /// p = ln(−ln rate), then c if pulled, then ln(−ln q) if returned.
        func values(_ p: [Double]) -> ScrollParameters {
            var values = base
            values.decelerationRate = exp(-exp(p[0]))
            var k = 1
            if pulled { values.rubberBandCoefficient = p[k]; k += 1 }
            if returned { values.edgeDecay = exp(-exp(p[k])) }
            return values
        }
        /// The offsets UIKit shows at every used row with these values.
        func replay(_ p: [Double]) -> (offsets: [Double], release: Double?) {
            var axis = ScrollAxis(
                viewportLength: viewport, bounds: 0...upper, feel: Feel(values(p)), offset: used[0].offset)
            var shown: [Double] = []
            shown.reserveCapacity(used.count)
            for (index, row) in used.enumerated() {
                if index == 0 {
                    axis.beginDrag(at: row.t, pointer: sign * row.finger!, input: .touch)
                } else if index < touches.count {
                    axis.dragMoved(at: row.t, pointer: sign * row.finger!)
                } else {
                    if index == touches.count, let lift { axis.endDrag(at: lift) }
                    axis.advance(to: row.t)
                }
                shown.append(axis.offset(at: row.t))
            }
            return (shown, axis.latestRelease?.velocity)
        }

        let rateGuess = base.decelerationRate > 0 && base.decelerationRate < 1 ? base.decelerationRate : 0.998
        var start = [log(-log(rateGuess))]
        var bounds = [log(-log(0.9999))...log(-log(0.9))]
        if pulled { start.append(base.rubberBandCoefficient); bounds.append(0.05...2) }
        if returned {
            start.append(log(-log(min(max(base.edgeDecay, 0.9), 0.9999))))
            bounds.append(log(-log(0.9999))...log(-log(0.9)))
        }
        let solver = LeastSquares(bounds: bounds, maximumIterations: 80)
        var best: LeastSquares.Result?
        for rate in [rateGuess, 0.99, 0.998] {
            var p = start
            p[0] = log(-log(rate))
            let fit = solver.minimise(from: p) { p in zip(replay(p).offsets, used).map { $0 - $1.offset } }
            if best == nil || rms(fit.residuals) < rms(best!.residuals) { best = fit }
        }
        let p = best!.parameters
        let fitted = values(p)
        let (shown, release) = replay(p)
        var result = [
            Value(key: "decelerationRate", name: "decelerationRate", value: fitted.decelerationRate, unit: "per ms")
        ]
        if pulled {
            result.append(
                Value(
                    key: "rubberBandCoefficient", name: "rubberBandCoefficient", value: fitted.rubberBandCoefficient,
                    unit: ""))
        }
        if returned {
            result.append(Value(key: "edgeDecay", name: "edgeDecay", value: fitted.edgeDecay, unit: "per ms"))
        }
        if let release { result.append(Value(key: nil, name: "release velocity", value: release, unit: "pt/s")) }
        result.append(Value(key: nil, name: "rest", value: shown.last ?? 0, unit: "pt"))
        var notes = [
            "pipeline: \(touches.count) finger samples replayed through UIKit's pipeline, then "
                + "\(used.count - touches.count) rows after the lift"
        ]
        if firstTouch > 0 {
            notes.append("pipeline: fitted from row \(firstTouch + 2) (t = \(format(used[0].t)) s, the first touch)")
        }
        return Result(
            kind: .pipeline, values: result, residuals: zip(shown, used).map { $0 - $1.offset },
            points: used.map { ($0.t, $0.offset) }, curve: zip(used, shown).map { ($0.t, $1) },
            xLabel: "t (s)", yLabel: "offset (pt)", notes: notes, returnLaw: returned ? .uikit : nil)
    }
}
