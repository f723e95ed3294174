import Drawing
import Foundation
import Platform
import Fitting
import Tracking

/// `scrollab track --plot`: the tracked offset over time, frames under `Track.lowConfidence`
/// marked in red, each segment shaded and named along the top.
public enum TrackPlot {
    /// `fits`: fitted curves drawn over the segments they were fitted to (`fit --video`).
    /// `confidence`: whether the frames' confidence is known; without (a plain t,offset CSV) no
    /// frame is marked and the legend does not name it.
    public static func image(
        _ track: Track, title: String, fits: [Fit.Result] = [], confidence: Bool = true, fonts: FontLibrary,
        width: Int = 900, height: Int = 520
    ) throws -> Image {
        let canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        canvas.clear(Color(hex: 0xFFFFFF))
        var list = DrawList()
        let w = Double(width), h = Double(height)
        let chart = Chart(width: w, height: h, xs: track.frames.map(\.t), ys: track.frames.map(\.offset))
        let plot = chart.plot
        let shades: [TrackSegment.Kind: Color] = [
            .rest: Color(hex: 0xF2F2F7), .drag: Color(hex: 0xFFF4D6), .glide: Color(hex: 0xE3F0FF),
            .settle: Color(hex: 0xE8E3FF), .return: Color(hex: 0xFFE5E5)
        ]
        for segment in track.segments {
            let x0 = chart.px(track.frames[segment.first].t), x1 = chart.px(track.frames[segment.last].t)
            list.append(
                .rect(
                    Rect(x: x0, y: plot.y, width: max(1, x1 - x0), height: plot.height),
                    fill: .solid(shades[segment.kind]!), cornerRadius: 0))
            if x1 - x0 >= 34 {
                list.append(.text(segment.kind.rawValue, x: x0 + 4, y: plot.y + 4, style: .caption, color: Chart.faint))
            }
        }
        chart.drawFrame(title: title, xLabel: "t (s)", yLabel: "offset (pt)", into: &list)
        let lineColor = Color(hex: 0x0A84FF), lowColor = Color(hex: 0xFF3B30)
        for (a, b) in zip(track.frames, track.frames.dropFirst()) {
            FitPlot.segment(
                &list, from: (chart.px(a.t), chart.py(a.offset)), to: (chart.px(b.t), chart.py(b.offset)), width: 2,
                color: lineColor)
        }
        let fitColor = Color(hex: 0xFF9F0A)
        for fit in fits {
            for (a, b) in zip(fit.curve, fit.curve.dropFirst()) {
                FitPlot.segment(
                    &list, from: (chart.px(a.x), chart.py(a.y)), to: (chart.px(b.x), chart.py(b.y)), width: 2,
                    color: fitColor)
            }
        }
        let low = confidence ? track.frames.filter { $0.confidence < Track.lowConfidence } : []
        for frame in low {
            list.append(
                .circle(centerX: chart.px(frame.t), centerY: chart.py(frame.offset), radius: 4, color: lowColor))
        }
        var legend: [Chart.LegendEntry] = [
            .init(mark: .line, color: lineColor, text: "offset (\(track.frames.count) frames)", at: 0)
        ]
        if confidence {
            legend.append(
                .init(
                    mark: .dot, color: lowColor,
                    text: "confidence under \(Fit.format(Track.lowConfidence)) (\(low.count))", at: 200))
        }
        if !fits.isEmpty {
            legend.append(
                .init(
                    mark: .line, color: fitColor, text: "fitted (\(fits.map(\.kind.rawValue).joined(separator: ", ")))",
                    at: 420))
        }
        chart.drawLegend(legend, height: h, into: &list)
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: h), scale: 1)
        return canvas.snapshot()
    }
}
