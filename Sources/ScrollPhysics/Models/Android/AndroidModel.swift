#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Android's own feel, a `RecyclerView` on Android 12+: `OverScroller` spline flings
/// (`SplineFling`), the stretch `EdgeEffect` (`StretchEdge`), `ViewConfiguration` limits and
/// the LSQ2 `VelocityTracker`; paging by `PagerSnapHelper`. dp are taken as points; pixel
/// rounding uses `density` (2.625 = 420 dpi, a Pixel phone).
///
/// - Drag: 1:1 inside; past an edge the content stays and stretches (`onPullDistance`).
/// - Release: the spline fling from the clamped velocity; at an edge it stops and the stretch
///   absorbs its current speed (`absorbGlows` → `onAbsorb(getCurrVelocity())`). Released from
///   a pull: the stretch recedes (`onRelease`).
/// - Fling limits (`ViewConfiguration`): MINIMUM_FLING_VELOCITY 50 dp/s (slower: no fling),
///   MAXIMUM_FLING_VELOCITY 8000 dp/s, TOUCH_SLOP 8 dp (swallowed, as `RecyclerView` does).
/// - Flywheel (`OverScroller.fling`, `mFlywheel`): a fling that catches a running one in the
///   same direction adds its current velocity.
/// - Paging (`PagerSnapHelper.findTargetSnapPosition`): a fling goes to the next page in its
///   direction (the first page whose start lies past the viewport's centre line), otherwise the
///   nearest page; a fling snap runs `DecelerateInterpolator` for
///   ceil(min(100, ceil(|dx|·100/dpi)) / 0.3356) ms (`calculateTimeForDeceleration`), a slow
///   release `smoothScrollBy` with the quintic interpolator for min(2000, (|dx|/size + 1)·300) ms.
public struct AndroidModel: FeelModel {
    public var zoo: ZooModel { .android(self) }
    public struct Values: TunableModel {
        public var scrollFriction = 0.015
        public var density = 2.625
        public var inflexion = 0.35
        public var physicalTuning = 0.84
        public var minFlingVelocity = 50.0
        public var maxFlingVelocity = 8000.0
        public var touchSlop = 8.0
        public var flywheel = 1
        public var stretchFrequency = 24.657
        public var stretchDampingRatio = 0.98
        public var absorbAdjustment = 13.0
        public var pagerMillisecondsPerInch = 100.0
        public var pagerMaxFlingDuration = 100.0
        public init() {}
    }

    public static let name = "android"
    public static let title = "Android (OverScroller + stretch)"

    /// Every tunable, in display order; the defaults are `Values()`'s (the platform's).
    public static var parameters: [Tunable<Values>] {
        typealias P = Tunable<Values>
        return [
            P(
                .real({ $0.scrollFriction }, { $0.scrollFriction = $1 }), key: "scrollFriction",
                title: "Scroll friction", unit: "", range: 0.001...0.2,
                format: "%.3f",
                help:
                    "Higher stops flings sooner; settable per view with OverScroller.setFriction / "
                    + "ViewConfiguration.getScrollFriction.",
                source: "ViewConfiguration.SCROLL_FRICTION; OverScroller.SplineOverScroller.mFlingFriction",
                equivalent: "OverScroller.setFriction(f), AbsListView.setFriction(f)"),
            P(
                .real({ $0.density }, { $0.density = $1 }), key: "density", title: "Density", unit: "px/dp",
                range: 0.75...4,
                format: "%.3f px/dp",
                help: "Screen density for the source's whole-pixel and whole-millisecond rounding (ppi = 160·density).",
                source: "OverScroller.SplineOverScroller (ppi = density·160 in mPhysicalCoeff)",
                equivalent: "DisplayMetrics.density of the device"),
            P(
                .real({ $0.inflexion }, { $0.inflexion = $1 }), key: "inflexion", title: "Spline inflexion", unit: "",
                range: 0.05...0.95,
                format: "%.3f",
                help: "Where the fling curve turns from its initial push to its tail (not settable on a device).",
                source: "OverScroller.SplineOverScroller.INFLEXION",
                equivalent: "OverScroller.INFLEXION (private, not settable)"),
            P(
                .real({ $0.physicalTuning }, { $0.physicalTuning = $1 }), key: "physicalTuning",
                title: "Physical tuning", unit: "g", range: 0.1...5,
                format: "%.3f g",
                help:
                    "Deceleration in Earth gravities behind mPhysicalCoeff; higher stops sooner (not settable on a "
                    + "device).",
                source: "OverScroller.SplineOverScroller.computeDeceleration (0.84 look and feel tuning)",
                equivalent: "the 0.84 in OverScroller.computeDeceleration (private, not settable)"),
            P(
                .real({ $0.minFlingVelocity }, { $0.minFlingVelocity = $1 }), key: "minFlingVelocity",
                title: "Min fling velocity", unit: "dp/s",
                range: 0...5000, format: "%.0f dp/s",
                help: "Slower releases do not fling.", source: "ViewConfiguration.MINIMUM_FLING_VELOCITY",
                equivalent: "override double get minFlingVelocity (pt/s)"),
            P(
                .real({ $0.maxFlingVelocity }, { $0.maxFlingVelocity = $1 }), key: "maxFlingVelocity",
                title: "Max fling velocity", unit: "dp/s",
                range: 100...100_000, format: "%.0f dp/s",
                help: "Release speeds are clamped to this.", source: "ViewConfiguration.MAXIMUM_FLING_VELOCITY",
                equivalent: "override double get maxFlingVelocity (pt/s)"),
            P(
                .real({ $0.touchSlop }, { $0.touchSlop = $1 }), key: "touchSlop", title: "Touch slop", unit: "dp",
                range: 0...100,
                format: "%.3f dp",
                help: "Finger travel before scrolling starts; swallowed.", source: "ViewConfiguration.TOUCH_SLOP",
                equivalent: "DeviceGestureSettings(touchSlop:) via MediaQuery"),
            P(
                .flag({ $0.flywheel }, { $0.flywheel = $1 }), key: "flywheel", title: "Flywheel", unit: "",
                range: 0...1, format: "%.0f",
                help: "1: a fling that catches a running one in the same direction adds its speed.",
                source: "OverScroller.fling (mFlywheel)",
                equivalent: "OverScroller(context, interpolator, bounceX, bounceY, flywheel) (deprecated constructor)"),
            P(
                .real({ $0.stretchFrequency }, { $0.stretchFrequency = $1 }), key: "stretchFrequency",
                title: "Stretch spring frequency", unit: "1/s",
                range: 1...200, format: "%.3f 1/s",
                help: "Natural frequency of the stretch's return; higher returns sooner (not settable on a device).",
                source: "EdgeEffect.NATURAL_FREQUENCY",
                equivalent: "EdgeEffect.NATURAL_FREQUENCY (private, not settable)"),
            P(
                .real({ $0.stretchDampingRatio }, { $0.stretchDampingRatio = $1 }), key: "stretchDampingRatio",
                title: "Stretch damping ratio", unit: "",
                range: 0.05...0.999, format: "%.3f",
                help: "Below 1: the stretch returns with a barely visible undershoot cut at the edge.",
                source: "EdgeEffect.DAMPING_RATIO",
                equivalent: "EdgeEffect.DAMPING_RATIO (private, not settable)"),
            P(
                .real({ $0.absorbAdjustment }, { $0.absorbAdjustment = $1 }), key: "absorbAdjustment",
                title: "Absorb velocity factor", unit: "",
                range: 0...100, format: "%.0f",
                help: "A fling hitting the edge starts the stretch with this multiple of its speed.",
                source: "EdgeEffect.ON_ABSORB_VELOCITY_ADJUSTMENT",
                equivalent: "EdgeEffect.ON_ABSORB_VELOCITY_ADJUSTMENT (private, not settable)"),
            P(
                .real({ $0.pagerMillisecondsPerInch }, { $0.pagerMillisecondsPerInch = $1 }),
                key: "pagerMillisecondsPerInch", title: "Pager ms per inch",
                unit: "ms/in", range: 1...1000, format: "%.0f ms/in",
                help: "Speed of the page snap after a fling (before the 100 ms cap and the ÷0.3356 deceleration).",
                source: "PagerSnapHelper.MILLISECONDS_PER_INCH",
                equivalent: "PagerSnapHelper subclass: createScroller → calculateSpeedPerPixel = msPerInch / densityDpi"
            ),
            P(
                .real({ $0.pagerMaxFlingDuration }, { $0.pagerMaxFlingDuration = $1 }), key: "pagerMaxFlingDuration",
                title: "Pager max scroll time",
                unit: "ms", range: 1...2000, format: "%.0f ms",
                help: "Cap on the linear part of the page snap after a fling.",
                source: "PagerSnapHelper.MAX_SCROLL_ON_FLING_DURATION",
                equivalent: "PagerSnapHelper subclass: calculateTimeForScrolling = min(cap, super)")
        ]
    }

    public var values: Values
    public init(values: Values) { self.values = values }

    /// Android 12's edge effect stretches the content rather than moving it.
    public var overscrollDrawing: OverscrollDrawing { .stretched }

    public var stretch: StretchEdge {
        var edge = StretchEdge()
        edge.naturalFrequency = values.stretchFrequency
        edge.dampingRatio = values.stretchDampingRatio
        edge.absorbAdjustment = values.absorbAdjustment
        return edge
    }

    public var dragStart: DragStart { DragStart(distance: values.touchSlop, swallowed: true) }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double {
        guard fingerTo.isFinite else { return shown }
        let viewport = max(extent.viewport, 1e-9)
        if fingerTo < extent.minOffset {
            return extent.minOffset - stretch.vector((extent.minOffset - fingerTo) / viewport) * viewport
        }
        if fingerTo > extent.maxOffset {
            return extent.maxOffset + stretch.vector((fingerTo - extent.maxOffset) / viewport) * viewport
        }
        return fingerTo
    }

    public func flingVelocity(estimated: Double, travel: Double) -> Double {
        guard estimated.isFinite, abs(estimated) >= values.minFlingVelocity else { return 0 }
        return min(max(estimated, -values.maxFlingVelocity), values.maxFlingVelocity)
    }

    public func carriedVelocity(previous: Double, fling: Double) -> Double {
        guard values.flywheel != 0, previous.isFinite, previous != 0, fling != 0, (previous > 0) == (fling > 0) else {
            return 0
        }
        return previous
    }

    /// A fling at `velocity`, which an Android view never lets exceed its maximum fling
    /// velocity (a nested scroll hands on a velocity it already clamped; a flywheel's sum is
    /// clamped too), so neither may one handed over from another scroll view.
    func fling(from position: Double, velocity: Double) -> SplineFling {
        let v = velocity.isFinite ? min(max(velocity, -values.maxFlingVelocity), values.maxFlingVelocity) : 0
        return SplineFling(
            position: position, velocity: v, friction: values.scrollFriction, density: values.density,
            inflexion: values.inflexion, tuning: values.physicalTuning)
    }

    func stretchPiece(edge: Double, side: Double, pixels: Double, speed: Double, viewport: Double, start: Double)
        -> Motion.Piece
    {
        let height = max(viewport, 1) * values.density
        let recede = stretch.recede(pixels: pixels, speed: speed, height: height)
        return .init(
            start: start,
            simulation: StretchShown(
                edge: edge, side: side, viewport: max(viewport, 1), recede: recede, stretch: stretch),
            kind: "stretch")
    }

    public func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion {
        guard position.isFinite else { return .rest(at: extent.clamped(0)) }
        let v = velocity.isFinite ? velocity : 0
        if let edge = extent.edge(beyond: position) {
            // onRelease: the stretch showing recedes from rest.
            let side: Double = position < edge ? -1 : 1
            let viewport = max(extent.viewport, 1)
            let d = stretch.distance(forVector: abs(position - edge) / viewport)
            return Motion(pieces: [
                stretchPiece(
                    edge: edge, side: side, pixels: d * viewport * values.density, speed: 0,
                    viewport: viewport, start: 0)
            ])
        }
        guard v != 0 else { return .rest(at: position) }
        let spline = fling(from: position, velocity: v)
        let edge = v > 0 ? extent.maxOffset : extent.minOffset
        guard let hit = spline.time(atX: edge) else {
            return Motion(pieces: [.init(start: 0, simulation: spline, kind: "fling")])
        }
        let impact = abs(spline.velocity(at: hit)) * values.density
        return Motion(pieces: [
            .init(start: 0, simulation: CutSimulation(spline, at: hit), kind: "fling"),
            stretchPiece(
                edge: edge, side: v > 0 ? 1 : -1, pixels: 0, speed: impact * values.absorbAdjustment,
                viewport: extent.viewport, start: hit)
        ])
    }

    /// LSQ2: quadratic least squares over 100 ms, a line through two samples, history cut at a
    /// 40 ms gap (`VelocityTracker.cpp`, `LeastSquaresVelocityTrackerStrategy`).
    public func makeEstimator() -> QuadraticVelocityEstimator {
        // A lift more than ASSUME_POINTER_STOPPED_TIME (40 ms) after the last move clears the
        // history (AOSP `VelocityTracker::addMovement`): drag, rest, lift does not fling.
        QuadraticVelocityEstimator(
            horizon: 0.1, stopTime: 0.04, staleAfter: 0.04, minimumSamples: 3, fitsLineThroughTwo: true)
    }

    public func page(_ release: ModelPageRelease) -> ModelPageTurn? {
        let size = release.pageSize
        guard size > 0, release.pageCount > 0 else { return nil }
        let page = release.pagePosition
        // SnapHelper.onFling snaps by fling only above the minimum, strictly (|v| > min).
        let isFling = abs(release.velocity) > values.minFlingVelocity
        let index: Int
        if isFling {
            index = release.clampedPage(release.velocity > 0 ? page.rounded(.up) : page.rounded(.down))
        } else {
            index = release.clampedPage(page.rounded(.toNearestOrAwayFromZero))
        }
        let target = Double(index) * size
        let dx = target - release.offset
        guard dx != 0 else { return ModelPageTurn(index: index, motion: .rest(at: target)) }
        let milliseconds: Double
        let timing: TimedTransition.Timing
        if isFling {
            let dpi = 160 * values.density
            let linear = min(
                values.pagerMaxFlingDuration,
                (abs(dx * values.density) * values.pagerMillisecondsPerInch / dpi).rounded(.up))
            milliseconds = (linear / 0.3356).rounded(.up)
            timing = .decelerate
        } else {
            milliseconds = min(2000, ((abs(dx) / max(release.viewport, 1) + 1) * 300).rounded(.towardZero))
            timing = .quintic
        }
        let transition = TimedTransition(
            from: release.offset, to: target, duration: milliseconds / 1000, timing: timing)
        return ModelPageTurn(
            index: index, motion: Motion(pieces: [.init(start: 0, simulation: transition, kind: "snap")]))
    }
}

extension AndroidModel.Values {
    public static var tunables: [Tunable<Self>] { AndroidModel.parameters }
}
