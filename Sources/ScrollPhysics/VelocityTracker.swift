/// Estimates the release velocity of a pointer from timestamped positions along one axis.
///
/// The velocity is the slope of a least-squares line through the recent samples:
///
///     v = Σ(tᵢ − t̄)(xᵢ − x̄) / Σ(tᵢ − t̄)²        (pt/s)
///
/// Only samples from the last `window` seconds count, and only back to the last pause: a gap
/// longer than `stillness` across which the position did not change (a resting pointer sends
/// nothing, then lifts where it stood). So a pointer that rested before release has velocity
/// zero, while sparse samples of a moving pointer (a hand-written gesture) still fling. Samples
/// with equal times are fine; a sample older than the newest is ignored. Storage is fixed-size,
/// so adding a sample never allocates.
public struct VelocityTracker: Sendable {
    public struct Sample: Sendable, Equatable {
        public var time: Double
        public var position: Double
    }

    /// How far back samples count, in seconds.
    public var window: Double
    /// A gap between samples longer than this (s), with no movement across it, is a pause.
    public var stillness: Double

    static let capacity = 32
    private var samples = InlineArray<32, Sample>(repeating: Sample(time: 0, position: 0))
    private var newest = -1
    private var count = 0

    public init(window: Double = 0.1, stillness: Double = 0.04) {
        self.window = window
        self.stillness = stillness
    }

    /// Forgets every sample.
    public mutating func reset() {
        newest = -1
        count = 0
    }

    /// Adds the pointer's position (pt) at `time` (s). Non-finite values and samples older
    /// than the newest are ignored.
    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        if count > 0, time < samples[newest].time { return }
        newest = (newest + 1) % Self.capacity
        samples[newest] = Sample(time: time, position: position)
        count = min(count + 1, Self.capacity)
    }

    /// The newest sample, if any.
    public var latest: Sample? { count > 0 ? samples[newest] : nil }

    /// The estimated velocity (pt/s) at time `now` (s), from the samples up to then.
    public func velocity(at now: Double) -> Double {
        guard count > 0 else { return 0 }
        let last = samples[newest]
        guard now - last.time <= stillness else { return 0 }
        // Walk back from the newest sample while it is recent and unbroken by a pause.
        var used = 1
        var previous = last
        while used < count {
            let sample = samples[(newest - used + Self.capacity) % Self.capacity]
            if last.time - sample.time > window { break }
            if previous.time - sample.time > stillness, previous.position == sample.position { break }
            previous = sample
            used += 1
        }
        guard used >= 2 else { return 0 }
        var meanT = 0.0, meanX = 0.0
        for i in 0..<used {
            let sample = samples[(newest - i + Self.capacity) % Self.capacity]
            meanT += sample.time - last.time
            meanX += sample.position - last.position
        }
        meanT /= Double(used)
        meanX /= Double(used)
        var covariance = 0.0, variance = 0.0
        for i in 0..<used {
            let sample = samples[(newest - i + Self.capacity) % Self.capacity]
            let dt = sample.time - last.time - meanT
            covariance += dt * (sample.position - last.position - meanX)
            variance += dt * dt
        }
        guard variance > 1e-12 else { return 0 }
        let v = covariance / variance
        return v.isFinite ? v : 0
    }
}
