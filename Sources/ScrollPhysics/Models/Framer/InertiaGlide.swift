#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Framer Motion's `inertia` glide (`animation/generators/inertia.ts`):
///
///     amplitude = power · v0            (pt: power in seconds of the release speed)
///     target    = x0 + amplitude
///     x(t)      = target − amplitude · e^(−t/τ)          τ = timeConstant (s)
///     dx(t)     = amplitude/τ · e^(−t/τ)
///
/// so the glide starts at power/τ times the release speed (1.07× for a drag's 0.8 and 750 ms)
/// and is done, at `target`, once |amplitude|·e^(−t/τ) ≤ restDelta: t = τ·ln(|amplitude|/restDelta).
public struct InertiaGlide: Simulation, Equatable {
    public var curve: SimulationCurve { .inertia(self) }
    public let origin: Double
    public let amplitude: Double
    /// τ, in seconds.
    public let timeConstant: Double
    public let settleTime: Double

    public init(position: Double, velocity: Double, power: Double, timeConstant: Double, restDelta: Double) {
        let usable =
            position.isFinite && velocity.isFinite && power.isFinite && timeConstant.isFinite && timeConstant > 0
        origin = position.isFinite ? position : 0
        amplitude = usable ? power * velocity : 0
        self.timeConstant = usable ? timeConstant : 1
        let a = abs(amplitude)
        settleTime =
            a > max(restDelta, 0) && restDelta > 0
            ? self.timeConstant * log(a / restDelta)
            : (a > 0 && restDelta <= 0 ? self.timeConstant * log(a / 1e-9) : 0)
    }

    public var target: Double { origin + amplitude }
    public var restPosition: Double { target }

    /// The source's `calcLatest`, unclamped in time (also for t < 0).
    public func latest(_ t: Double) -> Double { target - amplitude * exp(-t / timeConstant) }

    public func position(at t: Double) -> Double {
        guard t < settleTime else { return target }
        return latest(max(0, t))
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        return amplitude / timeConstant * exp(-max(0, t) / timeConstant)
    }

    /// The time the glide reaches `x`, or nil if it never does before rest.
    public func time(atX x: Double) -> Double? {
        guard amplitude != 0 else { return nil }
        let remaining = (target - x) / amplitude
        guard remaining > 0, remaining <= 1 else { return nil }
        let t = -timeConstant * log(remaining)
        return t < settleTime ? t : nil
    }
}
