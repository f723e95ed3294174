#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Framer Motion's drag (`gestures/drag/VisualElementDragControls.ts`) and its `inertia`
/// generator (`animation/generators/inertia.ts`) with the `spring` generator for the bounce.
/// CSS px are taken as points.
///
/// - Drag past a constraint (`applyConstraints`, `dragElastic` 0.35): the content shows
///   elastic × the finger's travel past it (a straight line, no rubber-band curve).
/// - Release (`startAnimation`): an `InertiaGlide` with the drag's transition — `power` 0.8,
///   `timeConstant` 750 ms, `bounceStiffness` 200, `bounceDamping` 40, `restDelta` 1,
///   `restSpeed` 10 (the generator's own defaults are 325 ms, 500, 10, 0.5). When the glide
///   passes a constraint, a spring (mass 1) from there to it takes over with the speed the
///   source computes, a 5 ms backward difference (`calcGeneratorVelocity`). The source catches
///   the crossing at the first frame past it (so at 60 fps up to one frame late, from a point
///   past the edge); here it is caught at the exact crossing time so traces agree at every
///   frame rate. Released past a constraint: the spring at once.
/// - Velocity: `PanSession.getVelocity` (`FramerVelocityEstimator`); no fling threshold, no
///   cap (`dragMomentum`). A pan starts after 3 px of travel, which is not swallowed.
/// - Paging: none in Framer Motion (snapping is left to `modifyTarget`).
public struct FramerModel: FeelModel {
    public var zoo: ZooModel { .framer(self) }
    public struct Values: TunableModel {
        public var power = 0.8
        public var timeConstant = 750.0
        public var bounceStiffness = 200.0
        public var bounceDamping = 40.0
        public var dragElastic = 0.35
        public var restDelta = 1.0
        public var restSpeed = 10.0
        public var panThreshold = 3.0
        public init() {}
    }

    public static let name = "framer"
    public static let title = "Framer Motion (drag + inertia)"

    /// Every tunable, in display order; the defaults are `Values()`'s (the platform's).
    public static var parameters: [Tunable<Values>] {
        typealias P = Tunable<Values>
        return [
            P(
                .real({ $0.power }, { $0.power = $1 }), key: "power", title: "Power", unit: "s", range: 0...5,
                format: "%.3f s",
                help: "The glide travels release speed × power; higher glides farther.", source: "inertia.ts power",
                equivalent: "dragTransition={{ power }}"),
            P(
                .real({ $0.timeConstant }, { $0.timeConstant = $1 }), key: "timeConstant", title: "Time constant",
                unit: "ms", range: 10...5000,
                format: "%.0f ms",
                help:
                    "How long the glide takes (it covers 63 % of its distance in this time); the drag uses 750, "
                    + "inertia's default is 325.",
                source: "VisualElementDragControls.ts startAnimation (timeConstant 750); inertia.ts (325)",
                equivalent: "dragTransition={{ timeConstant }} (ms)"),
            P(
                .real({ $0.bounceStiffness }, { $0.bounceStiffness = $1 }), key: "bounceStiffness",
                title: "Bounce stiffness", unit: "",
                range: 1...100_000, format: "%.0f",
                help: "Stiffness of the spring back from past a constraint (drag: 200; inertia's default 500).",
                source: "VisualElementDragControls.ts startAnimation; inertia.ts bounceStiffness",
                equivalent: "dragTransition={{ bounceStiffness }}"),
            P(
                .real({ $0.bounceDamping }, { $0.bounceDamping = $1 }), key: "bounceDamping", title: "Bounce damping",
                unit: "", range: 0...100_000,
                format: "%.0f",
                help:
                    "Damping of that spring; 40 with stiffness 200 is overdamped (ratio 1.41), inertia's default 10 "
                    + "with 500 wobbles.",
                source: "VisualElementDragControls.ts startAnimation; inertia.ts bounceDamping",
                equivalent: "dragTransition={{ bounceDamping }}"),
            P(
                .real({ $0.dragElastic }, { $0.dragElastic = $1 }), key: "dragElastic", title: "Drag elastic", unit: "",
                range: 0...1, format: "%.3f",
                help: "Share of the finger's travel past a constraint the content follows; 0 pins it, 1 follows fully.",
                source: "VisualElementDragControls.ts defaultElastic; utils/constraints.ts applyConstraints",
                equivalent: "dragElastic prop"),
            P(
                .real({ $0.restDelta }, { $0.restDelta = $1 }), key: "restDelta", title: "Rest distance", unit: "px",
                range: 0.001...50,
                format: "%.3f px",
                help: "The glide and spring stop this close to their target.",
                source: "VisualElementDragControls.ts startAnimation (restDelta 1)",
                equivalent: "dragTransition={{ restDelta }}"),
            P(
                .real({ $0.restSpeed }, { $0.restSpeed = $1 }), key: "restSpeed", title: "Rest speed", unit: "px/s",
                range: 0.001...500,
                format: "%.0f px/s",
                help: "The spring stops below this speed (and within the rest distance).",
                source: "VisualElementDragControls.ts startAnimation (restSpeed 10)",
                equivalent: "dragTransition={{ restSpeed }}"),
            P(
                .real({ $0.panThreshold }, { $0.panThreshold = $1 }), key: "panThreshold", title: "Pan threshold",
                unit: "px", range: 0...50,
                format: "%.3f px",
                help: "Pointer travel before a drag starts (the content then jumps to the finger).",
                source: "gestures/pan/PanSession.ts (distance ≥ 3)",
                equivalent: "PanSession's 3 px (not settable)")
        ]
    }

    public var values: Values
    public init(values: Values) { self.values = values }

    public var dragStart: DragStart { DragStart(distance: values.panThreshold, swallowed: false) }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double {
        guard fingerTo.isFinite else { return shown }
        // mixNumber(edge, point, elastic) = edge + (point − edge)·elastic.
        if fingerTo < extent.minOffset { return extent.minOffset + (fingerTo - extent.minOffset) * values.dragElastic }
        if fingerTo > extent.maxOffset { return extent.maxOffset + (fingerTo - extent.maxOffset) * values.dragElastic }
        return fingerTo
    }

    public func flingVelocity(estimated: Double, travel: Double) -> Double { estimated.isFinite ? estimated : 0 }

    func spring(from x: Double, velocity: Double, to edge: Double) -> DampedSpring {
        DampedSpring(
            from: x, velocity: velocity, to: edge, mass: 1, stiffness: values.bounceStiffness,
            damping: values.bounceDamping, distanceTolerance: values.restDelta, velocityTolerance: values.restSpeed)
    }

    /// The source's `calcGeneratorVelocity`: (x(t) − x(t′)) / (t − t′) with t′ = max(t − 5 ms, 0),
    /// 0 when t = t′: the backward difference is clamped at the start, so a spring launched at
    /// t = 0 (released past a constraint) starts from rest, not from an extrapolated speed.
    static func sourceVelocity(_ glide: InertiaGlide, at t: Double, value: Double) -> Double {
        let previous = max(t - 0.005, 0)
        guard t > previous else { return 0 }
        let v = (value - glide.latest(previous)) / (t - previous)
        return v.isFinite ? v : 0
    }

    public func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion {
        guard position.isFinite else { return .rest(at: extent.clamped(0)) }
        let glide = InertiaGlide(
            position: position, velocity: velocity.isFinite ? velocity : 0, power: values.power,
            timeConstant: values.timeConstant / 1000, restDelta: values.restDelta)
        func nearest(_ x: Double) -> Double {
            abs(extent.minOffset - x) < abs(extent.maxOffset - x) ? extent.minOffset : extent.maxOffset
        }
        if extent.edge(beyond: position) != nil {
            let v = Self.sourceVelocity(glide, at: 0, value: position)
            return Motion(pieces: [
                .init(start: 0, simulation: spring(from: position, velocity: v, to: nearest(position)), kind: "spring")
            ])
        }
        let target = glide.target
        guard let edge = extent.edge(beyond: target) else {
            return Motion(pieces: [.init(start: 0, simulation: glide, kind: "glide")])
        }
        // Crossing at the exact time, or — if the glide is done before it gets there, within
        // restDelta of its target past the edge — at the moment it snaps to the target.
        let crossing = glide.time(atX: edge)
        let start = crossing ?? glide.settleTime
        let from = crossing == nil ? target : edge
        let v = Self.sourceVelocity(glide, at: start, value: from)
        return Motion(pieces: [
            .init(start: 0, simulation: CutSimulation(glide, at: start), kind: "glide"),
            .init(start: start, simulation: spring(from: from, velocity: v, to: nearest(from)), kind: "spring")
        ])
    }

    public func makeEstimator() -> FramerVelocityEstimator { FramerVelocityEstimator() }

    /// Framer Motion has no paging of its own: a paged view lands as UIKit's projection rule
    /// at its defaults chooses.
    public func page(_ release: ModelPageRelease) -> ModelPageTurn? { UIKitModel().page(release) }
}

extension FramerModel.Values {
    public static var tunables: [Tunable<Self>] { FramerModel.parameters }
}
