import Foundation

/// One frame's profiles registered against another's along one axis.
public struct ProfileMatch: Equatable, Sendable {
    /// δ in pixels, sub-pixel: the current frame's value at p is the reference's at p + δ
    /// (content that moved toward the start of the axis by δ, i.e. scrolled on by δ).
    public var shift: Double
    /// Normalised cross-correlation at the best whole-pixel shift, −1 … 1.
    public var score: Double
    /// The best other peak's score (a second place as good as the first is an alias).
    public var runnerUp: Double
    /// How far the profiles overlap at the shift, as a share of the region (0 … 1).
    public var overlap: Double
    /// The whole-pixel shift the search found best (before the sub-pixel refinement).
    public var whole: Int = 0
    /// The score with every position of the overlap counted, where `score` leaves the worst-fitting
    /// out (`ProfileRegistration.best(in:minimumOverlap:leftOut:)`); nil when it is the same.
    public var plainScore: Double?

    /// 0 … 1: the score, halved when another peak scores within 0.01 of it (repeating content
    /// that the prediction could not tell apart), and scaled down when under 40 % overlaps.
    public var confidence: Double {
        var value = max(0, min(1, score))
        if runnerUp > score - 0.01 { value *= 0.5 }
        if overlap < 0.4 { value *= overlap / 0.4 }
        return value
    }
}

/// Registration of 1-D profiles by normalised cross-correlation (NCC), several profiles
/// (strips) at once: for each whole-pixel shift δ the sums Σa, Σb, Σa², Σb², Σab over the
/// overlap of every strip give one score
///
///     r(δ) = Σₖ cov_k / √(Σₖ var_a,k · Σₖ var_b,k),   cov_k = Σab − Σa·Σb/n, …
///
/// (each strip's own mean removed, so a strip's brightness does not matter; a flat strip adds
/// nothing). The best δ is refined to sub-pixel by a parabola through r(δ − 1), r(δ), r(δ + 1).
/// Σa and Σa² come from prefix sums, so a shift costs one dot product per strip.
public struct ProfileRegistration {
    /// Profiles of the reference and of the current frame, as `Float`, one array per strip used.
    let reference: [[Float]]
    let current: [[Float]]
    let region: Range<Int>
    private let prefixA: [[Double]], prefixA2: [[Double]], prefixB: [[Double]], prefixB2: [[Double]]

    /// `channels`: the strips to use; `region`: the part of the axis that scrolls.
    public init(reference: [[UInt16]], current: [[UInt16]], channels: [Int], region: Range<Int>) {
        self.reference = channels.map { k in reference[k].map { Float($0) / 256 } }
        self.current = channels.map { k in current[k].map { Float($0) / 256 } }
        self.region = region
        func prefix(_ values: [Float], squared: Bool) -> [Double] {
            var sums = [Double](repeating: 0, count: values.count + 1)
            for i in values.indices {
                let v = Double(values[i])
                sums[i + 1] = sums[i] + (squared ? v * v : v)
            }
            return sums
        }
        prefixA = self.current.map { prefix($0, squared: false) }
        prefixA2 = self.current.map { prefix($0, squared: true) }
        prefixB = self.reference.map { prefix($0, squared: false) }
        prefixB2 = self.reference.map { prefix($0, squared: true) }
    }

    /// The overlap at shift δ: current indices p with p and p + δ both in the region.
    func overlap(_ delta: Int) -> Range<Int> {
        let low = max(region.lowerBound, region.lowerBound - delta),
            high = min(region.upperBound, region.upperBound - delta)
        return low < high ? low..<high : low..<low
    }

    /// r(δ), or nil when the profiles overlap on fewer than `minimumOverlap` pixels or are flat.
    public func score(_ delta: Int, minimumOverlap: Int) -> Double? {
        let range = overlap(delta)
        let n = Double(range.count)
        guard range.count >= minimumOverlap, range.count >= 2 else { return nil }
        var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
        for k in current.indices {
            let sa = prefixA[k][range.upperBound] - prefixA[k][range.lowerBound]
            let saa = prefixA2[k][range.upperBound] - prefixA2[k][range.lowerBound]
            let sb = prefixB[k][range.upperBound + delta] - prefixB[k][range.lowerBound + delta]
            let sbb = prefixB2[k][range.upperBound + delta] - prefixB2[k][range.lowerBound + delta]
            var sab: Float = 0
            current[k].withUnsafeBufferPointer { a in
                reference[k].withUnsafeBufferPointer { b in
                    let pa = a.baseAddress! + range.lowerBound, pb = b.baseAddress! + range.lowerBound + delta
                    // Four partial sums: the loop vectorises, and Float keeps ~7 digits over ≤ 8,000 terms.
                    var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                    let count = range.count
                    var i = 0
                    while i + 4 <= count {
                        s0 += pa[i] * pb[i]; s1 += pa[i + 1] * pb[i + 1]; s2 += pa[i + 2] * pb[i + 2];
                        s3 += pa[i + 3] * pb[i + 3]
                        i += 4
                    }
                    while i < count { s0 += pa[i] * pb[i]; i += 1 }
                    sab = (s0 + s1) + (s2 + s3)
                }
            }
            covariance += Double(sab) - sa * sb / n
            varianceA += max(0, saa - sa * sa / n)
            varianceB += max(0, sbb - sb * sb / n)
        }
        // Flat profiles (under 0.05 grey levels rms over the overlap) carry no position.
        let floor = 0.0025 * n * Double(current.count)
        guard varianceA > floor, varianceB > floor else { return nil }
        return covariance / (varianceA * varianceB).squareRoot()
    }

    /// r(δ) over the overlap less the `leftOut` share of its positions that fit worst: each
    /// position's misfit is Σₖ (a − ā)/σa − (b − b̄)/σb)² (each strip's mean removed, scaled by the
    /// pooled spreads of the whole overlap), and r is taken again over the rest, means and spreads
    /// recomputed — a trimmed correlation (least trimmed squares, Rousseeuw 1984). A part that
    /// does not move with the content (a header's edge, a section header stuck under it) spoils
    /// a few positions at the true shift but none at an alias one row away, which it can thus
    /// outscore; left out, it no longer counts. Nil where `score(δ)` is.
    func trimmedScore(_ delta: Int, minimumOverlap: Int, leftOut share: Double) -> Double? {
        let range = overlap(delta)
        guard range.count >= minimumOverlap, range.count >= 2 else { return nil }
        let n = Double(range.count), strips = current.count
        var meanA = [Double](repeating: 0, count: strips), meanB = meanA
        var varianceA = 0.0, varianceB = 0.0
        for k in 0..<strips {
            let sa = prefixA[k][range.upperBound] - prefixA[k][range.lowerBound]
            let saa = prefixA2[k][range.upperBound] - prefixA2[k][range.lowerBound]
            let sb = prefixB[k][range.upperBound + delta] - prefixB[k][range.lowerBound + delta]
            let sbb = prefixB2[k][range.upperBound + delta] - prefixB2[k][range.lowerBound + delta]
            meanA[k] = sa / n
            meanB[k] = sb / n
            varianceA += max(0, saa - sa * sa / n)
            varianceB += max(0, sbb - sb * sb / n)
        }
        let floor = 0.0025 * n * Double(strips)
        guard varianceA > floor, varianceB > floor else { return nil }
        let scaleA = 1 / varianceA.squareRoot(), scaleB = 1 / varianceB.squareRoot()
        var misfit = [Double](repeating: 0, count: range.count)
        for k in 0..<strips {
            let a = current[k], b = reference[k]
            for (i, p) in range.enumerated() {
                let d = (Double(a[p]) - meanA[k]) * scaleA - (Double(b[p + delta]) - meanB[k]) * scaleB
                misfit[i] += d * d
            }
        }
        let keep = range.count - Int((share * n).rounded(.down))
        guard keep >= 2, keep < range.count else { return score(delta, minimumOverlap: minimumOverlap) }
        let limit = Self.smallest(keep, of: misfit)
        // Positions at the limit are kept up to `keep` (ties in order).
        var kept = [Int]()
        kept.reserveCapacity(keep)
        for (i, p) in range.enumerated() where misfit[i] < limit { kept.append(p) }
        for (i, p) in range.enumerated() where misfit[i] == limit && kept.count < keep { kept.append(p) }
        let m = Double(kept.count)
        var covariance = 0.0, keptA = 0.0, keptB = 0.0
        for k in 0..<strips {
            let a = current[k], b = reference[k]
            var sa = 0.0, sb = 0.0, saa = 0.0, sbb = 0.0, sab = 0.0
            for p in kept {
                let x = Double(a[p]), y = Double(b[p + delta])
                sa += x; sb += y; saa += x * x; sbb += y * y; sab += x * y
            }
            covariance += sab - sa * sb / m
            keptA += max(0, saa - sa * sa / m)
            keptB += max(0, sbb - sb * sb / m)
        }
        guard keptA > 0, keptB > 0 else { return nil }
        return covariance / (keptA * keptB).squareRoot()
    }

    /// r(δ + f) for a fraction f in (−1, 1), the reference read between its pixels by
    /// Catmull–Rom interpolation; nil where flat. Over the overlap of δ shrunk by 2 px each side.
    func score(_ delta: Int, fraction f: Double) -> Double? {
        let whole = overlap(delta)
        let range = (whole.lowerBound + 2)..<max(whole.lowerBound + 2, whole.upperBound - 2)
        guard range.count >= 4 else { return nil }
        // Catmull–Rom weights for the 4 samples around p + δ + f (f ≥ 0 from p + δ, else from p + δ − 1).
        let base = f >= 0 ? delta : delta - 1
        let u = Float(f >= 0 ? f : f + 1)
        let w0 = ((-u + 2) * u - 1) * u / 2, w1 = ((3 * u - 5) * u * u + 2) / 2
        let w2 = ((-3 * u + 4) * u + 1) * u / 2, w3 = (u - 1) * u * u / 2
        let n = Float(range.count)
        var covariance = 0.0, varianceA = 0.0, varianceB = 0.0
        for k in current.indices {
            var sa: Float = 0, saa: Float = 0, sb: Float = 0, sbb: Float = 0, sab: Float = 0
            current[k].withUnsafeBufferPointer { a in
                reference[k].withUnsafeBufferPointer { b in
                    for p in range {
                        let q = p + base
                        let value = w0 * b[q - 1] + w1 * b[q] + w2 * b[q + 1] + w3 * b[q + 2]
                        let x = a[p]
                        sa += x; saa += x * x; sb += value; sbb += value * value; sab += x * value
                    }
                }
            }
            covariance += Double(sab - sa * sb / n)
            varianceA += Double(max(0, saa - sa * sa / n))
            varianceB += Double(max(0, sbb - sb * sb / n))
        }
        guard varianceA > 0, varianceB > 0 else { return nil }
        return covariance / (varianceA * varianceB).squareRoot()
    }

    /// The fraction in [guess − 0.5, guess + 0.5] ∩ (−1, 1) where the interpolated score peaks
    /// (golden-section search, to 0.005 px).
    func refine(_ delta: Int, around guess: Double) -> Double {
        var low = max(-0.99, guess - 0.5), high = min(0.99, guess + 0.5)
        let ratio = (5.0.squareRoot() - 1) / 2
        var a = high - ratio * (high - low), b = low + ratio * (high - low)
        guard var fa = score(delta, fraction: a), var fb = score(delta, fraction: b) else { return guess }
        while high - low > 0.005 {
            if fa > fb {
                high = b; b = a; fb = fa
                a = high - ratio * (high - low)
                guard let value = score(delta, fraction: a) else { return guess }
                fa = value
            } else {
                low = a; a = b; fa = fb
                b = low + ratio * (high - low)
                guard let value = score(delta, fraction: b) else { return guess }
                fb = value
            }
        }
        return (low + high) / 2
    }

    /// The best shift in `shifts` (whole pixels searched, then refined), or nil when no shift in
    /// it overlaps enough or the profiles are flat.
    ///
    /// With `leftOut` over 0, the peaks that score within `rescoredMargin` of the best (up to
    /// `rescoredPeaks` of them) are scored again by `trimmedScore`, leaving out that share of the
    /// overlap's worst-fitting positions, and the best of those wins: its score and the runner-up's
    /// are then the trimmed ones (other peaks keep their plain score).
    public func best(in shifts: ClosedRange<Int>, minimumOverlap: Int, leftOut: Double = 0) -> ProfileMatch? {
        var scores: [Int: Double] = [:]
        var bestDelta: Int?
        for delta in shifts {
            guard let value = score(delta, minimumOverlap: minimumOverlap) else { continue }
            scores[delta] = value
            if bestDelta == nil || value > scores[bestDelta!]! { bestDelta = delta }
        }
        guard var delta = bestDelta, var peak = scores[delta] else { return nil }
        var rescored: [Int: Double] = [:]
        func isPeak(_ shift: Int, _ value: Double) -> Bool {
            value >= (scores[shift - 1] ?? -2) && value >= (scores[shift + 1] ?? -2)
        }
        if leftOut > 0 {
            let peaks = scores.filter { $0.value >= peak - Self.rescoredMargin && isPeak($0.key, $0.value) }
                .sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.prefix(Self.rescoredPeaks)
            for (shift, _) in peaks {
                rescored[shift] = trimmedScore(shift, minimumOverlap: minimumOverlap, leftOut: leftOut)
            }
            if let (shift, _) = rescored.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) {
                delta = shift
            }
        }
        // The best other local maximum at least 3 px away.
        var runnerUp = -1.0
        for (other, value) in scores where abs(other - delta) >= 3 && isPeak(other, value) {
            runnerUp = max(runnerUp, rescored[other] ?? value)
        }
        peak = scores[delta]!
        var fraction = 0.0
        let left = scores[delta - 1] ?? score(delta - 1, minimumOverlap: minimumOverlap)
        let right = scores[delta + 1] ?? score(delta + 1, minimumOverlap: minimumOverlap)
        if let left, let right {
            let curvature = left - 2 * peak + right
            if curvature < 0 { fraction = max(-0.5, min(0.5, 0.5 * (left - right) / curvature)) }
            fraction = refine(delta, around: fraction)
        }
        let overlap = Double(self.overlap(delta).count) / Double(max(1, region.count))
        return ProfileMatch(
            shift: Double(delta) + fraction, score: rescored[delta] ?? peak, runnerUp: runnerUp, overlap: overlap,
            whole: delta, plainScore: rescored[delta] == nil ? nil : peak)
    }

    /// The `k`-th smallest of `values` (k from 1), by selection (Hoare's quickselect, median of three):
    /// what `values.sorted()[k - 1]` is, in linear time on average.
    static func smallest(_ k: Int, of values: [Double]) -> Double {
        var a = values
        var low = 0, high = a.count - 1
        let target = k - 1
        while low < high {
            let middle = low + (high - low) / 2
            let pivot = max(min(a[low], a[middle]), min(max(a[low], a[middle]), a[high]))
            var i = low, j = high
            while i <= j {
                while a[i] < pivot { i += 1 }
                while a[j] > pivot { j -= 1 }
                if i <= j {
                    a.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if target <= j {
                high = j
            } else if target >= i {
                low = i
            } else {
                return a[target]
            }
        }
        return a[target]
    }

    /// Peaks scoring within this of the best are scored again, trimmed (`best(in:leftOut:)`).
    static let rescoredMargin = 0.2
    /// At most this many of them, best first.
    static let rescoredPeaks = 4
}
