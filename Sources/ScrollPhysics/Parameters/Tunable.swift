#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A set of parameters that can be tuned: a plain struct whose initial values are the defaults,
/// and one `Tunable` per stored value. The panel, the parameter files (reading, writing,
/// validation), the Swift export and the README table are all driven from `tunables`, so a
/// parameter is defined once. A platform model with its own parameter struct conforms too.
public protocol TunableModel: Equatable, Sendable {
    /// The defaults.
    init()
    /// Every parameter, in the order of files, panel and README.
    static var tunables: [Tunable<Self>] { get }
    /// Rules between parameters, applied after a file's values are set. `stated` holds the keys
    /// the file itself gave: throw only for a conflict between stated values; adjust an unstated
    /// value (a default) that conflicts with a stated one, and say how in the parameter's help.
    static func reconcile(_ model: inout Self, stated: Set<String>) throws(ParameterError)
    /// Sections the panel shows closed until opened (rarely changed knobs).
    static var collapsedSections: Set<String> { get }
}

extension TunableModel {
    /// The panel's sections, in the order of their first tunable.
    public static var sections: [String] {
        var seen: [String] = []
        for tunable in tunables where !seen.contains(tunable.section) { seen.append(tunable.section) }
        return seen
    }

    public static func reconcile(_ model: inout Self, stated: Set<String>) throws(ParameterError) {}

    public static var collapsedSections: Set<String> { [] }
}

/// How a slider moves over its range.
public enum SliderScale: Equatable, Sendable {
    case linear
    /// Equal slider travel multiplies the value by the same factor (range must be positive).
    case logarithmic
    /// Logarithmic in (1 − value), for rates just below 1: equal travel multiplies the part
    /// that is lost by the same factor, so 0.998 and 0.99 lie far apart. The slider position is
    /// s = −log10(1 − value).
    case logarithmicComplement

    /// The slider position of a value: the value itself (linear, logarithmic: the slider
    /// applies its own log), or s = −log10(1 − value) for `logarithmicComplement`.
    public func position(of value: Double) -> Double {
        guard self == .logarithmicComplement else { return value }
        return -log10(max(1 - value, 1e-12))
    }

    /// The value at slider position `s` (the inverse of `position(of:)`), clamped into `range`.
    public func value(atPosition s: Double, in range: ClosedRange<Double>) -> Double {
        let v = self == .logarithmicComplement ? 1 - pow(10, -s) : s
        return min(max(v, range.lowerBound), range.upperBound)
    }

    /// The slider positions of `range`'s ends.
    public func positions(of range: ClosedRange<Double>) -> ClosedRange<Double> {
        position(of: range.lowerBound)...position(of: range.upperBound)
    }
}

/// A value worth marking under a slider (a platform's named constant).
public struct SliderMark: Equatable, Sendable {
    public let value: Double
    public let label: String
    public init(_ value: Double, _ label: String) { self.value = value; self.label = label }
}

/// One parameter, completely: where it is stored, its file key, title, unit, range, slider
/// scale, display format, what it does, where the number comes from, and how an engineer uses it.
public struct Tunable<Model>: @unchecked Sendable {
    /// Where the value lives and what kind of value it is. (Key paths into value types are
    /// immutable after creation, hence the unchecked Sendable.)
    public enum Storage {
        /// A real number (exported as `Double`).
        case real(WritableKeyPath<Model, Double>)
        /// A real number or nil ("unset": see `unsetMeaning`).
        case optionalReal(WritableKeyPath<Model, Double?>)
        /// A count of things (exported as `Int`); only whole numbers.
        case count(WritableKeyPath<Model, Int>)
        /// On or off, stored as 1 or 0 (files: `true`/`false`, or 1/0; exported as `Bool`).
        case flag(WritableKeyPath<Model, Int>)
        /// One of named options (exported as `String`).
        case choice(options: [String], get: (Model) -> String, set: (inout Model, String) -> Void)
    }

    public let storage: Storage
    /// The JSON key (and the Swift property name in exports).
    public let key: String
    /// The panel's label.
    public let title: String
    /// Unit of the value ("" when it has none).
    public let unit: String
    /// Allowed values (choices: 0 … options − 1).
    public let range: ClosedRange<Double>
    public let scale: SliderScale
    /// Named values marked under the slider.
    public let marks: [SliderMark]
    /// printf format of the value in the panel (unit included).
    public let format: String
    /// What changing it does physically, in a designer's words.
    public let help: String
    /// What the default means and where it comes from (seed file name or platform).
    public let source: String
    /// What an engineer does with it: the UIKit property, or the formula it enters, with units.
    public let equivalent: String
    /// A Swift statement setting a UIKit property from the exported value (`scrollView` and
    /// the property named `key` in scope), when UIKit has one.
    public let uikit: String?
    /// For optional values: what nil means.
    public let unsetMeaning: String?
    /// The panel section it appears in (sections in the order of their first tunable).
    public let section: String
    /// Whether the value has any effect, given the others (the panel hides it when not).
    public let matters: (Model) -> Bool

    public init(
        _ storage: Storage, key: String, title: String, unit: String = "", range: ClosedRange<Double> = 0...1,
        scale: SliderScale = .linear, marks: [SliderMark] = [], format: String = "%.3f", help: String,
        source: String, equivalent: String, uikit: String? = nil, unsetMeaning: String? = nil,
        section: String = "", matters: @escaping (Model) -> Bool = { _ in true }
    ) {
        self.storage = storage
        self.key = key
        self.title = title
        self.unit = unit
        if case .choice(let options, _, _) = storage {
            self.range = 0...Double(max(0, options.count - 1))
        } else {
            self.range = range
        }
        self.scale = scale
        self.marks = marks
        self.format = format
        self.help = help
        self.source = source
        self.equivalent = equivalent
        self.uikit = uikit
        self.unsetMeaning = unsetMeaning
        self.section = section
        self.matters = matters
    }

    /// A choice stored as an enum with string raw values.
    public static func choice<E: RawRepresentable & CaseIterable>(_ keyPath: WritableKeyPath<Model, E>) -> Storage
    where E.RawValue == String {
        .choice(
            options: E.allCases.map(\.rawValue), get: { $0[keyPath: keyPath].rawValue },
            set: { model, name in if let value = E(rawValue: name) { model[keyPath: keyPath] = value } })
    }

    /// Whether only whole numbers are allowed.
    public var isCount: Bool { if case .count = storage { return true } else { return false } }
    /// Whether it is an on/off switch.
    public var isFlag: Bool { if case .flag = storage { return true } else { return false } }
    /// The options of a choice (empty otherwise).
    public var options: [String] { if case .choice(let options, _, _) = storage { return options } else { return [] } }
    public var isOptional: Bool { if case .optionalReal = storage { return true } else { return false } }

    // MARK: Reading and writing

    /// The value as it appears in a file.
    public func value(in model: Model) -> ParameterValue {
        switch storage {
        case .real(let path): return .number(model[keyPath: path])
        case .optionalReal(let path): return model[keyPath: path].map(ParameterValue.number) ?? .null
        case .count(let path): return .number(Double(model[keyPath: path]))
        case .flag(let path): return .bool(model[keyPath: path] != 0)
        case .choice(_, let get, _): return .string(get(model))
        }
    }

    /// The value as a number for a slider: nil reads as the lower bound, a choice as its index.
    public func number(in model: Model) -> Double {
        switch value(in: model) {
        case .number(let number): return number
        case .bool(let on): return on ? 1 : 0
        case .string(let name): return Double(options.firstIndex(of: name) ?? 0)
        default: return range.lowerBound
        }
    }

    /// Sets a slider's number, clamped into the range (whole numbers for counts, an index for a
    /// choice); NaN and infinity are ignored.
    public func set(_ number: Double, in model: inout Model) {
        guard number.isFinite else { return }
        var v = min(max(number, range.lowerBound), range.upperBound)
        switch storage {
        case .real(let path): model[keyPath: path] = v
        case .optionalReal(let path): model[keyPath: path] = v
        case .count(let path): v.round(); model[keyPath: path] = Int(v)
        case .flag(let path): model[keyPath: path] = v >= 0.5 ? 1 : 0
        case .choice(let options, _, let set): set(&model, options[Int(v.rounded())])
        }
    }

    /// Sets a value read from a file or asked for by the panel, after checking its type and range.
    public func set(_ value: ParameterValue, in model: inout Model) throws(ParameterError) {
        let rangeText = "allowed range \(self.rangeText)\(unit.isEmpty ? "" : " " + unit)"
        switch storage {
        case .choice(let options, _, let set):
            guard case .string(let name) = value, options.contains(name) else {
                throw ParameterError(
                    key: key, message: "\(value.description) is not one of: \(options.joined(separator: ", "))")
            }
            set(&model, name)
            return
        case .optionalReal(let path) where value == .null:
            model[keyPath: path] = nil
            return
        case .flag(let path):
            switch value {
            case .bool(let on): model[keyPath: path] = on ? 1 : 0
            case .number(let number) where number == 0 || number == 1: model[keyPath: path] = Int(number)
            default:
                throw ParameterError(
                    key: key, message: "\(value.description) is not on or off; allowed: true, false (or 1, 0)")
            }
            return
        default:
            break
        }
        guard case .number(let number) = value else {
            throw ParameterError(key: key, message: "\(value.description) is not a number; \(rangeText)")
        }
        guard number.isFinite, range.contains(number) else {
            throw ParameterError(key: key, message: "\(value.description) is out of range; \(rangeText)")
        }
        guard !isCount || number == number.rounded() else {
            throw ParameterError(key: key, message: "\(value.description) is not a whole number; \(rangeText)")
        }
        set(number, in: &model)
    }

    // MARK: Slider positions

    /// The slider position of a value: the value itself (linear, logarithmic: the slider
    /// applies its own log), or s = −log10(1 − value) for `logarithmicComplement`.
    public func sliderPosition(_ value: Double) -> Double { scale.position(of: value) }

    /// The value at a slider position (the inverse of `sliderPosition`), clamped into the range.
    public func value(atSliderPosition s: Double) -> Double { scale.value(atPosition: s, in: range) }

    /// The slider's own range.
    public var sliderRange: ClosedRange<Double> { scale.positions(of: range) }

    // MARK: Text

    /// "[0.9, 0.9999]" style text for messages.
    public var rangeText: String {
        if !options.isEmpty { return options.joined(separator: ", ") }
        return "[\(formatNumber(range.lowerBound)), \(formatNumber(range.upperBound))]"
    }
}

extension Tunable where Model: TunableModel {
    /// The default: the value in `Model()`.
    public var defaultValue: ParameterValue { value(in: Model()) }

    /// Every parameter of the model, in file order.
    public static var all: [Tunable<Model>] { Model.tunables }

    public static func named(_ key: String) -> Tunable<Model>? { Model.tunables.first { $0.key == key } }

    /// A whole number without a decimal point, anything else as Swift prints it.
    public static func format(_ value: Double) -> String { formatNumber(value) }
}

/// The parameters of the UIKit model (the playground's own).
public typealias ParameterSpec = Tunable<ScrollParameters>

/// A whole number without a decimal point, anything else as Swift prints it.
public func formatNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// A readout to one decimal, without ".0" ("–" when not finite).
public func formatTenths(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    return formatNumber((value * 10).rounded() / 10)
}
