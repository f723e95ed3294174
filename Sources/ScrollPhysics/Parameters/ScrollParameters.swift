/// Every number that shapes the feel of a scroll view, with the defaults of UIKit and the seeds.
///
/// The initial values below are the defaults; everything else about a parameter (file key,
/// title, unit, range, slider scale, help, source, export) is in `ScrollParameters.tunables`,
/// the one table the panel, the files, the export and the README are driven from.
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
    /// Another platform's physics to run instead of these (nil: UIKit, the values above); see
    /// `FeelZoo`. Not a tunable of its own: a parameter file names it with `"model"`.
    public var model: FeelChoice? = nil

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

extension ScrollParameters: TunableModel {
    public typealias P = Tunable<ScrollParameters>

    /// The one definition of every parameter, in file order.
    public static let tunables: [P] = [
        P(.real(\.decelerationRate), key: "decelerationRate", title: "Deceleration rate", unit: "per ms",
          range: 0.9...0.9999, scale: .logarithmicComplement,
          marks: [SliderMark(0.99, "fast"), SliderMark(0.998, "normal")], format: "%.4f /ms",
          help: "How much speed a flick keeps each millisecond after the finger lifts. Higher glides farther: a 1,000 pt/s flick rests 500 pt away at 0.998 and 100 pt away at 0.99.",
          source: "UIKit's UIScrollView.DecelerationRate: normal 0.998, fast 0.99 (000_9618b7a55a406ad9.txt eq. 1: friction a = −μ·v, μ = −1000·ln(rate) /s)",
          equivalent: "UIScrollView.decelerationRate (per ms); v(t) = v0·rate^(1000·t), rest distance = v0/μ with μ = −1000·ln(rate) /s",
          uikit: "scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: CGFloat(decelerationRate))"),
        P(.real(\.decelerationPower), key: "decelerationPower", title: "Fluid power n", range: 0...1.9, format: "%.2f",
          help: "1 is UIKit's glide. Below 1, fast flicks glide on longer and slow ones stop sooner, in a finite time; above 1, the reverse.",
          source: "1 = UIKit; the power-law fluid of the library of 000_9618b7a55a406ad9.txt",
          equivalent: "n of a = −μ·v_ref^(1−n)·vⁿ with v_ref = 1000 pt/s (no UIKit property: needs your own deceleration)"),
        P(.real(\.bounceDamping), key: "bounceDamping", title: "Bounce damping", unit: "1/s", range: 1...100,
          scale: .logarithmic, format: "%.1f /s",
          help: "Stiffness of the bounce back from an edge. Higher returns sooner and overshoots less: the farthest overshoot is v/(δ·e) at time 1/δ.",
          source: "10.9 /s, fitted to UIKit's bounce in 000_9618b7a55a406ad9.txt eq. 2",
          equivalent: "δ (1/s) of the critically damped bounce x(t) = (x0 + (v0 + δ·x0)·t)·e^(−δt); as a spring: mass 1, stiffness δ², damping 2δ (UISpringTimingParameters(mass: 1, stiffness: δ², damping: 2δ, initialVelocity:))"),
        P(.real(\.edgeReturnRate), key: "edgeReturnRate", title: "Edge return rate", unit: "1/s", range: 0...100,
          format: "%.1f /s",
          help: "How fast content let go past an edge starts back, per point of overshoot: it leaves at k·overshoot pt/s, then the bounce spring brings it in. 7.3 matches a real iPhone (177 pt: 20 pt back in the first 16 ms, 2 pt left after 0.5 s); 0 is a spring from rest, an ease-in that lags iOS by up to 43 pt.",
          source: "7.3 /s, fitted to recordings of a real UIScrollView (with bounce damping 10.9, within 0.3 pt); 0 = the critically damped return from rest of 000_9618b7a55a406ad9.txt eq. 2",
          equivalent: "initial return velocity v0 = −k·x0 (pt/s) for an overshoot x0 (pt), then x(t) = (x0 + (v0 + δ·x0)·t)·e^(−δt) with δ = bounceDamping"),
        P(.real(\.pageDamping), key: "pageDamping", title: "Page damping", unit: "1/s", range: 1...200,
          scale: .logarithmic, format: "%.1f /s",
          help: "Stiffness of the spring that carries a page into place after release. Higher snaps faster.",
          source: "20 /s as in the library of 000_9618b7a55a406ad9.txt; its article (eq. 4) uses 50",
          equivalent: "δ (1/s) of the critically damped page spring x(t) = (x0 + (v0 + δ·x0)·t)·e^(−δt); as a spring: mass 1, stiffness δ², damping 2δ"),
        P(.real(\.rubberBandCoefficient), key: "rubberBandCoefficient", title: "Rubber band c", range: 0.05...1, format: "%.2f",
          help: "How much of the finger's travel past an edge the content follows at first (0.55: a bit over half); it follows less the farther you pull.",
          source: "0.55, measured on UIKit in 000_9618b7a55a406ad9.txt",
          equivalent: "c of the overshoot f(x) = c·x/(1 + c·x/d), x = finger travel past the edge (pt), d = rubberBandLimit"),
        P(.optionalReal(\.rubberBandLimit), key: "rubberBandLimit", title: "Rubber band limit", unit: "pt", range: 1...100_000,
          scale: .logarithmic, format: "%.0f pt",
          help: "The overshoot a long pull approaches but never reaches. Unset (null), it is the scroll view's own length.",
          source: "the scroll view's length, as measured in 000_9618b7a55a406ad9.txt (which saw it stop growing near 1000 pt)",
          equivalent: "d (pt) of f(x) = c·x/(1 + c·x/d); nil = the scroll view's length along the axis",
          unsetMeaning: "viewport length"),
        P(Tunable.choice(\.pagePolicy), key: "pagePolicy", title: "Page policy",
          help: "How a paged view picks its page when the finger lifts. projection: UIKit-like, where the glide would end, at least one page per flick. spring: 000's rule, the page spring's launch speed decides. threshold: 003's rule, a fixed fraction of a page (smaller with a flick).",
          source: "projection: UIKit-like; spring: 000_9618b7a55a406ad9.txt; threshold: 003_4453e422e92045f5.txt",
          equivalent: "which rule your scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) implements"),
        P(Tunable.choice(\.pageMotion), key: "pageMotion", title: "Page motion",
          help: "How a paged view travels to its page after the finger lifts. decelerate: a flick slows into the page from its own speed (never faster, no overshoot); slow releases spring in. spring: the page spring starts with the release velocity, so fast releases speed up and swing past the page, as in 000_9618b7a55a406ad9.txt eq. 4.",
          source: "decelerate: like UIKit's paging; spring: 000_9618b7a55a406ad9.txt eq. 4",
          equivalent: "decelerate: from release speed v toward a page D away, never faster than v and no overshoot; spring: critically damped spring from (x0, v0) with δ = pageDamping"),
        P(.real(\.pageSwitchBias), key: "pageSwitchBias", title: "Velocity bias", range: 1...10, format: "%.2f",
          help: "Spring policy: a release switches pages when its spring would carry it past 1/bias of a page. Larger favours the flick's direction.",
          source: "2 (half a page) in 000_9618b7a55a406ad9.txt",
          equivalent: "switch when v0/(δ·e) > H/bias, v0 = Δy·e^(δt)/t, t = 1/(δ + v/Δy), H = page length (pt)"),
        P(.real(\.pageDistanceThreshold), key: "pageDistanceThreshold", title: "Distance threshold", unit: "page",
          range: 0.01...1, format: "%.2f page",
          help: "Threshold policy: how far (fraction of a page) a slow drag must go to turn the page.",
          source: "0.3 in 003_4453e422e92045f5.txt",
          equivalent: "turn the page when |offset − page| ≥ threshold·pageLength"),
        P(.real(\.pageFlickDistanceThreshold), key: "pageFlickDistanceThreshold", title: "Flick threshold", unit: "page",
          range: 0...1, format: "%.2f page",
          help: "Threshold policy: how far (fraction of a page) a flick must go to turn the page. Never above the distance threshold: a file that sets only one of the two moves the other's default to match.",
          source: "0.1 in 003_4453e422e92045f5.txt",
          equivalent: "turn the page when |v| ≥ minimumFlickVelocity and |offset − page| ≥ threshold·pageLength"),
        P(.real(\.minimumFlickVelocity), key: "minimumFlickVelocity", title: "Min flick velocity", unit: "pt/s",
          range: 0...10_000, format: "%.0f pt/s",
          help: "Release speed below which a release is not a flick: a paged view then lands on the nearest page.",
          source: "300 pt/s, UIKit-like",
          equivalent: "pt/s; compare with the velocity of scrollViewWillEndDragging (UIKit gives pt/ms: multiply by 1000)"),
        P(.count(\.maximumPagesPerFling), key: "maximumPagesPerFling", title: "Max pages per fling", unit: "pages",
          range: 1...50, format: "%.0f",
          help: "Projection policy: the most pages or cells one fling may move, however hard.",
          source: "1, as in 002_cbbd450a9d178876.txt (which suggests more for hard flings)",
          equivalent: "clamp the target page to start page ± this count"),
    ]

    /// The flick threshold never exceeds the distance threshold. Both stated and in conflict:
    /// an error. Only one stated: the other, a default, moves to match it.
    public static func reconcile(_ p: inout ScrollParameters, stated: Set<String>) throws(ParameterError) {
        guard p.pageFlickDistanceThreshold > p.pageDistanceThreshold else { return }
        let flick = stated.contains("pageFlickDistanceThreshold"), distance = stated.contains("pageDistanceThreshold")
        if flick && distance {
            throw ParameterError(key: "pageFlickDistanceThreshold",
                                 message: "\(formatNumber(p.pageFlickDistanceThreshold)) exceeds pageDistanceThreshold (\(formatNumber(p.pageDistanceThreshold))); it must not")
        } else if flick {
            p.pageDistanceThreshold = p.pageFlickDistanceThreshold
        } else {
            p.pageFlickDistanceThreshold = p.pageDistanceThreshold
        }
    }
}
