import CQRencode

/// A QR code of a text (Debian's libqrencode, `QRcode_encodeString` in 8-bit mode, error
/// correction level M): its modules row by row, `true` dark, without the quiet zone (four
/// modules wide on each side: ISO/IEC 18004 §6.3.8; whoever draws it leaves that room).
package struct QRCode: Equatable, Sendable {
    /// Modules along each side.
    package let size: Int
    /// `size` × `size` modules, row by row.
    package let modules: [Bool]

    /// The code of `text`; nil when the library cannot encode it (empty, or too long for a symbol).
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 2000,
            let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M)
        else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        size = width
        // Bit 0 of each byte is the module's colour (1 dark); the other bits say what it is for.
        modules = (0..<width * width).map { data[$0] & 1 == 1 }
    }

    package func isDark(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// The code as a plain PBM image (`P1`), `scale` pixels a module, with the four-module quiet
    /// zone: what `zbarimg` reads in the tests.
    package func pbm(scale: Int = 4) -> String {
        let side = (size + 8) * scale
        var lines = ["P1", "\(side) \(side)"]
        for y in 0..<side {
            let row = y / scale - 4
            var line = ""
            line.reserveCapacity(side * 2)
            for x in 0..<side { line += isDark(row: row, column: x / scale - 4) ? "1 " : "0 " }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
