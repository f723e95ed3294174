/// How close to rest counts as rest.
///
/// Every simulation ends at a finite time computed in closed form from these values, and
/// from that time on reports its exact resting position and a velocity of zero.
public struct Tolerance: Equatable, Sendable {
    /// Distance from a spring's target below which it may rest, in points.
    public var distance: Double
    /// Speed below which motion may stop, in points per second.
    public var velocity: Double

    public init(distance: Double, velocity: Double) {
        self.distance = distance
        self.velocity = velocity
    }

    /// 0.1 pt (a fifth of a pixel on a 2× screen, so the final snap is invisible) and 2 pt/s
    /// (a free deceleration stops 1 pt short of its asymptote at μ = 2 /s).
    public static let standard = Tolerance(distance: 0.1, velocity: 2)
}
