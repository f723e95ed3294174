import ArgumentParser
import Formats
import ScrollPhysics

/// A numeric option's flag and range, declared once: the option's help states the range
/// (`help`), and `Number.value` checks the value against it (one line naming the flag and the
/// range, exit 2).
protocol NumberLimits {
    static var flag: String { get }
    static var range: ClosedRange<Double> { get }
}

/// A whole-number option's flag and range, declared once (see `NumberLimits`).
protocol WholeLimits {
    static var flag: String { get }
    static var range: ClosedRange<Int> { get }
}

extension NumberLimits {
    /// "`what`, LOW to HIGH`more`".
    static func help(_ what: String, _ more: String = ".") -> ArgumentHelp {
        ArgumentHelp(
            "\(what), \(ParameterSpec.format(range.lowerBound)) to \(ParameterSpec.format(range.upperBound))\(more)")
    }
}

extension WholeLimits {
    /// "`what`, LOW to HIGH`more`".
    static func help(_ what: String, _ more: String = ".") -> ArgumentHelp {
        ArgumentHelp("\(what), \(range.lowerBound) to \(range.upperBound)\(more)")
    }
}

/// A number as given on the command line, checked against its limits when read: any text is
/// taken (the argument parser's own error would not name the range), and `value` says in one
/// line what is wrong with it.
struct Number<Limits: NumberLimits>: ExpressibleByArgument, CustomStringConvertible, Sendable {
    let text: String
    init(argument: String) { text = argument }
    init(_ text: String) { self.text = text }
    var description: String { text }

    /// The value, within `Limits.range`.
    func value() throws(InputError) -> Double { try Flags.number(text, flag: Limits.flag, range: Limits.range) }
}

/// A whole number as given on the command line, checked against its limits when read.
struct Whole<Limits: WholeLimits>: ExpressibleByArgument, CustomStringConvertible, Sendable {
    let text: String
    init(argument: String) { text = argument }
    init(_ text: String) { self.text = text }
    var description: String { text }

    /// The value, within `Limits.range`.
    func value() throws(InputError) -> Int { try Flags.integer(text, flag: Limits.flag, range: Limits.range) }
}
