/// One tunable of a model as plain values, for a panel that knows no model: what it is, how its
/// control moves over its range, which section it goes in and whether it is shown.
public struct ModelRow: Sendable, Equatable {
    public let key: String
    public let title: String
    public let unit: String
    public let range: ClosedRange<Double>
    /// How its slider moves over the range (equal travel, equal factor, or equal factor of 1 − value).
    public let scale: SliderScale
    public let format: String
    public let help: String
    public let source: String
    public let isCount: Bool
    /// An on/off switch (value 1 or 0): a checkbox, not a slider.
    public let isFlag: Bool
    /// The names of a choice's options (its value is the option's index); empty otherwise.
    public let options: [String]
    /// Named values marked under the slider.
    public let marks: [SliderMark]
    /// For a value that may be unset: what unset means (a checkbox says so); nil otherwise.
    public let unsetMeaning: String?
    /// Whether the value is unset now.
    public let isUnset: Bool
    /// The panel section it goes in ("" for a model with one section).
    public let section: String
    /// Whether it has any effect given the others (the panel hides it when not).
    public let shown: Bool
    public let value: Double
    /// The value that runs instead, when the scene sets it (a banner always pages by threshold);
    /// nil when the model's own value runs.
    public let sceneValue: Double?

    /// The section the device's own tunables go in, after the viewport.
    public static let deviceSection = "Device"

    public init(
        key: String, title: String, unit: String, range: ClosedRange<Double>, scale: SliderScale, format: String,
        help: String, source: String, isCount: Bool, isFlag: Bool, options: [String] = [], marks: [SliderMark] = [],
        unsetMeaning: String? = nil, isUnset: Bool = false, section: String = "", shown: Bool = true, value: Double,
        sceneValue: Double? = nil
    ) {
        self.key = key
        self.title = title
        self.unit = unit
        self.range = range
        self.scale = scale
        self.format = format
        self.help = help
        self.source = source
        self.isCount = isCount
        self.isFlag = isFlag
        self.options = options
        self.marks = marks
        self.unsetMeaning = unsetMeaning
        self.isUnset = isUnset
        self.section = section
        self.shown = shown
        self.value = value
        self.sceneValue = sceneValue
    }

    /// `tunable` with its value in `values`; `running`: the values the scene runs, when it sets some.
    public init<Values>(_ tunable: Tunable<Values>, values: Values, running: Values? = nil, shown: Bool = true) {
        let own = tunable.number(in: values)
        let runs = running.map { tunable.number(in: $0) }
        self.init(
            key: tunable.key, title: prose(tunable.title), unit: tunable.unit, range: tunable.range,
            scale: tunable.scale,
            format: prose(tunable.format), help: prose(tunable.help), source: prose(tunable.source),
            isCount: tunable.isCount,
            isFlag: tunable.isFlag, options: tunable.options, marks: tunable.marks,
            unsetMeaning: tunable.isOptional ? tunable.unsetMeaning.map(prose) : nil,
            isUnset: tunable.value(in: values) == .null, section: tunable.section, shown: shown,
            value: own, sceneValue: runs.flatMap { $0 == own ? nil : $0 })
    }

    /// One of named options.
    public var isChoice: Bool { !options.isEmpty }
    /// The slider position of `value` (see `SliderScale`).
    public var sliderPosition: Double { scale.position(of: value) }
    /// The value at slider position `s`, clamped into the range.
    public func value(atSliderPosition s: Double) -> Double { scale.value(atPosition: s, in: range) }
    /// The slider's own range.
    public var sliderRange: ClosedRange<Double> { scale.positions(of: range) }

    /// "[0.9, 0.9999]" style text (a choice: its options).
    public var rangeText: String {
        isChoice
            ? options.joined(separator: ", ") : "[\(formatNumber(range.lowerBound)), \(formatNumber(range.upperBound))]"
    }
}

/// A line a model's panel section shows besides its tunables: a readout computed from them, or
/// a remark on how they act now.
public struct PanelNote: Sendable, Equatable {
    public enum Style: Sendable { case readout, remark }
    public let text: String
    public let style: Style
    public init(_ text: String, style: Style = .readout) {
        self.text = text
        self.style = style
    }
}

/// What a model's panel notes may read besides its values.
public struct PanelContext: Sendable, Equatable {
    /// The page policy the scene forces, if any.
    public var forcedPagePolicy: PagePolicy?
    /// The glide's multiplier now (UIKit's fast scrolling), and the flicks in a row behind it.
    public var glideMultiplier: Double
    public var flicksInARow: Int
    public init(forcedPagePolicy: PagePolicy? = nil, glideMultiplier: Double = 1, flicksInARow: Int = 0) {
        self.forcedPagePolicy = forcedPagePolicy
        self.glideMultiplier = glideMultiplier
        self.flicksInARow = flicksInARow
    }
}
