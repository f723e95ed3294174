/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function: the curve from (0, 0) to (1, 1) whose
/// y is the progress at time fraction x.
///
///     x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³      y(s) the same with y1, y2
///
/// `progress(at:)` solves x(s) = x for s (Newton's method, then bisection if Newton strays;
/// x is monotone for x1, x2 in [0, 1]) and returns y(s). CSS Easing Functions Level 1:
/// `ease` = (0.25, 0.1, 0.25, 1), `ease-out` = (0, 0, 0.58, 1).
public struct CubicBezierTiming: Equatable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    public static let ease = CubicBezierTiming(0.25, 0.1, 0.25, 1)
    public static let easeOut = CubicBezierTiming(0, 0, 0.58, 1)

    private func curve(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    private func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }

    /// The curve parameter s at time fraction x.
    func parameter(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var s = x
        for _ in 0..<8 {
            let error = curve(s, x1, x2) - x
            if abs(error) < 1e-12 { return s }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        if s >= 0, s <= 1, abs(curve(s, x1, x2) - x) < 1e-12 { return s }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<80 {
            s = (low + high) / 2
            if curve(s, x1, x2) < x { low = s } else { high = s }
        }
        return s
    }

    /// Progress (0 → 1, may overshoot for y outside [0, 1]) at time fraction x.
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return curve(parameter(at: x), y1, y2)
    }

    /// d(progress)/dx at time fraction x.
    public func rate(at x: Double) -> Double {
        let s = parameter(at: min(max(x, 0), 1))
        let dx = slope(s, x1, x2), dy = slope(s, y1, y2)
        if abs(dx) > 1e-12 { return dy / dx }
        // At an end whose control point sits on it (ease-out at 0): the limit of y''/x''.
        let u = s < 0.5 ? 0.0 : 1.0
        let ddx = u == 0 ? 6 * (x2 - 2 * x1) : 6 * (1 - 2 * x2 + x1)
        let ddy = u == 0 ? 6 * (y2 - 2 * y1) : 6 * (1 - 2 * y2 + y1)
        return abs(ddx) > 1e-12 ? ddy / ddx : 0
    }
}

/// A timed transition from one offset to another: a CSS transition or an Android
/// `Interpolator`-driven scroll. `timing` maps the time fraction to progress.
public struct TimedTransition: Simulation {
    public var curve: SimulationCurve { .timed(self) }
    public enum Timing: Equatable, Sendable {
        case bezier(CubicBezierTiming)
        /// Android `DecelerateInterpolator` (factor 1): 1 − (1 − x)².
        case decelerate
        /// RecyclerView's `sQuinticInterpolator`: (x − 1)⁵ + 1.
        case quintic

        public func progress(_ x: Double) -> Double {
            let x = min(max(x, 0), 1)
            switch self {
            case .bezier(let curve): return curve.progress(at: x)
            case .decelerate: return 1 - (1 - x) * (1 - x)
            case .quintic: let u = x - 1; return u * u * u * u * u + 1
            }
        }

        public func rate(_ x: Double) -> Double {
            let x = min(max(x, 0), 1)
            switch self {
            case .bezier(let curve): return curve.rate(at: x)
            case .decelerate: return 2 * (1 - x)
            case .quintic: let u = x - 1; return 5 * u * u * u * u
            }
        }
    }

    public let from: Double
    public let to: Double
    /// Seconds.
    public let duration: Double
    public let timing: Timing

    public init(from: Double, to: Double, duration: Double, timing: Timing) {
        let usable = from.isFinite && to.isFinite && duration.isFinite && duration > 0
        self.from = from.isFinite ? from : 0
        self.to = usable ? to : self.from
        self.duration = usable ? duration : 0
        self.timing = timing
    }

    public var settleTime: Double { duration }
    public var restPosition: Double { to }

    public func position(at t: Double) -> Double {
        guard t < duration else { return to }
        guard t > 0 else { return from }
        return from + (to - from) * timing.progress(t / duration)
    }

    public func velocity(at t: Double) -> Double {
        guard t < duration, duration > 0 else { return 0 }
        return (to - from) / duration * timing.rate(max(0, t) / duration)
    }
}
