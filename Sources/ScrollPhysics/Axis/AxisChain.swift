/// Two scroll axes joined end to start, so that momentum crosses from one to the other at the
/// exact time it reaches the joint, whatever the frame rate.
///
/// The first axis's trailing edge meets the second's leading edge: a nested page's container
/// (trailing = pinned) and its list (leading = top), or the two lists of Li's adapter.
/// Motion reaching the joint with speed v is passed on as a collision inside the joint, with
/// masses m1 (the axis arriving) and m2 (the axis struck):
///
///     cue stick:  v1' = 0,                      v2 = v·m1/m2
///     elastic:    v1' = v·(m1 − m2)/(m1 + m2),  v2 = v·2·m1/(m1 + m2)
///
/// Equal masses with the cue stick (the default) hand the velocity on unchanged — nested
/// scrolling (the Eleme mobile team's “Eleme restaurant page interaction”: "the remaining velocity keeps scrolling the
/// list"). Velocities in pt/s.
///
/// `advance(_:_:to:)` steps both axes to each motion end that falls before the asked time, in
/// order; at each, the hand-off the arriving axis reports starts the struck one (and the rebound,
/// if any, the arriving one) at the crossing time itself. It returns what happened.
public struct AxisChain: Equatable, Sendable {
    /// m of the first and second axis (dimensionless, > 0).
    public var firstMass: Double
    public var secondMass: Double
    /// Elastic collision instead of the cue stick.
    public var elastic: Bool

    public init(firstMass: Double = 1, secondMass: Double = 1, elastic: Bool = false) {
        self.firstMass = firstMass
        self.secondMass = secondMass
        self.elastic = elastic
    }

    /// One crossing of the joint.
    public struct Transfer: Equatable, Sendable {
        /// 0: the first axis arrived at its trailing edge; 1: the second at its leading edge.
        public var from: Int
        /// Crossing time, s.
        public var time: Double
        /// Arriving velocity, the arriving axis's velocity after, and the struck axis's, pt/s.
        public var velocity: Double
        public var rebound: Double
        public var struck: Double
    }

    /// What happened during one `advance`.
    public struct Report: Equatable, Sendable {
        /// Each axis's own events (its last rest; hand-offs already delivered).
        public var first = AxisReport.none
        public var second = AxisReport.none
        /// How many transfers happened, and the last one.
        public var transfers = 0
        public var lastTransfer: Transfer?
        public init() {}
    }

    /// Velocities after a collision in the joint: (arriving axis, struck axis), pt/s.
    public static func collide(velocity v: Double, arriving m1: Double, struck m2: Double, elastic: Bool) -> (
        rebound: Double, struck: Double
    ) {
        guard m1 > 0, m2 > 0, m1.isFinite, m2.isFinite, v.isFinite else { return (0, 0) }
        if elastic { return (v * (m1 - m2) / (m1 + m2), v * 2 * m1 / (m1 + m2)) }
        return (0, v * m1 / m2)
    }

    /// Makes the first axis's trailing edge and the second's leading edge hand velocity on.
    public static func join(_ first: inout ScrollAxis, _ second: inout ScrollAxis) {
        first.setChained(true, edge: .trailing)
        second.setChained(true, edge: .leading)
    }

    /// Most motion ends handled per call: each hand-off starts a motion that ends later, so
    /// only a pathological ping-pong at one instant could need more.
    static let maximumSteps = 64

    /// Advances both axes to `t`, delivering every hand-off at its exact time.
    @discardableResult
    public func advance(_ first: inout ScrollAxis, _ second: inout ScrollAxis, to t: Double) -> Report {
        var report = Report()
        guard t.isFinite else { return report }
        for _ in 0..<Self.maximumSteps {
            guard let next = Self.earliest(first.motionEndTime, second.motionEndTime), next <= t else { break }
            step(&first, &second, to: next, into: &report)
        }
        step(&first, &second, to: t, into: &report)
        return report
    }

    /// Delivers a hand-off that a call other than `advance` reported (a release or fling that
    /// starts right at the joint): `from` is 0 for the first axis, 1 for the second.
    @discardableResult
    public func deliver(_ reported: AxisReport, from: Int, _ first: inout ScrollAxis, _ second: inout ScrollAxis)
        -> Report
    {
        var report = Report()
        deliver(reported.handOff, from: from, &first, &second, into: &report, depth: 0)
        return report
    }

    private func step(_ first: inout ScrollAxis, _ second: inout ScrollAxis, to t: Double, into report: inout Report) {
        let a = first.advance(to: t), b = second.advance(to: t)
        report.first.absorb(a.delivered)
        report.second.absorb(b.delivered)
        deliver(a.handOff, from: 0, &first, &second, into: &report, depth: 0)
        deliver(b.handOff, from: 1, &first, &second, into: &report, depth: 0)
    }

    /// Starts the struck axis (and the rebound) for a hand-off at the joint; hand-offs those
    /// flings report at once are delivered in turn.
    private func deliver(
        _ handOff: AxisReport.HandOff?, from: Int, _ first: inout ScrollAxis, _ second: inout ScrollAxis,
        into report: inout Report, depth: Int
    ) {
        guard let handOff, depth < Self.maximumSteps else { return }
        guard handOff.edge == (from == 0 ? .trailing : .leading) else { return }
        let (m1, m2) = from == 0 ? (firstMass, secondMass) : (secondMass, firstMass)
        let (rebound, struck) = Self.collide(velocity: handOff.velocity, arriving: m1, struck: m2, elastic: elastic)
        var struckReport: AxisReport, reboundReport = AxisReport.none
        if from == 0 {
            struckReport = second.fling(at: handOff.time, velocity: struck)
            if rebound != 0 { reboundReport = first.fling(at: handOff.time, velocity: rebound) }
            report.second.absorb(struckReport.delivered)
            report.first.absorb(reboundReport.delivered)
        } else {
            struckReport = first.fling(at: handOff.time, velocity: struck)
            if rebound != 0 { reboundReport = second.fling(at: handOff.time, velocity: rebound) }
            report.first.absorb(struckReport.delivered)
            report.second.absorb(reboundReport.delivered)
        }
        report.transfers += 1
        report.lastTransfer = Transfer(
            from: from, time: handOff.time, velocity: handOff.velocity, rebound: rebound, struck: struck)
        deliver(struckReport.handOff, from: 1 - from, &first, &second, into: &report, depth: depth + 1)
        deliver(reboundReport.handOff, from: from, &first, &second, into: &report, depth: depth + 1)
    }

    static func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }
}

extension AxisReport {
    /// The report without its hand-off (which the chain has delivered).
    fileprivate var delivered: AxisReport { AxisReport(release: release, rest: rest) }
}
