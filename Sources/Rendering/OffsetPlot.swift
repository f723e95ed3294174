import Drawing
import Platform

/// Offsets over time of several sides on one chart, drawn offscreen to an image (the panel's
/// A/B plot, exportable as PNG).
public enum OffsetPlot {
    public struct Series {
        public var label: String
        public var color: Color
        /// Samples oldest first, one per frame.
        public var values: [Float]
        public init(label: String, color: Color, values: [Float]) { self.label = label; self.color = color; self.values = values }
    }

    public static let colors = [Color(hex: 0x0A84FF), Color(hex: 0xFF9F0A)]

    public static func image(_ series: [Series], seconds: Double, fonts: FontLibrary, width: Int = 900, height: Int = 360) throws -> Image {
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        canvas.clear(Color(hex: 0x1C1C1E))
        var list = DrawList()
        let w = Double(width), h = Double(height)
        let plot = Rect(x: 60, y: 40, width: w - 80, height: h - 80)
        let all = series.flatMap(\.values)
        var low = Double(all.min() ?? 0), high = Double(all.max() ?? 1)
        if high - low < 1 { low -= 0.5; high += 0.5 }
        list.append(.rect(plot, fill: .solid(Color(hex: 0x2C2C2E)), cornerRadius: 6))
        for tick in 0...4 {
            let y = plot.maxY - plot.height * Double(tick) / 4
            list.append(.rect(Rect(x: plot.x, y: y, width: plot.width, height: 1), fill: .solid(Color(hex: 0x3A3A3C)), cornerRadius: 0))
            let value = Int((low + (high - low) * Double(tick) / 4).rounded())
            list.append(.text("\(value)", x: 6, y: y - 8, style: .caption, color: Color(hex: 0x8E8E93)))
        }
        list.append(.text("offset (pt) over the last \(Int(seconds)) s", x: plot.x, y: 10, style: .body, color: .white))
        for (index, one) in series.enumerated() {
            let n = one.values.count
            for (i, value) in one.values.enumerated() {
                let x = plot.x + plot.width * Double(i) / Double(max(1, n - 1))
                let y = plot.maxY - plot.height * (Double(value) - low) / (high - low)
                list.append(.circle(centerX: x, centerY: y, radius: 1.6, color: one.color))
            }
            list.append(.circle(centerX: plot.x + 10 + Double(index) * 60, centerY: h - 20, radius: 5, color: one.color))
            list.append(.text(one.label, x: plot.x + 20 + Double(index) * 60, y: h - 29, style: .body, color: .white))
        }
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: h), scale: 1)
        return canvas.snapshot()
    }
}
