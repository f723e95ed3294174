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
        case .number(let value): return ParameterSpec.format(value)
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
    public var description: String { "key \"\(key)\": \(message)" }
}

extension ScrollParameters {
    /// Parameters from the key/value pairs of a parameter file: every key optional, unknown
    /// keys rejected, every value checked against its range. The first problem found is thrown.
    public init(values: [(key: String, value: ParameterValue)]) throws(ParameterError) {
        self.init()
        let known = Set(ParameterSpec.all.map(\.key) + ["pagePolicy", "pageMotion"])
        for (key, value) in values {
            guard known.contains(key) else {
                throw ParameterError(key: key, message: "unknown key; allowed keys: \(ScrollParameters.allKeys.joined(separator: ", "))")
            }
            if key == "pagePolicy" {
                let allowed = PagePolicy.allCases.map(\.rawValue).joined(separator: ", ")
                guard case .string(let name) = value, let policy = PagePolicy(rawValue: name) else {
                    throw ParameterError(key: key, message: "\(value.description) is not one of: \(allowed)")
                }
                pagePolicy = policy
                continue
            }
            if key == "pageMotion" {
                let allowed = PageMotion.allCases.map(\.rawValue).joined(separator: ", ")
                guard case .string(let name) = value, let motion = PageMotion(rawValue: name) else {
                    throw ParameterError(key: key, message: "\(value.description) is not one of: \(allowed)")
                }
                pageMotion = motion
                continue
            }
            guard let spec = ParameterSpec.named(key) else { continue }
            if key == "rubberBandLimit", value == .null { rubberBandLimit = nil; continue }
            guard case .number(let number) = value else {
                throw ParameterError(key: key, message: "\(value.description) is not a number; allowed range \(spec.rangeText)\(spec.unit.isEmpty ? "" : " " + spec.unit)")
            }
            guard number.isFinite, spec.range.contains(number) else {
                throw ParameterError(key: key, message: "\(value.description) is out of range; allowed range \(spec.rangeText)\(spec.unit.isEmpty ? "" : " " + spec.unit)")
            }
            guard !spec.integral || number == number.rounded() else {
                throw ParameterError(key: key, message: "\(value.description) is not a whole number; allowed range \(spec.rangeText)")
            }
            spec.set(number, in: &self)
        }
        if pageFlickDistanceThreshold > pageDistanceThreshold {
            throw ParameterError(key: "pageFlickDistanceThreshold",
                                 message: "\(ParameterSpec.format(pageFlickDistanceThreshold)) exceeds pageDistanceThreshold (\(ParameterSpec.format(pageDistanceThreshold))); it must not")
        }
    }

    /// Every key of the JSON form, in file order.
    public static var allKeys: [String] {
        let numeric = ParameterSpec.all.map(\.key)
        let policyPosition = numeric.firstIndex(of: "pageSwitchBias") ?? numeric.count
        var keys = numeric
        keys.insert("pagePolicy", at: policyPosition)
        keys.insert("pageMotion", at: policyPosition + 1)
        return keys
    }

    /// The key/value pairs of the JSON form, every key present, in file order.
    public var values: [(key: String, value: ParameterValue)] {
        ScrollParameters.allKeys.map { key in
            if key == "pagePolicy" { return (key, .string(pagePolicy.rawValue)) }
            if key == "pageMotion" { return (key, .string(pageMotion.rawValue)) }
            if key == "rubberBandLimit" { return (key, rubberBandLimit.map(ParameterValue.number) ?? .null) }
            return (key, .number(ParameterSpec.named(key)!.value(in: self)))
        }
    }
}
