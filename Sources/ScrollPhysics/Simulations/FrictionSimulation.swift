#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Momentum after release: a body slowing down in a power-law fluid.
///
///     dv/dt = −k·|v|ⁿ·sign(v)        k = μ·v_ref^(1−n),  μ = −1000·ln(decelerationRate) /s
///
/// With n = 1 this is UIKit's exponential deceleration, `v(t) = v0·e^(−μt)`, resting
/// `v0/μ` points away (Li's “UIScrollView drag conversion rate and paging”, eq. 1: μ = 2 /s; UIKit's 0.998 per ms gives
/// μ = 2.002 /s,
/// "fast" 0.99 gives 10.05 /s). Li's library generalises it to `a = −μ·vⁿ`; here the
/// constant is scaled by `v_ref^(1−n)` with `v_ref` = 1000 pt/s so that every power decelerates
/// at the same rate at 1000 pt/s and `decelerationRate` keeps its meaning when n changes
/// (without it, μ's units would change with n and n = 0.5 would glide for tens of seconds).
///
/// Closed form for n ≠ 1, with a = 1 − n, b = 2 − n and s = |v|:
///
///     s(t)^a = s0^a − a·k·t            distance D(t) = (s0^b − s(t)^b) / (b·k)
///
/// n < 1 stops by itself in finite time; every power is stopped here when the speed falls to
/// the tolerance, at `settleTime`, and rests at `position(at: settleTime)`. n must lie in [0, 2):
/// from n = 2 on the distance travelled is unbounded.
public struct FrictionSimulation: Simulation, Equatable {
    public var curve: SimulationCurve { .friction(self) }
    /// Speed at which every power decelerates alike, in points per second.
    public static let referenceSpeed = 1000.0

    /// Start position, in points.
    public let origin: Double
    /// Start velocity, in points per second.
    public let initialVelocity: Double
    /// The fluid's constant k, in (pt/s)^(1−n) per second.
    public let coefficient: Double
    /// The power n (dimensionless, 0 ≤ n < 2).
    public let power: Double
    public let settleTime: Double
    public let restPosition: Double

    /// Deceleration with UIKit's rate (per millisecond, 0 < rate < 1) and Li's power n.
    public init(
        origin: Double, velocity: Double, decelerationRate: Double, power: Double = 1,
        tolerance: Tolerance = .standard
    ) {
        self.init(
            origin: origin, velocity: velocity,
            coefficient: Self.coefficient(decelerationRate: decelerationRate, power: power),
            power: power, tolerance: tolerance)
    }

    /// Deceleration with an explicit fluid constant `k` (see the type's formula).
    public init(
        origin: Double, velocity: Double, coefficient: Double, power: Double,
        tolerance: Tolerance = .standard
    ) {
        let speed = abs(velocity)
        let usable =
            speed.isFinite && coefficient.isFinite && coefficient > 0 && power.isFinite
            && power >= 0 && power < 2 && speed > tolerance.velocity
        self.origin = origin
        self.initialVelocity = usable ? velocity : 0
        self.coefficient = usable ? coefficient : 1
        self.power = usable ? power : 1
        guard usable else {
            settleTime = 0
            restPosition = origin
            return
        }
        let a = 1 - power
        let t: Double
        if abs(a) < FrictionSimulation.exponentialBand {
            t = log(speed / tolerance.velocity) / coefficient
        } else {
            t = (pow(speed, a) - pow(tolerance.velocity, a)) / (a * coefficient)
        }
        settleTime = max(0, t)
        restPosition =
            origin + (velocity < 0 ? -1 : 1)
            * FrictionSimulation.distance(speed: speed, coefficient: coefficient, power: power, time: settleTime)
    }

    /// The deceleration that, starting at `velocity`, comes to rest exactly `distance` points
    /// further along (distance and velocity of the same sign). Returns nil when no friction can
    /// do that (opposite signs, or a speed already within tolerance).
    public static func travelling(
        distance: Double, from origin: Double, velocity: Double, power: Double,
        tolerance: Tolerance = .standard
    ) -> FrictionSimulation? {
        let speed = abs(velocity), length = abs(distance)
        guard speed.isFinite, length.isFinite, speed > tolerance.velocity, length > 0,
            (distance > 0) == (velocity > 0), power >= 0, power < 2
        else { return nil }
        let b = 2 - power
        let k: Double
        if abs(1 - power) < exponentialBand {
            k = (speed - tolerance.velocity) / length
        } else {
            k = (pow(speed, b) - pow(tolerance.velocity, b)) / (b * length)
        }
        guard k.isFinite, k > 0 else { return nil }
        return FrictionSimulation(
            origin: origin, velocity: velocity, coefficient: k, power: power, tolerance: tolerance)
    }

    /// k = μ·v_ref^(1−n), the fluid constant for a deceleration rate and power.
    public static func coefficient(decelerationRate: Double, power: Double) -> Double {
        decayConstant(decelerationRate: decelerationRate) * pow(referenceSpeed, 1 - power)
    }

    /// μ = −1000·ln(rate), in 1/s: UIKit's `decelerationRate` is the velocity kept per millisecond.
    public static func decayConstant(decelerationRate: Double) -> Double {
        -1000 * log(decelerationRate)
    }

    public func position(at t: Double) -> Double {
        guard t > 0 else { return origin }
        guard t < settleTime else { return restPosition }
        let direction: Double = initialVelocity < 0 ? -1 : 1
        return origin + direction
            * Self.distance(speed: abs(initialVelocity), coefficient: coefficient, power: power, time: t)
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        let direction: Double = initialVelocity < 0 ? -1 : 1
        return direction * Self.speed(abs(initialVelocity), coefficient: coefficient, power: power, time: max(0, t))
    }

    /// Total distance travelled until rest, in points (always ≥ 0).
    public var restDistance: Double { abs(restPosition - origin) }

    /// The time (s) at which the motion has travelled `distance` points (≥ 0) from its origin,
    /// or nil if it comes to rest first. The speed there is `velocity(at:)` of that time.
    public func time(toTravel distance: Double) -> Double? {
        guard distance >= 0, distance.isFinite else { return nil }
        if distance == 0 { return 0 }
        guard distance < restDistance else { return nil }
        let s0 = abs(initialVelocity), k = coefficient, a = 1 - power, b = 2 - power
        let t: Double
        if abs(a) < Self.exponentialBand {
            t = log(s0 / (s0 - k * distance)) / k
        } else {
            let sc = pow(max(0, pow(s0, b) - b * k * distance), 1 / b)
            t = (pow(s0, a) - pow(sc, a)) / (a * k)
        }
        return min(max(0, t), settleTime)
    }

    /// Powers this close to 1 use the exponential form (the general one divides by 1 − n).
    static let exponentialBand = 1e-6

    static func speed(_ s0: Double, coefficient k: Double, power n: Double, time t: Double) -> Double {
        let a = 1 - n
        if abs(a) < exponentialBand { return s0 * exp(-k * t) }
        let base = pow(s0, a) - a * k * t
        return base > 0 ? pow(base, 1 / a) : 0
    }

    static func distance(speed s0: Double, coefficient k: Double, power n: Double, time t: Double) -> Double {
        let a = 1 - n, b = 2 - n
        if abs(a) < exponentialBand { return s0 / k * (1 - exp(-k * t)) }
        let s = speed(s0, coefficient: k, power: n, time: t)
        return (pow(s0, b) - pow(s, b)) / (b * k)
    }
}
