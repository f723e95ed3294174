/// Every number that shapes the feel of a scroll view, with the defaults of UIKit and the seeds.
///
/// The JSON form (`--params` files, presets) has one key per property, all optional; see
/// `ParameterSpec.all` for the ranges, units and sources, and `init(json:)` for validation.
public struct ScrollParameters: Equatable, Sendable {
    /// Velocity kept per millisecond of free deceleration (UIKit: 0.998 normal, 0.99 fast).
    public var decelerationRate = 0.998
    /// n of the power-law fluid `a = −μ·vⁿ` (seed 000's library); 1 = UIKit's exponential.
    public var decelerationPower = 1.0
    /// δ of the edge bounce spring, 1/s (seed 000, eq. 2: 10.9).
    public var bounceDamping = 10.9
    /// How fast content released past an edge starts back, per point of overshoot, 1/s: the
    /// return is the bounce spring launched toward the edge at k·y0 (UIKit recordings: 7.3,
    /// i.e. 177 pt starts back at 1,290 pt/s; seed 000: 0, the spring from rest).
    public var edgeReturnRate = 7.3
    /// δ of the page snap spring, 1/s (the seed author's library: 20; seed 000's article: 50).
    public var pageDamping = 20.0
    /// c of the rubber band `f(x) = c·x/(1 + c·x/d)` (seed 000: 0.55).
    public var rubberBandCoefficient = 0.55
    /// d of the rubber band in points; nil = the viewport's length along the axis (seed 000).
    public var rubberBandLimit: Double? = nil
    /// How a paged view picks its page at release.
    public var pagePolicy = PagePolicy.projection
    /// How a paged view travels to its page: decelerating into it (default) or seed 000's spring.
    public var pageMotion = PageMotion.decelerate
    /// The divisor of the spring policy's H/2 (seed 000: 2); larger favours the flick's direction.
    public var pageSwitchBias = 2.0
    /// Threshold policy: fraction of a page that completes a move (seed 003: 0.3).
    public var pageDistanceThreshold = 0.3
    /// Threshold policy: fraction of a page that completes a move with a flick (seed 003: 0.1).
    public var pageFlickDistanceThreshold = 0.1
    /// Release speed below which a release is not a flick, in points per second.
    public var minimumFlickVelocity = 300.0
    /// The most pages (or cells) one fling may move under the projection policy (seed 002
    /// suggests letting hard flings skip several cells).
    public var maximumPagesPerFling = 1

    public init() {}

    /// The rubber band for a viewport `viewportLength` points long.
    public func rubberBand(viewportLength: Double) -> RubberBand {
        RubberBand(coefficient: rubberBandCoefficient, limit: rubberBandLimit ?? viewportLength)
    }

    /// μ = −1000·ln(decelerationRate), in 1/s.
    public var decayConstant: Double {
        FrictionSimulation.decayConstant(decelerationRate: decelerationRate)
    }
}
