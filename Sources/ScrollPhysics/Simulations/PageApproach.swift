/// A release easing into its page: starts with the release velocity, arrives after `duration`
/// exactly on the target with zero speed, never passing it.
///
///     x(t) = x0 + D·h(s),   s = t/T,   h(s) = a·s + (3 − 2a)·s² + (a − 2)·s³,   a = v0·T/D
///     v(t) = (D/T)·h'(s),   h'(s) = a + 2·(3 − 2a)·s + 3·(a − 2)·s²
///
/// D = target − x0 (pt), v0 the release velocity (pt/s), T the duration (s). h is the cubic
/// with h(0) = 0, h'(0) = a (the release velocity), h(1) = 1 and h'(1) = 0 (arrives at rest).
/// For 0 ≤ a ≤ 3 it never passes the target; for a ≥ 1.5 its speed only falls (never faster
/// than released); below that it rises to at most (a + (3 − 2a)²/(3·(2 − a)))·D/T ≤ 1.5·D/T.
/// At a = 2 it is constant deceleration (h'(s) = 2 − 2s): dry friction a = v0²/(2·D).
/// This project's own rule for paging that "decelerates into the page" (issue 11); not from a seed.
public struct PageApproach: Simulation, Equatable {
    public var curve: SimulationCurve { .pageApproach(self) }
    public let origin: Double
    public let target: Double
    /// Release velocity, pt/s.
    public let initialVelocity: Double
    /// T, s (> 0).
    public let duration: Double

    /// The longest a release heading for its page may take to get there, s: decelerating from a
    /// slow release would crawl (a 300 pt/s flick 760 pt from the page: 5 s), so a release
    /// slower than 2·D/0.75 s eases in within 0.75 s instead (`MotionPlanner.page`).
    public static let longestDuration = 0.75

    public init(from origin: Double, velocity: Double, to target: Double, duration: Double) {
        let usable = origin.isFinite && velocity.isFinite && target.isFinite && duration.isFinite && duration > 0
        self.origin = usable ? origin : (target.isFinite ? target : 0)
        self.target = target.isFinite ? target : self.origin
        self.initialVelocity = usable ? velocity : 0
        self.duration = usable ? duration : 0
    }

    /// a = v0·T/D, dimensionless (0 when there is no distance to cover).
    public var shape: Double {
        let distance = target - origin
        return distance == 0 ? 0 : initialVelocity * duration / distance
    }

    public var settleTime: Double { duration }
    public var restPosition: Double { target }

    public func position(at t: Double) -> Double {
        guard t < duration else { return target }
        let s = max(0, t) / duration, a = shape
        return origin + (target - origin) * (a * s + (3 - 2 * a) * s * s + (a - 2) * s * s * s)
    }

    public func velocity(at t: Double) -> Double {
        guard t < duration else { return 0 }
        let s = max(0, t) / duration, a = shape
        return (target - origin) / duration * (a + 2 * (3 - 2 * a) * s + 3 * (a - 2) * s * s)
    }

    /// The largest speed on the way, pt/s: the release speed for a ≥ 1.5, else the cubic's peak.
    public var peakSpeed: Double {
        let a = shape, scale = abs(target - origin) / max(duration, .leastNormalMagnitude)
        guard a < 1.5, a < 2 else { return abs(initialVelocity) }
        return scale * (a + (3 - 2 * a) * (3 - 2 * a) / (3 * (2 - a)))
    }
}
