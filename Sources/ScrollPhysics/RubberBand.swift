/// How far the content follows a finger that pulls it past an edge.
///
///     f(x) = c·x / (1 + c·x/d)        x = finger travel past the edge (pt), f = visible overshoot (pt)
///
/// Li's “UIScrollView drag conversion rate and paging” measured the ratio overshoot ÷ finger travel on iOS and found it
/// falls on a straight
/// line `g = k·f + b`, which gives `f(x) = x·b/(1 − k·x)` with b = 0.55 and k = −0.55/d, d the
/// scroll view's length along the axis (its table: d = 1000 → k = −0.00055, 200 → −0.0027).
/// This is that curve with c = b: it starts with slope c, bends, and approaches d without ever
/// reaching it. It is symmetric: negative travel gives negative overshoot.
public struct RubberBand: Equatable, Sendable {
    /// c, the slope at the edge (dimensionless; Li's “UIScrollView drag conversion rate and paging”: 0.55).
    public var coefficient: Double
    /// d, the overshoot that is approached but never reached, in points (Li's “UIScrollView drag conversion rate and
    /// paging”: the view's length).
    public var limit: Double

    public init(coefficient: Double = 0.55, limit: Double) {
        self.coefficient = coefficient
        self.limit = limit
    }

    /// f(x), in points.
    public func overshoot(forPull x: Double) -> Double {
        guard usable, !x.isNaN else { return 0 }
        guard x.isFinite else { return x > 0 ? limit : -limit }
        let pull = abs(x)
        let f = coefficient * pull / (1 + coefficient * pull / limit)
        return x < 0 ? -f : f
    }

    /// The inverse, x = f·d / (c·(d − f)): the finger travel that shows an overshoot of `f`
    /// points. Used to re-grab content that is mid-bounce without a jump. Overshoots at or past
    /// the limit are treated as a hair inside it.
    public func pull(forOvershoot f: Double) -> Double {
        guard usable, f.isFinite else { return 0 }
        let shown = min(abs(f), limit * (1 - 1e-9))
        let x = shown * limit / (coefficient * (limit - shown))
        return f < 0 ? -x : x
    }

    /// df/dx = c / (1 + c·x/d)², dimensionless: converts finger speed to content speed.
    public func slope(atPull x: Double) -> Double {
        guard usable, x.isFinite else { return 0 }
        let q = 1 + coefficient * abs(x) / limit
        return coefficient / (q * q)
    }

    /// The k of Li's line g = k·f + b for this band (1/pt): −c/d.
    public var lineSlope: Double { usable ? -coefficient / limit : 0 }

    private var usable: Bool {
        coefficient.isFinite && limit.isFinite && coefficient > 0 && limit > 0
    }
}
