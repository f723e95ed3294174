/// How a model reads the finger on one scroll view: from each touch-down through the moves to
/// the lift, and across gestures (UIKit's fast scrolling counts flicks in a row). The axis
/// feeds it positions in offset units (the finger moving up by 10 pt is +10) and times in
/// seconds, and asks it for the release; it never sees the content.
public protocol FingerReading: Sendable {
    /// A pointer goes down at `position` at `time`, driven by `input`, catching motion that
    /// shows `caught` (`.idle` if none) at `caughtVelocity` pt/s.
    mutating func touchDown(
        at time: Double, position: Double, input: DragInput, caught: ScrollPhase, caughtVelocity: Double)
    /// The pointer reported `position` (only reports that moved it). `isDragUpdate`: the drag
    /// has started (past the start threshold); `paged`: the scroll view snaps.
    mutating func moved(at time: Double, position: Double, isDragUpdate: Bool, paged: Bool)
    /// The velocity (pt/s) the finger shows at `time`, as a readout.
    func velocity(at time: Double) -> Double
    /// The finger lifts at `time` at `position`: what the content leaves with.
    mutating func lift(at time: Double, position: Double, started: Bool, paged: Bool) -> FingerRelease
    /// A wheel or touchpad stream ends at `time`; its last event came at `lastEvent`. `lifted`:
    /// the fingers' lift is known to happen at `time`; `slope`: how far the content moves per
    /// point of stream where it is (below 1 past an edge).
    mutating func streamEnded(at time: Double, lastEvent: Double, lifted: Bool, paged: Bool, slope: Double)
        -> FingerRelease
    /// The motion after a release came to rest (or reached an edge's return).
    mutating func motionEnded()
    /// The glide multiplier of the gesture under way (1 where the platform has none).
    var multiplier: Double { get }
    /// Flicks counted in a row toward the multiplier (0 where the platform counts none).
    var flicksInARow: Int { get }
}

extension FingerReading {
    public mutating func motionEnded() {}
    public var multiplier: Double { 1 }
    public var flicksInARow: Int { 0 }
}

/// What the content leaves with when a finger or stream lets go.
public struct FingerRelease: Equatable, Sendable {
    /// pt/s, offset direction.
    public var velocity: Double
    /// The glide's multiplier (1: none).
    public var multiplier = 1.0
    /// Glide time already run when the motion starts, s (UIKit's release frame).
    public var lead = 0.0

    public init(velocity: Double, multiplier: Double = 1, lead: Double = 0) {
        self.velocity = velocity.isFinite ? velocity : 0
        self.multiplier = multiplier
        self.lead = lead
    }
}

/// The finger as most platforms read it: the model's own velocity estimator over the drag's
/// moves, its fling thresholds (`flingVelocity`) and carried momentum (`carriedVelocity`);
/// a stream's velocity from a `VelocityTracker` over its events.
public struct EstimatorFinger: FingerReading {
    public let model: ZooModel
    /// The model's estimator before any sample (each touch-down starts from it).
    private let fresh: ZooEstimator
    private var estimator: ZooEstimator
    private var stream = VelocityTracker()
    private var caughtVelocity = 0.0

    public init<Model: FeelModel>(_ model: Model) {
        self.model = model.zoo
        fresh = model.makeEstimator().zoo
        estimator = fresh
    }

    public mutating func touchDown(
        at time: Double, position: Double, input: DragInput, caught: ScrollPhase, caughtVelocity: Double
    ) {
        estimator = fresh
        estimator.add(time: time, position: position)
        stream.reset()
        stream.add(time: time, position: position)
        self.caughtVelocity = caughtVelocity
    }

    public mutating func moved(at time: Double, position: Double, isDragUpdate: Bool, paged: Bool) {
        estimator.add(time: time, position: position)
        stream.add(time: time, position: position)
    }

    public func velocity(at time: Double) -> Double { estimator.velocity(at: time) }

    public mutating func lift(at time: Double, position: Double, started: Bool, paged: Bool) -> FingerRelease {
        estimator.lift(time: time, position: position)
        let estimated = estimator.velocity(at: time)
        var v = started ? model.flingVelocity(estimated: Self.humane(estimated), travel: estimator.travel) : 0
        if !v.isFinite { v = 0 }
        return FingerRelease(velocity: v + model.carriedVelocity(previous: caughtVelocity, fling: v))
    }

    public mutating func streamEnded(at time: Double, lastEvent: Double, lifted: Bool, paged: Bool, slope: Double)
        -> FingerRelease
    {
        FingerRelease(velocity: Self.humane(stream.velocity(at: lastEvent)) * slope)
    }

    /// No finger moves faster than this (pt/s: 60 phone screens a second); an estimate beyond it
    /// comes from samples a few microseconds apart (a merged or glitchy event), not a hand.
    public static var fastestFinger: Double { 50_000 }

    /// `estimate` within ±`fastestFinger` (0 if not finite).
    static func humane(_ estimate: Double) -> Double {
        estimate.isFinite ? Swift.min(Swift.max(estimate, -fastestFinger), fastestFinger) : 0
    }
}

/// Every way a model of the zoo reads the finger, as one closed set (what a `ScrollAxis` keeps
/// across gestures): UIKit's own recognizer, or a velocity estimator with the model's thresholds.
public enum ZooFinger: FingerReading {
    case uikit(UIKitFinger)
    case estimated(EstimatorFinger)

    public mutating func touchDown(
        at time: Double, position: Double, input: DragInput, caught: ScrollPhase, caughtVelocity: Double
    ) {
        switch self {
        case .uikit(var finger):
            finger.touchDown(at: time, position: position, input: input, caught: caught, caughtVelocity: caughtVelocity)
            self = .uikit(finger)
        case .estimated(var finger):
            finger.touchDown(at: time, position: position, input: input, caught: caught, caughtVelocity: caughtVelocity)
            self = .estimated(finger)
        }
    }

    public mutating func moved(at time: Double, position: Double, isDragUpdate: Bool, paged: Bool) {
        switch self {
        case .uikit(var finger):
            finger.moved(at: time, position: position, isDragUpdate: isDragUpdate, paged: paged)
            self = .uikit(finger)
        case .estimated(var finger):
            finger.moved(at: time, position: position, isDragUpdate: isDragUpdate, paged: paged)
            self = .estimated(finger)
        }
    }

    public func velocity(at time: Double) -> Double {
        switch self {
        case .uikit(let finger): finger.velocity(at: time)
        case .estimated(let finger): finger.velocity(at: time)
        }
    }

    public mutating func lift(at time: Double, position: Double, started: Bool, paged: Bool) -> FingerRelease {
        switch self {
        case .uikit(var finger):
            defer { self = .uikit(finger) }
            return finger.lift(at: time, position: position, started: started, paged: paged)
        case .estimated(var finger):
            defer { self = .estimated(finger) }
            return finger.lift(at: time, position: position, started: started, paged: paged)
        }
    }

    public mutating func streamEnded(at time: Double, lastEvent: Double, lifted: Bool, paged: Bool, slope: Double)
        -> FingerRelease
    {
        switch self {
        case .uikit(var finger):
            defer { self = .uikit(finger) }
            return finger.streamEnded(at: time, lastEvent: lastEvent, lifted: lifted, paged: paged, slope: slope)
        case .estimated(var finger):
            defer { self = .estimated(finger) }
            return finger.streamEnded(at: time, lastEvent: lastEvent, lifted: lifted, paged: paged, slope: slope)
        }
    }

    public mutating func motionEnded() {
        switch self {
        case .uikit(var finger):
            finger.motionEnded()
            self = .uikit(finger)
        case .estimated(var finger):
            finger.motionEnded()
            self = .estimated(finger)
        }
    }

    public var multiplier: Double {
        switch self {
        case .uikit(let finger): finger.multiplier
        case .estimated(let finger): finger.multiplier
        }
    }

    public var flicksInARow: Int {
        switch self {
        case .uikit(let finger): finger.flicksInARow
        case .estimated(let finger): finger.flicksInARow
        }
    }

    /// UIKit's reading, when that is the one kept.
    public var uikit: UIKitFinger? { if case .uikit(let finger) = self { finger } else { nil } }
}
