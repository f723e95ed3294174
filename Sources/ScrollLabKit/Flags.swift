import Scenes
import ScrollPhysics

/// Parsing of command-line values with one-line errors naming the flag and the allowed range.
public enum Flags {
    public static func number(_ text: String, flag: String, range: ClosedRange<Double>) throws(InputError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw InputError("\(flag): \"\(text)\" is not a number; allowed range [\(ParameterSpec.format(range.lowerBound)), \(ParameterSpec.format(range.upperBound))]")
        }
        guard range.contains(value) else {
            throw InputError("\(flag): \(text) is out of range [\(ParameterSpec.format(range.lowerBound)), \(ParameterSpec.format(range.upperBound))]")
        }
        return value
    }

    public static func integer(_ text: String, flag: String, range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let value = Int(text) else {
            throw InputError("\(flag): \"\(text)\" is not a whole number; allowed range [\(range.lowerBound), \(range.upperBound)]")
        }
        guard range.contains(value) else {
            throw InputError("\(flag): \(text) is out of range [\(range.lowerBound), \(range.upperBound)]")
        }
        return value
    }

    /// "390x844" → 390 × 844 points; each side 1 to 100000.
    public static func size(_ text: String, flag: String) throws(InputError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
            throw InputError("\(flag): \"\(text)\" is not WIDTHxHEIGHT (for example 390x844)")
        }
        guard width.isFinite, height.isFinite, (1...100_000).contains(width), (1...100_000).contains(height) else {
            throw InputError("\(flag): \(text) is out of range; each side must be in [1, 100000] points")
        }
        return Size(width: width, height: height)
    }
}
