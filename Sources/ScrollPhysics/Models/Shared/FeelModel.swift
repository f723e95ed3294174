/// One platform's scroll feel as a small value type: its parameter table, how a drag past an
/// edge is resisted, its fling thresholds and velocity estimator, what happens after release
/// (planned once, in closed form) and, where the platform has one, its paging rule.
///
/// Adding a platform means one new folder under `Models/` with a type conforming to this and
/// one line in `FeelZoo.models`; nothing else names a model.
public protocol FeelModel: Sendable {
    associatedtype Values: TunableModel
    associatedtype Estimator: ReleaseVelocityEstimator

    /// The `"model"` name in parameter files.
    static var name: String { get }
    /// A short title for menus.
    static var title: String { get }
    /// Every tunable, in display order (also `Values.tunables`); the defaults are `Values()`'s.
    static var parameters: [Tunable<Values>] { get }

    var values: Values { get set }
    init(values: Values)

    /// How far the finger travels before the content follows, and whether that travel is
    /// swallowed (the content starts from where it was) or not (it jumps to the finger).
    var dragStart: DragStart { get }

    /// The offset shown after the finger moved the unconstrained offset from `fingerFrom` to
    /// `fingerTo` (offset units: the finger moving up by 10 pt moves the offset by +10), when
    /// `shown` was shown before. Inside the range this is `shown + (fingerTo − fingerFrom)`.
    func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double

    /// The release velocity the platform flings with (pt/s, offset direction), given its own
    /// estimate (`estimated`, pt/s, offset direction) and the finger's travel over the
    /// estimator's samples (`travel`, pt): zero below the fling thresholds, clamped above.
    func flingVelocity(estimated: Double, travel: Double) -> Double

    /// The velocity a new fling adds from a motion still running at `previous` pt/s when the
    /// finger caught it (Flutter `carriedMomentum`, Android `OverScroller` flywheel). Zero where
    /// the platform carries nothing.
    func carriedVelocity(previous: Double, fling: Double) -> Double

    /// Everything after the finger lifts at `position` with `velocity` (pt/s, offset direction).
    func release(position: Double, velocity: Double, extent: ModelExtent) -> ModelMotion

    /// A fresh velocity estimator of the platform's kind (fed finger positions in offset units).
    func makeEstimator() -> Estimator

    /// The page to land on and how to get there, or nil if the platform has no paging rule.
    func page(_ release: ModelPageRelease) -> ModelPageTurn?
}

extension FeelModel {
    /// The model at the platform's defaults.
    public init() {
        self.init(values: Values())
    }

    public func carriedVelocity(previous: Double, fling: Double) -> Double { 0 }

    /// The model with `pairs` set over the defaults; an unknown key or a value out of range is
    /// one error naming the model and the key.
    public static func make(_ pairs: [(key: String, value: ParameterValue)]) throws(ModelParameterError) -> Self {
        do {
            return Self(values: try Values(values: pairs))
        } catch {
            throw ModelParameterError("model \"\(name)\": \(error)")
        }
    }

    /// The value of `key` as a number, if the model has it.
    public func value(of key: String) -> Double? {
        Self.parameters.first { $0.key == key }?.number(in: values)
    }

    /// The key/value pairs of the model's values, every key, in table order.
    public var pairs: [(key: String, value: ParameterValue)] { values.values }
}


/// The drag start threshold.
public struct DragStart: Equatable, Sendable {
    /// Finger travel (pt) before the content moves.
    public var distance: Double
    /// Whether that travel is swallowed (true) or applied once the drag starts (false).
    public var swallowed: Bool

    public init(distance: Double, swallowed: Bool) {
        self.distance = distance
        self.swallowed = swallowed
    }
}

/// What a paging rule knows at release.
public struct ModelPageRelease: Equatable, Sendable {
    /// Offset at release, in points.
    public var offset: Double
    /// Release velocity (pt/s, offset direction), after the model's fling thresholds.
    public var velocity: Double
    /// Page length, in points (pages start at multiples of it).
    public var pageSize: Double
    public var pageCount: Int
    /// The finger's offset travel since touch-down (pt; > 0 toward later pages).
    public var travel: Double
    /// Seconds from touch-down to release.
    public var touchDuration: Double
    /// The viewport's length along the axis, in points.
    public var viewport: Double
    /// The page the touch began on.
    public var startIndex: Int

    public init(offset: Double, velocity: Double, pageSize: Double, pageCount: Int, travel: Double,
                touchDuration: Double, viewport: Double, startIndex: Int = 0) {
        self.startIndex = startIndex
        self.offset = offset
        self.velocity = velocity
        self.pageSize = pageSize
        self.pageCount = pageCount
        self.travel = travel
        self.touchDuration = touchDuration
        self.viewport = viewport
    }

    /// Page index clamped to the pages there are.
    func clampedPage(_ index: Int) -> Int { Swift.min(Swift.max(index, 0), Swift.max(0, pageCount - 1)) }

    /// The page index of `offset`, as a real number.
    var pagePosition: Double { pageSize > 0 ? offset / pageSize : 0 }
}

/// The page chosen and the motion to it.
public struct ModelPageTurn: Sendable {
    public var index: Int
    public var motion: ModelMotion

    public init(index: Int, motion: ModelMotion) {
        self.index = index
        self.motion = motion
    }
}

/// A velocity estimator fed finger positions (offset units, pt) with times (s).
public protocol ReleaseVelocityEstimator: Sendable {
    mutating func add(time: Double, position: Double)
    mutating func reset()
    /// The finger lifts at `position` at `time`: platforms whose velocity counts the lift as a
    /// sample of its own take it here (default: nothing, only moves are samples).
    mutating func lift(time: Double, position: Double)
    /// The estimated velocity (pt/s) when the finger lifts at `now` (s).
    func velocity(at now: Double) -> Double
    /// The finger's travel (pt) over the samples the estimator holds: newest minus oldest.
    var travel: Double { get }
}

extension ReleaseVelocityEstimator {
    public mutating func lift(time: Double, position: Double) {}
}

extension VelocityTracker: ReleaseVelocityEstimator {
    public var travel: Double { 0 }
}
