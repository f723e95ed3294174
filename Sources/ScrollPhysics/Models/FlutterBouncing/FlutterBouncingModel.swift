#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Flutter's iOS feel: `BouncingScrollPhysics` (`widgets/scroll_physics.dart`) releasing into a
/// `BouncingScrollSimulation` (`widgets/scroll_simulation.dart`), with the
/// `IOSScrollViewFlingVelocityTracker` estimator. Logical pixels are taken as points.
///
/// - Drag past an edge (`applyPhysicsToUserOffset`): each pointer move is scaled by
///   `frictionFactor(f) = k·(1 − f)²`, f = overscroll / viewport (k = 0.52 normal, 0.26 fast),
///   computed at the overscroll before the move when pulling further and at (overscroll − |Δ|)
///   when easing back (`_applyFriction`). A move that starts inside the range is not resisted.
/// - Release (`createBallisticSimulation`): nothing below the velocity tolerance inside the
///   range; otherwise `FlutterFrictionSimulation(0.135, …)`, and if its `finalX` lies past an
///   edge, a spring (`SpringDescription.withDampingRatio(mass 0.5, stiffness 100, ratio 1.1)`,
///   overdamped) takes over at the exact time the edge is reached, with the speed there capped
///   at `maxSpringTransferVelocity` 5000 pt/s — at the trailing edge only, as the source's
///   `math.min` leaves negative speeds alone. Released past an edge: the spring alone.
/// - Fling thresholds (`DragGestureRecognizer.isFlingGesture`): |v| > `minFlingVelocity`
///   (100 pt/s = `kMinFlingVelocity`·2) and finger travel over the tracker's samples >
///   `minFlingDistance` (`kTouchSlop` 18 pt); then clamped to `maxFlingVelocity` (8000 pt/s).
/// - Carried momentum (`carriedMomentum`): a fling that catches a running one in the same
///   direction, at least half as fast, adds sign(v)·min(0.000816·|v|^1.967, 40000).
/// - Tolerance (`ScrollPhysics.toleranceFor`): velocity 1/(0.05·dpr) pt/s, distance 1/dpr pt.
/// - Paging: `PageScrollPhysics` (see `FlutterPageScrollPhysics`).
public struct FlutterBouncingModel: FeelModel {
    public var zoo: ZooModel { .flutterBouncing(self) }
    public struct Values: TunableModel, FlutterDeviceValues {
        public var frictionFactor = 0.52
        public var fastEasing = 0
        public var drag = 0.135
        public var constantDeceleration = 0.0
        public var springMass = 0.5
        public var springStiffness = 100.0
        public var springDampingRatio = 1.1
        public var maxSpringTransferVelocity = 5000.0
        public var minFlingVelocity = 100.0
        public var maxFlingVelocity = 8000.0
        public var minFlingDistance = 18.0
        public var touchSlop = 18.0
        public var motionStartThreshold = 3.5
        public var momentumCoefficient = 0.000816
        public var momentumExponent = 1.967
        public var momentumCap = 40000.0
        public var devicePixelRatio = 3.0
        public init() {}
    }

    public static let name = "flutter-bouncing"
    public static let title = "Flutter iOS (BouncingScrollPhysics)"

    /// Every tunable, in display order; the defaults are `Values()`'s (the platform's).
    public static var parameters: [Tunable<Values>] {
        typealias P = Tunable<Values>
        return [
            P(
                .real({ $0.frictionFactor }, { $0.frictionFactor = $1 }), key: "frictionFactor",
                title: "Overscroll friction", unit: "", range: 0.01...1,
                format: "%.3f",
                help:
                    "Share of the finger's travel the content follows past an edge, at the edge; it falls as (1 − "
                    + "overscroll/viewport)².",
                source: "scroll_physics.dart BouncingScrollPhysics.frictionFactor (0.52 normal, 0.26 fast)",
                equivalent:
                    "override double frictionFactor(double f) => k * math.pow(1 - f, 2) in a BouncingScrollPhysics "
                    + "subclass"
            ),
            P(
                .flag({ $0.fastEasing }, { $0.fastEasing = $1 }), key: "fastEasing", title: "Ease back 1:1", unit: "",
                range: 0...1, format: "%.0f",
                help:
                    "1: moving back toward the content past an edge is not resisted (the fast deceleration rate's "
                    + "rule).",
                source: "scroll_physics.dart applyPhysicsToUserOffset (easing && ScrollDecelerationRate.fast)",
                equivalent:
                    "BouncingScrollPhysics(decelerationRate: ScrollDecelerationRate.fast) (also changes friction, "
                    + "spring and limits)"
            ),
            P(
                .real({ $0.drag }, { $0.drag = $1 }), key: "drag", title: "Drag (velocity kept per s)", unit: "per s",
                range: 0.001...0.9,
                format: "%.3f per s",
                help:
                    "Fraction of the speed left after one second of gliding; 0.135 = UIKit's 0.998 per ms. Higher "
                    + "glides farther.",
                source: "scroll_simulation.dart BouncingScrollSimulation (FrictionSimulation(0.135, …))",
                equivalent: "fixed at 0.135 inside BouncingScrollSimulation; x(t) = x0 + v0·(D^t − 1)/ln D"),
            P(
                .real({ $0.constantDeceleration }, { $0.constantDeceleration = $1 }), key: "constantDeceleration",
                title: "Constant deceleration",
                unit: "pt/s²", range: 0...10000, format: "%.3f pt/s²",
                help:
                    "Extra braking that does not fade with speed; stops the glide in finite time (1400 for the fast "
                    + "rate).",
                source: "scroll_physics.dart createBallisticSimulation (fast: 1400, normal: 0)",
                equivalent: "BouncingScrollSimulation(constantDeceleration: c) from createBallisticSimulation"),
            P(
                .real({ $0.springMass }, { $0.springMass = $1 }), key: "springMass", title: "Spring mass", unit: "kg",
                range: 0.01...10,
                format: "%.3f kg",
                help: "Mass of the edge and page spring; heavier returns slower.",
                source: "scroll_physics.dart ScrollPhysics._kDefaultSpring (fast: 0.3)",
                equivalent: "override SpringDescription get spring => SpringDescription.withDampingRatio(mass: …)"),
            P(
                .real({ $0.springStiffness }, { $0.springStiffness = $1 }), key: "springStiffness",
                title: "Spring stiffness", unit: "N/m",
                range: 1...5000, format: "%.0f N/m",
                help: "Stiffness of the edge and page spring; stiffer returns sooner.",
                source: "scroll_physics.dart ScrollPhysics._kDefaultSpring (fast: 75)",
                equivalent: "SpringDescription.withDampingRatio(stiffness: …)"),
            P(
                .real({ $0.springDampingRatio }, { $0.springDampingRatio = $1 }), key: "springDampingRatio",
                title: "Spring damping ratio", unit: "",
                range: 0.05...5, format: "%.3f",
                help: "1 = critical; above 1 the edge bounce returns without overshoot, below 1 it wobbles.",
                source: "scroll_physics.dart ScrollPhysics._kDefaultSpring (fast: 1.3)",
                equivalent: "SpringDescription.withDampingRatio(ratio: …)"),
            P(
                .real({ $0.maxSpringTransferVelocity }, { $0.maxSpringTransferVelocity = $1 }),
                key: "maxSpringTransferVelocity",
                title: "Max speed into the bounce", unit: "pt/s", range: 0...100_000, format: "%.0f pt/s",
                help: "A glide reaching the trailing edge faster than this bounces as if it came at this speed.",
                source: "scroll_simulation.dart BouncingScrollSimulation.maxSpringTransferVelocity",
                equivalent: "static const BouncingScrollSimulation.maxSpringTransferVelocity (not settable)"),
            P(
                .real({ $0.minFlingVelocity }, { $0.minFlingVelocity = $1 }), key: "minFlingVelocity",
                title: "Min fling velocity", unit: "pt/s",
                range: 0...5000, format: "%.0f pt/s",
                help: "Slower releases do not glide.",
                source: "scroll_physics.dart BouncingScrollPhysics.minFlingVelocity (kMinFlingVelocity × 2)",
                equivalent: "override double get minFlingVelocity (pt/s)"),
            P(
                .real({ $0.maxFlingVelocity }, { $0.maxFlingVelocity = $1 }), key: "maxFlingVelocity",
                title: "Max fling velocity", unit: "pt/s",
                range: 100...100_000, format: "%.0f pt/s",
                help: "Release speeds are clamped to this (fast rate: 64000).",
                source: "constants.dart kMaxFlingVelocity; scroll_physics.dart maxFlingVelocity",
                equivalent: "override double get maxFlingVelocity (pt/s)"),
            P(
                .real({ $0.minFlingDistance }, { $0.minFlingDistance = $1 }), key: "minFlingDistance",
                title: "Min fling distance", unit: "pt",
                range: 0...200, format: "%.0f pt",
                help: "A release whose last samples span less travel than this does not glide (short flicks ignored).",
                source: "scroll_physics.dart ScrollPhysics.minFlingDistance (kTouchSlop)",
                equivalent: "override double get minFlingDistance (pt)"),
            P(
                .real({ $0.touchSlop }, { $0.touchSlop = $1 }), key: "touchSlop", title: "Touch slop", unit: "pt",
                range: 0...100,
                format: "%.0f pt",
                help: "Finger travel before a drag starts; it is swallowed (DragStartBehavior.start).",
                source: "constants.dart kTouchSlop; gestures/monodrag.dart",
                equivalent: "DeviceGestureSettings(touchSlop:) via MediaQuery"),
            P(
                .real({ $0.motionStartThreshold }, { $0.motionStartThreshold = $1 }), key: "motionStartThreshold",
                title: "Motion start threshold", unit: "pt",
                range: 0...50, format: "%.3f pt",
                help: "After the finger rests, travel needed before the content moves again.",
                source: "scroll_physics.dart BouncingScrollPhysics.dragStartDistanceMotionThreshold",
                equivalent: "override double get dragStartDistanceMotionThreshold (pt)"),
            P(
                .real({ $0.momentumCoefficient }, { $0.momentumCoefficient = $1 }), key: "momentumCoefficient",
                title: "Carried momentum coefficient",
                unit: "", range: 0...0.01, format: "%.6f",
                help: "Repeated flicks add a·|v|^b of the running glide's speed v.",
                source: "scroll_physics.dart BouncingScrollPhysics.carriedMomentum",
                equivalent: "override double carriedMomentum(double v) => v.sign * min(a·|v|^b, cap)"),
            P(
                .real({ $0.momentumExponent }, { $0.momentumExponent = $1 }), key: "momentumExponent",
                title: "Carried momentum exponent", unit: "",
                range: 0.5...3, format: "%.3f",
                help: "b of a·|v|^b.", source: "scroll_physics.dart BouncingScrollPhysics.carriedMomentum",
                equivalent: "b in carriedMomentum"),
            P(
                .real({ $0.momentumCap }, { $0.momentumCap = $1 }), key: "momentumCap", title: "Carried momentum cap",
                unit: "pt/s",
                range: 0...200_000, format: "%.0f pt/s",
                help: "The most a repeated flick can add.",
                source: "scroll_physics.dart BouncingScrollPhysics.carriedMomentum",
                equivalent: "cap in carriedMomentum (pt/s)"),
            .flutterDevicePixelRatio
        ]
    }

    public var values: Values
    public init(values: Values) { self.values = values }

    public var dragStart: DragStart { DragStart(distance: values.touchSlop, swallowed: true) }

    /// k·(1 − f)².
    public func frictionFactor(_ overscrollFraction: Double) -> Double {
        values.frictionFactor * (1 - overscrollFraction) * (1 - overscrollFraction)
    }

    /// The source's `_applyFriction`: the share of |Δ| that moves the content.
    static func applyFriction(extentOutside: Double, absDelta: Double, gamma: Double) -> Double {
        var total = 0.0, remaining = absDelta
        if extentOutside > 0 {
            let deltaToLimit = extentOutside / gamma
            if remaining < deltaToLimit { return remaining * gamma }
            total += extentOutside
            remaining -= deltaToLimit
        }
        return total + remaining
    }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double {
        let delta = fingerTo - fingerFrom
        guard delta != 0, delta.isFinite, shown.isFinite else { return shown }
        let pastStart = max(extent.minOffset - shown, 0), pastEnd = max(shown - extent.maxOffset, 0)
        let viewport = max(extent.viewport, 1e-9)
        guard pastStart > 0 || pastEnd > 0 else {
            return Self.limited(shown + delta, extent: extent, viewport: viewport)
        }
        let past = max(pastStart, pastEnd)
        let easing = (pastStart > 0 && delta > 0) || (pastEnd > 0 && delta < 0)
        // The source's fraction is not bounded: past the viewport (1 − f)² grows again and each
        // move pulls further than the last. Held at 1, the friction falls to 0 at the viewport.
        let friction = easing ? frictionFactor((past - abs(delta)) / viewport) : frictionFactor(min(past / viewport, 1))
        let direction: Double = delta < 0 ? -1 : 1
        if easing && values.fastEasing != 0 { return shown + delta }
        return Self.limited(
            shown + direction * Self.applyFriction(extentOutside: past, absDelta: abs(delta), gamma: friction),
            extent: extent, viewport: viewport)
    }

    /// The overscroll kept within one viewport length past either edge: the limit the friction
    /// approaches, which one move (the source applies a move that starts inside the range
    /// whole) could otherwise jump past by any amount.
    static func limited(_ offset: Double, extent: ModelExtent, viewport: Double) -> Double {
        min(max(offset, extent.minOffset - viewport), max(extent.minOffset, extent.maxOffset) + viewport)
    }

    /// A drag stops within one viewport past an edge (`limited`); a release there flings at up to
    /// `maxFlingVelocity` plus the carried momentum (`ScrollDragController.end` adds it after the
    /// recognizer's clamp, up to `momentumCap`), and the spring (edge or page) carries that on by
    /// at most its reach (`DampedSpring.reach`): as far as content ever gets.
    public func overscrollLimit(extent: ModelExtent) -> Double {
        extent.viewport
            + DampedSpring.reach(
                velocity: values.maxFlingVelocity + values.momentumCap, mass: values.springMass,
                stiffness: values.springStiffness, ratio: values.springDampingRatio)
    }

    /// `devicePixelRatio` from the display (Flutter reads the device's own, `MediaQuery`).
    public func on(_ display: Display) -> FlutterBouncingModel {
        var values = self.values
        values.devicePixelRatio = min(max(display.scale, 1), 4)
        return FlutterBouncingModel(values: values)
    }

    public func flingVelocity(estimated: Double, travel: Double) -> Double {
        guard estimated.isFinite, abs(estimated) > values.minFlingVelocity, abs(travel) > values.minFlingDistance else {
            return 0
        }
        return min(max(estimated, -values.maxFlingVelocity), values.maxFlingVelocity)
    }

    /// sign(v)·min(a·|v|^b, cap), the source's `carriedMomentum`.
    public func carriedMomentum(_ existing: Double) -> Double {
        guard existing.isFinite, existing != 0 else { return 0 }
        let sign: Double = existing < 0 ? -1 : 1
        return sign * min(values.momentumCoefficient * pow(abs(existing), values.momentumExponent), values.momentumCap)
    }

    /// `ScrollDragController.end`: the carried momentum is added when the fling goes the same
    /// way and is more than half of it (`momentumRetainVelocityThresholdFactor` 0.5).
    public func carriedVelocity(previous: Double, fling: Double) -> Double {
        let carried = carriedMomentum(previous)
        guard carried != 0, fling != 0, (carried > 0) == (fling > 0), abs(fling) > abs(carried) * 0.5 else { return 0 }
        return carried
    }

    func spring(from x: Double, velocity: Double, to edge: Double) -> DampedSpring {
        DampedSpring(
            from: x, velocity: velocity, to: edge, mass: values.springMass, stiffness: values.springStiffness,
            ratio: values.springDampingRatio, distanceTolerance: distanceTolerance,
            velocityTolerance: velocityTolerance)
    }

    public func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion {
        guard position.isFinite else { return .rest(at: extent.clamped(0)) }
        // No Flutter scroll view starts a ballistic simulation faster than its fastest fling with
        // the carried momentum (its drag clamps, then adds at most `momentumCap`): a velocity
        // handed in from elsewhere (an adapter's collision, a neighbour) is held to that too.
        let fastest = values.maxFlingVelocity + values.momentumCap
        let v = velocity.isFinite ? min(max(velocity, -fastest), fastest) : 0
        if let edge = extent.edge(beyond: position) {
            return Motion(pieces: [
                .init(start: 0, simulation: spring(from: position, velocity: v, to: edge), kind: "spring")
            ])
        }
        guard abs(v) >= velocityTolerance else { return .rest(at: position) }
        let friction = FlutterFrictionSimulation(
            drag: values.drag, position: position, velocity: v,
            constantDeceleration: values.constantDeceleration,
            velocityTolerance: velocityTolerance)
        let final = friction.finalX
        let edge: Double? =
            v > 0 && final > extent.maxOffset
            ? extent.maxOffset
            : v < 0 && final < extent.minOffset ? extent.minOffset : nil
        guard let edge, let springTime = friction.time(atX: edge) else {
            return Motion(pieces: [.init(start: 0, simulation: friction, kind: "friction")])
        }
        let speed = min(friction.velocity(at: springTime), values.maxSpringTransferVelocity)
        return Motion(pieces: [
            .init(start: 0, simulation: friction, kind: "friction"),
            .init(start: springTime, simulation: spring(from: edge, velocity: speed, to: edge), kind: "spring")
        ])
    }

    public func makeEstimator() -> IOSFlingVelocityEstimator { IOSFlingVelocityEstimator() }

    public func page(_ release: ModelPageRelease) -> ModelPageTurn? {
        FlutterPageScrollPhysics.turn(
            release, mass: values.springMass, stiffness: values.springStiffness,
            ratio: values.springDampingRatio, distanceTolerance: distanceTolerance,
            velocityTolerance: velocityTolerance)
    }
}

extension FlutterBouncingModel.Values {
    public static var tunables: [Tunable<Self>] { FlutterBouncingModel.parameters }
}
