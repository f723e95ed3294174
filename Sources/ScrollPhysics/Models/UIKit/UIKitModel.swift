/// UIKit's `UIScrollView`, as one model of the zoo: its values are `ScrollParameters` (the
/// exact pipeline by default; the seed articles' friction, spring return and power-law glide
/// as options and presets).
///
/// - The finger: `UIKitFinger` (the pan recognizer's samples, the release rule, the held
///   pointer, fast scrolling), after `panHysteresis` of travel for a finger (none for a
///   touchpad stream or a finger the scene already routes).
/// - Past an edge while dragging: the rubber band `RubberBand` on the pull, c =
///   `rubberBandCoefficient` (`trackpadRubberBandCoefficient` for a touchpad stream).
/// - After release: `MotionPlanner.uikit` (glide, exact edge crossing, 0.99/ms return, hand-off
///   at chained edges) when `followsUIKitSteps`, else the seed article's friction and spring.
/// - Paging: `PageChooser` (projection, spring, threshold or UIKit's own policy), then
///   `MotionPlanner.page` (decelerate, spring, or UIKit's integrator `UIKitPagingIntegrator`).
public struct UIKitModel: FeelModel {
    public var zoo: ZooModel { .uikit(self) }
    public typealias Values = ScrollParameters
    /// Not used by the scroll view: UIKit reads the finger with `UIKitFinger`.
    public typealias Estimator = VelocityTracker

    public static let name = "uikit"
    public static let title = "UIKit (UIScrollView pipeline)"
    public static var parameters: [Tunable<ScrollParameters>] { ScrollParameters.tunables }

    public var values: ScrollParameters

    public init(values: ScrollParameters) { self.values = values }

    public var dragStart: DragStart { DragStart(distance: values.panHysteresis, swallowed: true) }

    public func dragStart(for input: DragInput) -> DragStart {
        input == .touch ? dragStart : DragStart(distance: 0, swallowed: true)
    }

    /// The rubber band for a drag driven by `input`.
    public func rubberBand(extent: ModelExtent, input: DragInput) -> RubberBand {
        var band = values.rubberBand(viewportLength: extent.viewport)
        if input == .touchpad { band.coefficient = values.trackpadRubberBandCoefficient }
        return band
    }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double {
        dragged(shown: shown, fingerFrom: fingerFrom, fingerTo: fingerTo, extent: extent, input: .touch)
    }

    /// The rubber band on the pull itself: the offset shown depends only on where the finger is.
    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent, input: DragInput)
        -> Double
    {
        let band = rubberBand(extent: extent, input: input)
        if fingerTo < extent.minOffset {
            return extent.minOffset - band.overshoot(forPull: extent.minOffset - fingerTo)
        }
        if fingerTo > extent.maxOffset {
            return extent.maxOffset + band.overshoot(forPull: fingerTo - extent.maxOffset)
        }
        return fingerTo
    }

    /// The pull that shows `shown` (the rubber band's inverse).
    public func fingerOffset(showing shown: Double, extent: ModelExtent, input: DragInput) -> Double {
        let band = rubberBand(extent: extent, input: input)
        if shown < extent.minOffset { return extent.minOffset - band.pull(forOvershoot: extent.minOffset - shown) }
        if shown > extent.maxOffset { return extent.maxOffset + band.pull(forOvershoot: shown - extent.maxOffset) }
        return shown
    }

    public func flingVelocity(estimated: Double, travel: Double) -> Double { estimated.isFinite ? estimated : 0 }

    public func makeEstimator() -> VelocityTracker { VelocityTracker() }

    public func makeFinger() -> ZooFinger { .uikit(UIKitFinger(values)) }

    public func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion {
        release(FreeRelease(position: position, velocity: velocity, extent: extent))
    }

    public func release(_ free: FreeRelease) -> Motion {
        let planner = planner(
            free.extent, tolerance: free.tolerance, chainsLeadingEdge: free.chainsLeadingEdge,
            chainsTrailingEdge: free.chainsTrailingEdge)
        let x = free.position, v = free.velocity, extent = free.extent
        if values.followsUIKitSteps {
            return planner.uikit(from: x, velocity: v, lead: free.lead, multiplier: free.multiplier)
        }
        if let edge = extent.edge(beyond: x) {
            // Let go past an edge: the return starts toward it at once (`MotionPlanner.edgeReturn`),
            // k·y0 on top of the release velocity; a flick back in still crosses into the content.
            let rate = min(values.edgeReturnRate, values.bounceDamping)  // at δ: a pure exponential
            return planner.free(from: x, velocity: v - rate * (x - edge))
        }
        return planner.free(from: x, velocity: v)
    }

    public func page(_ release: ModelPageRelease) -> ModelPageTurn? {
        let extent =
            release.extent
            ?? ModelExtent(
                maxOffset: release.pageSize * Double(max(0, release.pageCount - 1)),
                viewport: release.viewport)
        let targets =
            release.targets.isEmpty
            ? SnapTargets.evenlySpaced(count: release.pageCount, spacing: release.pageSize) : release.targets
        guard
            let decision = PageChooser(parameters: values, targets: targets, tolerance: release.tolerance)
                .decide(
                    PageRelease(
                        offset: release.offset, velocity: release.velocity, startIndex: release.startIndex,
                        caughtDirection: release.caughtDirection))
        else { return nil }
        let motion = planner(extent, tolerance: release.tolerance)
            .page(
                from: release.offset, velocity: decision.keepsVelocity ? release.velocity : 0,
                to: targets[decision.index], index: decision.index, pageLength: release.pageSize)
        return ModelPageTurn(index: decision.index, planned: motion)
    }

    public func animate(_ to: AnimatedScroll) -> Motion {
        planner(to.extent, tolerance: to.tolerance).page(
            from: to.position, velocity: to.velocity, to: to.target, index: to.index, pageLength: to.extent.viewport)
    }

    public func retarget(_ to: AnimatedScroll) -> Motion {
        planner(to.extent, tolerance: to.tolerance).toward(to.target, from: to.position, velocity: to.velocity)
    }

    /// Under UIKit's steps a critically damped spring of response `scrollToTopResponse`
    /// (ω = 2π/response: 10.47 /s at 0.6 s), from the current offset and velocity.
    public func scrollToTop(_ to: AnimatedScroll) -> Motion {
        guard values.followsUIKitSteps else { return animate(to) }
        let omega = 2 * Double.pi / max(values.scrollToTopResponse, 0.01)
        return planner(to.extent, tolerance: to.tolerance)
            .snap(from: to.position, velocity: to.velocity, to: to.target, index: to.index, damping: omega)
    }

    public func overscrollLimit(extent: ModelExtent) -> Double {
        values.rubberBand(viewportLength: extent.viewport).limit
    }

    /// `refreshRate` and `displayScale` from the display.
    public func on(_ display: Display) -> UIKitModel {
        var values = self.values
        values.refreshRate = display.refreshRate
        values.displayScale = display.scale
        return UIKitModel(values: values)
    }

    public func paging(by policy: PagePolicy) -> UIKitModel {
        var values = self.values
        values.pagePolicy = policy
        return UIKitModel(values: values)
    }

    private func planner(
        _ extent: ModelExtent, tolerance: Tolerance, chainsLeadingEdge: Bool = false,
        chainsTrailingEdge: Bool = false
    ) -> MotionPlanner {
        MotionPlanner(
            parameters: values, bounds: extent.minOffset...extent.maxOffset,
            rubberBandLimit: overscrollLimit(extent: extent), tolerance: tolerance,
            chainsLeadingEdge: chainsLeadingEdge, chainsTrailingEdge: chainsTrailingEdge)
    }
}
