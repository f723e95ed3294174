#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plans free motion (deceleration, edge crossings, bounces, hand-offs) and snaps.
///
/// Free motion from offset x with velocity v, between the bounds [lo, hi]:
/// - inside the bounds: friction (`FrictionSimulation`). If its rest point lies past an edge,
///   the exact crossing time is solved in closed form; from there the bounce spring takes over
///   with the crossing speed (or, on a chained edge, the motion ends and hands that speed on);
/// - past an edge: the bounce spring toward the edge. A flick back into the content makes the
///   spring cross the edge; from the crossing the content decelerates inside with the speed it
///   crossed at.
/// Outward speeds are capped so that the bounce never passes the rubber band's limit
/// (`CriticallyDampedSpring.maximumOutwardSpeed`); this only bites above ~25,000 pt/s.
struct MotionPlanner {
    var parameters: ScrollParameters
    var bounds: ClosedRange<Double>
    var rubberBandLimit: Double
    var tolerance: Tolerance
    var chainsLeadingEdge = false
    var chainsTrailingEdge = false

    func free(from x0: Double, velocity v0: Double, at t0: Double) -> Motion {
        var motion = Motion(end: t0, restOffset: x0)
        var x = x0, v = v0, t = t0
        let lo = bounds.lowerBound, hi = bounds.upperBound
        for _ in 0..<3 {
            if x < lo || x > hi {
                let edge = x < lo ? lo : hi
                let spring = bounce(from: x, velocity: v, edge: edge)
                if let crossing = spring.targetCrossingTime {
                    motion.segments.append(.init(piece: .spring(spring, .bouncing), start: t, end: t + crossing))
                    v = spring.velocity(at: crossing)
                    x = edge
                    t += crossing
                    continue
                }
                motion.segments.append(.init(piece: .spring(spring, .bouncing), start: t, end: t + spring.settleTime))
                motion.end = t + spring.settleTime
                motion.restOffset = edge
                return motion
            }
            let friction = FrictionSimulation(origin: x, velocity: v, decelerationRate: parameters.decelerationRate,
                                              power: parameters.decelerationPower, tolerance: tolerance)
            let edge = v > 0 ? hi : lo
            if friction.settleTime > 0, let crossing = friction.time(toTravel: abs(edge - x)) {
                if crossing > 0 {
                    motion.segments.append(.init(piece: .friction(friction), start: t, end: t + crossing))
                }
                let speed = friction.velocity(at: crossing)
                t += crossing
                let chained = v > 0 ? chainsTrailingEdge : chainsLeadingEdge
                if chained {
                    motion.end = t
                    motion.restOffset = edge
                    motion.handOff = (v > 0 ? .trailing : .leading, speed)
                    return motion
                }
                let spring = bounce(from: edge, velocity: speed, edge: edge)
                motion.segments.append(.init(piece: .spring(spring, .bouncing), start: t, end: t + spring.settleTime))
                motion.end = t + spring.settleTime
                motion.restOffset = edge
                return motion
            }
            if friction.settleTime > 0 {
                motion.segments.append(.init(piece: .friction(friction), start: t, end: t + friction.settleTime))
            }
            motion.end = t + friction.settleTime
            motion.restOffset = friction.restPosition
            return motion
        }
        // Unreachable in practice (at most: bounce in, glide, bounce out); rest where it is.
        motion.end = t
        motion.restOffset = min(max(x, lo), hi)
        return motion
    }

    /// A spring (δ = pageDamping) to `target`, for snapping and animated scrolls.
    ///
    /// The start speed is capped so that the spring never carries the content further past the
    /// bounds than the rubber band's limit: |y| ≤ |y0| + |v0|/(δ·e) when moving away from the
    /// target, and the swing through it is at most |v0|/(δ·e) when moving toward it.
    func snap(from x: Double, velocity v: Double, to target: Double, at t: Double, index: Int?) -> Motion {
        let damping = parameters.pageDamping
        let y0 = x - target
        let room = (v > 0 ? bounds.upperBound - target : target - bounds.lowerBound) + rubberBandLimit
        let away = y0 == 0 || (y0 > 0) == (v > 0)
        let cap = max(0, away ? room - abs(y0) : room) * damping * M_E
        let speed = min(abs(v), cap)
        let spring = CriticallyDampedSpring(from: x, velocity: v < 0 ? -speed : speed, to: target, damping: damping,
                                            tolerance: tolerance)
        var motion = Motion(end: t + spring.settleTime, restOffset: target)
        if spring.settleTime > 0 {
            motion.segments.append(.init(piece: .spring(spring, .settling), start: t, end: motion.end))
        }
        motion.targetIndex = index
        return motion
    }

    /// Free motion that rests exactly on `target`: the friction that stops there when the
    /// release heads that way (keeping the release velocity, so nothing jumps) and needs at
    /// most 4× the configured friction, else a snap.
    func toward(_ target: Double, from x: Double, velocity v: Double, at t: Double) -> Motion {
        let inside = target >= bounds.lowerBound && target <= bounds.upperBound
            && x >= bounds.lowerBound && x <= bounds.upperBound
        if inside, let friction = FrictionSimulation.travelling(distance: target - x, from: x, velocity: v,
                                                                 power: parameters.decelerationPower, tolerance: tolerance),
           friction.coefficient <= 4 * FrictionSimulation.coefficient(decelerationRate: parameters.decelerationRate,
                                                                      power: parameters.decelerationPower) {
            var motion = Motion(end: t + friction.settleTime, restOffset: target)
            motion.segments.append(.init(piece: .friction(friction), start: t, end: motion.end))
            return motion
        }
        return snap(from: x, velocity: v, to: target, at: t, index: nil)
    }

    private func bounce(from x: Double, velocity v: Double, edge: Double) -> CriticallyDampedSpring {
        let outward: Double = x < edge || (x == edge && v < 0) ? -1 : 1
        var velocity = v
        if velocity * outward > 0 {
            let cap = CriticallyDampedSpring.maximumOutwardSpeed(displacement: x - edge, limit: rubberBandLimit,
                                                                 damping: parameters.bounceDamping)
            velocity = outward * min(velocity * outward, cap)
        }
        return CriticallyDampedSpring(from: x, velocity: velocity, to: edge, damping: parameters.bounceDamping,
                                      tolerance: tolerance)
    }
}
