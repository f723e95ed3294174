import Foundation
import ScrollPhysics
import Primitives

/// The trace CSV shared by `replay` and the window: one row per frame,
///
///     t,offset,velocity,phase,page
///
/// `t` in s, `offset` in points along the scene's axis (0 = top / first page, negative = pulled
/// past the leading edge), `velocity` in pt/s, `phase` one of idle, dragging, decelerating,
/// bouncing, settling, `page` the snap index rested at or headed to (empty without pages).
public enum Trace {
    public static let columns = ["t", "offset", "velocity", "phase", "page"]

    public static var header: String { columns.joined(separator: ",") + "\n" }

    /// The header: the five columns, then a scene's own (other scroll views).
    public static func header(extraColumns: [String]) -> String {
        (columns + extraColumns).joined(separator: ",") + "\n"
    }

    /// The row of `reading`; with `extras`, the scene's own columns follow the five.
    public static func row(_ reading: TraceReading, extras: Bool = true) -> String {
        let page = reading.page.map(String.init) ?? ""
        var row =
            "\(fixed(reading.t, 6)),\(fixed(reading.offset, 4)),\(fixed(reading.velocity, 3)),"
            + "\(reading.phase),\(page)"
        if extras {
            for value in reading.extras {
                switch value {
                case .number(let number, let decimals): row += "," + fixed(number, decimals)
                case .text(let text): row += "," + text
                }
            }
        }
        return row + "\n"
    }

    /// `value` with `decimals` digits after the point; never "-0" and never NaN or infinity.
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let text = String(format: "%.\(decimals)f", value)
        return text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." })
            ? String(text.dropFirst()) : text
    }
}
