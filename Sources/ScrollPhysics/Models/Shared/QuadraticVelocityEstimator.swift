/// Least-squares quadratic velocity, the estimator of Android's `VelocityTracker` (default
/// strategy LSQ2, `libs/input/VelocityTracker.cpp`: HORIZON 100 ms, ASSUME_POINTER_STOPPED_TIME
/// 40 ms, history 20) and of Flutter's default `VelocityTracker`
/// (`gestures/velocity_tracker.dart`: `_horizonMilliseconds` 100,
/// `_assumePointerMoveStoppedMilliseconds` 40, `_historySize` 20, `_minSampleSize` 3).
///
/// Walk back from the newest sample while it is younger than the horizon and no gap between
/// neighbours exceeds the stop time, fit x(t) = a + b·t + c·t² (t ≤ 0, relative to the newest
/// sample, unit weights), and return b. With fewer than `minimumSamples` samples the velocity
/// is 0; Android fits a line through exactly two (`fitsLineThroughTwo`).
public struct QuadraticVelocityEstimator: ReleaseVelocityEstimator, Equatable {
    public var zoo: ZooEstimator { .quadratic(self) }
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var position: Double
    }

    /// Samples older than this, relative to the newest (s), are ignored.
    public var horizon: Double
    /// A gap between samples longer than this (s) means the pointer stopped.
    public var stopTime: Double
    /// Whether a release this long (s) after the newest sample gives zero (Flutter); nil: never.
    public var staleAfter: Double?
    /// Samples needed for the quadratic fit.
    public var minimumSamples: Int
    /// Whether two samples give the slope between them (Android LSQ2 lowers the degree).
    public var fitsLineThroughTwo: Bool

    static let capacity = 20
    private var samples: [Sample] = []

    public init(
        horizon: Double = 0.1, stopTime: Double = 0.04, staleAfter: Double? = nil, minimumSamples: Int = 3,
        fitsLineThroughTwo: Bool = false
    ) {
        self.horizon = horizon
        self.stopTime = stopTime
        self.staleAfter = staleAfter
        self.minimumSamples = minimumSamples
        self.fitsLineThroughTwo = fitsLineThroughTwo
        samples.reserveCapacity(Self.capacity)
    }

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        if samples.count == Self.capacity { samples.removeFirst() }
        samples.append(Sample(time: time, position: position))
    }

    /// The samples the fit uses, newest first.
    func window() -> ArraySlice<Sample> {
        guard let newest = samples.last else { return [] }
        var first = samples.count - 1
        var previous = newest
        while first > 0 {
            let sample = samples[first - 1]
            if newest.time - sample.time > horizon || previous.time - sample.time > stopTime { break }
            previous = sample
            first -= 1
        }
        return samples[first...]
    }

    public var travel: Double {
        let used = window()
        guard let first = used.first, let last = used.last else { return 0 }
        return last.position - first.position
    }

    public func velocity(at now: Double) -> Double {
        guard let newest = samples.last else { return 0 }
        if let staleAfter, now - newest.time > staleAfter { return 0 }
        let used = window()
        if used.count == 2, fitsLineThroughTwo {
            let a = used[used.startIndex], b = used[used.startIndex + 1]
            return b.time > a.time ? (b.position - a.position) / (b.time - a.time) : 0
        }
        guard used.count >= max(3, minimumSamples) else { return 0 }
        // Normal equations of the quadratic fit, times in ms for conditioning (as the sources).
        var s = [Double](repeating: 0, count: 5), r = [Double](repeating: 0, count: 3)
        for sample in used {
            let t = (sample.time - newest.time) * 1000, x = sample.position - newest.position
            var power = 1.0
            for k in 0..<5 {
                s[k] += power
                if k < 3 { r[k] += power * x }
                power *= t
            }
        }
        // Solve [[s0 s1 s2][s1 s2 s3][s2 s3 s4]]·[a b c] = r for b (Cramer's rule).
        func det(_ m: [[Double]]) -> Double {
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        }
        let matrix = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
        let d = det(matrix)
        guard abs(d) > 1e-12 else { return 0 }
        let withB = [[s[0], r[0], s[2]], [s[1], r[1], s[3]], [s[2], r[2], s[4]]]
        let b = det(withB) / d
        let v = b * 1000
        return v.isFinite ? v : 0
    }
}
