/// One platform's scroll feel as a small value type: its parameter table, how it reads the
/// finger, how a drag past an edge is resisted, what happens after release (planned once, in
/// closed form, handing leftover speed on at chained edges), its paging rule, and how it
/// animates to an offset. UIKit's own pipeline is one (`UIKitModel`), beside Flutter's,
/// Android's, Swiper's and Framer Motion's.
///
/// Adding a platform means one new folder under `Models/` with a type conforming to this and
/// one line in `FeelZoo.models` (plus its preset file; see CONTRIBUTING). Requirements below the first
/// group have defaults built from the first group, so a model states only what its platform does.
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
    func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion

    /// A fresh velocity estimator of the platform's kind (fed finger positions in offset units).
    func makeEstimator() -> Estimator

    /// The page to land on and how to get there, or nil if the platform has no paging rule.
    func page(_ release: ModelPageRelease) -> ModelPageTurn?

    // MARK: Defaults provided (override where the platform differs)

    /// The drag start threshold for `input` (default: `dragStart` for every input).
    func dragStart(for input: DragInput) -> DragStart

    /// `dragged(shown:fingerFrom:fingerTo:extent:)` for a drag driven by `input` (default: the same
    /// for every input).
    func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent, input: DragInput) -> Double

    /// The unconstrained finger offset at which a drag that catches content showing `shown`
    /// starts (default: `shown` itself, for models that follow the finger's moves from wherever
    /// the content is; a model whose resistance depends only on the pull returns the pull).
    func fingerOffset(showing shown: Double, extent: ModelExtent, input: DragInput) -> Double

    /// How the model reads the finger, from touch-down to lift, across the gestures of one
    /// scroll view (default: `makeEstimator()` with `flingVelocity` and `carriedVelocity`).
    func makeFinger() -> ZooFinger

    /// Free motion after a release in the scroll view's context: chained edges hand leftover
    /// speed on, glide time already run at the start (`lead`), a glide multiplier (default:
    /// `release(position:velocity:extent:)`, ended where it first reaches a chained edge).
    func release(_ free: FreeRelease) -> Motion

    /// An animated scroll to `target` from `position` with `velocity` (a programmatic scroll,
    /// a target chosen after release on a paged view, a replan that keeps its aim; default:
    /// UIKit's page motion at its defaults).
    func animate(_ to: AnimatedScroll) -> Motion

    /// Free motion that rests exactly on `target` (a release whose target the app changed,
    /// UIKit's `targetContentOffset`; default: the friction that stops there, else `animate`).
    func retarget(_ to: AnimatedScroll) -> Motion

    /// Scrolling to the leading edge as a status-bar tap does (default: `animate`).
    func scrollToTop(_ to: AnimatedScroll) -> Motion

    /// The farthest past an edge the content can be pulled, pt (default: the viewport's length).
    func overscrollLimit(extent: ModelExtent) -> Double

    /// How content past an edge is shown (default: moved, as iOS's rubber band moves it).
    var overscrollDrawing: OverscrollDrawing { get }

    /// The model on `display` (default: unchanged; UIKit's release frame and pixel grid follow it).
    func on(_ display: Display) -> Self

    /// The model with paging decided by `policy`, for a scene that always pages one way (the
    /// banner's thresholds; default: unchanged, the platform's own rule).
    func paging(by policy: PagePolicy) -> Self

    /// What the panel's `section` shows besides the tunables: readouts computed from the values
    /// (default: nothing).
    func notes(in section: String, _ context: PanelContext) -> [PanelNote]

    /// The values as code for the model's own platform (no default: each platform says what an
    /// app can set there and what it cannot).
    var exported: ExportedCode { get }

    /// The model as its case of `ZooModel` (no default: `.<case>(self)`).
    var zoo: ZooModel { get }
}

/// What a scroll view knows when it lets content move freely.
public struct FreeRelease: Sendable {
    public var position: Double
    /// pt/s, offset direction.
    public var velocity: Double
    public var extent: ModelExtent
    /// Edges that pass leftover speed on instead of stopping (nested scrolling).
    public var chainsLeadingEdge = false
    public var chainsTrailingEdge = false
    /// Glide time already run when the motion starts, s (UIKit's release frame).
    public var lead = 0.0
    /// The glide's multiplier (UIKit's fast scrolling).
    public var multiplier = 1.0
    public var tolerance = Tolerance.standard

    public init(
        position: Double, velocity: Double, extent: ModelExtent, chainsLeadingEdge: Bool = false,
        chainsTrailingEdge: Bool = false, lead: Double = 0, multiplier: Double = 1, tolerance: Tolerance = .standard
    ) {
        self.position = position
        self.velocity = velocity
        self.extent = extent
        self.chainsLeadingEdge = chainsLeadingEdge
        self.chainsTrailingEdge = chainsTrailingEdge
        self.lead = lead
        self.multiplier = multiplier
        self.tolerance = tolerance
    }
}

/// An animated scroll: from where, how fast, to where.
public struct AnimatedScroll: Sendable {
    public var position: Double
    /// pt/s, offset direction.
    public var velocity: Double
    public var target: Double
    /// The snap target aimed at, if any (kept in the motion).
    public var index: Int?
    public var extent: ModelExtent
    public var tolerance = Tolerance.standard

    public init(
        position: Double, velocity: Double, target: Double, index: Int? = nil, extent: ModelExtent,
        tolerance: Tolerance = .standard
    ) {
        self.position = position
        self.velocity = velocity
        self.target = target
        self.index = index
        self.extent = extent
        self.tolerance = tolerance
    }
}

extension FeelModel {
    /// The model at the platform's defaults.
    public init() {
        self.init(values: Values())
    }

    public func carriedVelocity(previous: Double, fling: Double) -> Double { 0 }

    public func dragStart(for input: DragInput) -> DragStart { dragStart }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent, input: DragInput)
        -> Double
    {
        dragged(shown: shown, fingerFrom: fingerFrom, fingerTo: fingerTo, extent: extent)
    }

    public func fingerOffset(showing shown: Double, extent: ModelExtent, input: DragInput) -> Double { shown }

    public func makeFinger() -> ZooFinger { .estimated(EstimatorFinger(self)) }

    public func release(_ free: FreeRelease) -> Motion {
        release(position: free.position, velocity: free.velocity, extent: free.extent)
            .handingOff(
                chainsLeadingEdge: free.chainsLeadingEdge, chainsTrailingEdge: free.chainsTrailingEdge,
                extent: free.extent, from: free.position, released: free.velocity)
    }

    public func animate(_ to: AnimatedScroll) -> Motion { UIKitModel().animate(to) }

    public func retarget(_ to: AnimatedScroll) -> Motion { UIKitModel().retarget(to) }

    public func scrollToTop(_ to: AnimatedScroll) -> Motion { animate(to) }

    public func overscrollLimit(extent: ModelExtent) -> Double { extent.viewport }

    public var overscrollDrawing: OverscrollDrawing { .moved }

    public func on(_ display: Display) -> Self { self }

    public func paging(by policy: PagePolicy) -> Self { self }

    public func notes(in section: String, _ context: PanelContext) -> [PanelNote] { [] }

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
    /// The page the touch began on (the target of a page animation it caught).
    public var startIndex: Int
    /// The direction (±1) of a page animation the touch caught while it ran, 0 for none.
    public var caughtDirection: Int
    /// Every snap target, the first at 0 (for rules that take targets that are not evenly
    /// spaced); empty means `pageCount` pages of `pageSize`.
    public var targets: SnapTargets
    /// The scrollable range, shifted as the offsets are (the first target at 0).
    public var extent: ModelExtent?
    public var tolerance: Tolerance

    public init(
        offset: Double, velocity: Double, pageSize: Double, pageCount: Int, travel: Double,
        touchDuration: Double, viewport: Double, startIndex: Int = 0, targets: SnapTargets = SnapTargets([]),
        extent: ModelExtent? = nil, tolerance: Tolerance = .standard, caughtDirection: Int = 0
    ) {
        self.startIndex = startIndex
        self.caughtDirection = caughtDirection
        self.targets = targets
        self.extent = extent
        self.tolerance = tolerance
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

    /// A page position (already rounded) clamped to the pages there are, for any finite or
    /// infinite value (NaN: the first page).
    func clampedPage(_ position: Double) -> Int {
        guard position.isFinite else { return position == .infinity ? Swift.max(0, pageCount - 1) : 0 }
        return clampedPage(Int(Swift.min(Swift.max(position, -1), Double(Swift.max(0, pageCount)))))
    }

    /// The page index of `offset`, as a real number.
    var pagePosition: Double { pageSize > 0 ? offset / pageSize : 0 }
}

/// The page chosen and the motion to it.
public struct ModelPageTurn: Sendable {
    public var index: Int
    public var motion: Motion

    /// A turn whose motion shows `.settling` throughout.
    public init(index: Int, motion: Motion) {
        self.index = index
        self.motion = motion.showing(.settling)
    }

    /// A turn whose motion keeps its pieces' own phases (a page at an edge returns as an edge does).
    public init(index: Int, planned: Motion) {
        self.index = index
        self.motion = planned
    }
}

/// A velocity estimator fed finger positions (offset units, pt) with times (s).
public protocol ReleaseVelocityEstimator: Sendable {
    /// The estimator as its case of `ZooEstimator`.
    var zoo: ZooEstimator { get }
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
    public var zoo: ZooEstimator { .tracker(self) }
}

/// Every velocity estimator a model of the zoo reads the finger with, as one closed set (what an
/// `EstimatorFinger` holds). A new estimator is one case here and one arm in each switch below.
public enum ZooEstimator: ReleaseVelocityEstimator {
    case tracker(VelocityTracker)
    case iosFling(IOSFlingVelocityEstimator)
    case quadratic(QuadraticVelocityEstimator)
    case swiper(SwiperVelocityEstimator)
    case framer(FramerVelocityEstimator)

    public var zoo: ZooEstimator { self }

    private enum Change {
        case add(time: Double, position: Double), lift(time: Double, position: Double), reset

        func apply<E: ReleaseVelocityEstimator>(_ estimator: inout E) {
            switch self {
            case .add(let time, let position): estimator.add(time: time, position: position)
            case .lift(let time, let position): estimator.lift(time: time, position: position)
            case .reset: estimator.reset()
            }
        }
    }

    private mutating func change(_ change: Change) {
        switch self {
        case .tracker(var e): change.apply(&e); self = .tracker(e)
        case .iosFling(var e): change.apply(&e); self = .iosFling(e)
        case .quadratic(var e): change.apply(&e); self = .quadratic(e)
        case .swiper(var e): change.apply(&e); self = .swiper(e)
        case .framer(var e): change.apply(&e); self = .framer(e)
        }
    }

    /// (velocity at `now`, travel) of the estimator held.
    private func reading(at now: Double) -> (velocity: Double, travel: Double) {
        switch self {
        case .tracker(let e): (e.velocity(at: now), e.travel)
        case .iosFling(let e): (e.velocity(at: now), e.travel)
        case .quadratic(let e): (e.velocity(at: now), e.travel)
        case .swiper(let e): (e.velocity(at: now), e.travel)
        case .framer(let e): (e.velocity(at: now), e.travel)
        }
    }

    public mutating func add(time: Double, position: Double) { change(.add(time: time, position: position)) }
    public mutating func reset() { change(.reset) }
    public mutating func lift(time: Double, position: Double) { change(.lift(time: time, position: position)) }
    public func velocity(at now: Double) -> Double { reading(at: now).velocity }
    public var travel: Double { reading(at: 0).travel }
}

/// How a scroll view shows content pulled past an edge by `d` points.
public enum OverscrollDrawing: Sendable, Equatable {
    /// The content moves by `d`, uncovering the background (iOS's rubber band).
    case moved
    /// The content stays at the edge and stretches along the axis, pinned at the pulled edge,
    /// so its far end moves by `d` (Android 12's stretch `EdgeEffect`).
    case stretched
}
