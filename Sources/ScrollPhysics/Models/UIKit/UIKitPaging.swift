#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// UIScrollView's paging integrator (`pageMotion: uikit`), stepped as UIKit steps it and kept
/// as the position after every display frame, so a trace at any `--fps` shows the same frames.
///
/// Per display frame of the model's refresh rate, n = trunc(1000 ms / refreshRate) steps of one
/// millisecond (the fractional millisecond of each frame is dropped: 16 at 60 Hz, 8 at 120 Hz),
/// velocity v in pt/ms, position x in pt:
///
///     d = target − x;  v = (v + d·pull)·friction;  x += v
///
/// then x is put on the display-scale pixel grid, x = floor(x) + round(frac(x)·scale)/scale. A
/// frame whose rounded x equals the previous frame's, while x ≠ target and |v| < 0.5 pt/ms,
/// moves x by 1/scale pt toward the target instead (the nudge: without it rounding could hold
/// the content a pixel short). It snaps to the target and stops when |v| < 0.01 pt/ms and
/// |target − x| ≤ 1 pt (x before rounding) and the rounded x is within 5 pt of the target, or
/// when the rounded x leaves the content bounds (a frame from inside them to outside: a turn
/// released past an edge toward a page inside is not stopped at once). The constants come from the bounds size D (pt)
/// along the axis (the page length; a carousel's cell pitch):
///
///     friction = 0.966818182 + 9.94318182e-6·D,   pull = 0.000359090909 − 1.84659091e-7·D
///     (0.977 and 0.00017 for D > 1024 pt: 0.970 / 0.000300 at 320 pt)
///
/// Frame k (k ≥ 1) shows from (k − 1)/refreshRate s after release: the release frame steps at
/// once, as UIKit's glide's release frame does (`UIKitGlide`'s lead).
///
/// Source: a decompile of iOS 26.1's UIKitCore, `-[UIScrollView _getPagingDecelerationOffset:
/// forTimeInterval:]` (the step, the rounding, the nudge and the stop) and `-[UIScrollView
/// setFrame:]` (friction and pull from the bounds size), as docs/uikit-paging-and-streams.md states.
public struct UIKitPagingIntegrator: Simulation, Equatable {
    public var curve: SimulationCurve { .uikitPaging(self) }
    public let origin: Double
    public let target: Double
    /// Release velocity, pt/s.
    public let initialVelocity: Double
    /// D, the bounds size along the axis (pt) the constants come from.
    public let boundsSize: Double
    public let refreshRate: Double
    public let scale: Double
    /// Position after each display frame (index 0: the release), pt; the last is the target.
    public let frames: [Double]
    /// Velocity after each display frame, pt/ms.
    public let frameVelocities: [Double]

    /// The most frames one page turn may take before it snaps (60 s at the refresh rate).
    static let longestTurn = 60.0

    /// friction(D), per 1 ms step.
    public static func friction(boundsSize d: Double) -> Double {
        d > 1024 ? 0.977 : 0.966818182 + 9.94318182e-6 * d
    }

    /// pull(D), per ms² (pt/ms per pt of distance left).
    public static func pull(boundsSize d: Double) -> Double {
        d > 1024 ? 0.00017 : 0.000359090909 - 1.84659091e-7 * d
    }

    /// trunc(1000/refreshRate): whole 1 ms steps per display frame (at least 1).
    public static func stepsPerFrame(refreshRate: Double) -> Int {
        let ms = 1000 / max(1, refreshRate)
        return max(1, Int(ms.rounded(.towardZero)))
    }

    /// x on the pixel grid of `scale`: floor(x) + round(frac(x)·scale)/scale.
    public static func onGrid(_ x: Double, scale: Double) -> Double {
        let whole = x.rounded(.down)
        return whole + ((x - whole) * scale).rounded() / scale
    }

    /// A page turn from `origin` at `velocity` (pt/s) to `target`; `bounds` are the content's.
    public init(
        from origin: Double, velocity: Double, to target: Double, boundsSize: Double, refreshRate: Double,
        scale: Double, bounds: ClosedRange<Double>
    ) {
        let usable = origin.isFinite && velocity.isFinite && target.isFinite
        self.origin = usable ? origin : (target.isFinite ? target : 0)
        self.target = target.isFinite ? target : self.origin
        initialVelocity = usable ? velocity : 0
        self.boundsSize = boundsSize.isFinite && boundsSize > 0 ? boundsSize : 1
        self.refreshRate = refreshRate.isFinite && refreshRate >= 1 ? refreshRate : 60
        self.scale = scale.isFinite && scale >= 1 ? scale : 1
        let friction = Self.friction(boundsSize: self.boundsSize)
        let pull = Self.pull(boundsSize: self.boundsSize)
        let steps = Self.stepsPerFrame(refreshRate: self.refreshRate)
        let goal = self.target
        var x = self.origin, v = initialVelocity / 1000, previous = x
        var positions = [x], velocities = [v]
        let limit = Int(Self.longestTurn * self.refreshRate)
        while positions.count <= limit {
            for _ in 0..<steps {
                let d = goal - x
                v = (v + d * pull) * friction
                x += v
            }
            let left = abs(goal - x)
            var shown = Self.onGrid(x, scale: self.scale)
            if shown == previous && shown != goal && abs(v) < 0.5 {
                shown += (goal > shown ? 1 : -1) / self.scale
            }
            let wasInside = previous >= bounds.lowerBound && previous <= bounds.upperBound
            x = shown
            let outside = wasInside && (x < bounds.lowerBound || x > bounds.upperBound)
            if outside || (abs(v) < 0.01 && left <= 1 && abs(goal - x) <= 5) {
                positions.append(goal)
                velocities.append(0)
                break
            }
            positions.append(x)
            velocities.append(v)
            previous = x
        }
        if positions.last != goal {
            positions.append(goal)
            velocities.append(0)
        }
        frames = positions
        frameVelocities = velocities
    }

    /// The display frame shown at `t` s after release (1 from the release on).
    public func frame(at t: Double) -> Int {
        guard t > 0 else { return 1 }
        let k = Int((t * refreshRate + 1e-9).rounded(.down)) + 1
        return min(k, frames.count - 1)
    }

    /// The motion ends when its last frame (the target) shows.
    public var settleTime: Double { Double(frames.count - 2) / refreshRate }
    public var restPosition: Double { target }

    public func position(at t: Double) -> Double {
        guard t < settleTime else { return target }
        return frames[frame(at: t)]
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime else { return 0 }
        return 1000 * frameVelocities[frame(at: t)]
    }
}
