#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ScrollPhysics

/// The results of blind tests, pooled: for each comparison (mode and the two feels) a row per
/// participant and one for everyone; for each staircase run its just-noticeable difference.
/// Practice trials are left out.
public struct BlindReport: Sendable {
    /// One row of a comparison: counts and their statistics.
    public struct Row: Sendable, Equatable {
        public var who: String
        /// Trials, and how many were correct (preference: chose feel A).
        public var n: Int
        public var k: Int
        public var proportion: Double { n > 0 ? Double(k) / Double(n) : 0 }
        public var interval: (low: Double, high: Double)
        /// Exact binomial p against chance ½: one-sided (more correct than chance) for ABX and
        /// same–different, two-sided for preference.
        public var p: Double
        public var dPrime: (value: Double, isLowerBound: Bool)?
        public var medianSeconds: Double
        public var meanGestures: Double
        public var verdict: String

        public static func == (a: Row, b: Row) -> Bool {
            a.who == b.who && a.n == b.n && a.k == b.k && a.p == b.p
        }
    }

    /// One comparison: a mode and two feels.
    public struct Comparison: Sendable {
        public var mode: BlindMode
        public var feelA: String
        public var feelB: String
        public var rows: [Row]
        /// Everyone's trials together (nil with one participant).
        public var pooled: Row?
    }

    /// One staircase run.
    public struct StaircaseResult: Sendable {
        public var run: String
        public var participant: String
        public var model: String
        public var key: String
        public var reference: Double
        public var down: Int
        public var levels: [(difference: Double, correct: Bool)]
        public var reversals: [Double]
        public var fit: PsychometricFit?
        public var reversalMean: Double?
        public var target: Double { pow(0.5, 1 / Double(down)) }
    }

    /// Lines that cannot be evidence, left out of every statistic and named in the report.
    public struct LeftOut: Sendable, Equatable {
        public enum Reason: Sendable, Equatable, CaseIterable {
            /// A copy of an earlier line (the same run, trial number and answer): one answer, not two.
            case repeated
            /// One trial of a run recorded more than once with different contents: none of them is kept.
            case conflicting
            /// An ABX trial whose phones A and B ran the same feel: X matched both, every answer was "right".
            case sameFeelABX
            /// A preference trial with the same feel on both sides: there was nothing to prefer.
            case sameFeelPreference
        }
        public var reason: Reason
        /// The lines' numbers in the results file (1-based; the records' positions when not given).
        public var lines: [Int]
    }

    public var comparisons: [Comparison] = []
    public var staircases: [StaircaseResult] = []
    /// What was left out and why, in the order of `LeftOut.Reason` (reasons with no line omitted).
    public var leftOut: [LeftOut] = []

    /// The report of `records`; `lines` are their line numbers in the results file (for naming what
    /// is left out). Practice trials, repeated or conflicting trials and trials whose sides ran the
    /// same feel where the mode needs two are left out.
    public init(_ records: [TrialRecord], lines: [Int]? = nil) {
        let lineNumbers = lines ?? Array(1...max(1, records.count))
        let counted = records.indices.filter { !records[$0].practice }
        // A trial is its run and number; the window records each once.
        struct TrialKey: Hashable {
            var run: String
            var trial: Int
        }
        var copies: [TrialKey: [Int]] = [:]
        for index in counted {
            copies[TrialKey(run: records[index].run, trial: records[index].trial), default: []].append(index)
        }
        var reasons: [Int: LeftOut.Reason] = [:]
        for (_, indices) in copies where indices.count > 1 {
            let first = records[indices[0]]
            if indices.dropFirst().allSatisfy({ records[$0] == first }) {
                for index in indices.dropFirst() { reasons[index] = .repeated }
            } else {
                for index in indices { reasons[index] = .conflicting }
            }
        }
        for index in counted where reasons[index] == nil {
            let record = records[index]
            guard record.phones.count >= 2, record.phones[0] == record.phones[1] else { continue }
            switch record.mode {
            case .abx: reasons[index] = .sameFeelABX
            case .preference: reasons[index] = .sameFeelPreference
            case .sameDifferent: break  // one feel twice is half of the design
            }
        }
        for reason in LeftOut.Reason.allCases {
            let indices = counted.filter { reasons[$0] == reason }
            if !indices.isEmpty {
                leftOut.append(
                    LeftOut(reason: reason, lines: indices.map { $0 < lineNumbers.count ? lineNumbers[$0] : $0 + 1 }))
            }
        }
        let evidence = counted.filter { reasons[$0] == nil }.map { records[$0] }
        // Comparisons, in the order they first appear; participants likewise, each trial visited once.
        var order: [String] = []
        var groups: [String: (participants: [String], trials: [String: [TrialRecord]], all: [TrialRecord])] = [:]
        for record in evidence where record.staircase == nil {
            let key = "\(record.mode.rawValue)\u{0}\(record.feelA)\u{0}\(record.feelB)"
            if groups[key] == nil {
                order.append(key)
                groups[key] = ([], [:], [])
            }
            if groups[key]!.trials[record.participant] == nil { groups[key]!.participants.append(record.participant) }
            groups[key]!.trials[record.participant, default: []].append(record)
            groups[key]!.all.append(record)
        }
        for key in order {
            let group = groups[key]!
            let trials = group.all
            let rows = group.participants.map { who in Self.row(who, group.trials[who]!, pooled: false) }
            comparisons.append(
                Comparison(
                    mode: trials[0].mode, feelA: trials[0].feelA, feelB: trials[0].feelB, rows: rows,
                    pooled: group.participants.count > 1 ? Self.row("everyone", trials, pooled: true) : nil))
        }
        var runs: [String] = []
        var stairs: [String: [TrialRecord]] = [:]
        for record in evidence where record.staircase != nil {
            if stairs[record.run] == nil { runs.append(record.run) }
            stairs[record.run, default: []].append(record)
        }
        for run in runs {
            let trials = stairs[run]!
            let first = trials[0].staircase!
            var levels: [(Double, Bool)] = []
            for trial in trials {
                let correct = trial.correct ?? false
                levels.append((trial.staircase!.difference, correct))
            }
            // The reversals are where the recorded track turned.
            let reversals = Self.reversals(levels, down: first.down)
            let target = pow(0.5, 1 / Double(first.down))
            staircases.append(
                StaircaseResult(
                    run: run, participant: trials[0].participant, model: first.model, key: first.key,
                    reference: first.reference, down: first.down, levels: levels, reversals: reversals,
                    fit: reversals.count >= Self.reversalsToFit ? PsychometricFit(trials: levels, target: target) : nil,
                    reversalMean: Staircase.reversalMean(reversals)))
        }
    }

    /// A staircase's JND is fitted once its track has turned this often (before, the trials
    /// have not yet bracketed the threshold and a fit only extrapolates).
    public static let reversalsToFit = 4

    /// The levels at which a recorded track turned. The answers are replayed through the
    /// window's staircase (`StaircaseRules.difference`, bounded by the levels it reached): when it
    /// shows the same levels, its reversals are the run's, a reversal on the last trial included
    /// (its step is never shown). A track it does not reproduce (another version's rules) turns
    /// where its recorded levels change direction.
    static func reversals(_ levels: [(Double, Bool)], down: Int) -> [Double] {
        guard let first = levels.first else { return [] }
        let shown = levels.map(\.0)
        var replay = Staircase(
            start: first.0, down: down, reversals: 1_000_000, minimum: shown.min() ?? first.0,
            maximum: shown.max() ?? first.0)
        for level in levels { replay.record(correct: level.1) }
        let same = zip(replay.intensities, shown).allSatisfy { abs($0 - $1) <= 1e-9 * max(abs($1), 1e-300) }
        if same { return replay.reversals }
        var result: [Double] = []
        var direction = 0
        for (index, level) in levels.enumerated() where index + 1 < levels.count {
            let next = levels[index + 1].0
            let step = next > level.0 ? 1 : next < level.0 ? -1 : 0
            guard step != 0 else { continue }
            if direction != 0, step != direction { result.append(level.0) }
            direction = step
        }
        return result
    }

    static func row(_ who: String, _ trials: [TrialRecord], pooled: Bool) -> Row {
        let mode = trials[0].mode
        let n = trials.count
        let k =
            mode == .preference
            ? trials.filter { $0.preferred == .a }.count : trials.filter { $0.correct == true }.count
        let p =
            mode == .preference
            ? Statistics.binomialTwoSided(k, of: n, p: 0.5) : Statistics.binomialUpperTail(k, of: n, p: 0.5)
        let seconds = trials.map(\.seconds).sorted()
        let median = seconds.isEmpty ? 0 : (seconds[(seconds.count - 1) / 2] + seconds[seconds.count / 2]) / 2
        let gestures = Double(trials.reduce(0) { $0 + $1.gestures }) / Double(max(1, n))
        return Row(
            who: who, n: n, k: k, interval: Statistics.clopperPearson(k, of: n), p: p,
            dPrime: mode.design.map { Statistics.dPrime(correct: k, of: n, design: $0) },
            medianSeconds: median, meanGestures: gestures,
            verdict: verdict(mode: mode, k: k, n: n, p: p, whom: pooled ? "this group" : "this participant"))
    }

    /// One plain sentence: what the counts show, at the 5 % level.
    public static func verdict(mode: BlindMode, k: Int, n: Int, p: Double, whom: String) -> String {
        let pText = "p = " + pValueText(p)
        switch mode {
        case .abx, .sameDifferent:
            if p < 0.05 { return "\(k) of \(n) correct, \(pText): this difference is noticeable for \(whom)" }
            return
                "\(k) of \(n) correct, \(pText): no evidence that \(whom) notices it (more trials could still show it)"
        case .preference:
            let forB = n - k
            let leader = k >= forB ? "A" : "B", count = max(k, forB)
            if p < 0.05 {
                return "\(leader) preferred in \(count) of \(n), \(pText) (two-sided): \(whom) prefers \(leader)"
            }
            return "\(leader) preferred in \(count) of \(n), \(pText) (two-sided): no clear preference for \(whom)"
        }
    }

    /// p to 2 significant digits, "< 0.0001" below that.
    public static func pValueText(_ p: Double) -> String {
        if p < 0.0001 { return "< 0.0001" }
        if p >= 0.1 { return formatted(p, "%.2f") }
        let digits = max(2, Int((-log10(p)).rounded(.down)) + 2)
        return formatted(p, "%.\(digits)f")
    }

    /// The report as text: a table per comparison, a line per staircase.
    public var text: String {
        var lines = leftOut.map(\.sentence)
        if !lines.isEmpty { lines.append("") }
        for comparison in comparisons {
            let what = comparison.mode == .preference ? "prefer A" : "correct"
            lines.append("\(comparison.mode.rawValue): A = \(comparison.feelA), B = \(comparison.feelB)")
            lines.append(
                pad("who", 16) + pad("trials", 8) + pad(what, 10) + pad("95 % interval", 16) + pad("p", 10)
                    + pad("d′", 8) + pad("median s", 10) + "gestures")
            for row in comparison.rows + (comparison.pooled.map { [$0] } ?? []) {
                let d = row.dPrime.map { ($0.isLowerBound ? "≥" : "") + formatted($0.value, "%.2f") } ?? "–"
                lines.append(
                    pad(row.who, 16) + pad(String(row.n), 8) + pad("\(row.k) (\(percent(row.proportion)))", 10)
                        + pad(percent(row.interval.low) + "–" + percent(row.interval.high), 16)
                        + pad(Self.pValueText(row.p), 10)
                        + pad(d, 8) + pad(formatted(row.medianSeconds, "%.1f"), 10)
                        + formatted(row.meanGestures, "%.1f"))
            }
            for row in comparison.rows + (comparison.pooled.map { [$0] } ?? []) {
                lines.append("  \(row.who): \(row.verdict)")
            }
            lines.append("")
        }
        for stair in staircases { lines.append("staircase " + stair.sentence) }
        if comparisons.isEmpty, staircases.isEmpty { lines.append("no counted trials") }
        return lines.joined(separator: "\n")
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    private func percent(_ x: Double) -> String { formatted(x * 100, "%.0f") + " %" }
}

extension BlindReport.LeftOut {
    /// One line: how many were left out, why, and which lines.
    public var sentence: String {
        let n = lines.count
        let what: String
        switch reason {
        case .repeated:
            what =
                "\(n) repeated line\(n == 1 ? "" : "s") (the same run, trial and answer as an earlier line: one "
                + "answer, counted once)"
        case .conflicting:
            what =
                "\(n) lines recording one trial of a run in different ways (the same run and trial number: none of "
                + "them kept)"
        case .sameFeelABX:
            what =
                "\(n) ABX trial\(n == 1 ? "" : "s") whose A and B ran the same feel (X matched both, so no answer "
                + "could be wrong)"
        case .sameFeelPreference:
            what =
                "\(n) preference trial\(n == 1 ? "" : "s") with the same feel on both sides (there was nothing to "
                + "prefer)"
        }
        let shown = lines.prefix(5).map(String.init).joined(separator: ", ")
        let more = n > 5 ? " and \(n - 5) more" : ""
        return "left out: \(what); line\(n == 1 ? "" : "s") \(shown)\(more)"
    }
}

extension BlindReport.StaircaseResult {
    /// The tunable stepped, from the model's table (nil for a model or key this version lacks).
    public var step: ParameterStep? {
        guard let model = try? FeelZoo.make(model, []), let row = model.rows.first(where: { $0.key == key }) else {
            return nil
        }
        return ParameterStep(row, reference: reference)
    }

    /// One line: the just-noticeable difference as values of the tunable, with its interval.
    public var sentence: String {
        let target = formatted(target * 100, "%.1f")
        var line =
            "\(participant): \(model) \(key) from \(reference), 1-up/\(down)-down (\(target) % correct), "
            + "\(levels.count) trials, \(reversals.count) reversals: "
        guard let fit else { return line + "too few reversals to fit a JND (\(BlindReport.reversalsToFit) needed)" }
        if let step {
            let unit = step.unit.isEmpty ? "" : " \(step.unit)"
            let ends = [step.value(at: fit.low), step.value(at: fit.high)].sorted()
            line +=
                "noticed at \(step.shown(step.value(at: fit.threshold))) (95 %: \(step.shown(ends[0])) to "
                + "\(step.shown(ends[1])))"
            let scaleWord: String
            switch step.scale {
            case .linear: scaleWord = unit.isEmpty ? "" : unit
            case .logarithmic: scaleWord = " decades"
            case .logarithmicComplement: scaleWord = " decades of (1 − value)"
            }
            line += ", a difference of \(formatted(fit.threshold, "%.3g"))\(scaleWord)"
        } else {
            line +=
                "JND \(formatted(fit.threshold, "%.4g")) (95 %: "
                + "\(formatted(fit.low, "%.4g"))–\(formatted(fit.high, "%.4g"))) in slider units"
        }
        return line
    }
}
