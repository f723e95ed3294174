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

    func free(from x0: Double, velocity v0: Double) -> Motion {
        var motion = Motion(end: 0, restPosition: x0)
        var x = x0, v = v0, t = 0.0
        let lo = bounds.lowerBound, hi = bounds.upperBound
        for _ in 0..<3 {
            if x < lo || x > hi {
                let edge = x < lo ? lo : hi
                let spring = bounce(from: x, velocity: v, edge: edge)
                if let crossing = spring.targetCrossingTime {
                    motion.append(spring, kind: "spring", phase: .bouncing, at: t)
                    v = spring.velocity(at: crossing)
                    x = edge
                    t += crossing
                    continue
                }
                motion.append(spring, kind: "spring", phase: .bouncing, at: t)
                motion.end = t + spring.settleTime
                motion.restPosition = edge
                return motion
            }
            let friction = FrictionSimulation(
                origin: x, velocity: v, decelerationRate: parameters.decelerationRate,
                power: parameters.decelerationPower, tolerance: tolerance)
            let edge = v > 0 ? hi : lo
            if friction.settleTime > 0, let crossing = friction.time(toTravel: abs(edge - x)) {
                if crossing > 0 {
                    motion.append(friction, kind: "friction", phase: .decelerating, at: t)
                }
                let speed = friction.velocity(at: crossing)
                t += crossing
                let chained = v > 0 ? chainsTrailingEdge : chainsLeadingEdge
                if chained {
                    motion.end = t
                    motion.restPosition = edge
                    motion.handOff = Motion.HandOff(edge: v > 0 ? .trailing : .leading, velocity: speed)
                    return motion
                }
                let spring = bounce(from: edge, velocity: speed, edge: edge)
                motion.append(spring, kind: "spring", phase: .bouncing, at: t)
                motion.end = t + spring.settleTime
                motion.restPosition = edge
                return motion
            }
            if friction.settleTime > 0 {
                motion.append(friction, kind: "friction", phase: .decelerating, at: t)
            }
            motion.end = t + friction.settleTime
            motion.restPosition = friction.restPosition
            return motion
        }
        // Unreachable in practice (at most: bounce in, glide, bounce out); rest where it is.
        motion.end = t
        motion.restPosition = min(max(x, lo), hi)
        return motion
    }

    /// UIKit's free motion from `x0` with `v0` (pt/s), step by step as UIScrollView
    /// takes it but in closed form: its glide (`UIKitGlide`, scaled by the fast-scroll
    /// `multiplier`) up to the exact time it reaches an edge, then its return (`UIKitEdgeReturn`)
    /// with the glide's own velocity at the crossing (never multiplied); a return that swings
    /// back into the content glides on inside. `lead` is glide time already run at its start (the
    /// release frame's whole display frame); a crossing inside it leaves the rest of it to the
    /// next piece. On a chained edge the motion ends at the crossing and hands its speed on.
    func uikit(from x0: Double, velocity v0: Double, lead l0: Double = 0, multiplier: Double = 1) -> Motion {
        var motion = Motion(end: 0, restPosition: x0)
        var x = x0, v = v0, t = 0.0, lead = l0, m = multiplier
        let lo = bounds.lowerBound, hi = bounds.upperBound
        let p = parameters
        let settle = 0.5 / max(1, p.displayScale)
        for _ in 0..<4 {
            if x < lo || x > hi {
                let edge = x < lo ? lo : hi
                let back = UIKitEdgeReturn(
                    from: x, velocity: v, edge: edge, rate: p.decelerationRate, decay: p.edgeDecay,
                    lead: lead, settleDistance: settle, limit: rubberBandLimit)
                let end = t + back.settleTime
                if back.settleTime > 0 { motion.append(back, kind: "edgeReturn", phase: .bouncing, at: t) }
                guard back.crossesIn else {
                    motion.end = end
                    motion.restPosition = edge
                    return motion
                }
                v = back.heldVelocity(afterReturnTime: back.duration)
                x = edge
                lead = max(0, lead - back.duration / 1000)
                t = end
                m = 1
                continue
            }
            let glide = UIKitGlide(
                from: x, velocity: v, rate: p.decelerationRate, multiplier: m, lead: lead,
                stopSpeed: p.glideStopVelocity, pixelsPerPoint: p.displayScale)
            guard glide.duration > 0 else {
                motion.end = t
                motion.restPosition = x
                return motion
            }
            let edge = v > 0 ? hi : lo
            if let tau = glide.glideTime(toTravel: edge - x) {
                let cross = t + max(0, tau / 1000 - lead)
                if cross > t { motion.append(glide, kind: "glide", phase: .decelerating, at: t) }
                if v > 0 ? chainsTrailingEdge : chainsLeadingEdge {
                    motion.end = cross
                    motion.restPosition = edge
                    // The glide's own velocity (times m): a UIKit glide started with it moves on at
                    // exactly the crossing's dx/dt, so the hand-off is seamless.
                    motion.handOff = Motion.HandOff(
                        edge: v > 0 ? .trailing : .leading,
                        velocity: glide.multiplier * glide.innerVelocity(afterGlideTime: tau))
                    return motion
                }
                v = glide.innerVelocity(afterGlideTime: tau)
                x = edge
                lead = max(0, lead - tau / 1000)
                t = cross
                m = 1
                // From exactly on the edge the return takes over (outward: it goes on out first).
                let back = UIKitEdgeReturn(
                    from: x, velocity: v, edge: edge, rate: p.decelerationRate, decay: p.edgeDecay,
                    lead: lead, settleDistance: settle, limit: rubberBandLimit)
                let end = t + back.settleTime
                if back.settleTime > 0 { motion.append(back, kind: "edgeReturn", phase: .bouncing, at: t) }
                motion.end = end
                motion.restPosition = edge
                return motion
            }
            if p.halfRateTail != 0 {
                let tail = HalfRateTail(glide, refreshRate: p.refreshRate)
                motion.append(tail, kind: "glide", phase: .decelerating, at: t)
            } else {
                motion.append(glide, kind: "glide", phase: .decelerating, at: t)
            }
            motion.end = t + glide.settleTime
            motion.restPosition = min(max(glide.restPosition, lo), hi)
            return motion
        }
        motion.end = t
        motion.restPosition = min(max(x, lo), hi)
        return motion
    }

    /// A spring (δ = pageDamping unless given) to `target`, for snapping and animated scrolls.
    ///
    /// The start speed is capped so that the spring never carries the content further past the
    /// bounds than the rubber band's limit: |y| ≤ |y0| + |v0|/(δ·e) when moving away from the
    /// target, and the swing through it is at most |v0|/(δ·e) when moving toward it.
    func snap(from x: Double, velocity v: Double, to target: Double, index: Int?, damping: Double? = nil) -> Motion {
        let damping = damping ?? parameters.pageDamping
        let y0 = x - target
        let room = (v > 0 ? bounds.upperBound - target : target - bounds.lowerBound) + rubberBandLimit
        let away = y0 == 0 || (y0 > 0) == (v > 0)
        let cap = max(0, away ? room - abs(y0) : room) * damping * M_E
        let speed = min(abs(v), cap)
        let spring = CriticallyDampedSpring(
            from: x, velocity: v < 0 ? -speed : speed, to: target, damping: damping,
            tolerance: tolerance)
        var motion = Motion(end: spring.settleTime, restPosition: target)
        if spring.settleTime > 0 {
            motion.append(spring, kind: "spring", phase: .settling, at: 0)
        }
        motion.targetIndex = index
        motion.aims = true
        return motion
    }

    static let longestPageApproach = PageApproach.longestDuration

    /// Travels to `target` by the parameters' `pageMotion` (see `PageMotion`): a page chosen at
    /// release, a wheel or keyboard step, an animated scroll.
    ///
    /// Decelerate: with D = |target − x|, u the release speed toward the target and δp the page
    /// damping. A critically damped spring y(t) = (y0 + (v0 + δ·y0)·t)·e^(−δt) started with the
    /// release velocity never crosses its target when u ≤ δ·D, and never speeds up when
    /// u ≥ δ·D/2 (its speed (u + δ·(δD − u)·t)·e^(−δt) then only falls). So:
    /// - u > δp·D (fast, close): the spring with δ = u/D — a pure exponential D·e^(−ut/D) that
    ///   starts at exactly the release speed;
    /// - δp·D/2 ≤ u ≤ δp·D: the page spring itself, which only slows down;
    /// - 0 < u < δp·D/2: `PageApproach` over T = min(0.75 s, 2·D/u): constant deceleration when
    ///   2·D/u ≤ 0.75 s, else the cubic that starts at u and arrives at rest in 0.75 s — never
    ///   faster than released when u ≥ 1.5·D/0.75 s = 2·D per second, otherwise peaking at most
    ///   at 2·D per second (a 400 pt/s flick 804 pt from the page: 1,516 pt/s, where the page
    ///   spring would reach 5,917);
    /// - u ≤ 0 (from rest or heading away): the page spring from the release velocity, which
    ///   cannot overshoot.
    /// Content outside the bounds heading back to the edge's own target returns as an edge
    /// does (`edgeReturn`).
    ///
    /// UIKit: UIScrollView's paging integrator (`UIKitPagingIntegrator`) with its constants from
    /// `pageLength` (the bounds size along the axis, or a carousel's cell pitch), stepped at the
    /// refresh rate on the display scale's grid.
    func page(from x: Double, velocity v: Double, to target: Double, index: Int?, pageLength: Double = 0) -> Motion {
        if parameters.pageMotion == .uikit, x.isFinite, v.isFinite, target.isFinite {
            return uikitPage(from: x, velocity: v, to: target, index: index, pageLength: pageLength)
        }
        guard parameters.pageMotion == .decelerate, x.isFinite, v.isFinite, target.isFinite else {
            return snap(from: x, velocity: v, to: target, index: index)
        }
        let lo = bounds.lowerBound, hi = bounds.upperBound
        if (x < lo && target == lo) || (x > hi && target == hi) {
            var motion = edgeReturn(from: x, velocity: v, edge: target)
            motion.targetIndex = index
            motion.aims = true
            return motion
        }
        let distance = abs(target - x)
        let toward = target > x ? v : -v
        let damping = parameters.pageDamping
        guard distance > tolerance.distance, toward > 0 else {
            return snap(from: x, velocity: v, to: target, index: index)
        }
        if toward > damping * distance {
            return snap(from: x, velocity: v, to: target, index: index, damping: toward / distance)
        }
        if toward < damping * distance / 2 {
            let duration = min(Self.longestPageApproach, 2 * distance / toward)
            let approach = PageApproach(from: x, velocity: v, to: target, duration: duration)
            var motion = Motion(end: duration, restPosition: target)
            motion.append(approach, kind: "approach", phase: .settling, at: 0)
            motion.targetIndex = index
            motion.aims = true
            return motion
        }
        return snap(from: x, velocity: v, to: target, index: index)
    }

    private func uikitPage(from x: Double, velocity v: Double, to target: Double, index: Int?, pageLength: Double)
        -> Motion
    {
        let lo = bounds.lowerBound, hi = bounds.upperBound
        var motion: Motion
        if (x < lo && target == lo) || (x > hi && target == hi) {
            // Let go past an edge whose page is the target: it returns as any release past an edge.
            motion = followsUIKitReturn ? uikit(from: x, velocity: v) : edgeReturn(from: x, velocity: v, edge: target)
        } else {
            let turn = UIKitPagingIntegrator(
                from: x, velocity: v, to: target, boundsSize: pageLength, refreshRate: parameters.refreshRate,
                scale: parameters.displayScale, bounds: bounds)
            motion = Motion(end: turn.settleTime, restPosition: target)
            if turn.settleTime > 0 { motion.append(turn, kind: "uikitPage", phase: .settling, at: 0) }
        }
        motion.targetIndex = index
        motion.aims = true
        return motion
    }

    private var followsUIKitReturn: Bool { parameters.followsUIKitSteps }

    /// Content let go outside the bounds, heading back to `edge`: the bounce spring (δ =
    /// bounceDamping) launched toward the edge at k·|y0| on top of the release velocity
    /// (k = `edgeReturnRate`, y0 = x − edge), its inward speed capped at δ·|y0| so that it
    /// never swings into the content:
    ///
    ///     y(t) = (y0 + (v0 + δ·y0)·t)·e^(−δt),   v0 = v − k·y0
    ///
    /// Fitted to a real UIScrollView released from a held 177 pt overscroll (δ = 10.9 from
    /// Li's “UIScrollView drag conversion rate and paging” eq. 2, k = 7.3 /s): 157.2 pt after 16 ms, 105.8 after 67 ms,
    /// 45.9 after 167 ms,
    /// 14.0 after 300 ms, 2.1 after 500 ms — within 0.3 pt of the recording at every point;
    /// its 1/e time is 126 ms. k = 0 is Li's spring from rest (an ease-in).
    func edgeReturn(from x: Double, velocity v: Double, edge: Double) -> Motion {
        let y0 = x - edge
        let damping = parameters.bounceDamping
        var v0 = v - parameters.edgeReturnRate * y0
        let inward = y0 > 0 ? -v0 : v0
        if inward > damping * abs(y0) { v0 = y0 > 0 ? -damping * abs(y0) : damping * abs(y0) }
        let outward = -inward
        if outward > 0 {
            let cap = CriticallyDampedSpring.maximumOutwardSpeed(
                displacement: y0, limit: rubberBandLimit, damping: damping)
            if outward > cap { v0 = y0 > 0 ? cap : -cap }
        }
        let spring = CriticallyDampedSpring(from: x, velocity: v0, to: edge, damping: damping, tolerance: tolerance)
        var motion = Motion(end: spring.settleTime, restPosition: edge)
        if spring.settleTime > 0 {
            motion.append(spring, kind: "spring", phase: .bouncing, at: 0)
        }
        return motion
    }

    /// Free motion that rests exactly on `target`: the friction that stops there when the
    /// release heads that way (keeping the release velocity, so nothing jumps) and needs at
    /// most 4× the configured friction, else a snap.
    func toward(_ target: Double, from x: Double, velocity v: Double) -> Motion {
        let inside =
            target >= bounds.lowerBound && target <= bounds.upperBound
            && x >= bounds.lowerBound && x <= bounds.upperBound
        if inside,
            let friction = FrictionSimulation.travelling(
                distance: target - x, from: x, velocity: v,
                power: parameters.decelerationPower, tolerance: tolerance),
            friction.coefficient <= 4
                * FrictionSimulation.coefficient(
                    decelerationRate: parameters.decelerationRate,
                    power: parameters.decelerationPower)
        {
            var motion = Motion(end: friction.settleTime, restPosition: target)
            motion.append(friction, kind: "friction", phase: .decelerating, at: 0)
            return motion
        }
        return snap(from: x, velocity: v, to: target, index: nil)
    }

    private func bounce(from x: Double, velocity v: Double, edge: Double) -> CriticallyDampedSpring {
        let outward: Double = x < edge || (x == edge && v < 0) ? -1 : 1
        var velocity = v
        if velocity * outward > 0 {
            let cap = CriticallyDampedSpring.maximumOutwardSpeed(
                displacement: x - edge, limit: rubberBandLimit,
                damping: parameters.bounceDamping)
            velocity = outward * min(velocity * outward, cap)
        }
        return CriticallyDampedSpring(
            from: x, velocity: velocity, to: edge, damping: parameters.bounceDamping,
            tolerance: tolerance)
    }
}
