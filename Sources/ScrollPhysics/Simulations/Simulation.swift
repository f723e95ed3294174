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
    /// The simulation as a case of the closed set a motion's pieces hold (`SimulationCurve`).
    var curve: SimulationCurve { get }
}

extension Simulation {
    /// Whether the motion is at rest at time `t`.
    public func isDone(at t: Double) -> Bool { t >= settleTime }
}

/// Every simulation a motion's piece can run, as one closed set: a piece holds one of these
/// instead of an existential, so the core compiles where there are none (Embedded Swift, the
/// WebAssembly build), and each call is one `switch`. A new simulation type is one case here,
/// one arm in `simulation` and its `curve` property.
public indirect enum SimulationCurve: Simulation {
    case still(Still)
    case friction(FrictionSimulation)
    case criticallyDamped(CriticallyDampedSpring)
    case pageApproach(PageApproach)
    case dampedSpring(DampedSpring)
    case flutterFriction(FlutterFrictionSimulation)
    case clamping(ClampingScrollSimulation)
    case spline(SplineFling)
    case stretch(StretchShown)
    case inertia(InertiaGlide)
    case timed(TimedTransition)
    case uikitGlide(UIKitGlide)
    case uikitEdgeReturn(UIKitEdgeReturn)
    case uikitPaging(UIKitPagingIntegrator)
    case halfRateTail(HalfRateTail)
    case cut(CutSimulation)
    case shifted(ShiftedSimulation)
    case motion(Motion)

    public var curve: SimulationCurve { self }

    /// Asks the simulation held, as its own type, `query` (the one dispatching switch).
    public func ask<Query: SimulationQuery>(_ query: Query) -> Query.Answer {
        switch self {
        case .still(let s): query.ask(s)
        case .friction(let s): query.ask(s)
        case .criticallyDamped(let s): query.ask(s)
        case .pageApproach(let s): query.ask(s)
        case .dampedSpring(let s): query.ask(s)
        case .flutterFriction(let s): query.ask(s)
        case .clamping(let s): query.ask(s)
        case .spline(let s): query.ask(s)
        case .stretch(let s): query.ask(s)
        case .inertia(let s): query.ask(s)
        case .timed(let s): query.ask(s)
        case .uikitGlide(let s): query.ask(s)
        case .uikitEdgeReturn(let s): query.ask(s)
        case .uikitPaging(let s): query.ask(s)
        case .halfRateTail(let s): query.ask(s)
        case .cut(let s): query.ask(s)
        case .shifted(let s): query.ask(s)
        case .motion(let s): query.ask(s)
        }
    }

    public func position(at t: Double) -> Double { ask(PositionQuery(t: t)) }
    public func velocity(at t: Double) -> Double { ask(VelocityQuery(t: t)) }
    public var settleTime: Double { ask(SettleQuery()) }
    public var restPosition: Double { ask(RestQuery()) }
}

/// A question asked of a simulation as its own type (generic, so it is specialized per type:
/// no existential on the per-frame path).
public protocol SimulationQuery {
    associatedtype Answer
    func ask<S: Simulation>(_ simulation: S) -> Answer
}

private struct PositionQuery: SimulationQuery {
    let t: Double
    func ask<S: Simulation>(_ simulation: S) -> Double { simulation.position(at: t) }
}

private struct VelocityQuery: SimulationQuery {
    let t: Double
    func ask<S: Simulation>(_ simulation: S) -> Double { simulation.velocity(at: t) }
}

private struct SettleQuery: SimulationQuery {
    func ask<S: Simulation>(_ simulation: S) -> Double { simulation.settleTime }
}

private struct RestQuery: SimulationQuery {
    func ask<S: Simulation>(_ simulation: S) -> Double { simulation.restPosition }
}
