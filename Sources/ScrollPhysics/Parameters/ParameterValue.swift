/// A value read from a parameter file, before validation.
public enum ParameterValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    /// An array or object, which no parameter accepts.
    case other

    var description: String {
        switch self {
        case .number(let value): return formatNumber(value)
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .other: return "an array or object"
        }
    }
}

/// A parameter that cannot be used, with the key it concerns and what is allowed.
public struct ParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    public let key: String
    public let message: String
    public init(key: String, message: String) { self.key = key; self.message = message }
    public var description: String { "key \"\(key)\": \(message)" }

    /// `key` is none of `allowed`.
    static func unknownKey(_ key: String, allowed: [String]) -> ParameterError {
        ParameterError(key: key, message: "unknown key; allowed keys: \(allowed.joined(separator: ", "))")
    }
}

extension TunableModel {
    /// Parameters from the key/value pairs of a parameter file: every key optional, unknown
    /// keys rejected, every value checked against its range, then the rules between parameters
    /// (`reconcile`). The first problem found is thrown.
    public init(values: [(key: String, value: ParameterValue)]) throws(ParameterError) {
        self.init()
        var stated: [String] = []
        for (key, value) in values {
            guard let tunable = Self.tunables.first(where: { $0.key == key }) else {
                throw ParameterError.unknownKey(key, allowed: Self.allKeys)
            }
            try tunable.set(value, in: &self)
            stated.append(key)
        }
        try Self.reconcile(&self, stated: stated)
    }

    /// Every key of the JSON form, in file order.
    public static var allKeys: [String] { tunables.map { $0.key } }

    /// The key/value pairs of the JSON form, every key present, in file order.
    public var values: [(key: String, value: ParameterValue)] {
        Self.tunables.map { ($0.key, $0.value(in: self)) }
    }
}
