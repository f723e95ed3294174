/// Flutter's Android feel: `ClampingScrollPhysics` (`widgets/scroll_physics.dart`) releasing
/// into a `ClampingScrollSimulation`, with Flutter's default least-squares `VelocityTracker`.
///
/// - Drag past an edge: none; `applyBoundaryConditions` stops the content at the edge (the
///   glow or stretch indicator Flutter draws there is not modelled).
/// - Release (`createBallisticSimulation`): inside the range, nothing below the velocity
///   tolerance or when already at the edge it heads for; otherwise the clamping fling, which
///   stops dead at an edge it reaches. Past an edge (not reachable by dragging): the default
///   spring back with `min(0, v)` as in the source.
/// - Fling thresholds: `kMinFlingVelocity` 50 pt/s, `kMaxFlingVelocity` 8000 pt/s,
///   `kTouchSlop` 18 pt as both the drag start and the minimum fling distance.
/// - Paging: `PageScrollPhysics` with the default spring.
public struct FlutterClampingModel: FeelModel {
    public var zoo: ZooModel { .flutterClamping(self) }
    public struct Values: TunableModel, FlutterDeviceValues {
        public var friction = 0.015
        public var minFlingVelocity = 50.0
        public var maxFlingVelocity = 8000.0
        public var minFlingDistance = 18.0
        public var touchSlop = 18.0
        public var springMass = 0.5
        public var springStiffness = 100.0
        public var springDampingRatio = 1.1
        public var devicePixelRatio = 3.0
        public init() {}
    }

    public static let name = "flutter-clamping"
    public static let title = "Flutter Android (ClampingScrollPhysics)"

    /// Every tunable, in display order; the defaults are `Values()`'s (the platform's).
    public static var parameters: [Tunable<Values>] {
        typealias P = Tunable<Values>
        return [
            P(
                .real({ $0.friction }, { $0.friction = $1 }), key: "friction", title: "Fling friction", unit: "",
                range: 0.001...0.2,
                format: "%.3f",
                help: "Android's scroll friction; higher stops sooner (distance ∝ friction^(−0.74) at a given speed).",
                source:
                    "scroll_simulation.dart ClampingScrollSimulation.friction (ViewConfiguration.getScrollFriction)",
                equivalent: "ClampingScrollSimulation(friction: …) from createBallisticSimulation"),
            P(
                .real({ $0.minFlingVelocity }, { $0.minFlingVelocity = $1 }), key: "minFlingVelocity",
                title: "Min fling velocity", unit: "pt/s",
                range: 0...5000, format: "%.0f pt/s",
                help: "Slower releases do not glide.", source: "constants.dart kMinFlingVelocity",
                equivalent: "override double get minFlingVelocity (pt/s)"),
            P(
                .real({ $0.maxFlingVelocity }, { $0.maxFlingVelocity = $1 }), key: "maxFlingVelocity",
                title: "Max fling velocity", unit: "pt/s",
                range: 100...100_000, format: "%.0f pt/s",
                help: "Release speeds are clamped to this.", source: "constants.dart kMaxFlingVelocity",
                equivalent: "override double get maxFlingVelocity (pt/s)"),
            P(
                .real({ $0.minFlingDistance }, { $0.minFlingDistance = $1 }), key: "minFlingDistance",
                title: "Min fling distance", unit: "pt",
                range: 0...200, format: "%.0f pt",
                help: "A release whose samples span less travel than this does not glide.",
                source: "scroll_physics.dart ScrollPhysics.minFlingDistance (kTouchSlop)",
                equivalent: "override double get minFlingDistance (pt)"),
            P(
                .real({ $0.touchSlop }, { $0.touchSlop = $1 }), key: "touchSlop", title: "Touch slop", unit: "pt",
                range: 0...100,
                format: "%.0f pt",
                help: "Finger travel before a drag starts; it is swallowed.", source: "constants.dart kTouchSlop",
                equivalent: "DeviceGestureSettings(touchSlop:) via MediaQuery"),
            P(
                .real({ $0.springMass }, { $0.springMass = $1 }), key: "springMass", title: "Page spring mass",
                unit: "kg", range: 0.01...10,
                format: "%.3f kg",
                help: "Mass of the page spring.", source: "scroll_physics.dart ScrollPhysics._kDefaultSpring",
                equivalent: "override SpringDescription get spring => SpringDescription.withDampingRatio(mass: …)"),
            P(
                .real({ $0.springStiffness }, { $0.springStiffness = $1 }), key: "springStiffness",
                title: "Page spring stiffness", unit: "N/m",
                range: 1...5000, format: "%.0f N/m",
                help: "Stiffness of the page spring; stiffer snaps sooner.",
                source: "scroll_physics.dart ScrollPhysics._kDefaultSpring",
                equivalent: "SpringDescription.withDampingRatio(stiffness: …)"),
            P(
                .real({ $0.springDampingRatio }, { $0.springDampingRatio = $1 }), key: "springDampingRatio",
                title: "Page spring damping ratio", unit: "",
                range: 0.05...5, format: "%.3f",
                help: "1 = critical; above 1 no overshoot.",
                source: "scroll_physics.dart ScrollPhysics._kDefaultSpring",
                equivalent: "SpringDescription.withDampingRatio(ratio: …)"),
            .flutterDevicePixelRatio
        ]
    }

    public var values: Values
    public init(values: Values) { self.values = values }

    public var dragStart: DragStart { DragStart(distance: values.touchSlop, swallowed: true) }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double {
        let delta = fingerTo - fingerFrom
        guard delta.isFinite, shown.isFinite else { return shown }
        let proposed = shown + delta
        // applyBoundaryConditions: what would pass an edge is refused.
        if delta < 0, proposed < extent.minOffset { return min(shown, extent.minOffset) }
        if delta > 0, proposed > extent.maxOffset { return max(shown, extent.maxOffset) }
        return proposed
    }

    /// A drag never passes an edge; content gets past one only when the range shrinks under it
    /// (within a viewport: `ScrollAxis.setBounds`), and a page spring launched there at up to
    /// `maxFlingVelocity` carries it on by at most the spring's reach (`DampedSpring.reach`).
    public func overscrollLimit(extent: ModelExtent) -> Double {
        extent.viewport
            + DampedSpring.reach(
                velocity: values.maxFlingVelocity, mass: values.springMass,
                stiffness: values.springStiffness, ratio: values.springDampingRatio)
    }

    /// `devicePixelRatio` from the display (Flutter reads the device's own, `MediaQuery`).
    public func on(_ display: Display) -> FlutterClampingModel {
        var values = self.values
        values.devicePixelRatio = min(max(display.scale, 1), 4)
        return FlutterClampingModel(values: values)
    }

    public func flingVelocity(estimated: Double, travel: Double) -> Double {
        guard estimated.isFinite, abs(estimated) > values.minFlingVelocity, abs(travel) > values.minFlingDistance else {
            return 0
        }
        return min(max(estimated, -values.maxFlingVelocity), values.maxFlingVelocity)
    }

    public func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion {
        guard position.isFinite else { return .rest(at: extent.clamped(0)) }
        let v = velocity.isFinite ? velocity : 0
        if let edge = extent.edge(beyond: position) {
            let spring = DampedSpring(
                from: position, velocity: min(0, v), to: edge, mass: values.springMass,
                stiffness: values.springStiffness, ratio: values.springDampingRatio,
                distanceTolerance: distanceTolerance, velocityTolerance: velocityTolerance)
            return Motion(pieces: [.init(start: 0, simulation: spring, kind: "spring")])
        }
        guard abs(v) >= velocityTolerance, !(v > 0 && position >= extent.maxOffset),
            !(v < 0 && position <= extent.minOffset)
        else { return .rest(at: position) }
        let fling = ClampingScrollSimulation(position: position, velocity: v, friction: values.friction)
        let edge = v > 0 ? extent.maxOffset : extent.minOffset
        if let hit = fling.time(atX: edge) {
            return Motion(pieces: [.init(start: 0, simulation: CutSimulation(fling, at: hit), kind: "fling")])
        }
        return Motion(pieces: [.init(start: 0, simulation: fling, kind: "fling")])
    }

    /// Flutter's default `VelocityTracker`: quadratic least squares over 100 ms, at least three
    /// samples, zero when the last sample is more than 40 ms old.
    public func makeEstimator() -> QuadraticVelocityEstimator {
        QuadraticVelocityEstimator(
            horizon: 0.1, stopTime: 0.04, staleAfter: 0.04, minimumSamples: 3, fitsLineThroughTwo: false)
    }

    public func page(_ release: ModelPageRelease) -> ModelPageTurn? {
        FlutterPageScrollPhysics.turn(
            release, mass: values.springMass, stiffness: values.springStiffness,
            ratio: values.springDampingRatio, distanceTolerance: distanceTolerance,
            velocityTolerance: velocityTolerance)
    }
}

extension FlutterClampingModel.Values {
    public static var tunables: [Tunable<Self>] { FlutterClampingModel.parameters }
}
