#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIScrollView's return from past an edge: not a spring but the glide's own step with the
/// excess decaying by a fixed factor per millisecond.
///
/// With e the excess past the edge (pt, > 0 outward) and w the velocity still held (pt/ms,
/// > 0 outward), per T ms:
///
///     e ← q^T·e + w·r·(1 − r^T)/(1 − r)·q^T        w ← w·r^T·q^T
///
/// (q = 0.99 per ms, a 10.05 /s decay whatever the deceleration rate r). The steps compose, so
///
///     e(τ) = q^τ·(e0 + w0·r·(1 − r^τ)/(1 − r))
///
/// exactly, at any frame rate. A release moving outward keeps moving out at first, peaking where
/// r^τ = ln q·(e0 + A)/(A·(ln q + ln r)) with A = w0·r/(1 − r); one moving inward fast enough
/// crosses the edge at r^τ = 1 + e0·(1 − r)/(w0·r) and glides on inside with w0·(r·q)^τ. It
/// settles when within `settleDistance` of the edge (UIKit: half a pixel). The fast-scroll
/// multiplier never scales it.
///
/// A held overscroll of 177 pt released with 0.49 pt/ms still outward (what a simulated finger
/// leaves in the recognizer) gives 157.3, 105.9, 45.9, 14.1 and 2.2 pt after 16, 67, 167, 300
/// and 500 ms: a public recording of a real UIScrollView shows 157, 106, 46, 14 and 2.
///
/// Source: the public reverse-engineering of UIKitCore (iOS 26.2) stated in ScrollLab's
/// UIKit-pipeline issue.
public struct UIKitEdgeReturn: Simulation, Equatable {
    public var curve: SimulationCurve { .uikitEdgeReturn(self) }
    /// The edge, pt.
    public let edge: Double
    /// +1 past the trailing edge (offsets above it), −1 past the leading edge.
    public let side: Double
    /// e0 ≥ 0, pt.
    public let initialExcess: Double
    /// w0, pt/ms, > 0 outward.
    public let initialOutward: Double
    public let rate: Double
    /// q, the excess kept per millisecond.
    public let decay: Double
    /// Glide time already run at the start, ms (the release frame's lead).
    public let lead: Double
    public let settleDistance: Double
    /// Return time (ms) at which it settles on the edge or crosses into the content.
    public let duration: Double
    /// Whether it ends by crossing into the content (with `exitVelocity`) rather than settling.
    public let crossesIn: Bool

    /// Starts at `position` past `edge` with `velocity` (pt/s, content direction). The outward
    /// velocity is capped so that the farthest excess stays within `limit` (the rubber band's).
    public init(
        from position: Double, velocity: Double, edge: Double, rate: Double, decay: Double = 0.99,
        lead: Double = 0, settleDistance: Double = 0.5 / 3, limit: Double = .infinity
    ) {
        let usable =
            position.isFinite && velocity.isFinite && edge.isFinite && rate > 0 && rate < 1
            && decay > 0 && decay < 1 && lead.isFinite
        self.edge = edge.isFinite ? edge : 0
        // On the edge itself (a glide arriving) the side is the one the velocity heads for.
        let side: Double = position > edge ? 1 : position < edge ? -1 : (velocity < 0 ? -1 : 1)
        self.side = side
        let e0 = usable ? abs(position - edge) : 0
        self.initialExcess = e0
        self.rate = usable ? rate : 0.998
        self.decay = usable ? decay : 0.99
        self.lead = usable ? max(0, lead) : 0
        self.settleDistance = settleDistance.isFinite && settleDistance > 0 ? settleDistance : 0.1
        var w = usable ? side * velocity / 1000 : 0
        if w > 0, limit.isFinite, limit > e0 {
            w = min(w, Self.largestOutward(excess: e0, limit: limit, rate: self.rate, decay: self.decay))
        } else if w > 0, limit.isFinite {
            w = 0
        }
        self.initialOutward = w
        // Crossing into the content: e(τ) = 0 where r^τ = 1 + e0·(1 − r)/(w·r), for w < 0.
        if w < 0 {
            let rt = 1 + e0 * (1 - self.rate) / (w * self.rate)
            if rt > 0, rt < 1 {
                duration = log(rt) / log(self.rate)
                crossesIn = true
                return
            }
            if rt >= 1 {  // e0 = 0 and moving in: crosses at once
                duration = 0
                crossesIn = true
                return
            }
        }
        crossesIn = false
        duration = Self.settleTime(e0: e0, w: w, rate: self.rate, decay: self.decay, within: self.settleDistance)
    }

    static func excess(e0: Double, w: Double, rate r: Double, decay q: Double, ms tau: Double) -> Double {
        pow(q, tau) * (e0 + w * UIKitGlide.reach(rate: r, ms: tau))
    }

    /// The glide time τ (ms) of the farthest excess, for w > 0.
    static func peakTime(e0: Double, w: Double, rate r: Double, decay q: Double) -> Double {
        guard w > 0 else { return 0 }
        let a = w * r / (1 - r)
        let rt = log(q) * (e0 + a) / (a * (log(q) + log(r)))
        guard rt > 0, rt < 1 else { return 0 }
        return log(rt) / log(r)
    }

    /// The largest outward w (pt/ms) whose farthest excess stays within `limit`.
    static func largestOutward(excess e0: Double, limit: Double, rate r: Double, decay q: Double) -> Double {
        func peak(_ w: Double) -> Double {
            excess(e0: e0, w: w, rate: r, decay: q, ms: peakTime(e0: e0, w: w, rate: r, decay: q))
        }
        var lo = 0.0, hi = 1.0
        while peak(hi) < limit, hi < 1e12 { hi *= 2 }
        for _ in 0..<80 {
            let mid = (lo + hi) / 2
            if peak(mid) < limit { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The first τ (ms) after which |e| stays within `within`.
    static func settleTime(e0: Double, w: Double, rate r: Double, decay q: Double, within: Double) -> Double {
        // e(τ) ≤ q^τ·(e0 + |w|·r/(1 − r)): past this bound it is within for good.
        let bound = e0 + abs(w) * r / (1 - r)
        guard bound > within else { return 0 }
        var hi = log(within / bound) / log(q)
        var lo = peakTime(e0: e0, w: w, rate: r, decay: q)
        guard abs(excess(e0: e0, w: w, rate: r, decay: q, ms: lo)) > within else { return lo }
        // On [peak, ∞) the excess only falls: bisect for the crossing of `within`.
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if abs(excess(e0: e0, w: w, rate: r, decay: q, ms: mid)) > within { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// The excess after τ ms of return, pt.
    public func excess(afterReturnTime tau: Double) -> Double {
        Self.excess(e0: initialExcess, w: initialOutward, rate: rate, decay: decay, ms: min(max(0, tau), duration))
    }

    /// The velocity still held after τ ms, pt/s, content direction: w0·(r·q)^τ.
    public func heldVelocity(afterReturnTime tau: Double) -> Double {
        side * 1000 * initialOutward * pow(rate * decay, max(0, tau))
    }

    public var settleTime: Double { max(0, duration / 1000 - lead) }

    public var restPosition: Double { edge }

    public func position(at t: Double) -> Double {
        guard t < settleTime else { return edge }
        return edge + side * excess(afterReturnTime: 1000 * (max(0, t) + lead))
    }

    /// de/dτ, converted to pt/s in the content direction.
    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        let tau = 1000 * (max(0, t) + lead)
        let q = pow(decay, tau)
        let e = excess(afterReturnTime: tau)
        let grow = initialOutward * rate * -log(rate) * pow(rate, tau) / (1 - rate)
        return side * 1000 * (log(decay) * e + q * grow)
    }
}
