#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mass on a spring with a dashpot, in all three regimes: the spring every platform model
/// bounces or snaps with (Flutter `SpringSimulation`, Framer Motion `spring`, Android's stretch).
///
///     m·y'' + c·y' + k·y = 0          y = position − target (pt), m (kg-like), k (N/m-like), c
///     ω0 = √(k/m) (1/s),  ζ = c / (2·√(m·k))
///     ζ < 1:  y = e^(−ζω0·t)·(y0·cos ωd·t + (v0 + ζω0·y0)/ωd · sin ωd·t),   ωd = ω0·√(1 − ζ²)
///     ζ = 1:  y = e^(−ω0·t)·(y0 + (v0 + ω0·y0)·t)
///     ζ > 1:  y = c1·e^(r1·t) + c2·e^(r2·t),  r1,2 = −ζω0 ∓ ω0·√(ζ² − 1),
///             c2 = (v0 − r1·y0)/(r2 − r1),  c1 = y0 − c2
///
/// The same three solutions as Flutter's `physics/spring_simulation.dart` (`_CriticalSolution`,
/// `_OverdampedSolution`, `_UnderdampedSolution`) and Framer Motion's
/// `animation/generators/spring` (`resolveSpring`). It rests from `settleTime`: the first time
/// after which the envelopes of |y| and |y'| stay within the tolerance (solved once, by
/// bisection; every platform checks the same condition frame by frame instead).
public struct DampedSpring: Simulation, Equatable {
    public var curve: SimulationCurve { .dampedSpring(self) }
    public let target: Double
    public let initialDisplacement: Double
    public let initialVelocity: Double
    /// Undamped angular frequency ω0, in 1/s.
    public let naturalFrequency: Double
    /// Damping ratio ζ (1 = critical).
    public let dampingRatio: Double
    public let settleTime: Double
    public var restPosition: Double { target }

    /// The farthest from its target (pt) a spring launched from it at `velocity` (pt/s) gets:
    /// |y| at the first zero of y', t* from y'(t*) = 0 in each regime —
    /// ζ < 1: t* = atan2(√(1 − ζ²), ζ)/ωd; ζ = 1: t* = 1/ω0; ζ > 1: t* = ln(r2/r1)/(r1 − r2).
    public static func reach(velocity: Double, naturalFrequency omega: Double, dampingRatio zeta: Double) -> Double {
        let v = abs(velocity)
        guard v > 0, v.isFinite, omega > 0, omega.isFinite, zeta > 0, zeta.isFinite else {
            return v.isFinite ? 0 : .infinity
        }
        if abs(zeta - 1) < 1e-9 { return v / (omega * exp(1)) }
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot(), wd = omega * root
            let t = atan2(root, zeta) / wd
            return v / wd * exp(-zeta * omega * t) * sin(wd * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let t = log(r2 / r1) / (r1 - r2)
        return v / (r1 - r2) * (exp(r1 * t) - exp(r2 * t))
    }

    /// `reach` for Flutter's `SpringDescription.withDampingRatio` values.
    public static func reach(velocity: Double, mass: Double, stiffness: Double, ratio: Double) -> Double {
        reach(velocity: velocity, naturalFrequency: (stiffness / mass).squareRoot(), dampingRatio: ratio)
    }

    /// Flutter's `SpringDescription(mass:stiffness:damping:)` values.
    public init(
        from position: Double, velocity: Double, to target: Double, mass: Double, stiffness: Double,
        damping: Double, distanceTolerance: Double, velocityTolerance: Double
    ) {
        let usable =
            mass.isFinite && stiffness.isFinite && damping.isFinite && mass > 0 && stiffness > 0 && damping >= 0
        let omega = usable ? (stiffness / mass).squareRoot() : 1
        let zeta = usable ? damping / (2 * (mass * stiffness).squareRoot()) : 1
        self.init(
            from: position, velocity: velocity, to: target, naturalFrequency: omega, dampingRatio: zeta,
            distanceTolerance: distanceTolerance, velocityTolerance: velocityTolerance)
    }

    /// Flutter's `SpringDescription.withDampingRatio`: damping = ratio · 2·√(mass·stiffness).
    public init(
        from position: Double, velocity: Double, to target: Double, mass: Double, stiffness: Double,
        ratio: Double, distanceTolerance: Double, velocityTolerance: Double
    ) {
        self.init(
            from: position, velocity: velocity, to: target, mass: mass, stiffness: stiffness,
            damping: ratio * 2 * (mass * stiffness).squareRoot(),
            distanceTolerance: distanceTolerance, velocityTolerance: velocityTolerance)
    }

    public init(
        from position: Double, velocity: Double, to target: Double, naturalFrequency: Double,
        dampingRatio: Double, distanceTolerance: Double, velocityTolerance: Double
    ) {
        let y0 = position - target
        let usable =
            y0.isFinite && velocity.isFinite && target.isFinite && naturalFrequency.isFinite
            && naturalFrequency > 0 && dampingRatio.isFinite && dampingRatio > 0
        self.target = target.isFinite ? target : 0
        self.initialDisplacement = usable ? y0 : 0
        self.initialVelocity = usable ? velocity : 0
        self.naturalFrequency = usable ? naturalFrequency : 1
        self.dampingRatio = usable ? dampingRatio : 1
        guard usable else { settleTime = 0; return }
        let probe = DampedSpring(target: self.target, y0: y0, v0: velocity, omega: naturalFrequency, zeta: dampingRatio)
        settleTime = max(
            probe.envelopeTime(distanceTolerance, velocity: false),
            probe.envelopeTime(velocityTolerance, velocity: true))
    }

    private init(target: Double, y0: Double, v0: Double, omega: Double, zeta: Double) {
        self.target = target
        initialDisplacement = y0
        initialVelocity = v0
        naturalFrequency = omega
        dampingRatio = zeta
        settleTime = .infinity
    }

    /// Ratios this close to 1 use the critical form (the others divide by ζ² − 1).
    static let criticalBand = 1e-9

    public func position(at t: Double) -> Double {
        guard t < settleTime else { return target }
        return target + displacement(max(0, t))
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        return speed(max(0, t))
    }

    func displacement(_ t: Double) -> Double {
        let y0 = initialDisplacement, v0 = initialVelocity, w = naturalFrequency, z = dampingRatio
        if abs(z - 1) < Self.criticalBand { return exp(-w * t) * (y0 + (v0 + w * y0) * t) }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (y0 * cos(wd * t) + (v0 + z * w * y0) / wd * sin(wd * t))
        }
        let (r1, r2, c1, c2) = overdamped
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    func speed(_ t: Double) -> Double {
        let y0 = initialDisplacement, v0 = initialVelocity, w = naturalFrequency, z = dampingRatio
        if abs(z - 1) < Self.criticalBand { return exp(-w * t) * (v0 - w * (v0 + w * y0) * t) }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return exp(-z * w * t) * (v0 * cos(wd * t) - (z * w * v0 + w * w * y0) / wd * sin(wd * t))
        }
        let (r1, r2, c1, c2) = overdamped
        return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
    }

    private var overdamped: (Double, Double, Double, Double) {
        let w = naturalFrequency, z = dampingRatio
        let root = w * (z * z - 1).squareRoot()
        let r1 = -z * w - root, r2 = -z * w + root
        let c2 = (initialVelocity - r1 * initialDisplacement) / (r2 - r1)
        return (r1, r2, initialDisplacement - c2, c2)
    }

    /// An upper bound of |y(t)| (or |y'(t)|) that falls monotonically after `peak`.
    private func envelope(_ t: Double, velocity: Bool) -> Double {
        let y0 = initialDisplacement, v0 = initialVelocity, w = naturalFrequency, z = dampingRatio
        if abs(z - 1) < Self.criticalBand {
            let b = abs(v0 + w * y0)
            return velocity ? (abs(v0) + w * b * t) * exp(-w * t) : (abs(y0) + b * t) * exp(-w * t)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let a =
                velocity
                ? (v0 * v0 + pow((z * w * v0 + w * w * y0) / wd, 2)).squareRoot()
                : (y0 * y0 + pow((v0 + z * w * y0) / wd, 2)).squareRoot()
            return a * exp(-z * w * t)
        }
        let (r1, r2, c1, c2) = overdamped
        return velocity
            ? abs(c1 * r1) * exp(r1 * t) + abs(c2 * r2) * exp(r2 * t)
            : abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    /// The first time after which the envelope stays within `tolerance`.
    private func envelopeTime(_ tolerance: Double, velocity: Bool) -> Double {
        let w = naturalFrequency, z = dampingRatio
        var low = 0.0
        if abs(z - 1) < Self.criticalBand {
            // (a + b·t)·e^(−ωt) peaks at t = 1/ω − a/b.
            let b =
                velocity
                ? w * abs(initialVelocity + w * initialDisplacement) : abs(initialVelocity + w * initialDisplacement)
            let a = velocity ? abs(initialVelocity) : abs(initialDisplacement)
            if b > 0 { low = max(0, 1 / w - a / b) }
        }
        guard envelope(low, velocity: velocity) > tolerance else { return 0 }
        var high = max(low, 1 / w) + 1 / w
        var guardCount = 0
        while envelope(high, velocity: velocity) > tolerance, guardCount < 200 {
            high *= 2
            guardCount += 1
        }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if envelope(middle, velocity: velocity) > tolerance { low = middle } else { high = middle }
        }
        return high
    }
}
