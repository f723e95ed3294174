#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ScrollPhysics

/// A difference in one tunable measured the way its slider moves: in the value for a linear
/// slider, in log10(value) for a logarithmic one, in −log10(1 − value) for a rate just below 1
/// (so 0.998 → 0.996 is as big a step as 0.99 → 0.98). A staircase on any tunable of any model
/// works in this space: its range and scale come from the tunable's definition.
public struct ParameterStep: Equatable, Sendable {
    public let key: String
    public let title: String
    public let unit: String
    public let format: String
    public let range: ClosedRange<Double>
    public let scale: SliderScale
    /// The reference value (feel A's).
    public let reference: Double
    /// +1 when the differences are added above the reference, −1 below (where there is more room).
    public let direction: Double

    /// The step on `row` from `reference` (default: the row's value). Nil for a value that
    /// cannot be varied continuously (a choice, a switch, a count) or a range with no room.
    public init?(_ row: ModelRow, reference: Double? = nil) {
        guard !row.isFlag, !row.isCount, !row.isChoice, row.range.upperBound > row.range.lowerBound else { return nil }
        key = row.key
        title = row.title
        unit = row.unit
        format = row.format
        range = row.range
        scale = row.scale
        let value = reference ?? row.value
        guard value.isFinite, row.range.contains(value) else { return nil }
        self.reference = value
        let r = Self.position(value, scale: row.scale)
        let up = Self.position(row.range.upperBound, scale: row.scale) - r
        let down = r - Self.position(row.range.lowerBound, scale: row.scale)
        guard up > 0 || down > 0 else { return nil }
        direction = up >= down ? 1 : -1
    }

    /// The slider position of a value.
    public static func position(_ value: Double, scale: SliderScale) -> Double {
        switch scale {
        case .linear: return value
        case .logarithmic: return log10(max(value, 1e-300))
        case .logarithmicComplement: return -log10(max(1 - value, 1e-300))
        }
    }

    /// The value at a slider position.
    public static func value(at position: Double, scale: SliderScale) -> Double {
        switch scale {
        case .linear: return position
        case .logarithmic: return pow(10, position)
        case .logarithmicComplement: return 1 - pow(10, -position)
        }
    }

    /// The largest difference the range allows in the chosen direction.
    public var maximumDifference: Double {
        let end = direction > 0 ? range.upperBound : range.lowerBound
        return abs(Self.position(end, scale: scale) - Self.position(reference, scale: scale))
    }

    /// A first difference for a staircase: a quarter of the room, so the first trials are easy.
    public var startDifference: Double { maximumDifference / 4 }

    /// The value B runs at `difference` from the reference, inside the range.
    public func value(at difference: Double) -> Double {
        let shifted = Self.value(at: Self.position(reference, scale: scale) + direction * difference, scale: scale)
        return min(max(shifted, range.lowerBound), range.upperBound)
    }

    /// `value` as the panel shows it (the tunable's own format and unit).
    public func shown(_ value: Double) -> String { formatted(value, format) }
}

/// `value` through a printf format with one double ("%.4f pt/s").
func formatted(_ value: Double, _ format: String) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
    guard count >= 0 else { return String(value) }
    return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
