#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Swiper (nolimits4web/swiper, `src/core/events/onTouchMove.js`, `onTouchEnd.js`,
/// `src/modules/free-mode/free-mode.js`): the web carousel. CSS px are taken as points.
///
/// - Drag past an edge (`onTouchMove`, `resistance`): with x the finger's travel past the edge,
///   the content shows x^r − 1 past it (r = `resistanceRatio` 0.85; 0 pins it at the edge).
///   The first `threshold` px (5) of travel are swallowed.
/// - Free-mode release (`freeMode.onTouchEnd`): momentum distance = v·`momentumRatio`, reached
///   by a CSS transition (`.swiper-free-mode > .swiper-wrapper`: ease-out) lasting
///   distance/|v|; past an edge it is cut to the bounce amount |v_px/ms|·20·`momentumBounceRatio`
///   and then eases back over `speed` (300 ms). At the trailing edge the source's test
///   `newPosition + maxTranslate() < −bounceAmount` holds for nearly any overshoot, so there the
///   bounce always goes the full bounce amount; at the leading edge only as far as the momentum
///   would have carried. Released past an edge: eases to it over `speed`.
/// - Fling threshold: `freeMode.minimumVelocity` 0.02 px/ms (20 pt/s); then ×
///   `momentumVelocityRatio`.
/// - Page decision (`onTouchEnd`, slides): a touch shorter than `longSwipesMs` (300 ms) is a
///   short swipe and always moves one slide in its direction; a longer one moves when the
///   drag passed `longSwipesRatio` (0.5) of the slide. The slide then moves in `speed` ms with
///   the wrapper's default timing (CSS `ease`).
/// Every motion is a CSS transition, closed form in time: no frame stepping to reproduce.
public struct SwiperModel: FeelModel {
    public var zoo: ZooModel { .swiper(self) }
    public struct Values: TunableModel {
        public var resistance = 1
        public var resistanceRatio = 0.85
        public var threshold = 5.0
        public var longSwipes = 1
        public var longSwipesRatio = 0.5
        public var longSwipesMs = 300.0
        public var shortSwipes = 1
        public var speed = 300.0
        public var momentumRatio = 1.0
        public var momentumBounce = 1
        public var momentumBounceRatio = 1.0
        public var momentumVelocityRatio = 1.0
        public var minimumVelocity = 0.02
        public init() {}
    }

    public static let name = "swiper"
    public static let title = "Swiper (web carousel)"

    /// Every tunable, in display order; the defaults are `Values()`'s (the platform's).
    public static var parameters: [Tunable<Values>] {
        typealias P = Tunable<Values>
        return [
            P(
                .flag({ $0.resistance }, { $0.resistance = $1 }), key: "resistance", title: "Edge resistance on",
                unit: "", range: 0...1,
                format: "%.0f",
                help: "0: the content follows the finger past the edges 1:1.", source: "core/defaults.mjs resistance",
                equivalent: "Swiper option resistance (boolean)"),
            P(
                .real({ $0.resistanceRatio }, { $0.resistanceRatio = $1 }), key: "resistanceRatio",
                title: "Resistance ratio", unit: "", range: 0...1,
                format: "%.3f",
                help: "Power of the pull past an edge (x^r); lower resists more, 0 pins the content at the edge.",
                source: "core/defaults.mjs resistanceRatio; events/onTouchMove.js",
                equivalent: "Swiper option resistanceRatio"),
            P(
                .real({ $0.threshold }, { $0.threshold = $1 }), key: "threshold", title: "Threshold", unit: "px",
                range: 0...100, format: "%.3f px",
                help: "Finger travel before the slides move; swallowed.",
                source: "core/defaults.mjs threshold; events/onTouchMove.js",
                equivalent: "Swiper option threshold (px)"),
            P(
                .flag({ $0.longSwipes }, { $0.longSwipes = $1 }), key: "longSwipes", title: "Long swipes", unit: "",
                range: 0...1, format: "%.0f",
                help: "0: a long touch always returns to the slide it started on.",
                source: "core/defaults.mjs longSwipes",
                equivalent: "Swiper option longSwipes (boolean)"),
            P(
                .real({ $0.longSwipesRatio }, { $0.longSwipesRatio = $1 }), key: "longSwipesRatio",
                title: "Long swipe ratio", unit: "slide",
                range: 0.01...1, format: "%.3f slide",
                help: "Share of a slide a long swipe must cross to move to the next.",
                source: "core/defaults.mjs longSwipesRatio; events/onTouchEnd.js",
                equivalent: "Swiper option longSwipesRatio"),
            P(
                .real({ $0.longSwipesMs }, { $0.longSwipesMs = $1 }), key: "longSwipesMs", title: "Long swipe time",
                unit: "ms", range: 0...5000,
                format: "%.0f ms",
                help: "Touches longer than this are long swipes; shorter ones always move a slide.",
                source: "core/defaults.mjs longSwipesMs; events/onTouchEnd.js",
                equivalent: "Swiper option longSwipesMs"),
            P(
                .flag({ $0.shortSwipes }, { $0.shortSwipes = $1 }), key: "shortSwipes", title: "Short swipes", unit: "",
                range: 0...1, format: "%.0f",
                help: "0: a quick flick returns to the slide it started on.", source: "core/defaults.mjs shortSwipes",
                equivalent: "Swiper option shortSwipes (boolean)"),
            P(
                .real({ $0.speed }, { $0.speed = $1 }), key: "speed", title: "Transition time", unit: "ms",
                range: 0...5000, format: "%.0f ms",
                help: "Duration of the slide change and of the bounce back.", source: "core/defaults.mjs speed",
                equivalent: "Swiper option speed (ms)"),
            P(
                .real({ $0.momentumRatio }, { $0.momentumRatio = $1 }), key: "momentumRatio", title: "Momentum ratio",
                unit: "s", range: 0...10,
                format: "%.3f s",
                help: "Free mode: the glide travels the release speed × this.",
                source: "modules/free-mode/free-mode.mjs freeMode.momentumRatio",
                equivalent: "Swiper option freeMode.momentumRatio"),
            P(
                .flag({ $0.momentumBounce }, { $0.momentumBounce = $1 }), key: "momentumBounce",
                title: "Momentum bounce", unit: "", range: 0...1,
                format: "%.0f",
                help: "Free mode: 0 stops the glide at the edge.",
                source: "modules/free-mode/free-mode.mjs freeMode.momentumBounce",
                equivalent: "Swiper option freeMode.momentumBounce (boolean)"),
            P(
                .real({ $0.momentumBounceRatio }, { $0.momentumBounceRatio = $1 }), key: "momentumBounceRatio",
                title: "Momentum bounce ratio", unit: "",
                range: 0...10, format: "%.3f",
                help: "Free mode: the bounce goes |v| (px/ms) × 20 × this past the edge.",
                source: "modules/free-mode/free-mode.mjs freeMode.momentumBounceRatio",
                equivalent: "Swiper option freeMode.momentumBounceRatio"),
            P(
                .real({ $0.momentumVelocityRatio }, { $0.momentumVelocityRatio = $1 }), key: "momentumVelocityRatio",
                title: "Momentum velocity ratio",
                unit: "", range: 0...10, format: "%.3f",
                help: "Free mode: scales the release speed.",
                source: "modules/free-mode/free-mode.mjs freeMode.momentumVelocityRatio",
                equivalent: "Swiper option freeMode.momentumVelocityRatio"),
            P(
                .real({ $0.minimumVelocity }, { $0.minimumVelocity = $1 }), key: "minimumVelocity",
                title: "Minimum velocity", unit: "px/ms",
                range: 0...10, format: "%.3f px/ms",
                help: "Free mode: slower releases do not glide.",
                source: "modules/free-mode/free-mode.mjs freeMode.minimumVelocity",
                equivalent: "Swiper option freeMode.minimumVelocity (px/ms)")
        ]
    }

    public var values: Values
    public init(values: Values) { self.values = values }

    public var dragStart: DragStart { DragStart(distance: values.threshold, swallowed: true) }

    /// Offset shown for a finger `travel` px past an edge: x^r − 1 (from `onTouchMove`).
    public func resisted(_ travel: Double) -> Double {
        guard values.resistance != 0 else { return travel }
        return pow(travel, values.resistanceRatio) - 1
    }

    public func dragged(shown: Double, fingerFrom: Double, fingerTo: Double, extent: ModelExtent) -> Double {
        guard fingerTo.isFinite else { return shown }
        if fingerTo < extent.minOffset { return extent.minOffset - resisted(extent.minOffset - fingerTo) }
        if fingerTo > extent.maxOffset { return extent.maxOffset + resisted(fingerTo - extent.maxOffset) }
        return fingerTo
    }

    /// None: the resistance x^r − 1 (`onTouchMove`) has no ceiling, so a long enough pull takes
    /// the slides any distance past the edge.
    public func overscrollLimit(extent: ModelExtent) -> Double { .infinity }

    public func flingVelocity(estimated: Double, travel: Double) -> Double {
        guard estimated.isFinite, abs(estimated) / 1000 >= values.minimumVelocity else { return 0 }
        return estimated * values.momentumVelocityRatio
    }

    func ease(from: Double, to: Double, milliseconds: Double, _ curve: CubicBezierTiming) -> TimedTransition {
        TimedTransition(from: from, to: to, duration: milliseconds / 1000, timing: .bezier(curve))
    }

    public func release(position: Double, velocity: Double, extent: ModelExtent) -> Motion {
        guard position.isFinite else { return .rest(at: extent.clamped(0)) }
        if let edge = extent.edge(beyond: position) {
            return Motion(pieces: [
                .init(
                    start: 0, simulation: ease(from: position, to: edge, milliseconds: values.speed, .easeOut),
                    kind: "transition")
            ])
        }
        let v = velocity.isFinite ? velocity : 0
        guard v != 0 else { return .rest(at: position) }
        let perMs = v / 1000
        var target = position + perMs * 1000 * values.momentumRatio
        let bounceAmount = abs(perMs) * 20 * values.momentumBounceRatio
        let bounces = values.momentumBounce != 0
        var after: Double?
        if target > extent.maxOffset {
            if bounces {
                // Translate space: newPosition + maxTranslate() < −bounceAmount.
                if target + extent.maxOffset > bounceAmount { target = extent.maxOffset + bounceAmount }
                after = extent.maxOffset
            } else {
                target = extent.maxOffset
            }
        } else if target < extent.minOffset {
            if bounces {
                if extent.minOffset - target > bounceAmount { target = extent.minOffset - bounceAmount }
                after = extent.minOffset
            } else {
                target = extent.minOffset
            }
        }
        let duration = abs((target - position) / perMs)
        var pieces: [Motion.Piece] = [
            .init(
                start: 0, simulation: ease(from: position, to: target, milliseconds: duration, .easeOut),
                kind: "momentum")
        ]
        if let after {
            pieces.append(
                .init(
                    start: duration / 1000,
                    simulation: ease(from: target, to: after, milliseconds: values.speed, .easeOut), kind: "bounce"))
        }
        return Motion(pieces: pieces)
    }

    public func makeEstimator() -> SwiperVelocityEstimator { SwiperVelocityEstimator() }

    public func page(_ release: ModelPageRelease) -> ModelPageTurn? {
        let size = release.pageSize
        guard size > 0, release.pageCount > 0 else { return nil }
        // A touch that never moved the slides (`touches.diff` 0) ends without a slide change: the
        // transition it caught, if any, goes on to the page it was going to.
        if release.travel == 0 { return settle(release, on: release.clampedPage(release.startIndex)) }
        let stopIndex = release.clampedPage((release.offset / size).rounded(.down))
        let ratio = (release.offset - Double(stopIndex) * size) / size
        let next = release.travel >= 0
        let index: Int
        if release.touchDuration * 1000 > values.longSwipesMs {
            if values.longSwipes == 0 {
                index = release.startIndex
            } else if next {
                index = ratio >= values.longSwipesRatio ? stopIndex + 1 : stopIndex
            } else {
                index = ratio > 1 - values.longSwipesRatio ? stopIndex + 1 : stopIndex
            }
        } else if values.shortSwipes == 0 {
            index = release.startIndex
        } else {
            index = next ? stopIndex + 1 : stopIndex
        }
        return settle(release, on: release.clampedPage(index))
    }

    /// `slideTo(index)`: a `speed` ms ease to the page, or rest if already there.
    private func settle(_ release: ModelPageRelease, on chosen: Int) -> ModelPageTurn {
        let target = Double(chosen) * release.pageSize
        guard target != release.offset else { return ModelPageTurn(index: chosen, motion: .rest(at: target)) }
        return ModelPageTurn(
            index: chosen,
            motion: Motion(pieces: [
                .init(
                    start: 0, simulation: ease(from: release.offset, to: target, milliseconds: values.speed, .ease),
                    kind: "transition")
            ]))
    }
}

extension SwiperModel.Values {
    public static var tunables: [Tunable<Self>] { SwiperModel.parameters }
}
