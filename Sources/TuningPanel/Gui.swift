import Drawing
import Foundation
import ImGuiBridge

/// Thin Swift spellings of the bridge's C calls (C strings made from Swift strings in place).
///
/// When `rects` is not nil, every labelled widget drawn appends its label and rectangle (window
/// points), so the window can report where its controls are (`SCROLLAB_WIDGETS`). The panel
/// runs on the main thread only.
enum Gui {
    struct WidgetRect: Equatable {
        var label: String
        var x, y, width, height: Float
    }

    nonisolated(unsafe) static var rects: [WidgetRect]?

    private static func note(_ label: String, slider: Bool = false) {
        guard rects != nil else { return }
        var x: Float = 0, y: Float = 0, w: Float = 0, h: Float = 0
        if slider { slgui_last_slider_rect(&x, &y, &w, &h) } else { slgui_last_item_rect(&x, &y, &w, &h) }
        // Only the part that shows: a widget scrolled out of its section (or of a popup's list)
        // is not reported, so a click at a reported place always lands on it.
        var cx: Float = 0, cy: Float = 0, cw: Float = 0, ch: Float = 0
        slgui_visible_rect(&cx, &cy, &cw, &ch)
        let x0 = max(x, cx), y0 = max(y, cy), x1 = min(x + w, cx + cw), y1 = min(y + h, cy + ch)
        guard x1 > x0, y1 > y0 else { return }
        rects?.append(WidgetRect(label: label, x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Reports the last item drawn (one the bridge drew without a label) as `label`.
    static func noteLast(_ label: String) { note(label) }

    /// The next button, labelled `label`, on this line when it fits, else on the next (narrow panels wrap their rows).
    static func sameLine(fitting label: String) { _ = label.withCString { slgui_same_line_if_fits($0) } }

    static func text(_ s: String) { s.withCString { slgui_text($0) } }
    static func disabled(_ s: String) { s.withCString { slgui_text_disabled($0) } }
    static func progress(_ fraction: Double, _ label: String, text: String) {
        text.withCString { slgui_progress(Float(min(max(fraction, 0), 1)), $0) }
        note(label)
    }
    static func wrapped(_ s: String) { s.withCString { slgui_text_wrapped($0) } }
    static func help(_ s: String) { s.withCString { slgui_help_marker($0) } }
    static func header(_ s: String, open: Bool = true) -> Bool {
        let isOpen = s.withCString { slgui_collapsing_header($0, open) }
        note(s)
        return isOpen
    }
    /// A button; greyed out and inert when not `enabled`.
    static func button(_ s: String, enabled: Bool = true) -> Bool {
        let pressed = s.withCString { slgui_button($0, enabled) }
        note(s)
        return pressed
    }
    static func sameLine() { slgui_same_line() }
    static var availableWidth: Float { slgui_available_width() }

    static func checkbox(_ label: String, _ value: inout Bool) -> Bool {
        let changed = label.withCString { slgui_checkbox($0, &value) }
        note(label)
        return changed
    }

    /// What a slider did: its track moved (to a position), or a value was typed.
    enum SliderChange: Equatable {
        case moved(Double)
        case typed(Double)
    }

    /// A slider with its title and value on the line above it and marks under it (see the bridge):
    /// the track moves `position` over `range`; Ctrl+click types `typedValue` itself (in
    /// `valueRange`, shown with `inputFormat`).
    static func valueSlider(
        id: String, title: String, help: String, value: String, position: Double, range: ClosedRange<Double>,
        logarithmic: Bool, typedValue: Double, valueRange: ClosedRange<Double>, allowInput: Bool = true,
        inputFormat: String, marks: [(Double, String)], width: Float
    ) -> SliderChange? {
        var position = position, typedValue = typedValue, typed = false
        let labels = marks.map { strdup($0.1) }
        defer { labels.forEach { free($0) } }
        let positions = marks.map(\.0)
        let changed = id.withCString { i in
            title.withCString { t in
                help.withCString { h in
                    value.withCString { v in
                        inputFormat.withCString { f in
                            positions.withUnsafeBufferPointer { p in
                                labels.map { UnsafePointer($0) }.withUnsafeBufferPointer { l in
                                    slgui_value_slider(
                                        i, t, h, v, &position, range.lowerBound, range.upperBound, logarithmic,
                                        &typedValue, valueRange.lowerBound, valueRange.upperBound, &typed,
                                        allowInput, f, p.baseAddress, l.baseAddress, Int32(marks.count), width)
                                }
                            }
                        }
                    }
                }
            }
        }
        note(title, slider: true)
        guard changed else { return nil }
        return typed ? .typed(typedValue) : .moved(position)
    }

    static func combo(_ label: String, _ current: inout Int, _ items: [String]) -> Bool {
        var index = Int32(current)
        let pointers = items.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let changed = label.withCString { l in
            pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer {
                slgui_combo(l, &index, $0.baseAddress, Int32(items.count))
            }
        }
        // The combo's own rectangle comes first: the popup's items are drawn in another window.
        if rects != nil {
            for i in 0..<Int(slgui_combo_item_count()) where i < items.count {
                var x: Float = 0, y: Float = 0, w: Float = 0, h: Float = 0
                slgui_combo_item_rect(Int32(i), &x, &y, &w, &h)
                guard w > 0, h > 0 else { continue }
                rects?.append(WidgetRect(label: "\(label)/\(items[i])", x: x, y: y, width: w, height: h))
            }
        }
        note(label)
        current = Int(index)
        return changed
    }

    /// A chart of lines (times in s, values) over `x` and `y` ranges, with round ticks and their
    /// labels, its title above it.
    static func chart(
        _ id: String, title: String, height: Float, x: ClosedRange<Double>, y: ClosedRange<Double>,
        lines: [(xs: [Double], ys: [Double], rgb: UInt32, thickness: Float)]
    ) {
        // About one time label per 70 pt of chart, so narrow panels do not crowd them.
        let xt = AxisTicks.ticks(from: x.lowerBound, to: x.upperBound, count: max(2, min(6, Int(availableWidth / 70))))
        let yt = AxisTicks.ticks(from: y.lowerBound, to: y.upperBound, count: 3)
        let xLabels = xt.values.map { strdup(AxisTicks.label($0, step: xt.step) + ($0 == xt.values.last ? " s" : "")) }
        let yLabels = yt.values.map { strdup(AxisTicks.label($0, step: yt.step)) }
        defer { (xLabels + yLabels).forEach { free($0) } }
        id.withCString { i in
            title.withCString { t in
                xt.values.withUnsafeBufferPointer { xv in
                    yt.values.withUnsafeBufferPointer { yv in
                        xLabels.map { UnsafePointer($0) }.withUnsafeBufferPointer { xl in
                            yLabels.map { UnsafePointer($0) }.withUnsafeBufferPointer { yl in
                                slgui_chart(
                                    i, t, height, x.lowerBound, x.upperBound, y.lowerBound, y.upperBound,
                                    xv.baseAddress, xl.baseAddress, Int32(xv.count), yv.baseAddress, yl.baseAddress,
                                    Int32(yv.count))
                            }
                        }
                    }
                }
            }
        }
        note(id)
        for line in lines {
            line.xs.withUnsafeBufferPointer { xs in
                line.ys.withUnsafeBufferPointer { ys in
                    slgui_chart_line(
                        xs.baseAddress, ys.baseAddress, Int32(min(xs.count, ys.count)), line.rgb, line.thickness)
                }
            }
        }
    }

    /// A table: the first row is the header.
    static func table(_ id: String, _ rows: [[String]]) {
        guard let columns = rows.first?.count, columns > 0 else { return }
        let cells = rows.flatMap { row in (0..<columns).map { strdup($0 < row.count ? row[$0] : "") } }
        defer { cells.forEach { free($0) } }
        id.withCString { i in
            cells.map { UnsafePointer($0) }.withUnsafeBufferPointer {
                slgui_table(i, Int32(columns), Int32(rows.count), $0.baseAddress)
            }
        }
        note(id)
    }

    /// A text field over a fixed buffer; returns the text.
    static func input(_ label: String, _ buffer: inout [CChar]) -> String {
        _ = label.withCString { slgui_input_text($0, &buffer, buffer.count) }
        note(label)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func child(_ id: String, height: Float, _ content: () -> Void) {
        id.withCString { slgui_begin_child($0, height) }
        content()
        slgui_end_child()
    }
}

#if canImport(Glibc)
    import Glibc
#endif
