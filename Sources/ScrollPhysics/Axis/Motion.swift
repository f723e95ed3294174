/// A planned motion: up to three closed-form pieces laid end to end in absolute time.
///
/// Planned once, when the pointer lifts (or a fling, hand-off or animated scroll starts), and
/// then only evaluated: the position at any time is a formula, never a sum of frame steps.
struct Motion: Sendable {
    enum Piece: Sendable {
        case friction(FrictionSimulation, ScrollPhase)
        case spring(CriticallyDampedSpring, ScrollPhase)
        case approach(PageApproach)
        /// UIKit's glide (`UIKitGlide`), phase decelerating.
        case glide(UIKitGlide)
        /// UIKit's return from past an edge (`UIKitEdgeReturn`), phase bouncing.
        case edgeReturn(UIKitEdgeReturn)
        /// A platform model's planned release (`FeelModel.release` or its page turn).
        case model(ModelMotion, ScrollPhase)
    }

    struct Segment: Sendable {
        var piece: Piece
        /// Absolute start and end times (s).
        var start: Double
        var end: Double
    }

    var segments: [Segment] = []
    /// Absolute time (s) from which the axis rests at `restOffset`.
    var end: Double
    var restOffset: Double
    /// Set when the motion ends on a chained edge with speed to pass on.
    var handOff: (edge: ScrollEdge, velocity: Double)?
    /// The snap target it heads to, if any.
    var targetIndex: Int?
    /// Whether it heads for a chosen offset (a page or an animated scroll), which a replan keeps.
    var aims = false

    func segment(at time: Double) -> Segment? {
        guard time < end else { return nil }
        return segments.first { time < $0.end } ?? segments.last
    }

    func offset(at time: Double) -> Double {
        guard let segment = segment(at: time) else { return restOffset }
        let t = time - segment.start
        switch segment.piece {
        case .friction(let friction, _): return friction.position(at: t)
        case .spring(let spring, _): return spring.position(at: t)
        case .approach(let approach): return approach.position(at: t)
        case .glide(let glide): return glide.position(at: t)
        case .edgeReturn(let back): return back.position(at: t)
        case .model(let motion, _): return motion.position(at: t)
        }
    }

    func velocity(at time: Double) -> Double {
        guard let segment = segment(at: time) else { return 0 }
        let t = time - segment.start
        switch segment.piece {
        case .friction(let friction, _): return friction.velocity(at: t)
        case .spring(let spring, _): return spring.velocity(at: t)
        case .approach(let approach): return approach.velocity(at: t)
        case .glide(let glide): return glide.velocity(at: t)
        case .edgeReturn(let back): return back.velocity(at: t)
        case .model(let motion, _): return motion.velocity(at: t)
        }
    }

    func phase(at time: Double) -> ScrollPhase {
        guard let segment = segment(at: time) else { return .idle }
        switch segment.piece {
        case .friction(_, let phase): return phase
        case .spring(_, let phase): return phase
        case .approach: return .settling
        case .glide: return .decelerating
        case .edgeReturn: return .bouncing
        case .model(let motion, let phase):
            if phase == .settling { return .settling }
            let kind = motion.piece(at: time - segment.start)?.kind ?? ""
            return ["spring", "stretch", "bounce"].contains(kind) || (kind == "transition" && phase == .bouncing) ? .bouncing : .decelerating
        }
    }
}
