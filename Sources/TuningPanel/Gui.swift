import ImGuiBridge

/// Thin Swift spellings of the bridge's C calls (C strings made from Swift strings in place).
enum Gui {
    static func text(_ s: String) { s.withCString { slgui_text($0) } }
    static func disabled(_ s: String) { s.withCString { slgui_text_disabled($0) } }
    static func wrapped(_ s: String) { s.withCString { slgui_text_wrapped($0) } }
    static func colored(_ s: String, _ r: Float, _ g: Float, _ b: Float) { s.withCString { slgui_text_colored(r, g, b, 1, $0) } }
    static func help(_ s: String) { s.withCString { slgui_help_marker($0) } }
    static func header(_ s: String, open: Bool = true) -> Bool { s.withCString { slgui_collapsing_header($0, open) } }
    static func button(_ s: String) -> Bool { s.withCString { slgui_button($0) } }
    static func sameLine() { slgui_same_line() }
    static func separator() { slgui_separator() }
    static func spacing() { slgui_spacing() }

    static func checkbox(_ label: String, _ value: inout Bool) -> Bool {
        label.withCString { slgui_checkbox($0, &value) }
    }

    static func slider(_ label: String, _ value: inout Double, _ range: ClosedRange<Double>, format: String, logarithmic: Bool) -> Bool {
        label.withCString { l in format.withCString { f in slgui_slider_double(l, &value, range.lowerBound, range.upperBound, f, logarithmic) } }
    }

    static func combo(_ label: String, _ current: inout Int, _ items: [String]) -> Bool {
        var index = Int32(current)
        let pointers = items.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let changed = label.withCString { l in
            pointers.map { UnsafePointer($0) }.withUnsafeBufferPointer { slgui_combo(l, &index, $0.baseAddress, Int32(items.count)) }
        }
        current = Int(index)
        return changed
    }

    static func plot(_ label: String, values: [Float], offset: Int, count: Int, overlay: String, range: (Float, Float), height: Float) {
        label.withCString { l in
            overlay.withCString { o in
                values.withUnsafeBufferPointer { slgui_plot_lines(l, $0.baseAddress, Int32(count), Int32(offset), o, range.0, range.1, 0, height) }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
