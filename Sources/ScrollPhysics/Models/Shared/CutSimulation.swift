/// A simulation stopped at `cut` seconds, where it rests: content that hits a clamping edge.
public struct CutSimulation: Simulation {
    public var curve: SimulationCurve { .cut(self) }
    public let base: SimulationCurve
    public let cut: Double

    public init(_ base: some Simulation, at cut: Double) {
        self.base = base.curve
        self.cut = max(0, min(cut, base.settleTime))
    }

    public var settleTime: Double { cut }
    public var restPosition: Double { base.position(at: cut) }
    public func position(at t: Double) -> Double { base.position(at: min(max(0, t), cut)) }
    public func velocity(at t: Double) -> Double { t < cut ? base.velocity(at: t) : 0 }
}

/// A simulation moved by `shift` points: a page turn planned from page 0, placed at the first
/// snap target.
public struct ShiftedSimulation: Simulation {
    public var curve: SimulationCurve { .shifted(self) }
    public let base: SimulationCurve
    public let shift: Double

    public init(_ base: some Simulation, by shift: Double) {
        self.base = base.curve
        self.shift = shift.isFinite ? shift : 0
    }

    public var settleTime: Double { base.settleTime }
    public var restPosition: Double { base.restPosition + shift }
    public func position(at t: Double) -> Double { base.position(at: t) + shift }
    public func velocity(at t: Double) -> Double { base.velocity(at: t) }
}
