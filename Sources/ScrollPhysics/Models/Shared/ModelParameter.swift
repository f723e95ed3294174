/// One tunable of a platform model, defined once: where it lives, its JSON key, its title and
/// unit, the source's default and a range, what it does, and the file and function it comes from.
/// The model's parameter table is a list of these; validation, export and docs all read it.
public struct ModelParameter<Values>: Sendable {
    public let key: String
    public let title: String
    public let unit: String
    public let range: ClosedRange<Double>
    /// The platform's own default.
    public let defaultValue: Double
    /// What changing it does, in a designer's words.
    public let help: String
    /// Source file and function (or constant) the default comes from.
    public let source: String
    /// Whether only whole numbers are allowed.
    public let integral: Bool
    nonisolated(unsafe) public let keyPath: WritableKeyPath<Values, Double>

    public init(_ keyPath: WritableKeyPath<Values, Double>, key: String, title: String, unit: String,
                range: ClosedRange<Double>, default defaultValue: Double, help: String, source: String,
                integral: Bool = false) {
        self.keyPath = keyPath
        self.key = key
        self.title = title
        self.unit = unit
        self.range = range
        self.defaultValue = defaultValue
        self.help = help
        self.source = source
        self.integral = integral
    }
}

/// A bad model name, key or value, with one line naming what and where.
public struct ModelParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension Array {
    /// Sets `key` to `value` in `values`, after checking that the key exists, the value is finite,
    /// inside the range and (where required) whole. `model` names the model in the message.
    public func set<Values>(_ key: String, to value: Double, in values: inout Values, model: String)
        throws(ModelParameterError) where Element == ModelParameter<Values> {
        guard let parameter = first(where: { $0.key == key }) else {
            let known = map(\.key).joined(separator: ", ")
            throw ModelParameterError("unknown key \"\(key)\" for model \"\(model)\" (its keys: \(known))")
        }
        guard value.isFinite, parameter.range.contains(value) else {
            throw ModelParameterError("\"\(key)\" of model \"\(model)\" must lie in [\(Self.text(parameter.range.lowerBound)), \(Self.text(parameter.range.upperBound))]\(parameter.unit.isEmpty ? "" : " " + parameter.unit), found \(Self.text(value))")
        }
        guard !parameter.integral || value == value.rounded() else {
            throw ModelParameterError("\"\(key)\" of model \"\(model)\" must be a whole number, found \(Self.text(value))")
        }
        values[keyPath: parameter.keyPath] = value
    }

    /// A whole number without a decimal point, anything else as Swift prints it.
    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
