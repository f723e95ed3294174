/// A release motion made of closed-form pieces, one after another: the model's answer to
/// "where is the content t seconds after release" for any t, in any order.
///
/// Each piece starts at `start` (s after release) with its own clock; the last piece's rest is
/// the motion's rest. Positions in points, velocities in points per second.
public struct ModelMotion: Simulation {
    public struct Piece: Sendable {
        public let start: Double
        public let simulation: any Simulation
        /// What the piece is, for plots and tests ("friction", "spring", "stretch", ...).
        public let kind: String
    }

    public private(set) var pieces: [Piece]
    public let settleTime: Double
    public let restPosition: Double

    public init(pieces: [Piece]) {
        self.pieces = pieces
        let last = pieces.last
        settleTime = last.map { $0.start + $0.simulation.settleTime } ?? 0
        restPosition = last?.simulation.restPosition ?? 0
    }

    /// A motion that stays at `position`.
    public static func rest(at position: Double) -> ModelMotion {
        ModelMotion(pieces: [Piece(start: 0, simulation: Still(position: position), kind: "rest")])
    }

    /// The piece that runs at time `t`.
    public func piece(at t: Double) -> Piece? {
        pieces.last { t >= $0.start } ?? pieces.first
    }

    public func position(at t: Double) -> Double {
        guard let piece = piece(at: t) else { return restPosition }
        return piece.simulation.position(at: Swift.max(0, t - piece.start))
    }

    public func velocity(at t: Double) -> Double {
        guard t < settleTime, let piece = piece(at: t) else { return 0 }
        return piece.simulation.velocity(at: Swift.max(0, t - piece.start))
    }
}

/// No motion: the content rests at `position`.
public struct Still: Simulation, Equatable {
    public let position: Double
    public init(position: Double) { self.position = position }
    public func position(at t: Double) -> Double { position }
    public func velocity(at t: Double) -> Double { 0 }
    public var settleTime: Double { 0 }
    public var restPosition: Double { position }
}
