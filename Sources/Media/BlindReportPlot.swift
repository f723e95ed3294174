import BlindTest
import Drawing
import Foundation
import Platform

/// A blind-test report as a picture: for each comparison, each participant's proportion (correct,
/// or choosing A) with its 95 % Clopper–Pearson interval against chance; for each staircase, the
/// difference trial by trial (correct and wrong answers, reversals) with the fitted JND and its
/// interval. At most `maximumPanels` panels, one under the other.
public enum BlindReportPlot {
    public static let maximumPanels = 8
    static let panelHeight = 330.0
    static let blue = Color(hex: 0x0A84FF), red = Color(hex: 0xFF3B30), green = Color(hex: 0x34C759)

    public static func image(_ report: BlindReport, fonts: FontLibrary, width: Int = 900) throws -> Image {
        let panels = min(maximumPanels, report.comparisons.count + report.staircases.count)
        let height = Int(panelHeight) * max(1, panels)
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        canvas.clear(Color(hex: 0xFFFFFF))
        var list = DrawList(capacity: 2048)
        let w = Double(width)
        var top = 0.0
        if panels == 0 {
            list.append(.text("No counted trials.", x: 24, y: 24, style: .headline, color: Chart.label))
        }
        for comparison in report.comparisons.prefix(panels) {
            drawComparison(comparison, top: top, width: w, into: &list)
            top += panelHeight
        }
        for stair in report.staircases.prefix(panels - min(panels, report.comparisons.count)) {
            drawStaircase(stair, top: top, width: w, into: &list)
            top += panelHeight
        }
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: Double(height)), scale: 1)
        return canvas.snapshot()
    }

    /// Rows as horizontal bars from 0 to 100 %, the interval as a whisker, chance dashed at 50 %.
    static func drawComparison(
        _ comparison: BlindReport.Comparison, top: Double, width w: Double, into list: inout DrawList
    ) {
        let rows = Array((comparison.rows + (comparison.pooled.map { [$0] } ?? [])).prefix(8))
        let what = comparison.mode == .preference ? "chose A" : "correct"
        list.append(
            .text(
                "\(comparison.mode.rawValue): A = \(comparison.feelA), B = \(comparison.feelB)", x: 24, y: top + 14,
                style: .headline, color: Color(hex: 0x000000), maxWidth: w - 48))
        let plot = Rect(x: 180, y: top + 52, width: w - 220, height: panelHeight - 110)
        func px(_ p: Double) -> Double { plot.x + plot.width * p }
        for tick in stride(from: 0.0, through: 1.0, by: 0.25) {
            list.append(
                .rect(
                    Rect(x: px(tick), y: plot.y, width: 1, height: plot.height), fill: .solid(Color(hex: 0xE5E5EA)),
                    cornerRadius: 0))
            list.append(
                .text("\(Int(tick * 100)) %", x: px(tick) - 16, y: plot.maxY + 6, style: .caption, color: Chart.faint))
        }
        let band = plot.height / Double(max(1, rows.count))
        for (i, row) in rows.enumerated() {
            let y = plot.y + Double(i) * band + band * 0.2
            let h = band * 0.6
            let color = row.p < 0.05 ? blue : Color(hex: 0xAEAEB2)
            list.append(
                .rect(
                    Rect(x: plot.x, y: y, width: max(1, plot.width * row.proportion), height: h), fill: .solid(color),
                    cornerRadius: 3))
            let mid = y + h / 2
            list.append(
                .rect(
                    Rect(
                        x: px(row.interval.low), y: mid - 1,
                        width: max(1, px(row.interval.high) - px(row.interval.low)), height: 2),
                    fill: .solid(Color(hex: 0x1C1C1E)), cornerRadius: 0))
            for end in [row.interval.low, row.interval.high] {
                list.append(
                    .rect(
                        Rect(x: px(end) - 1, y: mid - 7, width: 2, height: 14), fill: .solid(Color(hex: 0x1C1C1E)),
                        cornerRadius: 0))
            }
            list.append(.text(row.who, x: 24, y: mid - 18, style: .body, color: Chart.label, maxWidth: 150))
            list.append(
                .text(
                    "\(row.k) of \(row.n) \(what), p = \(BlindReport.pValueText(row.p))", x: 24, y: mid + 2,
                    style: .caption,
                    color: Chart.faint, maxWidth: 150))
        }
        // Chance.
        var y = plot.y
        while y < plot.maxY {
            list.append(.rect(Rect(x: px(0.5) - 1, y: y, width: 2, height: 6), fill: .solid(red), cornerRadius: 0))
            y += 10
        }
        list.append(
            .text(
                "bars: proportion \(what); whiskers: 95 % interval (Clopper–Pearson); dashes: chance; blue: p < 0.05",
                x: 24, y: top + panelHeight - 30, style: .caption, color: Chart.faint, maxWidth: w - 48))
    }

    /// The staircase's differences trial by trial on a log axis.
    static func drawStaircase(
        _ stair: BlindReport.StaircaseResult, top: Double, width w: Double, into list: inout DrawList
    ) {
        list.append(
            .text(
                "JND staircase: \(stair.participant), \(stair.model) \(stair.key) from \(stair.reference)", x: 24,
                y: top + 14,
                style: .headline, color: Color(hex: 0x000000), maxWidth: w - 48))
        let plot = Rect(x: 84, y: top + 70, width: w - 120, height: panelHeight - 128)
        let levels = stair.levels.map(\.difference).filter { $0 > 0 }
        guard let lowest = levels.min(), let highest = levels.max() else { return }
        var low = log10(lowest), high = log10(highest)
        if let fit = stair.fit { low = min(low, log10(fit.low)); high = max(high, log10(fit.high)) }
        if high - low < 0.1 { low -= 0.05; high += 0.05 }
        let n = Double(max(1, stair.levels.count - 1))
        func px(_ i: Int) -> Double { plot.x + plot.width * Double(i) / n }
        func py(_ value: Double) -> Double { plot.maxY - plot.height * (log10(value) - low) / (high - low) }
        for tick in FitPlot.axis(low, high) where tick >= low && tick <= high {
            let y = plot.maxY - plot.height * (tick - low) / (high - low)
            list.append(
                .rect(
                    Rect(x: plot.x, y: y, width: plot.width, height: 1), fill: .solid(Color(hex: 0xE5E5EA)),
                    cornerRadius: 0))
            list.append(
                .text(String(format: "%.3g", pow(10, tick)), x: 8, y: y - 9, style: .caption, color: Chart.faint))
        }
        if let fit = stair.fit {
            list.append(
                .rect(
                    Rect(x: plot.x, y: py(fit.high), width: plot.width, height: max(1, py(fit.low) - py(fit.high))),
                    fill: .solid(Color(hex: 0x34C759, alpha: 0.18)), cornerRadius: 0))
            list.append(
                .rect(
                    Rect(x: plot.x, y: py(fit.threshold) - 1, width: plot.width, height: 2), fill: .solid(green),
                    cornerRadius: 0))
        }
        for (a, b) in zip(stair.levels.indices, stair.levels.indices.dropFirst()) {
            FitPlot.segment(
                &list, from: (px(a), py(stair.levels[a].difference)), to: (px(b), py(stair.levels[b].difference)),
                width: 1.2, color: Color(hex: 0xAEAEB2))
        }
        for (i, trial) in stair.levels.enumerated() {
            list.append(
                .circle(centerX: px(i), centerY: py(trial.difference), radius: 3.5, color: trial.correct ? blue : red))
        }
        // Trial numbers (from 1) under the points, at a round step that leaves room for the labels.
        let count = stair.levels.count
        let step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].first { Double(count) / Double($0) <= 12 } ?? 1000
        for number in [1] + Array(stride(from: step, through: count, by: step)) where number >= 1 && number <= count {
            list.append(
                .text(
                    "\(number)", x: px(number - 1) - 6, y: plot.maxY + 6, style: .caption, color: Chart.faint))
        }
        list.append(.text("difference (slider units, log)", x: 8, y: plot.y - 24, style: .body, color: Chart.label))
        list.append(
            .text("trial", x: plot.x + plot.width / 2 - 20, y: plot.maxY + 26, style: .body, color: Chart.label))
        let jnd =
            stair.fit == nil
            ? "no JND fitted (\(stair.reversals.count) of the \(BlindReport.reversalsToFit) reversals a fit needs)"
            : "green: fitted JND and its 95 % interval"
        list.append(
            .text(
                "blue: correct · red: wrong · " + jnd, x: 24, y: top + panelHeight - 30, style: .caption,
                color: Chart.faint, maxWidth: w - 48))
    }
}
