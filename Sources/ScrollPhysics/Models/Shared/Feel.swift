/// One feel: a model of the zoo with its values. What a side of the playground, a scene, a
/// parameter file and a preset hold; UIKit's values (`ScrollParameters`) are one model's values
/// among the others', never carried while another model runs.
public struct Feel: Sendable, Equatable {
    public let model: ZooModel

    public init(_ model: ZooModel) { self.model = model }

    /// `model` with its values.
    public init<Model: FeelModel>(_ model: Model) { self.model = model.zoo }

    /// UIKit with `values`.
    public init(_ values: ScrollParameters) { model = .uikit(UIKitModel(values: values)) }

    /// UIKit at its defaults (the exact pipeline on the default phone).
    public static var standard: Feel { Feel(ScrollParameters()) }

    /// The model's `"model"` name.
    public var name: String { model.name }
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
                    + "\(Self.parameters.map { $0.key }.joined(separator: ", "))"
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

extension FeelModel {
    /// Every tunable of the model with its current value, in table order; `shown` says whether
    /// it matters given the others, on a scene that pages by `policy` when one is given.
    public func rows(pagingBy policy: PagePolicy? = nil) -> [ModelRow] {
        let effective = policy.map { paging(by: $0).values } ?? values
        return Self.parameters.map { ModelRow($0, values: values, running: effective, shown: $0.matters(effective)) }
    }

    /// `rows(pagingBy: nil)`.
    public var rows: [ModelRow] { rows() }

    /// Sections the panel shows closed until opened.
    public var collapsedSections: Set<String> { Values.collapsedSections }

    /// The model's title (`Self.title`).
    public var title: String { Self.title }
}
