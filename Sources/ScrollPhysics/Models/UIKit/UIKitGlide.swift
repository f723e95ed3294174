#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIScrollView's glide after the finger lifts, summed in closed form.
///
/// UIKit steps the glide once per display frame of T elapsed milliseconds:
///
///     x += v·r·(1 − r^T)/(1 − r)·m        v ×= r^T          (v in pt/ms, r per ms)
///
/// The steps compose (two steps of T₁ and T₂ equal one of T₁ + T₂), so the position after τ ms
/// of glide is the same sum whatever the frame rate: x(τ) = x0 + m·v0·r·(1 − r^τ)/(1 − r).
/// m is the fast-scroll multiplier (`FastScrollStreak`; 1 for a single flick); it scales the
/// distance, not the velocity. The glide ends when |v0·r^τ| falls to the stop speed (UIKit:
/// 0.01 pt/ms): τ_end = ln(stop/|v0|)/ln r, which gives the rest
/// x0 + sign(v0)·(|v0| − stop)·r/(1 − r)·m, snapped to the device's pixel grid.
///
/// **The first frame.** At release UIKit integrates one whole display frame at once (1/refresh
/// rate: 16.67 ms at 60 Hz, 8.33 ms at 120 Hz), whatever time has passed since the last touch
/// event: the content jumps ahead by about v/60 on the release frame. Here that is a lead: glide
/// time τ = 1000·(t + lead) ms at t seconds after release, so a trace at any rate samples the
/// same function of time and still shows the jump at the release instant.
///
/// Source: the public reverse-engineering of UIKitCore (iOS 26.2) as stated in ScrollLab's
/// UIKit-pipeline issue; the rate is `UIScrollView.DecelerationRate` (normal 0.998, fast 0.99).
public struct UIKitGlide: Simulation, Equatable {
    public var curve: SimulationCurve { .uikitGlide(self) }
    /// Offset at release, pt.
    public let origin: Double
    /// Release velocity v0, pt/s (content direction).
    public let initialVelocity: Double
    /// r, the velocity kept per millisecond.
    public let rate: Double
    /// m, the fast-scroll multiplier (≥ 1).
    public let multiplier: Double
    /// Glide time already run at release, s (one display frame).
    public let lead: Double
    /// |v| at which the glide ends, pt/s.
    public let stopSpeed: Double
    /// Pixels per point of the rest snap (0: no snap).
    public let pixelsPerPoint: Double
    /// Glide time at which it ends, ms (0 when it never starts).
    public let duration: Double

    public init(
        from origin: Double, velocity: Double, rate: Double, multiplier: Double = 1, lead: Double = 0,
        stopSpeed: Double = 10, pixelsPerPoint: Double = 0
    ) {
        let usable =
            origin.isFinite && velocity.isFinite && rate.isFinite && rate > 0 && rate < 1
            && multiplier.isFinite && multiplier > 0 && lead.isFinite && stopSpeed.isFinite
        self.origin = origin.isFinite ? origin : 0
        self.initialVelocity = usable ? velocity : 0
        self.rate = usable ? rate : 0.998
        self.multiplier = usable ? multiplier : 1
        self.lead = usable ? max(0, lead) : 0
        self.stopSpeed = usable ? max(stopSpeed, 1e-9) : 10
        self.pixelsPerPoint = pixelsPerPoint.isFinite && pixelsPerPoint > 0 ? pixelsPerPoint : 0
        let speed = abs(self.initialVelocity)
        duration = speed > self.stopSpeed ? log(self.stopSpeed / speed) / log(self.rate) : 0
    }

    /// r·(1 − r^τ)/(1 − r): how far 1 pt/ms carries in τ ms (ms).
    static func reach(rate r: Double, ms tau: Double) -> Double { r * -expm1(tau * log(r)) / (1 - r) }

    /// Distance glided after τ ms of glide time (pt), signed.
    public func distance(afterGlideTime tau: Double) -> Double {
        let tau = min(max(0, tau), duration)
        return multiplier * initialVelocity / 1000 * Self.reach(rate: rate, ms: tau)
    }

    /// Where the glide ends before the pixel snap, pt.
    public var unsnappedRest: Double { origin + distance(afterGlideTime: duration) }

    public var restPosition: Double {
        let rest = unsnappedRest
        guard pixelsPerPoint > 0 else { return rest }
        let snapped = (rest * pixelsPerPoint).rounded() / pixelsPerPoint
        return snapped.isFinite ? snapped : rest
    }

    /// Seconds after release at which it rests (0 when the lead covers the whole glide).
    public var settleTime: Double { max(0, duration / 1000 - lead) }

    public func position(at t: Double) -> Double {
        guard t < settleTime else { return restPosition }
        return origin + distance(afterGlideTime: 1000 * (max(0, t) + lead))
    }

    /// dx/dt = m·v0·r·(−ln r)·r^τ/(1 − r), pt/s.
    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        return velocity(afterGlideTime: 1000 * (max(0, t) + lead))
    }

    /// dx/dt after τ ms of glide time, pt/s (scaled by m).
    public func velocity(afterGlideTime tau: Double) -> Double {
        guard tau < duration else { return 0 }
        return multiplier * initialVelocity * rate * -log(rate) * pow(rate, max(0, tau)) / (1 - rate)
    }

    /// The glide's own velocity v0·r^τ after τ ms of glide time, pt/s (not scaled by m).
    public func innerVelocity(afterGlideTime tau: Double) -> Double { initialVelocity * pow(rate, max(0, tau)) }

    /// The glide time (ms) at which it has travelled `distance` pt in its direction, or nil if it
    /// ends first.
    public func glideTime(toTravel distance: Double) -> Double? {
        guard initialVelocity != 0, distance.isFinite else { return nil }
        let along = initialVelocity > 0 ? distance : -distance
        guard along >= 0 else { return nil }
        guard along > 0 else { return 0 }
        let full = abs(self.distance(afterGlideTime: duration))
        guard along <= full else { return nil }
        let fraction = along * (1 - rate) / (multiplier * abs(initialVelocity) / 1000 * rate)
        guard fraction < 1 else { return nil }
        let tau = log1p(-fraction) / log(rate)
        return tau.isFinite ? min(tau, duration) : nil
    }
}
