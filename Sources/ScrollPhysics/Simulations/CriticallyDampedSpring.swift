#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spring and a dashpot in parallel at critical damping: the edge bounce and the page snap.
///
///     y(t)  = (y0 + (v0 + δ·y0)·t)·e^(−δt)          y = position − target (pt)
///     dy/dt = (v0 − δ·(v0 + δ·y0)·t)·e^(−δt)        (pt/s)
///
/// δ is the damping in 1/s (the spring's angular frequency; stiffness δ², no oscillation).
/// Li's “UIScrollView drag conversion rate and paging”, eq. 2: δ = 10.9 for the bounce after crossing an edge, where y0
/// = 0 gives
/// `y(t) = v0·t·e^(−δt)` with its farthest point `v0/(δ·e)` at t = 1/δ. Li's “UIScrollView drag conversion rate and
/// paging”, eq. 4: the
/// same spring with δ = 50 for paging (the seed author's library ships 20).
/// the Eleme mobile team's “Eleme restaurant page interaction” describes the same spring as "damping ratio 1, frequency
/// 1.6 Hz" (ω ≈ 10 /s).
///
/// The spring crosses its target at most once, at t = −y0/(v0 + δ·y0) when that is positive.
/// It rests from `settleTime`, the first time after which both |y| and |dy/dt| stay within the
/// tolerance (found once, by bisection on the monotone envelopes of y and dy/dt).
public struct CriticallyDampedSpring: Simulation, Equatable {
    public var curve: SimulationCurve { .criticallyDamped(self) }
    /// The rest position, in points.
    public let target: Double
    /// Start position minus target, in points.
    public let initialDisplacement: Double
    /// Start velocity, in points per second.
    public let initialVelocity: Double
    /// δ, in 1/s.
    public let damping: Double
    public let settleTime: Double

    public init(
        from position: Double, velocity: Double, to target: Double, damping: Double,
        tolerance: Tolerance = .standard
    ) {
        let y0 = position - target
        let usable = y0.isFinite && velocity.isFinite && target.isFinite && damping.isFinite && damping > 0
        self.target = target.isFinite ? target : 0
        self.initialDisplacement = usable ? y0 : 0
        self.initialVelocity = usable ? velocity : 0
        self.damping = usable ? damping : 1
        guard usable else { settleTime = 0; return }
        let c1 = velocity + damping * y0
        let forPosition = Self.lastExceedance(a: abs(y0), b: abs(c1), damping: damping, limit: tolerance.distance)
        let forVelocity = Self.lastExceedance(
            a: abs(velocity), b: damping * abs(c1), damping: damping, limit: tolerance.velocity)
        settleTime = max(forPosition, forVelocity)
    }

    public var restPosition: Double { target }

    public func position(at t: Double) -> Double {
        guard t < settleTime else { return target }
        let t = max(0, t)
        return target + (initialDisplacement + coefficient * t) * exp(-damping * t)
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        let t = max(0, t)
        return (initialVelocity - damping * coefficient * t) * exp(-damping * t)
    }

    /// v0 + δ·y0, in points per second.
    public var coefficient: Double { initialVelocity + damping * initialDisplacement }

    /// The time (s) at which the spring passes its target, if it does before resting.
    public var targetCrossingTime: Double? {
        let c1 = coefficient
        guard c1 != 0 else { return nil }
        let t = -initialDisplacement / c1
        return t > 0 && t < settleTime ? t : nil
    }

    /// The largest |y| the spring reaches (pt): its start, or its turning point.
    public var peakDisplacement: Double {
        let c1 = coefficient
        guard c1 != 0 else { return abs(initialDisplacement) }
        let turn = initialVelocity / (damping * c1)  // where dy/dt = 0
        guard turn > 0 else { return abs(initialDisplacement) }
        return max(abs(initialDisplacement), abs((initialDisplacement + c1 * turn) * exp(-damping * turn)))
    }

    /// The largest start speed away from the target (pt/s) for which a spring starting `y0`
    /// points out never goes beyond `limit` points: since (1 + δt)·e^(−δt) ≤ 1 and
    /// t·e^(−δt) ≤ 1/(δ·e), |y| stays below |y0| + |v0|/(δ·e).
    public static func maximumOutwardSpeed(displacement y0: Double, limit: Double, damping: Double) -> Double {
        max(0, limit - abs(y0)) * damping * M_E
    }

    /// The last time the envelope (a + b·t)·e^(−δt) is above `limit` (0 if never).
    static func lastExceedance(a: Double, b: Double, damping: Double, limit: Double) -> Double {
        func envelope(_ t: Double) -> Double { (a + b * t) * exp(-damping * t) }
        // The envelope rises until t = 1/δ − a/b, then falls for good.
        let turn = b > 0 ? max(0, 1 / damping - a / b) : 0
        guard envelope(turn) > limit else { return 0 }
        var low = turn, high = turn + 1 / damping
        while envelope(high) > limit { low = high; high *= 2 }
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if envelope(mid) > limit { low = mid } else { high = mid }
        }
        return high
    }
}
