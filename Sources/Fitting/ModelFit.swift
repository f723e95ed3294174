import Formats
import Foundation
import ScrollPhysics

/// Which platform's physics a glide follows, and with which values: every model of the zoo
/// (`FeelZoo`) fitted to the same free glide, best first (`fit --video`, and `fit --kind glide
/// --models`).
///
/// For each model, the values that shape its glide are found by trying them: a value whose
/// change (to the middle of its range, or 20 % off when it is there already) moves a standard
/// release (1,500 pt/s) by more than 0.5 pt within 1.5 s shapes the glide. Those values (at
/// most three, the most telling first), the offset at the first row x0 and the velocity there
/// v0 are fitted by least squares to x(t) = model.release(x0, v0).position(t − t0) with the
/// edges far away. A model whose glide is shaped by no value is fitted with x0 and v0 alone. A
/// value whose default fits within 1 % afterwards is reported as its default.
public enum ModelFit {
    public struct Result: Sendable {
        public var model: String
        public var title: String
        /// The fitted values by key, in the model's own units.
        public var values: [(key: String, value: Double)]
        public var velocity: Double
        public var residuals: [Double]
        /// The values given as their defaults because the glide does not pin them down (at the
        /// default, the others fitted again, it is traced within 1 %).
        public var unpinned: [String] = []
        public var maximumResidual: Double { residuals.map { abs($0) }.max() ?? 0 }
        public var meanResidual: Double {
            residuals.isEmpty ? 0 : residuals.reduce(0) { $0 + abs($1) } / Double(residuals.count)
        }
        public var rms: Double { Fit.rms(residuals) }
    }

    static let far = ModelExtent(minOffset: -1e9, maxOffset: 1e9, viewport: 844)

    /// The keys of `feel`'s real values that shape its glide, most telling first (at most 3).
    static func glideKeys(_ feel: Feel) -> [(key: String, range: ClosedRange<Double>, value: Double)] {
        let times = stride(from: 0.05, through: 1.5, by: 0.05).map { $0 }
        func trajectory(_ feel: Feel) -> [Double] {
            let motion = feel.model.release(position: 0, velocity: 1500, extent: far)
            return times.map { motion.position(at: $0) }
        }
        let base = trajectory(feel)
        var found: [(key: String, range: ClosedRange<Double>, value: Double, effect: Double)] = []
        for row in feel.model.rows where row.value.isFinite && !row.isCount && !row.isFlag && !row.isChoice {
            let middle = (row.range.lowerBound + row.range.upperBound) / 2
            var trial = abs(middle - row.value) > 1e-9 * max(1, abs(middle)) ? middle : row.value * 1.2
            trial = min(max(trial, row.range.lowerBound), row.range.upperBound)
            guard let changed = try? feel.setting(row.key, to: .number(trial)) else { continue }
            let effect = zip(base, trajectory(changed)).map { abs($0 - $1) }.max() ?? 0
            if effect.isFinite, effect > 0.5 { found.append((row.key, row.range, row.value, effect)) }
        }
        return found.sorted { $0.effect > $1.effect }.prefix(3).map { ($0.key, $0.range, $0.value) }
    }

    /// Every model fitted to the glide `rows` (t in s, offset in pt; the first row is the
    /// release), best (lowest rms residual) first. Models that cannot follow it are left out.
    /// `pinned`: values a model keeps as given (by model name, then key) while the rest is fitted:
    /// `fit --video` pins UIKit's to the glide's own fit, so one glide has one UIKit fit.
    public static func glide(
        _ rows: [(t: Double, offset: Double)], models: [ZooModel] = FeelZoo.models,
        pinned: [String: [String: Double]] = [:]
    ) -> [Result] {
        guard rows.count >= 4 else { return [] }
        let t0 = rows[0].t
        let v0Guess = Fit.initialVelocity(rows.map { FitTrace.Sample(t: $0.t, offset: $0.offset) })
        let speed = abs(v0Guess) * 4 + 200
        var results: [Result] = []
        for model in models {
            var feel = Feel(model)
            let pins = pinned[model.name] ?? [:]
            for (key, value) in pins.sorted(by: { $0.key < $1.key }) {
                if let next = try? feel.setting(key, to: .number(value)) { feel = next }
            }
            let keys = glideKeys(feel).filter { pins[$0.key] == nil }
            func feelWith(_ p: [Double]) -> Feel {
                var current = feel
                for (index, key) in keys.enumerated() {
                    if let next = try? current.setting(key.key, to: .number(p[2 + index])) { current = next }
                }
                return current
            }
            func residuals(_ p: [Double]) -> [Double] {
                let motion = feelWith(p).model.release(position: p[0], velocity: p[1], extent: far)
                return rows.map { motion.position(at: $0.t - t0) - $0.offset }
            }
            let solver = LeastSquares(
                bounds: [
                    LeastSquares.range(rows[0].offset - 1000, rows[0].offset + 1000), LeastSquares.range(-speed, speed)
                ]
                    + keys.map(\.range))
            var starts = [[rows[0].offset, v0Guess] + keys.map(\.value)]
            // A second start with each value nearer either end of its range.
            starts.append(
                [rows[0].offset, v0Guess * 1.2]
                    + keys.map { $0.range.lowerBound + 0.25 * ($0.range.upperBound - $0.range.lowerBound) })
            starts.append(
                [rows[0].offset, v0Guess * 0.8]
                    + keys.map { $0.range.lowerBound + 0.75 * ($0.range.upperBound - $0.range.lowerBound) })
            // The motion is made once per parameter vector, not once per row.
            var cached: (p: [Double], motion: Motion)?
            func residual(_ p: [Double], _ i: Int) -> Double {
                if cached?.p != p {
                    cached = (p, feelWith(p).model.release(position: p[0], velocity: p[1], extent: far))
                }
                return cached!.motion.position(at: rows[i].t - t0) - rows[i].offset
            }
            let best = Fit.fitted(rows.count, solver: solver, starts: starts, residual: residual)
            var parameters = best.parameters
            var all = residuals(parameters)
            guard all.allSatisfy(\.isFinite) else { continue }
            // A value the motion does not pin down (at its default, the others fitted again, it
            // fits within 1 %) is given as its default, not as wherever the search left it: Framer's
            // power and v0 trace a glide only by their product, and the search's pick of the two
            // would follow the last digit of the data.
            var unpinned: [String] = []
            for (index, key) in keys.enumerated() where parameters[2 + index] != key.value {
                var trial = parameters
                trial[2 + index] = key.value
                let free = parameters.indices.filter { $0 != 2 + index }
                let others = LeastSquares(bounds: free.map { solver.bounds[$0] })
                let refit = Fit.fitted(rows.count, solver: others, starts: [free.map { trial[$0] }]) { q, i in
                    var p = trial
                    for (j, k) in free.enumerated() { p[k] = q[j] }
                    return residual(p, i)
                }
                for (j, k) in free.enumerated() { trial[k] = refit.parameters[j] }
                let again = residuals(trial)
                if again.allSatisfy(\.isFinite), Fit.rms(again) <= 1.01 * Fit.rms(all) + 1e-9 {
                    parameters = trial; all = again
                    unpinned.append(key.key)
                }
            }
            let pinnedValues = pins.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
            results.append(
                Result(
                    model: model.name, title: model.title,
                    values: pinnedValues + keys.enumerated().map { ($0.element.key, parameters[2 + $0.offset]) },
                    velocity: parameters[1], residuals: all, unpinned: unpinned))
        }
        return results.sorted { $0.rms < $1.rms }
    }
}
