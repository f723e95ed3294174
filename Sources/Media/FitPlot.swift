import Drawing
import Foundation
import Platform
import Fitting

/// A chart's frame: the plot area, axes from the data's ranges (`FitPlot.axis`), the grid with
/// values, the title and the axis labels; `px`/`py` map data to pixels.
struct Chart {
    static let label = Color(hex: 0x3C3C43), faint = Color(hex: 0x8E8E93)
    let plot: Rect
    let xAxis: [Double], yAxis: [Double]

    init(width w: Double, height h: Double, xs: [Double], ys: [Double]) {
        plot = Rect(x: 84, y: 72, width: w - 120, height: h - 156)
        xAxis = FitPlot.axis(xs.min() ?? 0, xs.max() ?? 1)
        yAxis = FitPlot.axis(ys.min() ?? 0, ys.max() ?? 1)
    }

    func px(_ x: Double) -> Double { plot.x + plot.width * (x - xAxis.first!) / (xAxis.last! - xAxis.first!) }
    func py(_ y: Double) -> Double { plot.maxY - plot.height * (y - yAxis.first!) / (yAxis.last! - yAxis.first!) }

    /// A legend entry: its mark (a data dot, a curve's line, a vertical tick), colour and text,
    /// `at` points from the legend's left edge.
    struct LegendEntry {
        enum Mark { case dot, line, tick }
        var mark: Mark
        var color: Color
        var text: String
        var at: Double
    }

    /// The legend under the plot (34 pt above the bottom of a `height` pt image): each entry's
    /// mark, then its text in the caption style.
    func drawLegend(_ entries: [LegendEntry], height h: Double, into list: inout DrawList) {
        let y = h - 34
        for entry in entries {
            let x = plot.x + entry.at
            let textX: Double
            switch entry.mark {
            case .dot:
                list.append(.circle(centerX: x + 6, centerY: y + 9, radius: 4, color: entry.color))
                textX = x + 16
            case .line:
                list.append(
                    .rect(Rect(x: x, y: y + 8, width: 18, height: 2.5), fill: .solid(entry.color), cornerRadius: 1))
                textX = x + 24
            case .tick:
                list.append(
                    .rect(Rect(x: x, y: y + 2, width: 2, height: 14), fill: .solid(entry.color), cornerRadius: 0))
                textX = x + 8
            }
            list.append(.text(entry.text, x: textX, y: y, style: .caption, color: Self.label))
        }
    }

    func drawFrame(title: String, xLabel: String, yLabel: String, into list: inout DrawList) {
        let grid = Color(hex: 0xE5E5EA), faint = Self.faint
        list.append(.text(title, x: plot.x, y: 14, style: .headline, color: Color(hex: 0x000000)))
        for value in yAxis {
            let y = py(value)
            list.append(.rect(Rect(x: plot.x, y: y, width: plot.width, height: 1), fill: .solid(grid), cornerRadius: 0))
            list.append(.text(Fit.format(value), x: 8, y: y - 9, style: .caption, color: faint))
        }
        for value in xAxis {
            let x = px(value)
            list.append(
                .rect(Rect(x: x, y: plot.y, width: 1, height: plot.height), fill: .solid(grid), cornerRadius: 0))
            list.append(.text(Fit.format(value), x: x - 14, y: plot.maxY + 6, style: .caption, color: faint))
        }
        list.append(
            .rect(
                Rect(x: plot.x, y: plot.maxY, width: plot.width, height: 1.5), fill: .solid(Self.label), cornerRadius: 0
            ))
        list.append(
            .rect(
                Rect(x: plot.x, y: plot.y, width: 1.5, height: plot.height), fill: .solid(Self.label), cornerRadius: 0))
        list.append(.text(xLabel, x: plot.x + plot.width / 2 - 60, y: plot.maxY + 28, style: .body, color: Self.label))
        list.append(.text(yLabel, x: 8, y: plot.y - 26, style: .body, color: Self.label))
    }
}

extension FitPlot {
    /// A straight stroke `width` points wide from `a` to `b`, as two triangles.
    static func segment(
        _ list: inout DrawList, from a: (Double, Double), to b: (Double, Double), width: Double, color: Color
    ) {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return }
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        list.append(
            .triangle(x0: a.0 + nx, y0: a.1 + ny, x1: b.0 + nx, y1: b.1 + ny, x2: b.0 - nx, y2: b.1 - ny, color: color))
        list.append(
            .triangle(x0: a.0 + nx, y0: a.1 + ny, x1: b.0 - nx, y1: b.1 - ny, x2: a.0 - nx, y2: a.1 - ny, color: color))
    }
}

/// The data of a `scrollab fit` and its fitted curve on one chart with labelled axes.
public enum FitPlot {
    public static func image(
        _ result: Fit.Result, title: String, fonts: FontLibrary, width: Int = 900, height: Int = 520
    ) throws -> Image {
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        canvas.clear(Color(hex: 0xFFFFFF))
        var list = DrawList()
        let w = Double(width), h = Double(height)
        let xs = result.points.map(\.x) + result.curve.map(\.x), ys = result.points.map(\.y) + result.curve.map(\.y)
        let chart = Chart(width: w, height: h, xs: xs, ys: ys)
        chart.drawFrame(title: title, xLabel: result.xLabel, yLabel: result.yLabel, into: &list)
        func px(_ x: Double) -> Double { chart.px(x) }
        func py(_ y: Double) -> Double { chart.py(y) }
        let curveColor = Color(hex: 0xFF3B30), dataColor = Color(hex: 0x0A84FF)
        // The data first, the fit on top as a line: a fit that matches still shows.
        for point in result.points {
            list.append(.circle(centerX: px(point.x), centerY: py(point.y), radius: 3.2, color: dataColor))
        }
        for (a, b) in zip(result.curve, result.curve.dropFirst()) {
            Self.segment(&list, from: (px(a.x), py(a.y)), to: (px(b.x), py(b.y)), width: 2, color: curveColor)
        }
        let fitted = result.values.filter { $0.key != nil }.map { "\($0.name) \(Fit.format($0.value))" }.joined(
            separator: ", ")
        chart.drawLegend(
            [
                .init(mark: .dot, color: dataColor, text: "data (\(result.points.count) rows)", at: 0),
                .init(mark: .line, color: curveColor, text: "fit: \(fitted)", at: 180)
            ], height: h, into: &list)
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: h), scale: 1)
        return canvas.snapshot()
    }

    /// Tick values covering [low, high] at a step of 1, 2 or 5 × 10ⁿ, about 5 of them.
    static func axis(_ low: Double, _ high: Double) -> [Double] {
        // Non-finite ends have no axis; a range too small to split at this magnitude (all t =
        // 1e17, where 1e17 + 0.5 == 1e17) is widened relative to its size, so the step is never 0.
        guard low.isFinite, high.isFinite, low <= high, high - low < .greatestFiniteMagnitude / 8 else { return [0, 1] }
        var low = low, high = high
        let pad = max(0.5, max(abs(low), abs(high)) * 1e-6)
        if !(high - low > max(1e-9, pad * 1e-3)) { low -= pad; high += pad }
        let raw = (high - low) / 5
        guard raw.isFinite, raw > 0 else { return [0, 1] }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        let first = (low / step).rounded(.down) * step, last = (high / step).rounded(.up) * step
        let steps = ((last - first) / step).rounded()
        guard steps.isFinite, steps >= 0, steps <= 20 else { return [low, high] }
        let count = Int(steps)
        return (0...max(1, count)).map { first + Double($0) * step }.map { abs($0) < step * 1e-9 ? 0 : $0 }
    }
}
