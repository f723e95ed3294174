import Formats
import Foundation
import ScrollPhysics

/// Least-squares fits of the model's parameters to a recorded trajectory (`scrollab fit`).
///
/// Each kind fits the model's own closed form (the same code the playground runs):
/// - glide: `FrictionSimulation` x(t) = x0 + D(v0, k, n; t − t0), fitting x0, v0, μ and n;
/// - drag: `RubberBand` f = c·x/(1 + c·x/d) with x = s·(finger − e), fitting c, d and the
///   finger position e at which the content was at the edge;
/// - return: y(τ) = E + y0·(1 + (δ − k)·τ)·e^(−δτ), τ = t − t0 (the bounce spring launched at
///   k·y0, `MotionPlanner.edgeReturn`), fitting y0, δ, k and the release time t0 between frames;
/// - page: y(τ) = E + (y0 + (v0 + δ·y0)·τ)·e^(−δτ), fitting y0, v0 and δ.
/// E is the last offset (where the motion rests). Residuals are model − data, in points.
public enum Fit {
    public struct Value: Equatable, Sendable {
        /// The parameter-file key, when the value is one.
        public var key: String?
        public var name: String
        public var value: Double
        public var unit: String
    }

    /// The shapes a page settle is fitted as: `pageMotion decelerate`'s exponential landing
    /// D·e^(−ut/D) and its approach (constant deceleration over 2·D/u, at most 0.75 s, else the
    /// cubic `PageApproach`), and `pageMotion spring`'s critically damped spring.
    public enum PageLanding: String, Sendable { case exponential, approach, spring }

    public struct Result: Sendable {
        public var kind: FitKind
        /// Fitted parameters (with keys) and derived values (without).
        public var values: [Value]
        /// Model − data at every row used, pt.
        public var residuals: [Double]
        /// The rows used, as plotted: x (s, or finger travel for a drag) and y (pt).
        public var points: [(x: Double, y: Double)]
        /// The fitted curve over the same x range, 400 points.
        public var curve: [(x: Double, y: Double)]
        public var xLabel: String
        public var yLabel: String
        /// Lines saying how the kind was chosen or what was left out.
        public var notes: [String]
        /// The edge return law a return was fitted with (set with its values).
        public var returnLaw: EdgeReturnLaw? = nil
        /// The page motion a page settle was fitted with (set with its values).
        public var pageMotion: PageMotion? = nil
        /// Which of the page landings fitted a page settle best.
        public var landing: PageLanding? = nil

        /// The parameter-file keys the fit sets: its values' and the laws it chose.
        public var fittedKeys: [String] {
            values.compactMap(\.key) + (returnLaw == nil ? [] : ["edgeReturn"])
                + (pageMotion == nil ? [] : ["pageMotion"])
        }

        public var maximumResidual: Double { residuals.map { abs($0) }.max() ?? 0 }
        public var meanResidual: Double {
            residuals.isEmpty ? 0 : residuals.reduce(0) { $0 + abs($1) } / Double(residuals.count)
        }

        /// The fitted parameters on top of `base`, each clamped into its allowed range (a note
        /// says so when one had to be).
        public func parameters(over base: ScrollParameters = ScrollParameters()) -> (ScrollParameters, [String]) {
            var parameters = base
            var notes: [String] = []
            if let returnLaw { parameters.edgeReturn = returnLaw }
            if let pageMotion { parameters.pageMotion = pageMotion }
            // UIKit's return runs only on UIKit's steps (decelerationPower 1); with another power
            // the seed article's spring runs, and the fitted edgeDecay would do nothing.
            if returnLaw == .uikit, parameters.decelerationPower != 1,
                !values.contains(where: { $0.key == "decelerationPower" })
            {
                notes.append(
                    "decelerationPower \(Fit.format(parameters.decelerationPower)) set to 1: UIKit's edge return "
                        + "runs only with UIKit's steps (another power runs the seed article's friction and spring)")
                parameters.decelerationPower = 1
            }
            for value in values {
                guard let key = value.key, let spec = ParameterSpec.named(key) else { continue }
                if !spec.range.contains(value.value) {
                    notes.append(
                        "\(key) \(Fit.format(value.value)) is outside its range \(spec.rangeText); written as the "
                            + "nearest allowed value"
                    )
                }
                spec.set(value.value, in: &parameters)
            }
            return (parameters, notes)
        }
    }

    /// `law`: which edge return a return is fitted with (the feel's own `edgeReturn`).
    /// `base`: the UIKit values a pipeline fit starts from and keeps for what it does not fit;
    /// `geometry`: the view a pipeline fit replays the gesture in.
    /// `glideRate`: the deceleration rate (per ms) a UIKit return's held velocity decays by (the
    /// glide's, as fitted before it; 0.998 when not known).
    /// `travel`: the motion (pt) the rows are part of, when they are a segment's (`fit --video`
    /// fits a glide from the frame after its release): the warning of `unexplained` measures
    /// against it, the travel the segment's line shows.
    public static func run(
        _ trace: FitTrace, kind: FitKind, law: EdgeReturnLaw = .uikit, base: ScrollParameters = ScrollParameters(),
        geometry: Geometry = Geometry(), glideRate: Double? = nil, travel: Double? = nil
    ) throws(InputError) -> Result {
        let result: Result
        switch kind {
        case .pipeline: result = try pipeline(trace, base: base, geometry: geometry)
        case .glide: result = try glide(trace)
        case .drag: result = try drag(trace)
        case .return:
            let rate = glideRate.flatMap { $0 > 0.9 && $0 < 1 ? $0 : nil } ?? 0.998
            result = law == .uikit ? try uikitReturn(trace, rate: rate) : try edgeReturn(trace)
        case .page: result = try page(trace)
        case .auto:
            let detected = detect(trace)
            var chosen = try run(
                trace, kind: detected.kind, law: law, base: base, geometry: geometry, glideRate: glideRate,
                travel: travel)
            chosen.notes.insert("auto: \(detected.kind.rawValue) — \(detected.reason)", at: 0)
            return chosen
        }
        try checkFinite(result)
        var checked = result
        if let warning = unexplained(result, travel: travel) { checked.notes.insert(warning, at: 0) }
        return checked
    }

    /// One line when the model leaves much of the motion unexplained: its rms residual over
    /// `unexplainedShare` of the way the fitted rows span (and over 1 pt, the grain of a tracked
    /// frame). One model cannot trace a whole recording (a drag, a glide and a return are three
    /// laws): it fits something, and its values mean nothing. `travel`: the motion (pt) to measure
    /// against instead of the rows' span (a segment's, of which the rows are a part).
    public static func unexplained(_ result: Result, travel: Double? = nil) -> String? {
        let offsets = result.points.map(\.y)
        guard let low = offsets.min(), let high = offsets.max() else { return nil }
        let span = travel.map(abs) ?? high - low, error = rms(result.residuals)
        guard error > 1, error > unexplainedShare * span else { return nil }
        return String(
            format:
                "warning: one %@ does not explain this trace (residual rms %.1f pt, max %.1f pt, over %.0f pt of "
                + "motion): it may hold several motions (a drag, a glide, a return), and these values mean little",
            result.kind.rawValue, error, result.maximumResidual, span)
    }

    /// The share of the motion's span an rms residual may reach before a fit is said not to
    /// explain the trace (a glide in a 25 fps GIF, whose frames show draws up to 17 ms old, is
    /// traced within 1.1 %; a whole recording fitted as one return, 2 % and 127 pt at worst).
    static let unexplainedShare = 0.01

    /// A fit whose values or residuals are not finite numbers is no fit: one line, not a report of
    /// "v0: -inf" or "mean nan" as if it were.
    static func checkFinite(_ result: Result) throws(InputError) {
        if let bad = result.values.first(where: { !$0.value.isFinite }) {
            throw InputError(
                "\(result.kind.rawValue): no finite fit (\(bad.name) came out \(bad.value)); the data does not follow "
                    + "a \(result.kind.rawValue)"
            )
        }
        let sum = result.residuals.reduce(0) { $0 + abs($1) }
        guard sum.isFinite, result.curve.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw InputError(
                "\(result.kind.rawValue): no finite fit (the residuals are not finite numbers); the data does not "
                    + "follow a \(result.kind.rawValue)"
            )
        }
    }

    /// A finger column: the whole gesture through the pipeline when at least 4 rows follow the
    /// lift, else a drag. A still stretch away from where the motion ends, followed by
    /// motion toward it: a return. Otherwise whichever of a glide and a page spring fits better
    /// (a glide unless the spring's rms residual is 20 % lower: an exponential glide is also a
    /// critically damped spring, so a tie says glide).
    public static func detect(_ trace: FitTrace) -> (kind: FitKind, reason: String) {
        if trace.hasFinger {
            let samples = trace.samples
            if let first = samples.firstIndex(where: { $0.finger != nil }),
                let lift = samples[first...].firstIndex(where: { $0.finger == nil }), samples.count - lift >= 4
            {
                return (.pipeline, "the trace has the finger's samples and \(samples.count - lift) rows after the lift")
            }
            return (.drag, "the trace has a finger column")
        }
        let samples = trace.samples
        let end = samples.last!.offset
        if samples.contains(where: \.dragging) {
            // A trace of ours says where the finger lifted (its phase column): a return is a
            // release after the finger held the content still; stillness before the touch is not.
            let lift = (samples.lastIndex { $0.dragging } ?? 0) + 1
            let held =
                lift >= 3 && lift < samples.count
                && (lift - 3..<lift).allSatisfy { abs(samples[$0].offset - samples[lift - 1].offset) <= 0.05 }
            if held, abs(samples[lift - 1].offset - end) > 1 {
                return (
                    .return,
                    "the finger held it still \(format(abs(samples[lift - 1].offset - end))) pt from where it ends, "
                        + "then let go"
                )
            }
        } else {
            let start = plateauEnd(samples, end: end)
            if start >= 2, abs(samples[start].offset - end) > 1 {
                return (
                    .return,
                    "it holds still \(format(abs(samples[start].offset - end))) pt from where it ends, then moves there"
                )
            }
        }
        let glideFit = try? glide(trace), pageFit = try? page(trace)
        func usable(_ fit: Result?) -> Double? {
            guard let fit, (try? checkFinite(fit)) != nil else { return nil }
            let value = rms(fit.residuals)
            return value.isFinite ? value : nil
        }
        let glideRMS = usable(glideFit) ?? .infinity, pageRMS = usable(pageFit) ?? .infinity
        if !glideRMS.isFinite || !pageRMS.isFinite {
            if pageRMS.isFinite {
                return (.page, "a glide cannot be fitted to it; a page spring can (rms \(format(pageRMS)) pt)")
            }
            if glideRMS.isFinite {
                return (.glide, "a page spring cannot be fitted to it; a glide can (rms \(format(glideRMS)) pt)")
            }
            return (.glide, "neither a glide nor a page spring fits it")
        }
        if pageRMS < 0.8 * glideRMS {
            return (
                .page,
                "a page spring fits it better than a glide (rms \(format(pageRMS)) against \(format(glideRMS)) pt)"
            )
        }
        return (
            .glide,
            "a glide fits it as well as a page spring or better (rms \(format(glideRMS)) against \(format(pageRMS)) pt)"
        )
    }

    /// The rows from the release on (`afterRelease`), at least 4 of them, for the fit `kind`, and
    /// the note saying where they start when rows of the drag were left out.
    static func released(_ trace: FitTrace, _ kind: String) throws(InputError) -> (
        rows: [FitTrace.Sample], notes: [String]
    ) {
        let first = afterRelease(trace.samples)
        let rows = Array(trace.samples[first...])
        guard rows.count >= 4 else {
            throw InputError("\(kind): \(rows.count) rows after the release; at least 4 are needed")
        }
        let note = "\(kind): fitted from row \(first + 2) (t = \(format(rows[0].t)) s, the first after the drag)"
        return (rows, first > 0 ? [note] : [])
    }

    // MARK: Glide

    static func glide(_ trace: FitTrace) throws(InputError) -> Result {
        let (rows, releaseNotes) = try released(trace, "glide")
        let t0 = rows[0].t
        let distance = rows.last!.offset - rows[0].offset
        let v0Guess = initialVelocity(rows)
        guard abs(distance) > 1, v0Guess * distance > 0 else {
            throw InputError("glide: the offset moves \(format(distance)) pt; a glide must travel in one direction")
        }
        let muGuess = min(max(abs(v0Guess / distance), 0.2), 200)
        // p = x0, v0 (at the first row used), ln μ, n.
        func model(_ p: [Double], _ t: Double) -> Double {
            let n = p[3], mu = exp(p[2])
            let friction = FrictionSimulation(
                origin: p[0], velocity: p[1], coefficient: mu * pow(FrictionSimulation.referenceSpeed, 1 - n), power: n)
            return friction.position(at: t - t0)
        }
        let speed = abs(v0Guess) * 4 + 100
        let solver = LeastSquares(bounds: [
            LeastSquares.range(rows[0].offset - 1000, rows[0].offset + 1000), LeastSquares.range(-speed, speed),
            log(1e-3)...log(1000), 0...1.9
        ])
        var best = fitted(
            rows.count, solver: solver, starts: [1.0, 0.6, 1.4].map { [rows[0].offset, v0Guess, log(muGuess), $0] }
        ) { p, i in
            model(p, rows[i].t) - rows[i].offset
        }
        // Power 1 is UIKit's own law (any other power is the seed's continuous friction): when its
        // rms is within 1 % or 0.1 pt (under a tracked video's grain) of the free power's, the
        // glide is UIKit's and the power is given as 1.
        if best.parameters[3] != 1 {
            let exponential = LeastSquares(bounds: Array(solver.bounds.prefix(3)))
            let three = fitted(
                rows.count, solver: exponential, starts: [[best.parameters[0], best.parameters[1], best.parameters[2]]]
            ) { p, i in
                model(p + [1], rows[i].t) - rows[i].offset
            }
            if rms(three.residuals) <= max(1.01 * rms(best.residuals), rms(best.residuals) + 0.1) {
                best = (three.parameters + [1], three.residuals)
            }
        }
        let p = best.parameters
        let mu = exp(p[2])
        let rate = exp(-mu / 1000)
        return Result(
            kind: .glide,
            values: [
                Value(key: "decelerationRate", name: "decelerationRate", value: rate, unit: "per ms"),
                Value(key: "decelerationPower", name: "decelerationPower", value: p[3], unit: ""),
                Value(key: nil, name: "μ", value: mu, unit: "1/s"),
                Value(key: nil, name: "v0", value: p[1], unit: "pt/s")
            ],
            residuals: best.residuals, points: rows.map { ($0.t, $0.offset) },
            curve: curve(from: rows[0].t, to: rows.last!.t) { model(p, $0) },
            xLabel: "t (s)", yLabel: "offset (pt)",
            notes: releaseNotes)
    }

    // MARK: Drag

    static func drag(_ trace: FitTrace) throws(InputError) -> Result {
        let rows = trace.samples.filter { $0.finger != nil && $0.offset < 0 }
        guard rows.count >= 4 else {
            throw InputError(
                "drag: \(rows.count) rows with a finger and an offset past the leading edge (offset < 0); at least 4 "
                    + "are needed"
            )
        }
        let overshoot = rows.map { -$0.offset }
        let finger = rows.map { $0.finger! }
        // s = +1 when the overshoot grows as the finger value grows.
        let meanF = finger.reduce(0, +) / Double(finger.count), meanO = overshoot.reduce(0, +) / Double(overshoot.count)
        let covariance = zip(finger, overshoot).reduce(0) { $0 + ($1.0 - meanF) * ($1.1 - meanO) }
        let s: Double = covariance >= 0 ? 1 : -1
        let nearest = overshoot.indices.min { overshoot[$0] < overshoot[$1] }!
        let eGuess = finger[nearest] - s * overshoot[nearest] / 0.55
        let dGuess = max(2 * (overshoot.max() ?? 1), 10)
        func model(_ p: [Double], _ fingerValue: Double) -> Double {
            let x = max(0, s * (fingerValue - p[2]))
            return RubberBand(coefficient: p[0], limit: exp(p[1])).overshoot(forPull: x)
        }
        let span = (finger.max()! - finger.min()!) + 10_000
        let solver = LeastSquares(bounds: [
            0.001...5, log(1)...log(1e7), LeastSquares.range(eGuess - span, eGuess + span)
        ])
        let fit = fitted(rows.count, solver: solver, starts: [[0.55, log(dGuess), eGuess]]) { p, i in
            model(p, finger[i]) - overshoot[i]
        }
        let p = fit.parameters
        let travel = finger.map { s * ($0 - p[2]) }
        return Result(
            kind: .drag,
            values: [
                Value(key: "rubberBandCoefficient", name: "rubberBandCoefficient", value: p[0], unit: ""),
                Value(key: "rubberBandLimit", name: "rubberBandLimit", value: exp(p[1]), unit: "pt"),
                Value(key: nil, name: "finger at the edge", value: p[2], unit: "pt")
            ],
            residuals: fit.residuals, points: zip(travel, overshoot).map { ($0, $1) },
            curve: curve(from: 0, to: max(travel.max() ?? 1, 1)) {
                RubberBand(coefficient: p[0], limit: exp(p[1])).overshoot(forPull: $0)
            },
            xLabel: "finger travel past the edge (pt)", yLabel: "overshoot (pt)", notes: [])
    }

    // MARK: Return

    /// The rows of a return from the last still row on (the release), the edge it ends at, where
    /// they start, and the overshoot at the release; a trace that is not a return is one error.
    static func returnRows(_ trace: FitTrace) throws(InputError) -> (
        edge: Double, start: Int, rows: [FitTrace.Sample], y0: Double
    ) {
        let all = trace.samples
        let edge = all.last!.offset
        let start = plateauEnd(all, end: edge)
        let rows = Array(all[start...])
        guard rows.count >= 4 else {
            throw InputError("return: \(rows.count) rows after the release; at least 4 are needed")
        }
        let y0 = rows[0].offset - edge
        guard abs(y0) > 0.5 else {
            throw InputError(
                "return: the trace starts \(format(y0)) pt from where it ends; a return starts outside the edge")
        }
        return (edge, start, rows, y0)
    }

    static func edgeReturn(_ trace: FitTrace) throws(InputError) -> Result {
        let (edge, start, rows, y0Guess) = try returnRows(trace)
        let tRelease = rows[0].t, tNext = rows[1].t
        // p = y0, ln δ, k, release time (between the last still row and the next), edge E.
        func model(_ p: [Double], _ t: Double) -> Double {
            let tau = t - p[3], delta = exp(p[1]), k = p[2]
            guard tau > 0 else { return p[4] + p[0] }
            return p[4] + p[0] * (1 + (delta - k) * tau) * exp(-delta * tau)
        }
        let slack = 0.05 * abs(y0Guess) + 1
        let solver = LeastSquares(bounds: [
            LeastSquares.range(y0Guess - abs(y0Guess), y0Guess + abs(y0Guess)), log(0.5)...log(500), 0...500,
            LeastSquares.range(tRelease, max(tRelease, tNext - 1e-9)), LeastSquares.range(edge - slack, edge + slack)
        ])
        // Several starts: the release time between frames and k trade off, and LM can settle in
        // the wrong valley from a single one.
        let starts = [4.0, 10.9, 30].flatMap { delta in [0.0, 0.5, 1.0].map { (delta, delta * $0) } }
            .flatMap { delta, k in [tRelease, (tRelease + tNext) / 2].map { [y0Guess, log(delta), k, $0, edge] } }
        let best = fitted(rows.count, solver: solver, starts: starts) { p, i in model(p, rows[i].t) - rows[i].offset }
        let p = best.parameters
        let delta = exp(p[1]), k = p[2]
        var values = [
            Value(key: "bounceDamping", name: "bounceDamping", value: delta, unit: "1/s"),
            Value(key: "edgeReturnRate", name: "edgeReturnRate", value: k, unit: "1/s")
        ]
        if k > 0 { values.append(Value(key: nil, name: "return time constant 1/k", value: 1 / k, unit: "s")) }
        values.append(Value(key: nil, name: "1/e time", value: eFoldingTime(delta: delta, k: k), unit: "s"))
        values.append(Value(key: nil, name: "overshoot at release", value: abs(p[0]), unit: "pt"))
        values.append(Value(key: nil, name: "edge", value: p[4], unit: "pt"))
        var notes: [String] = []
        if start > 0 {
            notes.append(
                "return: fitted from t = \(format(tRelease)) s (row \(start + 2) of the rows fitted: where it was "
                    + "farthest out, the last still frame of a hold or a glide's turning point)")
        }
        if k > delta * 1.01 {
            notes.append("return: k > δ starts back faster than a pure exponential; the playground caps k at δ")
        }
        return Result(
            kind: .return, values: values, residuals: best.residuals, points: rows.map { ($0.t, $0.offset) },
            curve: curve(from: rows[0].t, to: rows.last!.t) { model(p, $0) }, xLabel: "t (s)", yLabel: "offset (pt)",
            notes: notes,
            returnLaw: .spring)
    }

    /// UIKit's return (`UIKitEdgeReturn`): y(τ) = E + q^τ·(y0 + w·r·(1 − r^τ)/(1 − r)), τ in ms
    /// of return run (from the release, plus the release frame's lead), w the velocity still held
    /// at release (pt/ms, in y0's direction), r the glide's rate (0.998); fitting y0, q, the lead,
    /// E, and w where it explains the motion clearly better than none.
    static func uikitReturn(_ trace: FitTrace, rate r: Double = 0.998) throws(InputError) -> Result {
        let (edge, start, rows, y0Guess) = try returnRows(trace)
        let tRelease = rows[0].t, tNext = rows[1].t
        let side: Double = y0Guess > 0 ? 1 : -1
        let slack = 0.05 * abs(y0Guess) + 1
        let gap = 1000 * (tNext - tRelease)
        // p = y0, ln(−ln q), lead, edge E, and (unless none is held) w, pt/ms outward. UIKit
        // moves the content by a whole display frame at the release (`UIKitEdgeReturn.lead`,
        // 1/60 s on a 60 Hz screen), and the lift falls somewhere between the last still row and
        // the next: the return runs τ + lead ms at τ ms after the last still row, the lead
        // anywhere from minus that gap to 20 ms.
        func model(_ p: [Double], _ t: Double) -> Double {
            let tau = 1000 * (t - tRelease)
            guard tau > 0 else { return p[3] + p[0] }
            let run = max(0, tau + p[2]), w = p.count > 4 ? p[4] : 0
            return p[3] + exp(-exp(p[1]) * run) * (p[0] + side * w * r * -expm1(run * log(r)) / (1 - r))
        }
        func fit(holdingVelocity: Bool) -> (parameters: [Double], residuals: [Double]) {
            let solver = LeastSquares(
                bounds: [
                    LeastSquares.range(y0Guess - abs(y0Guess), y0Guess + abs(y0Guess)), log(1e-4)...log(0.2),
                    -gap...Self.longestReleaseLead, LeastSquares.range(edge - slack, edge + slack)
                ] + (holdingVelocity ? [-20...20] : []))
            var starts: [[Double]] = []
            for q in [0.99, 0.98, 0.995] {
                for w in holdingVelocity ? [0.0, 0.5, 2] : [0] {
                    for lead in [0, 1000 / 60.0] {
                        starts.append([y0Guess, log(-log(q)), lead, edge] + (holdingVelocity ? [w] : []))
                    }
                }
            }
            return fitted(rows.count, solver: solver, starts: starts) { p, i in model(p, rows[i].t) - rows[i].offset }
        }
        // No velocity held unless one explains the motion clearly better: w and q trade off, and
        // a free w on a held pull's return (none held) gave q 0.9920 for 0.99, 20 % slow.
        var best = fit(holdingVelocity: false)
        // Within the pixel grid already (a recording's whole points round by up to half a
        // point: rms 0.29), a held velocity has nothing left to explain.
        if rms(best.residuals) > Self.gridRMS {
            let free = fit(holdingVelocity: true)
            if rms(free.residuals) < Self.heldVelocityGain * rms(best.residuals) { best = free }
        }
        let p = best.parameters
        let q = exp(-exp(p[1]))
        var values = [
            Value(key: "edgeDecay", name: "edgeDecay", value: q, unit: "per ms"),
            Value(key: nil, name: "velocity held at release", value: p.count > 4 ? 1000 * p[4] : 0, unit: "pt/s"),
            Value(key: nil, name: "decay", value: -1000 * log(q), unit: "1/s")
        ]
        values.append(Value(key: nil, name: "overshoot at release", value: abs(p[0]), unit: "pt"))
        values.append(Value(key: nil, name: "edge", value: p[3], unit: "pt"))
        var notes = [
            r == 0.998
                ? "return: UIKit's return (edgeReturn uikit); a velocity held at release decays by the default glide "
                    + "rate 0.998 /ms"
                : "return: UIKit's return (edgeReturn uikit); a velocity held at release decays by the glide's rate "
                    + "\(format(r)) /ms"
        ]
        if p.count <= 4 { notes.append("return: no velocity held at release (one would not fit clearly better)") }
        if start > 0 {
            notes.append(
                "return: fitted from t = \(format(tRelease)) s (row \(start + 2) of the rows fitted: where it was "
                    + "farthest out, the last still frame of a hold or a glide's turning point)")
        }
        return Result(
            kind: .return, values: values, residuals: best.residuals, points: rows.map { ($0.t, $0.offset) },
            curve: curve(from: rows[0].t, to: rows.last!.t) { model(p, $0) }, xLabel: "t (s)", yLabel: "offset (pt)",
            notes: notes,
            returnLaw: .uikit)
    }

    /// Time (s) at which y0·(1 + (δ − k)·τ)·e^(−δτ) has fallen to y0/e.
    static func eFoldingTime(delta: Double, k: Double) -> Double {
        var low = 0.0, high = 1.0
        func f(_ t: Double) -> Double { (1 + (delta - k) * t) * exp(-delta * t) }
        while f(high) > exp(-1), high < 1e6 { high *= 2 }
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if f(mid) > exp(-1) { low = mid } else { high = mid }
        }
        return high
    }

    // MARK: Page

    static func page(_ trace: FitTrace) throws(InputError) -> Result {
        let (rows, releaseNotes) = try released(trace, "page")
        let target = rows.last!.offset
        let t0 = rows[0].t
        let y0Guess = rows[0].offset - target
        let v0Guess = (rows[1].offset - rows[0].offset) / max(rows[1].t - rows[0].t, 1e-6)
        guard abs(y0Guess) > 0.5 || abs(v0Guess) > 1 else {
            throw InputError("page: the trace does not move toward where it ends (\(format(y0Guess)) pt away)")
        }
        // p = y0, v0 (at the first row used), ln δ.
        func model(_ p: [Double], _ t: Double) -> Double {
            let tau = max(0, t - t0), delta = exp(p[2])
            return target + (p[0] + (p[1] + delta * p[0]) * tau) * exp(-delta * tau)
        }
        let reach = abs(y0Guess) * 2 + 100, speed = abs(v0Guess) * 4 + 1000
        let solver = LeastSquares(bounds: [
            LeastSquares.range(y0Guess - reach, y0Guess + reach), LeastSquares.range(-speed, speed),
            log(0.5)...log(1000)
        ])
        let best = fitted(rows.count, solver: solver, starts: [20.0, 5, 50, 150].map { [y0Guess, v0Guess, log($0)] }) {
            p, i in
            model(p, rows[i].t) - rows[i].offset
        }
        var p = best.parameters
        var residuals = best.residuals
        // v0 = −δ·y0 makes the spring a pure exponential y0·e^(−δt) that starts at the release
        // speed: what pageMotion decelerate does for a release faster than pageDamping·D, for
        // any pageDamping up to δ = u/D. Fitted on its own (two parameters), it is taken when it
        // fits about as well as the free spring (the three-parameter family nearly contains it,
        // and a free fit wanders along it). The motion then says no more than δ ≥ pageDamping, so
        // the default is kept unless it is over δ.
        let pure = fitted(
            rows.count, solver: LeastSquares(bounds: [solver.bounds[0], solver.bounds[2]]),
            starts: [20.0, 5, 50, 150].map { [y0Guess, log($0)] }
        ) { q, i in
            model([q[0], -exp(q[1]) * q[0], q[1]], rows[i].t) - rows[i].offset
        }
        // pageMotion decelerate's approach for a far page (u < pageDamping·D/2): constant
        // deceleration from y0 at v0 to rest at the target after T = 2·|y0|/u, at most 0.75 s
        // (then the cubic that arrives at rest in 0.75 s). Two parameters; T follows from them.
        func approach(_ q: [Double], _ t: Double) -> Double {
            let toward = q[0] > 0 ? -q[1] : q[1]
            guard toward > 0 else { return .nan }
            let duration = min(PageApproach.longestDuration, 2 * abs(q[0]) / toward)
            return PageApproach(from: target + q[0], velocity: q[1], to: target, duration: duration)
                .position(at: t - t0)
        }
        let approached = fitted(
            rows.count, solver: LeastSquares(bounds: [solver.bounds[0], solver.bounds[1]]),
            starts: [[y0Guess, v0Guess], [y0Guess, 1.2 * v0Guess], [y0Guess, 0.8 * v0Guess]]
        ) { q, i in
            let x = approach(q, rows[i].t)
            return x.isFinite ? x - rows[i].offset : 1e6
        }
        // A two-parameter landing is taken when it fits about as well as the free spring (the
        // three-parameter family nearly contains the exponential, and a free fit wanders along it).
        let springRMS = rms(best.residuals)
        let candidates: [(PageLanding, Double)] = [
            (.exponential, rms(pure.residuals)), (.approach, rms(approached.residuals))
        ].filter { $0.1.isFinite && $0.1 <= 1.1 * springRMS + 0.02 }
        let landing = candidates.min { $0.1 < $1.1 }?.0 ?? .spring
        let defaultDamping = ScrollParameters().pageDamping
        var notes = releaseNotes
        var values: [Value]
        let shape: (Double) -> Double
        switch landing {
        case .exponential:
            p = [pure.parameters[0], -exp(pure.parameters[1]) * pure.parameters[0], pure.parameters[1]]
            residuals = pure.residuals
            // The motion says no more than δ ≥ pageDamping, so the default is kept unless it is over δ.
            let delta = exp(p[2]), damping = min(defaultDamping, delta)
            notes.append(
                "page: an exponential landing at the release speed (δ = v0/|y0| = \(format(delta)) 1/s): "
                    + "pageMotion decelerate lands so for any pageDamping up to δ; pageDamping \(format(damping))")
            values = [Value(key: "pageDamping", name: "pageDamping", value: damping, unit: "1/s")]
            let q = p
            shape = { model(q, $0) }
        case .approach:
            let q = approached.parameters
            residuals = approached.residuals
            let speed = abs(q[1]), distance = abs(q[0])
            let duration = min(PageApproach.longestDuration, 2 * distance / max(speed, 1e-9))
            // The approach runs while u < pageDamping·D/2: any pageDamping over 2u/D.
            let least = 2 * speed / max(distance, 1e-9)
            let damping = defaultDamping > least ? defaultDamping : (1.1 * least).rounded(.up)
            let how = duration < PageApproach.longestDuration ? "constant deceleration" : "an eased approach"
            notes.append(
                "page: \(how) into the page over \(format(duration)) s (pageMotion decelerate's approach for a page "
                    + "\(format(distance)) pt away at \(format(speed)) pt/s: its shape follows from the distance and "
                    + "the release speed alone; it runs for any pageDamping over 2u/D = \(format(least)) 1/s); "
                    + "pageDamping \(format(damping))")
            values = [
                Value(key: "pageDamping", name: "pageDamping", value: damping, unit: "1/s"),
                Value(key: nil, name: "T", value: duration, unit: "s")
            ]
            p = [q[0], q[1], log(damping)]
            shape = { approach(q, $0) }
        case .spring:
            let delta = exp(p[2])
            notes.append("page: a spring from the release velocity, δ = \(format(delta)) 1/s: pageMotion spring")
            values = [Value(key: "pageDamping", name: "pageDamping", value: delta, unit: "1/s")]
            let q = p
            shape = { model(q, $0) }
        }
        values += [
            Value(key: nil, name: "y0", value: p[0], unit: "pt"),
            Value(key: nil, name: "v0", value: p[1], unit: "pt/s"),
            Value(key: nil, name: "target", value: target, unit: "pt")
        ]
        return Result(
            kind: .page, values: values, residuals: residuals, points: rows.map { ($0.t, $0.offset) },
            curve: curve(from: rows[0].t, to: rows.last!.t, shape), xLabel: "t (s)", yLabel: "offset (pt)",
            notes: notes, pageMotion: landing == .spring ? .spring : .decelerate, landing: landing)
    }

    // MARK: Helpers

    /// Rows the starts are tried on, and rows the best start is refined on: a long recording is
    /// fitted on evenly spaced rows (the first two, the last, and every k-th), so a fit costs the
    /// same for 1,000 or 1,000,000 rows but for one pass over all of them for the residuals.
    static let startRows = 250, refineRows = 4000

    /// `count` indices spread evenly from 0 to count − 1, at most `limit` of them (1 always kept).
    static func spread(_ count: Int, limit: Int) -> [Int] {
        guard count > limit else { return Array(0..<count) }
        var indices = (0..<limit).map { ($0 * (count - 1)) / (limit - 1) }
        if indices.count > 1, indices[1] != 1 { indices.insert(1, at: 1) }
        return indices
    }

    /// Levenberg–Marquardt from each start on at most `startRows` rows; the best refined on at
    /// most `refineRows`; residuals of the result on every row. `residual(p, i)` is row i's.
    static func fitted(
        _ count: Int, solver: LeastSquares, starts: [[Double]],
        residual: ([Double], Int) -> Double
    ) -> (parameters: [Double], residuals: [Double]) {
        let coarse = spread(count, limit: startRows)
        var best: LeastSquares.Result?
        var starter = solver
        starter.maximumIterations = min(solver.maximumIterations, 150)
        for start in starts {
            let fit = starter.minimise(from: start) { p in coarse.map { residual(p, $0) } }
            if best == nil || rms(fit.residuals) < rms(best!.residuals) { best = fit }
        }
        var parameters = best!.parameters
        if count > coarse.count {
            let fine = spread(count, limit: refineRows)
            var refiner = solver
            refiner.maximumIterations = 40
            parameters = refiner.minimise(from: parameters) { p in fine.map { residual(p, $0) } }.parameters
        }
        return (parameters, (0..<count).map { residual(parameters, $0) })
    }

    /// Index of the first row after the last dragged one (ScrollLab's traces say which rows were
    /// dragged in their `phase` column); 0 for a trace without one, which holds the motion only.
    /// A first guess of the velocity at the first row, pt/s: the steepest of the first three
    /// steps (one step reads 0 when a recording repeats a frame; a mean of three would start a
    /// fast-decaying glide a quarter too slow).
    static func initialVelocity(_ rows: [FitTrace.Sample]) -> Double {
        guard rows.count >= 2 else { return 0 }
        let slopes = (1...min(3, rows.count - 1)).map { k in
            (rows[k].offset - rows[k - 1].offset) / max(rows[k].t - rows[k - 1].t, 1e-6)
        }
        return slopes.max { abs($0) < abs($1) } ?? 0
    }

    static func afterRelease(_ samples: [FitTrace.Sample]) -> Int {
        let first = (samples.lastIndex { $0.dragging }).map { $0 + 1 } ?? 0
        return min(first, max(0, samples.count - 4))
    }

    /// Index of the row where a return recording lets go (`FitTrace.holdEnd`).
    public static func holdEnd(_ samples: [FitTrace.Sample]) -> Int { FitTrace.holdEnd(samples) }

    /// The longest lead (ms) a return let go from a hold may start with: UIKit's release frame,
    /// one display frame (16.7 ms at 60 Hz), and some slack.
    static let longestReleaseLead = 20.0
    /// How much lower a return's rms residual must be with a velocity held at release than
    /// without for the velocity to be kept.
    static let heldVelocityGain = 0.7
    /// The rms residual (pt) of a perfect fit to offsets rounded to whole points.
    static let gridRMS = 0.3

    /// Index of the last row of the still stretch farthest from `end` (`FitTrace.plateauEnd`).
    static func plateauEnd(_ samples: [FitTrace.Sample], end: Double) -> Int {
        FitTrace.plateauEnd(samples, end: end)
    }

    static func curve(from a: Double, to b: Double, _ f: (Double) -> Double) -> [(x: Double, y: Double)] {
        (0...399).map { i in
            let x = a + (b - a) * Double(i) / 399; return (x, f(x))
        }
    }

    public static func rms(_ r: [Double]) -> Double {
        (r.reduce(0) { $0 + $1 * $1 } / Double(max(1, r.count))).squareRoot()
    }

    /// Up to 6 significant digits, no exponent for everyday sizes (`FitTrace.format`).
    public static func format(_ value: Double) -> String { FitTrace.format(value) }
}
