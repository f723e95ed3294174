/// A one-dimensional motion known in closed form.
///
/// Time `t` is in seconds since the simulation started; it may be asked about in any order.
/// Positions are in points, velocities in points per second.
public protocol Simulation: Sendable {
    /// Position at time `t` (s ≥ 0), in points.
    func position(at t: Double) -> Double
    /// Velocity `dx/dt` at time `t`, in points per second.
    func velocity(at t: Double) -> Double
    /// The time (s) from which the motion is at rest: position constant, velocity zero.
    var settleTime: Double { get }
    /// The position the motion rests at, in points.
    var restPosition: Double { get }
}

extension Simulation {
    /// Whether the motion is at rest at time `t`.
    public func isDone(at t: Double) -> Bool { t >= settleTime }
}
