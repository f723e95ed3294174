import Drawing
import Platform

/// The last gesture of every side, touch-down to rest, drawn offscreen to an image (Plot → PNG):
/// offset and velocity over time on shared scales, a reference trajectory over the offsets, the
/// legend naming each side's feel and the table of what each side did.
public enum OffsetPlot {
    public struct Series {
        public var label: String
        public var color: Color
        /// Seconds from the gesture's start, oldest first.
        public var times: [Double]
        public var offsets: [Double]
        /// Empty for a reference (drawn on the offset chart only).
        public var velocities: [Double]
        public init(label: String, color: Color, times: [Double], offsets: [Double], velocities: [Double] = []) {
            self.label = label
            self.color = color
            self.times = times
            self.offsets = offsets
            self.velocities = velocities
        }
    }

    /// A and B (clips, legends, the panel's charts), and a reference trajectory.
    public static let colors = [Color(hex: 0x0A84FF), Color(hex: 0xFF9F0A)]
    public static let referenceColor = Color(hex: 0xFF375F)

    static let background = Color(hex: 0x1C1C1E), panel = Color(hex: 0x2C2C2E), grid = Color(hex: 0x3A3A3C),
        muted = Color(hex: 0x8E8E93)

    /// `table`: rows of text under the charts, the first its header (`GestureTable`'s).
    public static func image(
        _ series: [Series], reference: Series? = nil, table: [[String]] = [], fonts: FontLibrary,
        width: Int = 1000
    ) throws -> Image {
        let w = Double(width)
        let rowHeight = 26.0
        let offsetChart = Rect(x: 80, y: 66, width: w - 100, height: 240)
        let velocityChart = Rect(x: 80, y: offsetChart.maxY + 56, width: w - 100, height: 150)
        let legendY = velocityChart.maxY + 40
        let legendRows = series.count + (reference == nil ? 0 : 1)
        let tableY = legendY + Double(legendRows) * 24 + 14
        let height = Int(tableY + Double(table.count) * rowHeight + 16)
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        canvas.clear(background)
        var list = DrawList()
        let all = series + (reference.map { [$0] } ?? [])
        let span = max(1, all.compactMap(\.times.last).max() ?? 1)
        list.append(
            .text("The last gesture, touch-down to rest", x: offsetChart.x, y: 10, style: .headline, color: .white))
        chart(
            into: &list, offsetChart, span: span, title: "offset (pt)",
            lines: all.map { ($0.times, $0.offsets, $0.color) })
        chart(
            into: &list, velocityChart, span: span, title: "velocity (pt/s)",
            lines: series.map { ($0.times, $0.velocities, $0.color) })
        // The legend: a line per side, named as the phones name it.
        for (index, one) in all.enumerated() {
            let y = legendY + Double(index) * 24
            list.append(
                .rect(Rect(x: offsetChart.x, y: y + 8, width: 22, height: 3), fill: .solid(one.color), cornerRadius: 1))
            list.append(
                .text(
                    one.label, x: offsetChart.x + 32, y: y, style: .body, color: .white,
                    maxWidth: w - offsetChart.x - 52))
        }
        // The table: columns as wide as the plot allows, the first (names) the widest.
        if let header = table.first, !header.isEmpty {
            let first = 0.28 * offsetChart.width, rest = (offsetChart.width - first) / Double(max(1, header.count - 1))
            for (r, row) in table.enumerated() {
                let y = tableY + Double(r) * rowHeight
                if r > 0, r % 2 == 1 {
                    list.append(
                        .rect(
                            Rect(x: offsetChart.x - 6, y: y - 4, width: offsetChart.width + 12, height: rowHeight),
                            fill: .solid(panel), cornerRadius: 3))
                }
                for (c, cell) in row.enumerated() {
                    let x = offsetChart.x + (c == 0 ? 0 : first + Double(c - 1) * rest)
                    list.append(
                        .text(
                            cell, x: x, y: y, style: r == 0 ? .caption : .body, color: r == 0 ? muted : .white,
                            maxWidth: (c == 0 ? first : rest) - 8))
                }
            }
        }
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: Double(height)), scale: 1)
        return canvas.snapshot()
    }

    /// Radius of a line's dots (pt).
    static let dot = 1.6

    /// One framed chart: grid and labels at round ticks, time from 0 (touch-down) to `span` s.
    /// The lines are clipped to the frame (a reference can begin before the touch-down); the
    /// offsets scale is set by what is shown, from 0 to `span` s.
    static func chart(
        into list: inout DrawList, _ plot: Rect, span: Double, title: String,
        lines: [(xs: [Double], ys: [Double], color: Color)]
    ) {
        let values = lines.flatMap { zip($0.xs, $0.ys).filter { $0.0 >= -1e-9 && $0.0 <= span + 1e-9 }.map(\.1) }
            .filter(\.isFinite)
        var low = values.min() ?? 0, high = values.max() ?? 1
        if high - low < 1 { low -= 0.5; high += 0.5 }
        let pad = (high - low) * 0.05
        low -= pad
        high += pad
        list.append(.text(title, x: plot.x, y: plot.y - 22, style: .caption, color: muted))
        list.append(.rect(plot, fill: .solid(panel), cornerRadius: 6))
        let (yTicks, yStep) = AxisTicks.ticks(from: low, to: high, count: 4)
        for value in yTicks {
            let y = plot.maxY - plot.height * (value - low) / (high - low)
            list.append(.rect(Rect(x: plot.x, y: y, width: plot.width, height: 1), fill: .solid(grid), cornerRadius: 0))
            list.append(
                .text(
                    AxisTicks.label(value, step: yStep), x: 4, y: y - 8, style: .caption, color: muted,
                    maxWidth: plot.x - 12,
                    alignment: .trailing))
        }
        let (xTicks, xStep) = AxisTicks.ticks(from: 0, to: span, count: 8)
        for value in xTicks {
            let x = plot.x + plot.width * value / span
            list.append(
                .rect(Rect(x: x, y: plot.y, width: 1, height: plot.height), fill: .solid(grid), cornerRadius: 0))
            let text = AxisTicks.label(value, step: xStep) + (value == xTicks.last ? " s" : "")
            list.append(.text(text, x: min(x - 12, plot.maxX - 40), y: plot.maxY + 4, style: .caption, color: muted))
        }
        // Every dot whole inside the frame: its centre at least its radius from the edges.
        let inside = Rect(x: plot.x + dot, y: plot.y + dot, width: plot.width - 2 * dot, height: plot.height - 2 * dot)
        func contains(_ x: Double, _ y: Double) -> Bool {
            x >= inside.x && x <= inside.maxX && y >= inside.y && y <= inside.maxY
        }
        for line in lines {
            // A line through the samples: dots a pixel apart along each segment, those outside
            // the frame left out.
            var previous: (x: Double, y: Double)?
            for (t, value) in zip(line.xs, line.ys) where t.isFinite && value.isFinite {
                let x = plot.x + plot.width * t / span
                let y = plot.maxY - plot.height * (value - low) / (high - low)
                if let p = previous {
                    let steps = min(2000, Int(max(abs(x - p.x), abs(y - p.y)).rounded(.up)))
                    if steps < 1 { continue }
                    for k in 1..<max(steps, 2) {
                        let f = Double(k) / Double(steps)
                        let (cx, cy) = (p.x + (x - p.x) * f, p.y + (y - p.y) * f)
                        if contains(cx, cy) {
                            list.append(.circle(centerX: cx, centerY: cy, radius: dot - 0.2, color: line.color))
                        }
                    }
                }
                if contains(x, y) { list.append(.circle(centerX: x, centerY: y, radius: dot, color: line.color)) }
                previous = (x, y)
            }
        }
    }
}
