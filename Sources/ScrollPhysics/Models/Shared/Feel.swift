/// One feel: a model of the zoo with its values. What a side of the playground, a scene, a
/// parameter file and a preset hold; UIKit's values (`ScrollParameters`) are one model's values
/// among the others', never carried while another model runs.
public struct Feel: Sendable, Equatable {
    public let model: any FeelModel

    public init(_ model: any FeelModel) { self.model = model }

    /// UIKit with `values`.
    public init(_ values: ScrollParameters) { model = UIKitModel(values: values) }

    /// UIKit at its defaults (the exact pipeline on the default phone).
    public static var standard: Feel { Feel(ScrollParameters()) }

    /// The model's `"model"` name.
    public var name: String { type(of: model).name }
    public var title: String { model.title }

    /// The key/value pairs of its values, in table order.
    public var pairs: [(key: String, value: ParameterValue)] { model.pairs }

    public static func == (a: Feel, b: Feel) -> Bool {
        a.name == b.name && a.model.pairs.elementsEqual(b.model.pairs) { $0.key == $1.key && $0.value == $1.value }
    }

    /// The same model with `key` set to `value`, checked against its table; the model's rules
    /// between parameters treat `key` as the one stated (a threshold that must stay below
    /// another follows it).
    public func setting(_ key: String, to value: ParameterValue) throws(ModelParameterError) -> Feel {
        Feel(try model.setting(key, to: value))
    }

    /// The same feel on `display` (UIKit's release frame and pixel grid follow it).
    public func on(_ display: Display) -> Feel { Feel(model.on(display)) }
}

extension FeelModel {
    /// The model with `key` set to `value` (see `Feel.setting`).
    public func setting(_ key: String, to value: ParameterValue) throws(ModelParameterError) -> Self {
        guard let tunable = Self.parameters.first(where: { $0.key == key }) else {
            throw ModelParameterError(
                "model \"\(Self.name)\": key \"\(key)\": unknown key; allowed keys: "
                    + "\(Self.parameters.map(\.key).joined(separator: ", "))"
            )
        }
        var new = values
        do {
            try tunable.set(value, in: &new)
            try Values.reconcile(&new, stated: [key])
        } catch {
            throw ModelParameterError("model \"\(Self.name)\": \(error)")
        }
        return Self(values: new)
    }
}

/// The screen a feel runs on: its refresh rate and pixel grid.
public struct Display: Sendable, Equatable {
    /// Frames per second (60, or 120 on ProMotion screens).
    public var refreshRate: Double
    /// Pixels per point (2 or 3).
    public var scale: Double

    public init(refreshRate: Double, scale: Double) {
        self.refreshRate = refreshRate
        self.scale = scale
    }

    /// The default phone's: 60 Hz, @3x.
    public static let standard = Display(refreshRate: 60, scale: 3)
}

/// One tunable of a platform model as plain values, for a panel that knows no model.
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
    /// One of named options (its value is the option's index).
    public let isChoice: Bool
    public let value: Double

    public init(
        key: String, title: String, unit: String, range: ClosedRange<Double>, scale: SliderScale, format: String,
        help: String, source: String, isCount: Bool, isFlag: Bool, isChoice: Bool = false, value: Double
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
        self.isChoice = isChoice
        self.value = value
    }
}

extension FeelModel {
    /// Every tunable of the model with its current value, in table order.
    public var rows: [ModelRow] {
        Self.parameters.map {
            ModelRow(
                key: $0.key, title: $0.title, unit: $0.unit, range: $0.range, scale: $0.scale, format: $0.format,
                help: $0.help,
                source: $0.source, isCount: $0.isCount, isFlag: $0.isFlag, isChoice: !$0.options.isEmpty,
                value: $0.number(in: values))
        }
    }

    /// The model's title, through an existential.
    public var title: String { Self.title }
}
