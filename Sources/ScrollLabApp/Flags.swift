import Formats
import Scenes
import ScrollPhysics

/// Parsing of command-line values with one-line errors naming the flag and the allowed range.
package enum Flags {
    package static func number(_ text: String, flag: String, range: ClosedRange<Double>) throws(InputError) -> Double {
        guard isDecimal(text), let value = Double(text), value.isFinite else {
            throw InputError(
                "\(flag): \"\(text)\" is not a number; allowed range [\(ParameterSpec.format(range.lowerBound)), "
                    + "\(ParameterSpec.format(range.upperBound))]"
            )
        }
        guard range.contains(value) else {
            throw InputError(
                "\(flag): \(text) is out of range [\(ParameterSpec.format(range.lowerBound)), "
                    + "\(ParameterSpec.format(range.upperBound))]"
            )
        }
        return value
    }

    package static func integer(_ text: String, flag: String, range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let value = Int(text) else {
            throw InputError(
                "\(flag): \"\(text)\" is not a whole number; allowed range [\(range.lowerBound), \(range.upperBound)]")
        }
        guard range.contains(value) else {
            throw InputError("\(flag): \(text) is out of range [\(range.lowerBound), \(range.upperBound)]")
        }
        return value
    }

    /// "390x844" → 390 × 844 points; each side 1 to 100000 unless the flag has its own ranges.
    package static func size(
        _ text: String, flag: String, widths: ClosedRange<Double> = 1...100_000,
        heights: ClosedRange<Double> = 1...100_000
    ) throws(InputError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, isDecimal(parts[0]), isDecimal(parts[1]), let width = Double(parts[0]),
            let height = Double(parts[1])
        else {
            throw InputError("\(flag): \"\(text)\" is not WIDTHxHEIGHT (for example 390x844)")
        }
        guard width.isFinite, height.isFinite, widths.contains(width), heights.contains(height) else {
            let f = ParameterSpec.format
            let allowed =
                widths == heights
                ? "each side must be in [\(f(widths.lowerBound)), \(f(widths.upperBound))]"
                : "width in [\(f(widths.lowerBound)), \(f(widths.upperBound))], height in [\(f(heights.lowerBound)), "
                    + "\(f(heights.upperBound))]"
            throw InputError("\(flag): \(text) is out of range; \(allowed) points")
        }
        return Size(width: width, height: height)
    }

    /// Digits, a sign, a point and an exponent only: `Double` also reads hexadecimal (`0x10` is
    /// 16), `inf` and `nan`, which no flag means.
    static func isDecimal(_ text: some StringProtocol) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 || $0 == 0x45
            }
    }
}
