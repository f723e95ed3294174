/// Everything a scroll view does on its own after the finger lifts (or a fling, hand-off,
/// snap or animated scroll starts): closed-form pieces laid end to end on the motion's own
/// clock (t = 0 when it starts, in seconds), each with the phase it shows. Every model's
/// release and page turn, and every snap, is one of these; the axis only evaluates it.
///
/// Piece i runs from its `start` until the next piece's start (the last until `end`), on its
/// own clock (its t = 0 at its start). From `end` on the content rests at `restPosition`,
/// and, when `handOff` is set, passes its speed on at that edge (nested scrolling). Planned
/// once, then only evaluated: the position at any time is a formula, never a sum of steps.
/// Positions in points, velocities in points per second.
public struct Motion: Simulation {
    public var curve: SimulationCurve { .motion(self) }
    public struct Piece: Sendable {
        /// When the piece starts, s on the motion's clock.
        public let start: Double
        public let simulation: SimulationCurve
        /// What the piece is, for plots and tests ("glide", "spring", "stretch", ...).
        public let kind: String
        /// What the content is doing during it.
        public let phase: ScrollPhase

        /// A piece; without a phase, springs, stretches and bounces are `.bouncing` and the
        /// rest `.decelerating`.
        public init(start: Double, simulation: some Simulation, kind: String, phase: ScrollPhase? = nil) {
            self.start = start
            self.simulation = simulation.curve
            self.kind = kind
            self.phase = phase ?? (["spring", "stretch", "bounce"].contains(kind) ? .bouncing : .decelerating)
        }
    }

    /// The speed passed on at a chained edge when the motion ends there.
    public struct HandOff: Equatable, Sendable {
        public var edge: ScrollEdge
        /// pt/s, offset direction.
        public var velocity: Double
        public init(edge: ScrollEdge, velocity: Double) {
            self.edge = edge
            self.velocity = velocity
        }
    }

    public private(set) var pieces: [Piece]
    /// The time (s on the motion's clock) from which the content rests.
    public var end: Double
    /// Where it rests, pt.
    public var restPosition: Double
    /// Set when the motion ends on a chained edge with speed to pass on.
    public var handOff: HandOff?
    /// The snap target it heads for, if any.
    public var targetIndex: Int?
    /// Whether it heads for a chosen offset (a page or an animated scroll), which a replan keeps.
    public var aims = false

    /// Pieces one after another; the last one's settling ends the motion, at its rest.
    public init(pieces: [Piece]) {
        self.pieces = pieces
        let last = pieces.last
        end = last.map { $0.start + $0.simulation.settleTime } ?? 0
        restPosition = last?.simulation.restPosition ?? 0
    }

    /// No pieces yet: a motion that rests at `restPosition` from `end`.
    public init(end: Double, restPosition: Double) {
        pieces = []
        self.end = end
        self.restPosition = restPosition
    }

    /// A motion that stays at `position`.
    public static func rest(at position: Double) -> Motion {
        Motion(pieces: [Piece(start: 0, simulation: Still(position: position), kind: "rest")])
    }

    /// Adds `simulation` as the piece that starts at `start` (s on the motion's clock).
    public mutating func append(_ simulation: some Simulation, kind: String, phase: ScrollPhase, at start: Double) {
        pieces.append(Piece(start: start, simulation: simulation, kind: kind, phase: phase))
    }

    /// The same motion with every piece showing `phase` (a page turn settles throughout).
    public func showing(_ phase: ScrollPhase) -> Motion {
        var copy = self
        copy.pieces = pieces.map { Piece(start: $0.start, simulation: $0.simulation, kind: $0.kind, phase: phase) }
        return copy
    }

    /// The same motion moved by `shift` points (a page turn planned with pages from 0).
    public func shifted(by shift: Double) -> Motion {
        guard shift != 0 else { return self }
        var copy = self
        copy.pieces = pieces.map {
            Piece(
                start: $0.start, simulation: ShiftedSimulation($0.simulation, by: shift), kind: $0.kind, phase: $0.phase
            )
        }
        copy.restPosition += shift
        return copy
    }

    /// The piece that runs at time `t`.
    public func piece(at t: Double) -> Piece? {
        pieces.last { t >= $0.start } ?? pieces.first
    }

    public var settleTime: Double { end }

    public func position(at t: Double) -> Double {
        guard t < end, let piece = piece(at: t) else { return restPosition }
        return piece.simulation.position(at: Swift.max(0, t - piece.start))
    }

    public func velocity(at t: Double) -> Double {
        guard t < end, let piece = piece(at: t) else { return 0 }
        return piece.simulation.velocity(at: Swift.max(0, t - piece.start))
    }

    /// What the content shows at `t`: the running piece's phase, idle from the end.
    public func phase(at t: Double) -> ScrollPhase {
        guard t < end, let piece = piece(at: t) else { return .idle }
        return piece.phase
    }
}

/// No motion: the content rests at `position`.
public struct Still: Simulation, Equatable {
    public var curve: SimulationCurve { .still(self) }
    public let position: Double
    public init(position: Double) { self.position = position }
    public func position(at t: Double) -> Double { position }
    public func velocity(at t: Double) -> Double { 0 }
    public var settleTime: Double { 0 }
    public var restPosition: Double { position }
}

extension Motion {
    /// This motion ended where it first reaches a chained edge from inside the range, its speed
    /// there handed on (`handOff`): the hand-off every model gets unless it plans its own. The
    /// crossing is bracketed on a 1 ms grid (finer for long motions is not needed: pieces are
    /// smooth) and refined by bisection to 1 ns; the motion's formula is unchanged before it.
    /// `start` and `released`: where the motion starts and the velocity it was released with
    /// (pt/s), which is what is handed on when it starts on the chained edge itself (the content
    /// never moved; the model's own curve may start faster, as an ease-out does).
    public func handingOff(
        chainsLeadingEdge: Bool, chainsTrailingEdge: Bool, extent: ModelExtent, from start: Double,
        released: Double
    ) -> Motion {
        guard chainsLeadingEdge || chainsTrailingEdge, handOff == nil, end >= 0, end.isFinite,
            start >= extent.minOffset, start <= extent.maxOffset
        else { return self }
        func reached(_ t: Double) -> Bool {
            let x = position(at: t)
            return (chainsTrailingEdge && x >= extent.maxOffset && (t > 0 || released > 0))
                || (chainsLeadingEdge && x <= extent.minOffset && (t > 0 || released < 0))
        }
        var crossing: Double?
        var before = 0.0  // the last instant known not to have reached it
        if reached(0) {
            crossing = 0
        } else {
            let step = Swift.max(0.001, end / 100_000)
            var t = step
            while before < end, end > 0 {
                let probe = Swift.min(t, end)
                if reached(probe) {
                    var lo = before, hi = probe
                    while hi - lo > 1e-9 {
                        let mid = (lo + hi) / 2
                        if reached(mid) { hi = mid } else { lo = mid }
                    }
                    crossing = hi
                    before = lo
                    break
                }
                before = probe
                t += step
            }
        }
        guard let crossing else { return self }
        let x = position(at: crossing)
        let trailing = chainsTrailingEdge && x >= extent.maxOffset
        var cut = self
        cut.pieces = pieces.filter { $0.start < crossing || $0.start == 0 }
        cut.end = crossing
        cut.restPosition = trailing ? extent.maxOffset : extent.minOffset
        // The speed it arrives with: the last instant before the edge (the piece after it may
        // be something else, such as Android's stretch, whose speed is not the content's).
        cut.handOff = HandOff(
            edge: trailing ? .trailing : .leading, velocity: crossing == 0 ? released : velocity(at: before))
        return cut
    }
}
