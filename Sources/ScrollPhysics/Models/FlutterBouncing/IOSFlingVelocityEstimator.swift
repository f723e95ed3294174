/// Flutter's `IOSScrollViewFlingVelocityTracker` (`gestures/velocity_tracker.dart`): a weighted
/// mean of the speeds between the last four samples, newest segment weighted least,
///
///     v = 0.6·v(−2) + 0.35·v(−1) + 0.05·v(0)
///
/// where v(0) is the speed between the newest sample and the one before it, v(−1) the segment
/// before that, and so on (0 where a segment is missing or has no duration). It keeps 20
/// samples, so `travel` (the source's `VelocityEstimate.offset`, checked against the minimum
/// fling distance) spans up to 20 samples. It has no stop check: a finger that rests and then
/// lifts still reports the speed of its last moving samples.
public struct IOSFlingVelocityEstimator: ReleaseVelocityEstimator, Equatable {
    public var zoo: ZooEstimator { .iosFling(self) }
    static let sampleSize = 20
    private var samples: [(time: Double, position: Double)] = []

    public init() { samples.reserveCapacity(Self.sampleSize) }

    public static func == (a: Self, b: Self) -> Bool {
        a.samples.count == b.samples.count && zip(a.samples, b.samples).allSatisfy { $0 == $1 }
    }

    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        if let last = samples.last, time < last.time { return }
        if samples.count == Self.sampleSize { samples.removeFirst() }
        samples.append((time, position))
    }

    /// Speed of the segment ending `back` samples before the newest (0 = newest segment).
    func segmentSpeed(_ back: Int) -> Double {
        let end = samples.count - 1 - back, start = end - 1
        guard start >= 0 else { return 0 }
        let dt = samples[end].time - samples[start].time
        return dt > 0 ? (samples[end].position - samples[start].position) / dt : 0
    }

    public func velocity(at now: Double) -> Double {
        0.6 * segmentSpeed(2) + 0.35 * segmentSpeed(1) + 0.05 * segmentSpeed(0)
    }

    public var travel: Double {
        guard let first = samples.first, let last = samples.last else { return 0 }
        return last.position - first.position
    }
}
