/// Round tick values for a chart's axis and their labels (the panel's live charts and the
/// exported plots share them).
public enum AxisTicks {
    /// Tick values for an axis from `low` to `high`: multiples of a step of 1, 2 or 5 × 10ᵏ,
    /// the smallest step giving at most `count` intervals, so labels are round and distinct.
    public static func ticks(from low: Double, to high: Double, count: Int = 5) -> (values: [Double], step: Double) {
        guard low.isFinite, high.isFinite, high > low, count > 0 else { return ([low.isFinite ? low : 0], 1) }
        let raw = (high - low) / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var values: [Double] = []
        var k = (low / step).rounded(.up)
        while k * step <= high + step * 1e-9 {
            values.append(k * step)
            k += 1
        }
        return (values, step)
    }

    /// A tick's label with as many decimals as the step needs (step 0.5 → "1.5", step 20 → "40").
    public static func label(_ value: Double, step: Double) -> String {
        var decimals = 0
        var s = step
        while s < 1 - 1e-9, decimals < 6 {
            s *= 10
            decimals += 1
        }
        if s != s.rounded(), decimals < 6 { decimals += 1 }
        var text = decimals == 0 ? String(Int(value.rounded())) : fixed(value, decimals)
        if text == "-0" { text = "0" }
        return text
    }

    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let n = Int((abs(value) * scale).rounded())
        let whole = n / Int(scale), fraction = n % Int(scale)
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        return (value < 0 && n != 0 ? "-" : "") + "\(whole).\(digits)"
    }
}
