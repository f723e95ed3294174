#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A set of parameters that can be tuned: a plain struct whose initial values are the defaults,
/// and one `Tunable` per stored value. The panel, the parameter files (reading, writing,
/// validation), the Swift export and the docs' parameter table are all driven from `tunables`, so a
/// parameter is defined once. A platform model with its own parameter struct conforms too.
public protocol TunableModel: Equatable, Sendable {
    /// The defaults.
    init()
    /// Every parameter, in the order of files, panel and docs/parameters.md.
    static var tunables: [Tunable<Self>] { get }
    /// Rules between parameters, applied after a file's values are set. `stated` holds the keys
    /// the file itself gave: throw only for a conflict between stated values; adjust an unstated
    /// value (a default) that conflicts with a stated one, and say how in the parameter's help.
    static func reconcile(_ model: inout Self, stated: [String]) throws(ParameterError)
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

    public static func reconcile(_ model: inout Self, stated: [String]) throws(ParameterError) {}

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
    /// Where the value lives and what kind of value it is: a getter and a setter, not a key path,
    /// so the core compiles where there are none (Embedded Swift). (The closures capture
    /// nothing, hence the unchecked Sendable.)
    public enum Storage {
        /// A real number (exported as `Double`).
        case real((Model) -> Double, (inout Model, Double) -> Void)
        /// A real number or nil ("unset": see `unsetMeaning`).
        case optionalReal((Model) -> Double?, (inout Model, Double?) -> Void)
        /// A count of things (exported as `Int`); only whole numbers.
        case count((Model) -> Int, (inout Model, Int) -> Void)
        /// On or off, stored as 1 or 0 (files: `true`/`false`, or 1/0; exported as `Bool`).
        case flag((Model) -> Int, (inout Model, Int) -> Void)
        /// One of named options (exported as `String`).
        case choice(options: [String], get: (Model) -> String, set: (inout Model, String) -> Void)
    }

    public let storage: Storage
    /// The JSON key (and the Swift property name in exports).
    public let key: String
    /// The panel's label.
    public let title: TunableText
    /// Unit of the value ("" when it has none).
    public let unit: String
    /// Allowed values (choices: 0 … options − 1).
    public let range: ClosedRange<Double>
    public let scale: SliderScale
    /// Named values marked under the slider.
    public let marks: [SliderMark]
    /// printf format of the value in the panel (unit included).
    public let format: TunableText
    /// What changing it does physically, in a designer's words.
    public let help: TunableText
    /// What the default means and where it comes from (seed file name or platform).
    public let source: TunableText
    /// What an engineer does with it: the UIKit property, or the formula it enters, with units.
    public let equivalent: TunableText
    /// A Swift statement setting a UIKit property from the exported value (`scrollView` and
    /// the property named `key` in scope), when UIKit has one.
    public let uikit: TunableText?
    /// For optional values: what nil means.
    public let unsetMeaning: TunableText?
    /// The panel section it appears in (sections in the order of their first tunable).
    public let section: String
    /// Whether the value has any effect, given the others (the panel hides it when not).
    public let matters: (Model) -> Bool

    public init(
        _ storage: Storage, key: String, title: TunableText, unit: String = "", range: ClosedRange<Double> = 0...1,
        scale: SliderScale = .linear, marks: [SliderMark] = [], format: TunableText = "%.3f", help: TunableText,
        source: TunableText, equivalent: TunableText, uikit: TunableText? = nil, unsetMeaning: TunableText? = nil,
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

    /// A choice stored as an enum with string raw values, read by `get` and written by `set`.
    public static func choice<E: RawRepresentable & CaseIterable>(
        _ get: @escaping (Model) -> E, _ set: @escaping (inout Model, E) -> Void
    ) -> Storage where E.RawValue == String {
        .choice(
            options: E.allCases.map { $0.rawValue }, get: { get($0).rawValue },
            set: { model, name in if let value = E(rawValue: name) { set(&model, value) } })
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
        case .real(let get, _): return .number(get(model))
        case .optionalReal(let get, _): return get(model).map(ParameterValue.number) ?? .null
        case .count(let get, _): return .number(Double(get(model)))
        case .flag(let get, _): return .bool(get(model) != 0)
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
        case .real(_, let set): set(&model, v)
        case .optionalReal(_, let set): set(&model, v)
        case .count(_, let set): v.round(); set(&model, Int(v))
        case .flag(_, let set): set(&model, v >= 0.5 ? 1 : 0)
        case .choice(let options, _, let set): set(&model, options[Int(v.rounded())])
        }
    }

    /// Sets a value read from a file or asked for by the panel, after checking its type and range.
    public func set(_ value: ParameterValue, in model: inout Model) throws(ParameterError) {
        let checked = try TunableCheck(key: key, kind: kind, range: range, unit: unit, options: options).check(value)
        switch (checked, storage) {
        case (.choice(let name), .choice(_, _, let set)): set(&model, name)
        case (.null, .optionalReal(_, let set)): set(&model, nil)
        case (.flag(let on), .flag(_, let set)): set(&model, on)
        case (.number(let number), _): set(number, in: &model)
        default: break
        }
    }

    /// What kind of value it stores.
    var kind: TunableCheck.Kind {
        switch storage {
        case .real: .real
        case .optionalReal: .optionalReal
        case .count: .count
        case .flag: .flag
        case .choice: .choice
        }
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
    public var rangeText: String { TunableCheck.rangeText(range, options: options) }
}

/// A value from a file checked against a tunable's kind and range, with the one-line message
/// when it does not fit (not generic: one copy of the messages for every model's table).
struct TunableCheck {
    enum Kind { case real, optionalReal, count, flag, choice }

    /// What the value becomes.
    enum Checked {
        case number(Double), null, flag(Int), choice(String)
    }

    let key: String
    let kind: Kind
    let range: ClosedRange<Double>
    let unit: String
    let options: [String]

    func check(_ value: ParameterValue) throws(ParameterError) -> Checked {
        switch kind {
        case .choice:
            guard case .string(let name) = value, options.contains(name) else {
                throw ParameterError(
                    key: key, message: "\(value.description) is not one of: \(options.joined(separator: ", "))")
            }
            return .choice(name)
        case .optionalReal where value == .null:
            return .null
        case .flag:
            switch value {
            case .bool(let on): return .flag(on ? 1 : 0)
            case .number(let number) where number == 0 || number == 1: return .flag(Int(number))
            default:
                throw ParameterError(
                    key: key, message: "\(value.description) is not on or off; allowed: true, false (or 1, 0)")
            }
        default:
            break
        }
        let rangeText = "allowed range \(Self.rangeText(range, options: options))\(unit.isEmpty ? "" : " " + unit)"
        guard case .number(let number) = value else {
            throw ParameterError(key: key, message: "\(value.description) is not a number; \(rangeText)")
        }
        guard number.isFinite, range.contains(number) else {
            throw ParameterError(key: key, message: "\(value.description) is out of range; \(rangeText)")
        }
        guard kind != .count || number == number.rounded() else {
            throw ParameterError(key: key, message: "\(value.description) is not a whole number; \(rangeText)")
        }
        return .number(number)
    }

    /// "[0.9, 0.9999]" style text for messages (a choice's options).
    static func rangeText(_ range: ClosedRange<Double>, options: [String]) -> String {
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

#if hasFeature(Embedded)
    /// A tunable's prose (title, format, help, source, equivalent, UIKit line, unset meaning). The
    /// WebAssembly build leaves it
    /// out: a page running a feel shows none of it, and the text and the code building it would be
    /// most of the module. The desktop keeps every word (`String`).
    public typealias TunableText = OmittedText

    /// Text written in the source and dropped from the build (see `TunableText`).
    public struct OmittedText: ExpressibleByStringLiteral, Sendable {
        public init(stringLiteral value: StaticString) {}
        public static func + (a: OmittedText, b: OmittedText) -> OmittedText { a }
    }

    /// The prose as a string: empty in this build.
    func prose(_ text: OmittedText) -> String { "" }
#else
    /// A tunable's prose (title, format, help, source, equivalent, UIKit line, unset meaning): a
    /// string here; the WebAssembly build leaves it out (`OmittedText`).
    public typealias TunableText = String

    /// The prose as a string.
    func prose(_ text: String) -> String { text }
#endif
