#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Android 12+ stretch overscroll (`core/java/android/widget/EdgeEffect.java`, TYPE_STRETCH).
///
/// The content does not move past the edge; it is scaled about the edge by
/// `1 + dampStretchVector(d)`, d = mDistance (pull distance / view height, ≤ 1):
///
///     dampStretchVector(d) = 0.016·d + 0.016·(1 − e^(−d·e/0.33))
///
/// Shown here as the offset the far end of the viewport moves: vec(d)·viewport (pt), at most
/// 3.2 % of the viewport. A pull sets d = finger travel past the edge / viewport
/// (`onPullDistance`, 1:1, capped at 1). Release (`onRelease`) and a fling hitting the edge
/// (`onAbsorb(v)`, v·13 px/s, ON_ABSORB_VELOCITY_ADJUSTMENT) run the underdamped spring of
/// `updateSpring` on the pull distance in pixels (NATURAL_FREQUENCY 24.657 /s, DAMPING_RATIO
/// 0.98), capped at d = 1 (restarting from rest there), ending where the displacement would go
/// negative, or, once within LINEAR_DISTANCE_TAKE_OVER 8 px moving back at ≤ 200 px/s
/// (LINEAR_VELOCITY_TAKE_OVER), at a straight 200 px/s. The source decides the take-over at
/// frame times; here at the exact moment (found by scanning at 0.1 ms and bisecting).
public struct StretchEdge: Sendable, Equatable {
    public var naturalFrequency = 24.657
    public var dampingRatio = 0.98
    public var absorbAdjustment = 13.0
    public var linearIntensity = 0.016
    public var expIntensity = 0.016
    public var expDistance = 0.33
    public var linearVelocity = 200.0
    public var linearDistance = 8.0

    public init() {}

    /// dampStretchVector(d), d in [0, 1].
    public func vector(_ d: Double) -> Double {
        let d = min(max(d, 0), 1)
        return linearIntensity * d + expIntensity * (1 - exp(-d * M_E / expDistance))
    }

    /// d(vector)/dd.
    public func vectorSlope(_ d: Double) -> Double {
        let d = min(max(d, 0), 1)
        return linearIntensity + expIntensity * M_E / expDistance * exp(-d * M_E / expDistance)
    }

    /// The d whose stretch is `vector` (inverse by bisection; vector is increasing).
    public func distance(forVector target: Double) -> Double {
        guard target > 0 else { return 0 }
        guard target < vector(1) else { return 1 }
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if vector(middle) < target { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The recede of a stretch of `pixels` with speed `speed` (px/s, positive = growing), in a
    /// view `height` px tall: the stretch in pixels over time.
    public func recede(pixels: Double, speed: Double, height: Double) -> StretchRecede {
        StretchRecede(edge: self, pixels: pixels, speed: speed, height: max(height, 1))
    }
}

/// The pull distance (px) of a receding stretch over time, piece by piece.
public struct StretchRecede: Sendable, Equatable {
    struct Piece: Sendable, Equatable {
        var start: Double
        /// Spring start state (px, px/s), or a linear piece when `linear`.
        var pixels: Double
        var speed: Double
        var linear: Bool
    }

    let edge: StretchEdge
    let height: Double
    private(set) var pieces: [Piece] = []
    public private(set) var duration: Double = 0

    init(edge: StretchEdge, pixels: Double, speed: Double, height: Double) {
        self.edge = edge
        self.height = height
        var x = min(max(pixels, 0), height), v = speed.isFinite ? speed : 0, t = 0.0
        if x == 0, v <= 0 { return }
        if x >= height, v > 0 { v = 0 }
        for _ in 0..<4 {
            pieces.append(Piece(start: t, pixels: x, speed: v, linear: false))
            let (end, reason) = firstEvent(x0: x, v0: v)
            let (xe, ve) = spring(x0: x, v0: v, t: end)
            t += end
            switch reason {
            case .cap: x = height; v = 0
            case .crossed: duration = t; return
            case .linear:
                pieces.append(Piece(start: t, pixels: xe, speed: -edge.linearVelocity, linear: true))
                duration = t + max(0, xe) / edge.linearVelocity
                return
            case .none:
                _ = ve
                duration = t
                return
            }
        }
        duration = t
    }

    enum Event { case cap, crossed, linear, none }

    func spring(x0: Double, v0: Double, t: Double) -> (Double, Double) {
        let w = edge.naturalFrequency, z = edge.dampingRatio
        let wd = w * (1 - z * z).squareRoot()
        let cosCoeff = x0, sinCoeff = (z * w * x0 + v0) / wd
        let envelope = exp(-z * w * t)
        let x = envelope * (cosCoeff * cos(wd * t) + sinCoeff * sin(wd * t))
        let v = x * (-w) * z + envelope * (-wd * cosCoeff * sin(wd * t) + wd * sinCoeff * cos(wd * t))
        return (x, v)
    }

    private func event(_ x: Double, _ v: Double) -> Event {
        if x >= height, v > 0 { return .cap }
        if x < 0 { return .crossed }
        if abs(v) <= edge.linearVelocity, abs(x) < edge.linearDistance, v < 0 { return .linear }
        return .none
    }

    /// The first time (s) from a spring start at which one of the ends applies, and which.
    private func firstEvent(x0: Double, v0: Double) -> (Double, Event) {
        let step = 1e-4
        var previous = 0.0
        var t = step
        while t < 10 {
            let (x, v) = spring(x0: x0, v0: v0, t: t)
            let found = event(x, v)
            if found != .none {
                var low = previous, high = t
                for _ in 0..<50 {
                    let middle = (low + high) / 2
                    let (xm, vm) = spring(x0: x0, v0: v0, t: middle)
                    if event(xm, vm) == .none { low = middle } else { high = middle }
                }
                let (xh, vh) = spring(x0: x0, v0: v0, t: high)
                return (high, event(xh, vh) == .none ? found : event(xh, vh))
            }
            previous = t
            t += step
        }
        return (10, .none)
    }

    /// Pull distance in px at time t (s).
    public func pixels(at t: Double) -> Double {
        guard t < duration, let piece = pieces.last(where: { t >= $0.start }) else { return 0 }
        let local = t - piece.start
        if piece.linear { return max(0, piece.pixels + piece.speed * local) }
        return min(max(0, spring(x0: piece.pixels, v0: piece.speed, t: local).0), height)
    }

    /// Speed of the pull distance in px/s at time t (s).
    public func speed(at t: Double) -> Double {
        guard t < duration, let piece = pieces.last(where: { t >= $0.start }) else { return 0 }
        let local = t - piece.start
        if piece.linear { return piece.speed }
        return spring(x0: piece.pixels, v0: piece.speed, t: local).1
    }
}

/// A stretch shown as an offset past `edge`: edge ± vec(pixels/height)·viewport.
public struct StretchShown: Simulation {
    public var curve: SimulationCurve { .stretch(self) }
    public let edge: Double
    /// +1 past the trailing edge, −1 past the leading edge.
    public let side: Double
    public let viewport: Double
    public let recede: StretchRecede
    public let stretch: StretchEdge

    public var settleTime: Double { recede.duration }
    public var restPosition: Double { edge }

    public func position(at t: Double) -> Double {
        edge + side * stretch.vector(recede.pixels(at: max(0, t)) / recede.height) * viewport
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        let d = recede.pixels(at: max(0, t)) / recede.height
        return side * stretch.vectorSlope(d) * recede.speed(at: max(0, t)) / recede.height * viewport
    }
}
