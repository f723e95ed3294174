/// Every number that shapes the feel of a scroll view, with the defaults of UIKit and the seeds.
///
/// The initial values below are the defaults; everything else about a parameter (file key,
/// title, unit, range, slider scale, help, source, export) is in `ScrollParameters.tunables`,
/// the one table the panel, the files, the export and docs/parameters.md are driven from.
public struct ScrollParameters: Equatable, Sendable {
    /// Velocity kept per millisecond of free deceleration (UIKit: 0.998 normal, 0.99 fast).
    public var decelerationRate = 0.998
    /// n of the power-law fluid `a = −μ·vⁿ` (Li's library); 1 = UIKit's exponential.
    public var decelerationPower = 1.0
    /// δ of the edge bounce spring, 1/s (Li's “UIScrollView drag conversion rate and paging”, eq. 2: 10.9).
    public var bounceDamping = 10.9
    /// How fast content released past an edge starts back, per point of overshoot, 1/s: the
    /// return is the bounce spring launched toward the edge at k·y0 (UIKit recordings: 7.3,
    /// i.e. 177 pt starts back at 1,290 pt/s; Li's “UIScrollView drag conversion rate and paging”: 0, the spring from
    /// rest).
    public var edgeReturnRate = 7.3
    /// δ of the page snap spring, 1/s (the seed author's library: 20; Li's article: 50).
    public var pageDamping = 20.0
    /// c of the rubber band `f(x) = c·x/(1 + c·x/d)` (Li's “UIScrollView drag conversion rate and paging”: 0.55).
    public var rubberBandCoefficient = 0.55
    /// d of the rubber band in points; nil = the viewport's length along the axis (Li's “UIScrollView drag conversion
    /// rate and paging”).
    public var rubberBandLimit: Double? = nil
    /// How a paged view picks its page at release.
    public var pagePolicy = PagePolicy.projection
    /// How a paged view travels to its page: decelerating into it (default) or Li's spring.
    public var pageMotion = PageMotion.decelerate
    /// The divisor of the spring policy's H/2 (Li's “UIScrollView drag conversion rate and paging”: 2); larger favours
    /// the flick's direction.
    public var pageSwitchBias = 2.0
    /// Threshold policy: fraction of a page that completes a move (yuan's “UIScrollView parallax rolling banner (2)”:
    /// 0.3).
    public var pageDistanceThreshold = 0.3
    /// Threshold policy: fraction of a page that completes a move with a flick (yuan's “UIScrollView parallax rolling
    /// banner (2)”: 0.1).
    public var pageFlickDistanceThreshold = 0.1
    /// Release speed below which a release is not a flick, in points per second.
    public var minimumFlickVelocity = 300.0
    /// The most pages (or cells) one fling may move under the projection policy (the article “iOS UIScrollView paging
    /// effect”
    /// suggests letting hard flings skip several cells).
    public var maximumPagesPerFling = 1
    /// Display refresh rate, Hz: the release frame's whole-frame step (1/refreshRate) and the
    /// held-pointer samples (UIKit: 60, 120 on ProMotion devices).
    public var refreshRate = 60.0
    /// Device pixels per point: a glide's rest snaps to this grid, an edge return settles
    /// within half a pixel (UIKit: the screen's scale, 3 on most iPhones).
    public var displayScale = 3.0
    /// Finger travel (pt) before the pan is recognized; swallowed (UIKit: 10).
    public var panHysteresis = 10.0
    /// a of the recognizer's V = a·s_latest + (1 − a)·s_previous (UIKit: 0.2).
    public var velocitySampleWeight = 0.2
    /// b of the release velocity (1 − b)·V_previous + b·V_latest (UIKit: 0.25).
    public var releaseBlend = 0.25
    /// Below this latest recognizer speed a release does not glide, pt/s (UIKit: 250).
    public var minimumGlideVelocity = 250.0
    /// A glide ends when its speed falls to this, pt/s (UIKit: 10).
    public var glideStopVelocity = 10.0
    /// How content past an edge returns: UIKit's decaying step or the seed's spring.
    public var edgeReturn = EdgeReturnLaw.uikit
    /// q: the share of the excess past an edge kept per millisecond (UIKit: 0.99).
    public var edgeDecay = 0.99
    /// c of the rubber band for touchpad (trackpad) streams (UIKit on iPad: 0.715).
    public var trackpadRubberBandCoefficient = 0.715
    /// A release at least this fast counts toward fast scrolling, pt/s (UIKit: 600).
    public var fastScrollFlickVelocity = 600.0
    /// Drag distance per unit of fast-scroll gain, pt (UIKit: 240).
    public var fastScrollDistance = 240.0
    /// The largest fast-scroll multiplier (UIKit: 16; 1 turns fast scrolling off).
    public var maximumFastScrollMultiplier = 16.0
    /// Response of the scroll-to-top spring, s (UIKit: 0.6, critically damped).
    public var scrollToTopResponse = 0.6
    /// 1: iOS 26's half-rate tail, a glide moving ≤ 0.75 pt a frame updates every other frame
    /// (`HalfRateTail`); 0 (default): every frame.
    public var halfRateTail = 0
    public init() {}

    /// The display these values are set for.
    public var display: Display { Display(refreshRate: refreshRate, scale: displayScale) }

    /// The rubber band for a viewport `viewportLength` points long.
    public func rubberBand(viewportLength: Double) -> RubberBand {
        RubberBand(coefficient: rubberBandCoefficient, limit: rubberBandLimit ?? viewportLength)
    }

    /// Whether free motion follows UIKit's own steps (`UIKitGlide`, `UIKitEdgeReturn`): the UIKit
    /// edge return with the exponential glide (power 1). Otherwise the seed article's friction and spring.
    public var followsUIKitSteps: Bool { edgeReturn == .uikit && decelerationPower == 1 }

    /// μ = −1000·ln(decelerationRate), in 1/s.
    public var decayConstant: Double {
        FrictionSimulation.decayConstant(decelerationRate: decelerationRate)
    }
}

extension ScrollParameters: TunableModel {
    public typealias P = Tunable<ScrollParameters>

    /// The panel's sections for UIKit's tunables.
    public enum Section {
        public static let deceleration = "Deceleration (momentum)"
        public static let finger = "Finger (recognizer and release)"
        public static let fastScrolling = "Fast scrolling (repeated flicks)"
        public static let edges = "Edges (rubber band and bounce)"
        public static let paging = "Paging and snapping"
        /// Drawn last, after the viewport.
        public static let device = ModelRow.deviceSection
    }

    /// Fast scrolling's knobs are rarely changed: its section starts closed.
    public static var collapsedSections: Set<String> { [Section.fastScrolling] }

    /// The one definition of every parameter, in file order.
    public static let tunables: [P] = [
        P(
            .real({ $0.decelerationRate }, { $0.decelerationRate = $1 }), key: "decelerationRate",
            title: "Deceleration rate", unit: "per ms",
            range: 0.9...0.9999, scale: .logarithmicComplement,
            marks: [SliderMark(0.99, "fast"), SliderMark(0.998, "normal")], format: "%.4f /ms",
            help:
                "How much speed a flick keeps each millisecond after the finger lifts. Higher glides farther: a 1,000 "
                + "pt/s flick rests 494 pt away at 0.998 and 98 pt away at 0.99 (UIKit's glide stops at 10 pt/s).",
            source:
                "UIKit's UIScrollView.DecelerationRate: normal 0.998, fast 0.99 (Li's “UIScrollView drag conversion "
                + "rate and paging” eq. 1: friction a = −μ·v, μ = −1000·ln(rate) /s)",
            equivalent:
                "UIScrollView.decelerationRate (per ms); v(t) = v0·rate^(1000·t), rest distance = v0/μ with μ = "
                + "−1000·ln(rate) /s",
            uikit: "scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: CGFloat(decelerationRate))",
            section: Section.deceleration),
        P(
            .real({ $0.decelerationPower }, { $0.decelerationPower = $1 }), key: "decelerationPower",
            title: "Fluid power n", range: 0...1.9,
            format: "%.2f",
            help:
                "1 is UIKit's glide. Below 1, fast flicks glide on longer and slow ones stop sooner, in a finite "
                + "time; above 1, the reverse.",
            source:
                "1 = UIKit; the power-law fluid of the library of Li's “UIScrollView drag conversion rate and paging”",
            equivalent:
                "n of a = −μ·v_ref^(1−n)·vⁿ with v_ref = 1000 pt/s (no UIKit property: needs your own deceleration)",
            section: Section.deceleration),
        P(
            .real({ $0.glideStopVelocity }, { $0.glideStopVelocity = $1 }), key: "glideStopVelocity",
            title: "Glide stop velocity", unit: "pt/s",
            range: 0.1...500, scale: .logarithmic, format: "%.1f pt/s",
            help:
                "The glide ends when its speed falls to this. UIKit stops at 10 pt/s, so a glide covers (v − 10)·r/(1 "
                + "− r) ms·pt/s.",
            source:
                "10 pt/s (0.01 pt/ms), UIScrollView's deceleration end (the public reverse-engineering of UIKitCore "
                + "(iOS 26.2))",
            equivalent:
                "rest = x0 + sign(v)·(|v| − stop)/1000·r/(1 − r)·m (v in pt/s); targetContentOffset ≈ x0 + (|v| − "
                + "stop)/|1000·ln r|",
            section: Section.deceleration, matters: { $0.followsUIKitSteps }),
        P(
            .flag({ $0.halfRateTail }, { $0.halfRateTail = $1 }), key: "halfRateTail", title: "Half-rate tail",
            range: 0...1, format: "%.0f",
            help:
                "iOS 26: once a glide moves 0.75 pt or less per display frame, the content updates only every other "
                + "frame (the glide itself is unchanged). Off by default; on to match a tracked 120 Hz recording of "
                + "iOS 26.",
            source:
                "ScrollLab's tracked 120 Hz screen recordings of iOS 26 (docs/uikit-paging-and-streams.md; a rule "
                + "read from them, not taken from a decompile)",
            equivalent:
                "none (the system decides); x(t) = glide(t_h + 2·⌊(t − t_h)·Hz/2⌋/Hz) once a frame moves ≤ 0.75 pt",
            section: Section.deceleration, matters: { $0.followsUIKitSteps }),
        P(
            .real({ $0.scrollToTopResponse }, { $0.scrollToTopResponse = $1 }), key: "scrollToTopResponse",
            title: "Scroll-to-top response", unit: "s",
            range: 0.05...3, scale: .logarithmic, format: "%.2f s",
            help:
                "How long scrolling to the top takes (Home, or a tap on the status bar in UIKit): a critically damped "
                + "spring with this response. 0.6 s brings 5,000 pt to about a point in 1.04 s.",
            source:
                "0.6 s, UIScrollView's scroll-to-top spring (the public reverse-engineering of UIKitCore (iOS 26.2))",
            equivalent:
                "critically damped spring, ω = 2π/response (10.47 rad/s at 0.6 s): x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt)",
            section: Section.deceleration, matters: { $0.followsUIKitSteps }),
        P(
            .real({ $0.panHysteresis }, { $0.panHysteresis = $1 }), key: "panHysteresis", title: "Pan hysteresis",
            unit: "pt", range: 0...50,
            format: "%.1f pt",
            help:
                "How far the finger travels before the content follows; that travel is swallowed (the content starts "
                + "from where it was). Touchpad streams start at once.",
            source:
                "10 pt: UIPanGestureRecognizer's recognition travel, seen in recordings of a real UIScrollView (first "
                + "drag frame 0.33 pt after 10.33 pt of travel)",
            equivalent: "UIPanGestureRecognizer's hysteresis (not settable)",
            section: Section.finger),
        P(
            .real({ $0.velocitySampleWeight }, { $0.velocitySampleWeight = $1 }), key: "velocitySampleWeight",
            title: "Velocity sample weight",
            range: 0.01...1,
            format: "%.2f",
            help:
                "How much the newest touch sample counts in the finger's velocity: V = a·newest + (1 − a)·previous "
                + "sample. Smaller smooths more and reacts later.",
            source:
                "0.2, UIPanGestureRecognizer's velocity filter (the public reverse-engineering of UIKitCore (iOS "
                + "26.2))",
            equivalent: "V = a·s_n + (1 − a)·s_(n−1), s = Δposition/Δt between touch events (pt/ms)",
            section: Section.finger),
        P(
            .real({ $0.releaseBlend }, { $0.releaseBlend = $1 }), key: "releaseBlend", title: "Release blend",
            range: 0...1, format: "%.2f",
            help:
                "How much the last drag update's velocity counts at release against the one before: release = (1 − "
                + "b)·V_previous + b·V_latest. 0.25 means the last frames' acceleration is mostly ignored.",
            source: "0.25, UIScrollView's release rule (the public reverse-engineering of UIKitCore (iOS 26.2))",
            equivalent:
                "v_release = (1 − b)·V_(n−1) + b·V_n (V_n alone when V_(n−1) is 0); ≈ 0.6·s_(n−2) + 0.35·s_(n−1) + "
                + "0.05·s_n",
            section: Section.finger),
        P(
            .real({ $0.minimumGlideVelocity }, { $0.minimumGlideVelocity = $1 }), key: "minimumGlideVelocity",
            title: "Min glide velocity", unit: "pt/s",
            range: 0...5_000, format: "%.0f pt/s",
            help:
                "A release whose latest finger speed is below this does not glide at all: the content stays (or "
                + "returns to an edge).",
            source:
                "250 pt/s (0.25 pt/ms), UIScrollView's release test (the public reverse-engineering of UIKitCore (iOS "
                + "26.2))",
            equivalent: "no deceleration when |V_latest| < 0.25 pt/ms",
            section: Section.finger),
        P(
            .real({ $0.fastScrollFlickVelocity }, { $0.fastScrollFlickVelocity = $1 }), key: "fastScrollFlickVelocity",
            title: "Fast-scroll flick", unit: "pt/s",
            range: 250...10_000, format: "%.0f pt/s",
            help:
                "A release at least this fast counts toward fast scrolling; a slower gliding release resets the "
                + "count. From the third counted flick in a row, each drag raises the glide's multiplier.",
            source:
                "600 pt/s (0.6 pt/ms), UIScrollView's fast scrolling (the public reverse-engineering of UIKitCore "
                + "(iOS 26.2))",
            equivalent:
                "count a flick when |V_latest| ≥ 0.6 pt/ms; reset after 1 s, on reversal, below 0.13 pt/ms, at an "
                + "edge or at rest",
            section: Section.fastScrolling),
        P(
            .real({ $0.fastScrollDistance }, { $0.fastScrollDistance = $1 }), key: "fastScrollDistance",
            title: "Fast-scroll distance", unit: "pt",
            range: 10...2_000, format: "%.0f pt",
            help:
                "Drag distance per unit of fast-scroll gain: m = m_start + (1 + (count − 3)/2)·min(distance/this, "
                + "0.9).",
            source: "240 pt, UIScrollView's fast scrolling (the public reverse-engineering of UIKitCore (iOS 26.2))",
            equivalent:
                "m = min(m_start + (1 + (count − 3)/2)·min(d/240, 0.9), 16), scaling glide distance, not velocity",
            section: Section.fastScrolling),
        P(
            .real({ $0.maximumFastScrollMultiplier }, { $0.maximumFastScrollMultiplier = $1 }),
            key: "maximumFastScrollMultiplier",
            title: "Max fast-scroll multiplier",
            range: 1...32, format: "%.1f×",
            help: "The largest glide multiplier repeated flicks can build up. 1 turns fast scrolling off.",
            source: "16, UIScrollView's fast scrolling (the public reverse-engineering of UIKitCore (iOS 26.2))",
            equivalent: "cap of m",
            section: Section.fastScrolling),
        P(
            .real({ $0.rubberBandCoefficient }, { $0.rubberBandCoefficient = $1 }), key: "rubberBandCoefficient",
            title: "Rubber band c", range: 0.05...1,
            format: "%.2f",
            help:
                "How much of the finger's travel past an edge the content follows at first (0.55: a bit over half); "
                + "it follows less the farther you pull.",
            source: "0.55, measured on UIKit in Li's “UIScrollView drag conversion rate and paging”",
            equivalent:
                "c of the overshoot f(x) = c·x/(1 + c·x/d), x = finger travel past the edge (pt), d = rubberBandLimit",
            section: Section.edges),
        P(
            .real({ $0.trackpadRubberBandCoefficient }, { $0.trackpadRubberBandCoefficient = $1 }),
            key: "trackpadRubberBandCoefficient",
            title: "Trackpad rubber band c",
            range: 0.05...1, format: "%.3f",
            help:
                "The rubber band's c while a touchpad stream drags past an edge (a finger uses the rubber band c "
                + "above).",
            source:
                "0.715, UIScrollView's pointer (trackpad) scrolling on iPad (the public reverse-engineering of "
                + "UIKitCore (iOS 26.2))",
            equivalent: "c of f(x) = c·x/(1 + c·x/d) for UIScrollTypeMask.continuous scrolls",
            section: Section.edges),
        P(
            .optionalReal({ $0.rubberBandLimit }, { $0.rubberBandLimit = $1 }), key: "rubberBandLimit",
            title: "Rubber band limit", unit: "pt",
            range: 1...100_000,
            scale: .logarithmic, format: "%.0f pt",
            help:
                "The overshoot a long pull approaches but never reaches. Unset (null), it is the scroll view's own "
                + "length.",
            source:
                "the scroll view's length, as measured in Li's “UIScrollView drag conversion rate and paging” (which "
                + "saw it stop growing near 1000 pt)",
            equivalent: "d (pt) of f(x) = c·x/(1 + c·x/d); nil = the scroll view's length along the axis",
            unsetMeaning: "viewport length",
            section: Section.edges),
        P(
            Tunable.choice({ $0.edgeReturn }, { $0.edgeReturn = $1 }), key: "edgeReturn", title: "Edge return",
            help:
                "Which mechanics run after the finger lifts. uikit: UIScrollView's own steps — the glide summed frame "
                + "by frame (the release frame's step, the stop at the glide stop velocity, the pixel grid), and "
                + "past an edge the excess shrinking by the edge decay every millisecond while the release "
                + "velocity still pushes it. spring: the seed article's — a continuous friction glide that stops at 2 "
                + "pt/s, and its critically damped spring (bounce damping, edge return rate) at the edges. A "
                + "fluid power other than 1 always uses the seed's friction.",
            source:
                "uikit: UIScrollView's bounce step (the public reverse-engineering of UIKitCore (iOS 26.2)); spring: "
                + "the article UIScrollView位移转化率和分页机制 (drag conversion rate and paging), eq. 2 (critically damped "
                + "bounce)",
            equivalent:
                "uikit: e(τ) = q^τ·(e0 + w·r·(1 − r^τ)/(1 − r)), τ in ms; spring: x(t) = (x0 + (v0 + δ·x0)·t)·e^(−δt)",
            section: Section.edges),
        P(
            .real({ $0.edgeDecay }, { $0.edgeDecay = $1 }), key: "edgeDecay", title: "Edge decay", unit: "per ms",
            range: 0.9...0.999,
            scale: .logarithmicComplement, marks: [SliderMark(0.99, "UIKit")], format: "%.4f /ms",
            help:
                "UIKit return: the share of the overshoot kept each millisecond (0.99: a 10.05 /s decay, the same at "
                + "every deceleration rate). Lower snaps back sooner.",
            source: "0.99 per ms, UIScrollView's bounce step (the public reverse-engineering of UIKitCore (iOS 26.2))",
            equivalent: "e ← q^T·e + v·r·(1 − r^T)/(1 − r)·q^T, v ← v·r^T·q^T per T ms",
            section: Section.edges, matters: { $0.edgeReturn == .uikit }),
        P(
            .real({ $0.bounceDamping }, { $0.bounceDamping = $1 }), key: "bounceDamping", title: "Bounce damping",
            unit: "1/s", range: 1...100,
            scale: .logarithmic, format: "%.1f /s",
            help:
                "Stiffness of the bounce back from an edge. Higher returns sooner and overshoots less: the farthest "
                + "overshoot is v/(δ·e) at time 1/δ.",
            source: "10.9 /s, fitted to UIKit's bounce in Li's “UIScrollView drag conversion rate and paging” eq. 2",
            equivalent:
                "δ (1/s) of the critically damped bounce x(t) = (x0 + (v0 + δ·x0)·t)·e^(−δt); as a spring: mass 1, "
                + "stiffness δ², damping 2δ (UISpringTimingParameters(mass: 1, stiffness: δ², damping: 2δ, "
                + "initialVelocity:))",
            section: Section.edges, matters: { !$0.followsUIKitSteps }),
        P(
            .real({ $0.edgeReturnRate }, { $0.edgeReturnRate = $1 }), key: "edgeReturnRate", title: "Edge return rate",
            unit: "1/s", range: 0...100,
            format: "%.1f /s",
            help:
                "How fast content let go past an edge starts back, per point of overshoot: it leaves at k·overshoot "
                + "pt/s, then the bounce spring brings it in. 7.3 matches a real iPhone (177 pt: 20 pt back in "
                + "the first 16 ms, 2 pt left after 0.5 s); 0 is a spring from rest, an ease-in that lags iOS "
                + "by up to 43 pt.",
            source:
                "7.3 /s, fitted to recordings of a real UIScrollView (with bounce damping 10.9, within 0.3 pt); 0 = "
                + "the critically damped return from rest of Li's “UIScrollView drag conversion rate and paging” "
                + "eq. 2",
            equivalent:
                "initial return velocity v0 = −k·x0 (pt/s) for an overshoot x0 (pt), then x(t) = (x0 + (v0 + "
                + "δ·x0)·t)·e^(−δt) with δ = bounceDamping",
            section: Section.edges, matters: { $0.edgeReturn == .spring }),
        P(
            Tunable.choice(
                { $0.pagePolicy },
                { p, policy in
                    p.pagePolicy = policy
                    // UIKit's page choice comes with UIKit's integrator (a page motion stated after
                    // it, as a file's later key, still wins).
                    if policy == .uikit { p.pageMotion = .uikit }
                }), key: "pagePolicy", title: "Page policy",
            help:
                "How a paged view picks its page when the finger lifts. projection: where the glide would end, at "
                + "least one page per flick. spring: Li's rule, the page spring's launch speed decides. threshold: "
                + "yuan's rule, a fixed fraction of a page (smaller with a flick). uikit: UIScrollView's own, from "
                + "the last pan update's velocity: within ±0.3 pt/ms the nearest page, faster the next page in "
                + "its direction; a flick during a running page animation adds one page to its target. Choosing "
                + "uikit also sets the page motion to uikit.",
            source:
                "projection: UIKit-like; spring: Li's “UIScrollView drag conversion rate and paging”; threshold: "
                + "yuan's “UIScrollView parallax rolling banner (2)”; uikit: a decompile of iOS 26.1's UIKitCore, "
                + "-[UIScrollView _prepareToPageWithHorizontalVelocity:verticalVelocity:]",
            equivalent:
                "uikit: isPagingEnabled = true (SwiftUI: .scrollTargetBehavior(.paging)); otherwise the rule your "
                + "scrollViewWillEndDragging(_:withVelocity:targetContentOffset:) implements",
            section: Section.paging),
        P(
            Tunable.choice({ $0.pageMotion }, { $0.pageMotion = $1 }), key: "pageMotion", title: "Page motion",
            help:
                "How a paged view travels to its page after the finger lifts. decelerate: a flick slows into the page "
                + "from its own speed (never faster, no overshoot); slow releases spring in. spring: the page "
                + "spring starts with the release velocity, so fast releases speed up and swing past the "
                + "page, as in Li's “UIScrollView drag conversion rate and paging” eq. 4. uikit: UIScrollView's "
                + "paging integrator, stepped in whole milliseconds per display frame and rounded to the pixel "
                + "grid, its friction and pull from the page's length.",
            source:
                "decelerate: ScrollLab's own; spring: Li's “UIScrollView drag conversion rate and paging” eq. 4; "
                + "uikit: a decompile of iOS 26.1's UIKitCore, -[UIScrollView "
                + "_getPagingDecelerationOffset:forTimeInterval:] and -[UIScrollView setFrame:]",
            equivalent:
                "uikit: per frame trunc(1000/Hz) steps of d = target − x; v = (v + d·pull)·friction; x += v (pt/ms), "
                + "friction = 0.966818182 + 9.94318182e-6·D, pull = 0.000359090909 − 1.84659091e-7·D (D ≤ 1024 pt); "
                + "spring: critically damped spring from (x0, v0) with δ = pageDamping",
            section: Section.paging),
        P(
            .real({ $0.pageDamping }, { $0.pageDamping = $1 }), key: "pageDamping", title: "Page damping", unit: "1/s",
            range: 1...200,
            scale: .logarithmic, format: "%.1f /s",
            help: "Stiffness of the spring that carries a page into place after release. Higher snaps faster.",
            source:
                "20 /s as in the library of Li's “UIScrollView drag conversion rate and paging”; its article (eq. 4) "
                + "uses 50",
            equivalent:
                "δ (1/s) of the critically damped page spring x(t) = (x0 + (v0 + δ·x0)·t)·e^(−δt); as a spring: mass "
                + "1, stiffness δ², damping 2δ",
            section: Section.paging),
        P(
            .real({ $0.minimumFlickVelocity }, { $0.minimumFlickVelocity = $1 }), key: "minimumFlickVelocity",
            title: "Min flick velocity", unit: "pt/s",
            range: 0...10_000, format: "%.0f pt/s",
            help: "Release speed below which a release is not a flick: a paged view then lands on the nearest page.",
            source: "300 pt/s, UIKit-like",
            equivalent:
                "pt/s; compare with the velocity of scrollViewWillEndDragging (UIKit gives pt/ms: multiply by 1000)",
            section: Section.paging),
        P(
            .count({ $0.maximumPagesPerFling }, { $0.maximumPagesPerFling = $1 }), key: "maximumPagesPerFling",
            title: "Max pages per fling", unit: "pages",
            range: 1...50, format: "%.0f",
            help: "Projection policy: the most pages or cells one fling may move, however hard.",
            source: "1, as in the article “iOS UIScrollView paging effect” (which suggests more for hard flings)",
            equivalent: "clamp the target page to start page ± this count",
            section: Section.paging, matters: { $0.pagePolicy == .projection }),
        P(
            .real({ $0.pageSwitchBias }, { $0.pageSwitchBias = $1 }), key: "pageSwitchBias", title: "Velocity bias",
            range: 1...10, format: "%.2f",
            help:
                "Spring policy: a release switches pages when its spring would carry it past 1/bias of a page. Larger "
                + "favours the flick's direction.",
            source: "2 (half a page) in Li's “UIScrollView drag conversion rate and paging”",
            equivalent: "switch when v0/(δ·e) > H/bias, v0 = Δy·e^(δt)/t, t = 1/(δ + v/Δy), H = page length (pt)",
            section: Section.paging, matters: { $0.pagePolicy == .spring }),
        P(
            .real({ $0.pageDistanceThreshold }, { $0.pageDistanceThreshold = $1 }), key: "pageDistanceThreshold",
            title: "Distance threshold", unit: "page",
            range: 0.01...1, format: "%.2f page",
            help: "Threshold policy: how far (fraction of a page) a slow drag must go to turn the page.",
            source: "0.3 in yuan's “UIScrollView parallax rolling banner (2)”",
            equivalent: "turn the page when |offset − page| ≥ threshold·pageLength",
            section: Section.paging, matters: { $0.pagePolicy == .threshold }),
        P(
            .real({ $0.pageFlickDistanceThreshold }, { $0.pageFlickDistanceThreshold = $1 }),
            key: "pageFlickDistanceThreshold", title: "Flick threshold",
            unit: "page",
            range: 0...1, format: "%.2f page",
            help:
                "Threshold policy: how far (fraction of a page) a flick must go to turn the page. Never above the "
                + "distance threshold: a file that sets only one of the two moves the other's default to match.",
            source: "0.1 in yuan's “UIScrollView parallax rolling banner (2)”",
            equivalent: "turn the page when |v| ≥ minimumFlickVelocity and |offset − page| ≥ threshold·pageLength",
            section: Section.paging, matters: { $0.pagePolicy == .threshold }),
        P(
            .real({ $0.refreshRate }, { $0.refreshRate = $1 }), key: "refreshRate", title: "Refresh rate", unit: "Hz",
            range: 24...240,
            marks: [SliderMark(60, "60"), SliderMark(120, "ProMotion")], format: "%.0f Hz",
            help:
                "The display's frame rate. At release UIKit moves the content one whole frame of glide at once (about "
                + "v/60 at 60 Hz, v/120 at 120 Hz); a pointer held still for three frames counts as stopped. The "
                + "device picker sets it.",
            source:
                "UIKit's release frame, from the public reverse-engineering of UIKitCore (iOS 26.2); 120 Hz on "
                + "ProMotion devices",
            equivalent: "UIScreen.maximumFramesPerSecond; the glide runs τ = t + 1/refreshRate at t after release",
            section: Section.device),
        P(
            .real({ $0.displayScale }, { $0.displayScale = $1 }), key: "displayScale", title: "Display scale",
            unit: "px/pt", range: 1...4,
            format: "%.0f px/pt",
            help:
                "Device pixels per point. A glide rests on this pixel grid (1/3 pt at @3x); an edge return settles "
                + "within half a pixel. The device picker sets it.",
            source:
                "UIKit's pixel snapping at rest (public reverse-engineering of UIKitCore, iOS 26.2); UIScreen.scale",
            equivalent: "UIScreen.main.scale; rest = round(x·scale)/scale",
            section: Section.device)
    ]

    /// The flick threshold never exceeds the distance threshold. Both stated and in conflict:
    /// an error. Only one stated: the other, a default, moves to match it.
    public static func reconcile(_ p: inout ScrollParameters, stated: [String]) throws(ParameterError) {
        guard p.pageFlickDistanceThreshold > p.pageDistanceThreshold else { return }
        let flick = stated.contains("pageFlickDistanceThreshold"), distance = stated.contains("pageDistanceThreshold")
        if flick && distance {
            throw ParameterError(
                key: "pageFlickDistanceThreshold",
                message:
                    "\(formatNumber(p.pageFlickDistanceThreshold)) exceeds pageDistanceThreshold "
                    + "(\(formatNumber(p.pageDistanceThreshold))); it must not"
            )
        } else if flick {
            p.pageDistanceThreshold = p.pageFlickDistanceThreshold
        } else {
            p.pageFlickDistanceThreshold = p.pageDistanceThreshold
        }
    }
}
