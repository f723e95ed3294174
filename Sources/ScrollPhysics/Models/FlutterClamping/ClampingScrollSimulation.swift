#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Flutter's `ClampingScrollSimulation` (`widgets/scroll_simulation.dart`), its ballistic
/// version of Android's spline fling, travelling the same total distance:
///
///     D = ln 0.78 / ln 0.9 ≈ 2.358 (DECELERATION_RATE),   I = 0.35 (INFLEXION)
///     g' = 9.80665 · 39.37 · 160 · 0.84 pt/s² (mPhysicalCoeff per logical pixel)
///     v_ref = friction · g' / I,       T = D · I · (|v0| / v_ref)^(1/(D − 1))        (s)
///     distance = v0 · T / D
///     x(t) = x0 + distance · (1 − (1 − t/T)^D),   dx(t) = v0 · (1 − t/T)^(D − 1)
///
/// friction is `ViewConfiguration.getScrollFriction()` = 0.015. Tests check the distance
/// against the source's own longer form `friction·g'·e^(D/(D−1)·ln(|v0|/v_ref))`.
public struct ClampingScrollSimulation: Simulation, Equatable {
    public var curve: SimulationCurve { .clamping(self) }
    public static let decelerationRate = log(0.78) / log(0.9)
    public static let inflexion = 0.35
    public static let physicalCoefficient = 9.80665 * 39.37 * 160.0 * 0.84

    public let origin: Double
    public let initialVelocity: Double
    public let friction: Double
    /// T, in seconds.
    public let duration: Double
    /// Signed total travel, in points.
    public let distance: Double

    public init(position: Double, velocity: Double, friction: Double = 0.015) {
        let usable = position.isFinite && velocity.isFinite && friction.isFinite && friction > 0 && velocity != 0
        origin = position.isFinite ? position : 0
        initialVelocity = usable ? velocity : 0
        self.friction = usable ? friction : 0.015
        guard usable else { duration = 0; distance = 0; return }
        let d = Self.decelerationRate
        let reference = self.friction * Self.physicalCoefficient / Self.inflexion
        duration = d * Self.inflexion * pow(abs(velocity) / reference, 1 / (d - 1))
        distance = velocity * duration / d
    }

    public var settleTime: Double { duration }
    public var restPosition: Double { origin + distance }

    public func position(at t: Double) -> Double {
        guard duration > 0 else { return origin }
        let f = min(max(t / duration, 0), 1)
        return origin + distance * (1 - pow(1 - f, Self.decelerationRate))
    }

    public func velocity(at t: Double) -> Double {
        guard duration > 0, t < duration else { return 0 }
        let f = min(max(t / duration, 0), 1)
        return initialVelocity * pow(1 - f, Self.decelerationRate - 1)
    }

    /// The time the motion reaches `x`, or nil if it stops short.
    public func time(atX x: Double) -> Double? {
        guard distance != 0 else { return x == origin ? 0 : nil }
        let r = (x - origin) / distance
        guard r >= 0, r < 1 else { return r >= 1 && r == 1 ? duration : nil }
        return duration * (1 - pow(1 - r, 1 / Self.decelerationRate))
    }
}
