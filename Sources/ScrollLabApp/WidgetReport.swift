import Foundation
import Formats

/// With `SCROLLAB_WIDGETS=FILE`, a window writes where its controls are, whenever that changes:
/// "message<TAB>text" first (its last message on one line), then one
/// "label<TAB>x<TAB>y<TAB>width<TAB>height" line per phone or control (window points), so
/// scripts and tests click controls where they really are and see what a click did.
struct WidgetReport {
    let path = ProcessInfo.processInfo.environment["SCROLLAB_WIDGETS"].flatMap { $0.isEmpty ? nil : $0 }
    private var written = ""

    var isOn: Bool { path != nil }

    /// Writes the report if it differs from the last one written.
    mutating func write(message: String, rows: [(label: String, x: Double, y: Double, width: Double, height: Double)]) {
        guard let path else { return }
        let line = message.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        var text = "message\t\(line)\n"
        for row in rows {
            text += "\(row.label)\t\(Int(row.x))\t\(Int(row.y))\t\(Int(row.width))\t\(Int(row.height))\n"
        }
        guard text != written else { return }
        written = text
        try? TextFile.write(text, to: path)
    }
}
