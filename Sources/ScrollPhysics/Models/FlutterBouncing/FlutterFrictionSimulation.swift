#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Flutter's `FrictionSimulation` (`physics/friction_simulation.dart`): fluid drag plus an
/// optional constant deceleration against the motion.
///
///     dx(t) = v0·D^t − c·sign(v0)·t                                   (pt/s)
///     x(t)  = x0 + v0·(D^t − 1)/ln D − c·sign(v0)·t²/2                (pt)
///
/// D is the velocity kept per second (0.135 ≈ 0.998¹⁰⁰⁰, UIKit's normal rate, in
/// `BouncingScrollSimulation`); c is `constantDeceleration` (0 normal, 1400 pt/s² fast, from
/// `BouncingScrollPhysics.createBallisticSimulation`). With c = 0 the motion approaches
/// `finalX = x0 − v0/ln D` (0.4994·v0 further on); with c > 0 it stops at the time dx = 0.
/// It is done, as in the source's `isDone`, once |dx| falls below the velocity tolerance; the
/// source finds the stop time and `timeAtX` by 10 Newton steps, here they are solved exactly
/// (closed form for c = 0, bisection otherwise).
public struct FlutterFrictionSimulation: Simulation, Equatable {
    public var curve: SimulationCurve { .flutterFriction(self) }
    public let origin: Double
    public let initialVelocity: Double
    /// D, the fraction of velocity kept per second.
    public let drag: Double
    /// c, in pt/s² (≥ 0).
    public let constantDeceleration: Double
    public let settleTime: Double
    public let restPosition: Double
    /// The time dx reaches 0 (∞ for c = 0).
    public let stopTime: Double

    public init(
        drag: Double, position: Double, velocity: Double, constantDeceleration: Double = 0,
        velocityTolerance: Double
    ) {
        let usable =
            drag.isFinite && drag > 0 && drag < 1 && position.isFinite && velocity.isFinite
            && constantDeceleration.isFinite && constantDeceleration >= 0
        origin = position.isFinite ? position : 0
        initialVelocity = usable ? velocity : 0
        self.drag = usable ? drag : 0.135
        self.constantDeceleration = usable ? constantDeceleration : 0
        let v = abs(initialVelocity), lnD = log(self.drag), c = self.constantDeceleration
        var stop = Double.infinity
        if c > 0, v > 0 {
            // v·D^t = c·t has one root; D^t ≤ 1 bounds it by v/c.
            stop = Self.bisect(low: 0, high: v / c) { v * exp(lnD * $0) - c * $0 > 0 }
        }
        stopTime = stop
        let tolerance = max(0, velocityTolerance)
        if v <= tolerance || v == 0 {
            settleTime = 0
        } else if c == 0 {
            settleTime = log(tolerance / v) / lnD
        } else {
            settleTime = Self.bisect(low: 0, high: stop) { v * exp(lnD * $0) - c * $0 > tolerance }
        }
        restPosition = Self.x(origin, initialVelocity, self.drag, c, settleTime)
    }

    static func x(_ x0: Double, _ v0: Double, _ drag: Double, _ c: Double, _ t: Double) -> Double {
        let sign: Double = v0 < 0 ? -1 : 1
        return x0 + v0 * (pow(drag, t) - 1) / log(drag) - sign * c / 2 * t * t
    }

    static func bisect(low: Double, high: Double, _ stillBefore: (Double) -> Bool) -> Double {
        var low = low, high = high
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if stillBefore(middle) { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// Where the motion would end with no tolerance: `finalX` of the source.
    public var finalX: Double {
        constantDeceleration == 0
            ? origin - initialVelocity / log(drag)
            : Self.x(origin, initialVelocity, drag, constantDeceleration, stopTime)
    }

    public func position(at t: Double) -> Double {
        guard t > 0 else { return origin }
        guard t < settleTime else { return restPosition }
        return Self.x(origin, initialVelocity, drag, constantDeceleration, t)
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        let sign: Double = initialVelocity < 0 ? -1 : 1
        return initialVelocity * pow(drag, max(0, t)) - sign * constantDeceleration * max(0, t)
    }

    /// The time the motion reaches `x` (source: `timeAtX`), or nil if it never does.
    public func time(atX x: Double) -> Double? {
        if x == origin { return 0 }
        let v = initialVelocity
        let final = finalX
        guard v != 0, v > 0 ? (x > origin && x < final) : (x < origin && x > final) else { return nil }
        if constantDeceleration == 0 {
            let lnD = log(drag)
            return log(lnD * (x - origin) / v + 1) / lnD
        }
        let forward = v > 0
        return Self.bisect(low: 0, high: stopTime) {
            let p = Self.x(origin, v, drag, constantDeceleration, $0)
            return forward ? p < x : p > x
        }
    }
}
