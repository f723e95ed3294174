import Foundation
import ScrollPhysics

/// The parameters as Swift for an app, each with a comment naming its UIKit or seed equivalent.
public enum SwiftSnippet {
    public static func make(_ p: ScrollParameters) -> String {
        func n(_ value: Double) -> String { JSONValue.number(value).serialized() }
        let mu = p.decayConstant
        let rate = p.decelerationRate == 0.998 ? "UIScrollView.DecelerationRate.normal"
            : p.decelerationRate == 0.99 ? "UIScrollView.DecelerationRate.fast"
            : "UIScrollView.DecelerationRate(rawValue: \(n(p.decelerationRate)))"
        return """
        // Scroll feel exported from ScrollLab.
        // UIKit exposes only the deceleration rate; the rest needs your own scroll physics
        // (the equations are in ScrollLab's README, after the seed documents).
        scrollView.decelerationRate = \(rate)   // velocity kept per ms; μ = −1000·ln(rate) = \(String(format: "%.4f", mu)) /s

        struct ScrollFeel {
            /// UIScrollView.decelerationRate, per millisecond (seed 000, eq. 1: a = −μ·v).
            var decelerationRate = \(n(p.decelerationRate))
            /// n of the power-law fluid a = −μ·v_ref^(1−n)·vⁿ, v_ref = 1000 pt/s (seed 000's library); 1 = UIKit.
            var decelerationPower = \(n(p.decelerationPower))
            /// δ of the critically damped edge bounce x(t) = (x0 + (v0 + δx0)t)e^(−δt), 1/s (seed 000, eq. 2: 10.9).
            var bounceDamping = \(n(p.bounceDamping))
            /// Content let go past an edge starts back at k·overshoot pt/s, then the bounce spring (UIKit recordings: 7.3 /s; seed 000: 0).
            var edgeReturnRate = \(n(p.edgeReturnRate))
            /// δ of the page snap spring, 1/s (seed 000, eq. 4: 50; the seed author's library: 20).
            var pageDamping = \(n(p.pageDamping))
            /// c of the rubber band f(x) = c·x/(1 + c·x/d) (seed 000: 0.55).
            var rubberBandCoefficient = \(n(p.rubberBandCoefficient))
            /// d of the rubber band in points; nil = the scroll view's length (seed 000).
            var rubberBandLimit: Double? = \(p.rubberBandLimit.map(n) ?? "nil")
            /// How a paged view picks its page: "projection" (UIKit-like), "spring" (seed 000), "threshold" (seed 003).
            var pagePolicy = "\(p.pagePolicy.rawValue)"
            /// How a page is reached: "decelerate" (from the release speed, no overshoot) or "spring" (seed 000, eq. 4).
            var pageMotion = "\(p.pageMotion.rawValue)"
            /// Spring policy: switch pages when the spring's peak passes H/bias (seed 000: 2).
            var pageSwitchBias = \(n(p.pageSwitchBias))
            /// Threshold policy: fraction of a page that completes a swipe (seed 003: 0.3) ...
            var pageDistanceThreshold = \(n(p.pageDistanceThreshold))
            /// ... and with a flick (seed 003: 0.1).
            var pageFlickDistanceThreshold = \(n(p.pageFlickDistanceThreshold))
            /// Release speed below which a release is not a flick, pt/s.
            var minimumFlickVelocity = \(n(p.minimumFlickVelocity))
            /// Projection policy: the most pages one fling may move (seed 002).
            var maximumPagesPerFling = \(p.maximumPagesPerFling)
        }

        """
    }
}
