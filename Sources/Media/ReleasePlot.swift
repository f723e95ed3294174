import Drawing
import Foundation
import Platform
import Fitting
import ScrollPhysics

/// One gesture from touch-down to rest on one chart: the finger's travel (each touch sample a
/// dot), the content offset (a line), where the finger lifted with the velocity it released at,
/// and where the content came to rest. `scrollab replay --plot`.
public enum ReleasePlot {
    public struct Point: Sendable {
        public var t: Double
        public var value: Double
        public init(t: Double, value: Double) { self.t = t; self.value = value }
    }

    /// `finger`: the finger's travel in content points (up = positive) at each touch sample;
    /// `content`: the content offset over time; `release`: what the axis reported at the lift.
    public static func image(
        title: String, finger: [Point], content: [Point], release: AxisReport.Release?,
        fonts: FontLibrary, width: Int = 900, height: Int = 520
    ) throws -> Image {
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        canvas.clear(Color(hex: 0xFFFFFF))
        var list = DrawList()
        let w = Double(width), h = Double(height)
        let ts = (finger + content).map(\.t), values = (finger + content).map(\.value)
        let chart = Chart(width: w, height: h, xs: ts, ys: values)
        chart.drawFrame(title: title, xLabel: "t (s)", yLabel: "offset (pt)", into: &list)
        let plot = chart.plot, label = Chart.label, faint = Chart.faint
        func px(_ x: Double) -> Double { chart.px(x) }
        func py(_ y: Double) -> Double { chart.py(y) }
        let contentColor = Color(hex: 0xFF3B30), fingerColor = Color(hex: 0x0A84FF), releaseColor = Color(hex: 0x34C759)
        for point in content {
            list.append(.circle(centerX: px(point.t), centerY: py(point.value), radius: 1.3, color: contentColor))
        }
        for point in finger {
            list.append(.circle(centerX: px(point.t), centerY: py(point.value), radius: 3.6, color: fingerColor))
        }
        if let release {
            let x = px(release.time)
            list.append(
                .rect(
                    Rect(x: x - 0.75, y: plot.y, width: 1.5, height: plot.height), fill: .solid(releaseColor),
                    cornerRadius: 0))
            list.append(
                .text(
                    "lift: \(Fit.format(release.velocity)) pt/s", x: x + 6, y: plot.y + 4, style: .caption, color: label
                ))
            let restY = py(release.targetOffset)
            list.append(
                .rect(Rect(x: x, y: restY, width: plot.maxX - x, height: 1), fill: .solid(faint), cornerRadius: 0))
            list.append(
                .text(
                    "rest \(Fit.format(release.targetOffset)) pt", x: plot.maxX - 150, y: restY + 4, style: .caption,
                    color: label))
        }
        chart.drawLegend(
            [
                .init(mark: .dot, color: fingerColor, text: "finger (\(finger.count) touch samples)", at: 0),
                .init(mark: .line, color: contentColor, text: "content offset", at: 250),
                .init(mark: .tick, color: releaseColor, text: "lift and release velocity", at: 400)
            ], height: h, into: &list)
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: h), scale: 1)
        return canvas.snapshot()
    }
}
