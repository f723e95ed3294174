import Drawing
import Platform

/// Offsets over time of several sides on one chart, drawn offscreen to an image (the panel's
/// A/B plot, exportable as PNG): offset in points up the side, time in seconds along the bottom
/// (0 = the newest sample), tick values chosen so no two labels read alike.
public enum OffsetPlot {
    public struct Series {
        public var label: String
        public var color: Color
        /// Samples oldest first.
        public var values: [Float]
        /// Each sample's time in seconds (any origin), oldest first; nil spreads the samples
        /// evenly over the plot's `seconds`.
        public var times: [Float]?
        public init(label: String, color: Color, values: [Float], times: [Float]? = nil) {
            self.label = label
            self.color = color
            self.values = values
            self.times = times
        }
    }

    public static let colors = [Color(hex: 0x0A84FF), Color(hex: 0xFF9F0A)]

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

    public static func image(_ series: [Series], seconds: Double, fonts: FontLibrary, width: Int = 900, height: Int = 380) throws -> Image {
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        canvas.clear(Color(hex: 0x1C1C1E))
        var list = DrawList()
        let w = Double(width), h = Double(height)
        let plot = Rect(x: 70, y: 40, width: w - 90, height: h - 110)
        let grid = Color(hex: 0x3A3A3C), muted = Color(hex: 0x8E8E93)
        let all = series.flatMap(\.values)
        var low = Double(all.min() ?? 0), high = Double(all.max() ?? 1)
        if high - low < 1 { low -= 0.5; high += 0.5 }
        list.append(.rect(plot, fill: .solid(Color(hex: 0x2C2C2E)), cornerRadius: 6))
        // Offset axis.
        let (yTicks, yStep) = ticks(from: low, to: high)
        for value in yTicks {
            let y = plot.maxY - plot.height * (value - low) / (high - low)
            list.append(.rect(Rect(x: plot.x, y: y, width: plot.width, height: 1), fill: .solid(grid), cornerRadius: 0))
            list.append(.text(label(value, step: yStep), x: 8, y: y - 8, style: .caption, color: muted))
        }
        // Time axis: seconds before the newest sample, 0 at the right.
        let span = max(seconds, 1e-3)
        let (xTicks, xStep) = ticks(from: -span, to: 0, count: 8)
        for value in xTicks {
            let x = plot.maxX - plot.width * (-value / span)
            list.append(.rect(Rect(x: x, y: plot.y, width: 1, height: plot.height), fill: .solid(grid), cornerRadius: 0))
            let text = label(value, step: xStep)
            list.append(.text(text, x: x - Double(text.count) * 3.6, y: plot.maxY + 6, style: .caption, color: muted))
        }
        list.append(.text("time (s, 0 = latest)", x: plot.maxX - 150, y: plot.maxY + 26, style: .caption, color: muted))
        list.append(.text("offset (pt) over the last \(label(span, step: span < 10 ? 0.1 : 1)) s", x: plot.x, y: 10, style: .body, color: .white))
        for (index, one) in series.enumerated() {
            let n = one.values.count
            let times = one.times.flatMap { $0.count == n ? $0 : nil }
            let newest = Double(times?.last ?? 0)
            for (i, value) in one.values.enumerated() {
                let age = times.map { newest - Double($0[i]) } ?? span * Double(n - 1 - i) / Double(max(1, n - 1))
                guard age <= span + 1e-9 else { continue }
                let x = plot.maxX - plot.width * age / span
                let y = plot.maxY - plot.height * (Double(value) - low) / (high - low)
                list.append(.circle(centerX: x, centerY: y, radius: 1.6, color: one.color))
            }
            list.append(.circle(centerX: plot.x + 10 + Double(index) * 60, centerY: h - 18, radius: 5, color: one.color))
            list.append(.text(one.label, x: plot.x + 20 + Double(index) * 60, y: h - 27, style: .body, color: .white))
        }
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: h), scale: 1)
        return canvas.snapshot()
    }
}
