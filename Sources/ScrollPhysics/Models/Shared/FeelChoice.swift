/// The platform model a scroll view runs instead of the built-in UIKit physics, with its values.
///
/// Carried by `ScrollParameters.model` (nil = `"uikit"`), so every axis built from the
/// parameters, in every scene and on either A/B side, follows it without knowing which it is.
public struct FeelChoice: Sendable, Equatable {
    public let model: any FeelModel

    public init(_ model: any FeelModel) { self.model = model }

    /// The model's `"model"` name.
    public var name: String { type(of: model).name }

    public static func == (a: FeelChoice, b: FeelChoice) -> Bool {
        a.name == b.name && a.model.pairs.elementsEqual(b.model.pairs) { $0.key == $1.key && $0.value == $1.value }
    }
}

extension FeelModel {
    /// Type-erased access to the page rule, the extent and the estimator for the axis.
    func anyEstimator() -> any ReleaseVelocityEstimator { makeEstimator() }
}

extension FeelChoice {
    /// The same model with `key` set to `value` (checked against its table).
    public func setting(_ key: String, to value: ParameterValue) throws(ModelParameterError) -> FeelChoice {
        var pairs = model.pairs
        guard let index = pairs.firstIndex(where: { $0.key == key }) else {
            throw ModelParameterError("model \"\(name)\": key \"\(key)\": unknown key; allowed keys: \(pairs.map(\.key).joined(separator: ", "))")
        }
        pairs[index].value = value
        return FeelChoice(try type(of: model).make(pairs))
    }
}

/// One tunable of a platform model as plain values, for a panel that knows no model.
public struct ModelRow: Sendable, Equatable {
    public let key: String
    public let title: String
    public let unit: String
    public let range: ClosedRange<Double>
    public let format: String
    public let help: String
    public let source: String
    public let isCount: Bool
    public let value: Double
}

extension FeelModel {
    /// Every tunable of the model with its current value, in table order.
    public var rows: [ModelRow] {
        Self.parameters.map {
            ModelRow(key: $0.key, title: $0.title, unit: $0.unit, range: $0.range, format: $0.format, help: $0.help,
                     source: $0.source, isCount: $0.isCount, value: $0.number(in: values))
        }
    }

    /// The model's title, through an existential.
    public var title: String { Self.title }
}
