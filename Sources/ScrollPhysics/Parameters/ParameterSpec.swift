/// Describes one numeric parameter: its JSON key, range, unit, default, what it does physically
/// and where it comes from. The parameter files, the command line help and the tuning panel
/// all read these, so a range is written once.
public struct ParameterSpec: Sendable {
    public let key: String
    public let range: ClosedRange<Double>
    public let unit: String
    /// What changing it does, in a designer's words.
    public let summary: String
    /// The seed document (file name) or platform the default comes from.
    public let source: String
    /// Whether a slider for it should move on a logarithmic scale.
    public let logarithmic: Bool
    /// Whether only whole numbers are allowed.
    public let integral: Bool

    public func value(in parameters: ScrollParameters) -> Double {
        switch key {
        case "decelerationRate": return parameters.decelerationRate
        case "decelerationPower": return parameters.decelerationPower
        case "bounceDamping": return parameters.bounceDamping
        case "edgeReturnRate": return parameters.edgeReturnRate
        case "pageDamping": return parameters.pageDamping
        case "rubberBandCoefficient": return parameters.rubberBandCoefficient
        case "rubberBandLimit": return parameters.rubberBandLimit ?? 0
        case "pageSwitchBias": return parameters.pageSwitchBias
        case "pageDistanceThreshold": return parameters.pageDistanceThreshold
        case "pageFlickDistanceThreshold": return parameters.pageFlickDistanceThreshold
        case "minimumFlickVelocity": return parameters.minimumFlickVelocity
        case "maximumPagesPerFling": return Double(parameters.maximumPagesPerFling)
        default: return 0
        }
    }

    /// Sets the value, clamped into the range (whole numbers for integral parameters).
    public func set(_ value: Double, in parameters: inout ScrollParameters) {
        guard value.isFinite else { return }
        var v = min(max(value, range.lowerBound), range.upperBound)
        if integral { v = v.rounded() }
        switch key {
        case "decelerationRate": parameters.decelerationRate = v
        case "decelerationPower": parameters.decelerationPower = v
        case "bounceDamping": parameters.bounceDamping = v
        case "edgeReturnRate": parameters.edgeReturnRate = v
        case "pageDamping": parameters.pageDamping = v
        case "rubberBandCoefficient": parameters.rubberBandCoefficient = v
        case "rubberBandLimit": parameters.rubberBandLimit = v
        case "pageSwitchBias": parameters.pageSwitchBias = v
        case "pageDistanceThreshold": parameters.pageDistanceThreshold = v
        case "pageFlickDistanceThreshold": parameters.pageFlickDistanceThreshold = v
        case "minimumFlickVelocity": parameters.minimumFlickVelocity = v
        case "maximumPagesPerFling": parameters.maximumPagesPerFling = Int(v)
        default: break
        }
    }

    /// "[0.9, 0.9999]" style text for messages.
    public var rangeText: String {
        "[\(Self.format(range.lowerBound)), \(Self.format(range.upperBound))]"
    }

    /// A whole number without a decimal point, anything else as Swift prints it.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Every numeric parameter, in the order of the JSON files and the panel.
    public static var all: [ParameterSpec] {
        [
            ParameterSpec(key: "decelerationRate", range: 0.9...0.9999, unit: "per ms",
                          summary: "Velocity kept each millisecond after release; higher glides farther (μ = −1000·ln(rate) /s).",
                          source: "UIKit (0.998 normal, 0.99 fast); seed 000 eq. 1", logarithmic: false, integral: false),
            ParameterSpec(key: "decelerationPower", range: 0...1.9, unit: "",
                          summary: "n of the fluid a = −μ·vⁿ: below 1 fast flings glide on and slow ones stop sooner, in finite time.",
                          source: "seed 000's library (power-law fluid)", logarithmic: false, integral: false),
            ParameterSpec(key: "bounceDamping", range: 1...100, unit: "1/s",
                          summary: "Stiffness of the edge bounce (critically damped); higher returns sooner and overshoots less.",
                          source: "seed 000 eq. 2 (10.9)", logarithmic: true, integral: false),
            ParameterSpec(key: "edgeReturnRate", range: 0...100, unit: "1/s",
                          summary: "How fast content let go past an edge starts back: k·overshoot pt/s, then the bounce spring brings it in. 7.3 matches iOS (177 pt: 20 pt back in the first 16 ms, 2 pt left after 0.5 s); 0 is the seed's spring from rest, an ease-in.",
                          source: "UIScrollView recordings (7.3 with δ = 10.9, within 0.3 pt); seed 000 eq. 2 (0)", logarithmic: false, integral: false),
            ParameterSpec(key: "pageDamping", range: 1...200, unit: "1/s",
                          summary: "Stiffness of the page snap spring; higher snaps faster.",
                          source: "seed 000 eq. 4 (article 50, library 20)", logarithmic: true, integral: false),
            ParameterSpec(key: "rubberBandCoefficient", range: 0.05...1, unit: "",
                          summary: "How much of the finger's travel past an edge the content follows at first.",
                          source: "seed 000 (0.55)", logarithmic: false, integral: false),
            ParameterSpec(key: "rubberBandLimit", range: 1...100_000, unit: "pt",
                          summary: "The overshoot a pull approaches but never reaches (unset: the viewport's length).",
                          source: "seed 000 (view length, capped near 1000)", logarithmic: true, integral: false),
            ParameterSpec(key: "pageSwitchBias", range: 1...10, unit: "",
                          summary: "Spring policy: a flick switches pages when its spring would pass 1/bias of a page.",
                          source: "seed 000 (2)", logarithmic: false, integral: false),
            ParameterSpec(key: "pageDistanceThreshold", range: 0.01...1, unit: "page",
                          summary: "Threshold policy: fraction of a page that completes a swipe.",
                          source: "seed 003 (0.3)", logarithmic: false, integral: false),
            ParameterSpec(key: "pageFlickDistanceThreshold", range: 0...1, unit: "page",
                          summary: "Threshold policy: fraction of a page that completes a swipe with a flick.",
                          source: "seed 003 (0.1)", logarithmic: false, integral: false),
            ParameterSpec(key: "minimumFlickVelocity", range: 0...10_000, unit: "pt/s",
                          summary: "Release speed below which a release is not a flick and lands on the nearest page.",
                          source: "UIKit-like (300)", logarithmic: false, integral: false),
            ParameterSpec(key: "maximumPagesPerFling", range: 1...50, unit: "pages",
                          summary: "Projection policy: the most pages or cells one fling may move.",
                          source: "seed 002 (1; suggests more for hard flings)", logarithmic: false, integral: true),
        ]
    }

    public static func named(_ key: String) -> ParameterSpec? { all.first { $0.key == key } }
}
