/// Framer Motion's pan velocity (`gestures/pan/PanSession.ts`, `getVelocity(history, 0.1)`):
/// from the newest point back to the first one more than 100 ms older (or the oldest kept),
///
///     v = (x_newest − x_then) / (t_newest − t_then)
///
/// a plain two-point slope over about the last 100 ms; zero with fewer than two points or no
/// elapsed time. When that point is the pointer-down origin, more points follow it and it lies
/// over 2 × 100 ms back, the next point is used instead (Motion 12.31.3: a stale pointer-down
/// point does not dilute a hold-then-flick). The lift is a point of its own (`lift`), so a
/// pointer resting before it lifts at about 0.
public struct FramerVelocityEstimator: ReleaseVelocityEstimator, Equatable {
    public var zoo: ZooEstimator { .framer(self) }
    public var timeDelta = 0.1
    static let capacity = 64
    private var history: [FeelSample] = []

    public init() { history.reserveCapacity(Self.capacity) }

    public mutating func reset() { history.removeAll(keepingCapacity: true) }

    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        if let last = history.last, time < last.time { return }
        if history.count == Self.capacity { history.removeFirst() }
        history.append(FeelSample(time: time, position: position))
    }

    public func velocity(at now: Double) -> Double {
        guard history.count >= 2, let last = history.last else { return 0 }
        var index = history.count - 1
        var point = history[index]
        while index >= 0 {
            point = history[index]
            if last.time - point.time > timeDelta { break }
            index -= 1
        }
        if index <= 0, history.count > 2, last.time - history[0].time > 2 * timeDelta { point = history[1] }
        let dt = last.time - point.time
        guard dt > 0 else { return 0 }
        let v = (last.position - point.position) / dt
        return v.isFinite ? v : 0
    }

    /// The pointer lifts at `position` at `time`: Motion measures the release from the lift's own
    /// point, so a pointer that rested before it lifts at about 0.
    public mutating func lift(time: Double, position: Double) { add(time: time, position: position) }

    public var travel: Double {
        guard let first = history.first, let last = history.last else { return 0 }
        return last.position - first.position
    }
}

/// A timestamped position (s, pt).
public struct FeelSample: Equatable, Sendable {
    public var time: Double
    public var position: Double
    public init(time: Double, position: Double) {
        self.time = time
        self.position = position
    }
}
