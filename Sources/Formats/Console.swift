#if canImport(Glibc)
    import Glibc
#endif
import SafeOutput

/// What the commands print on standard output, written with every `write` checked: a full disk,
/// a closed descriptor or `> /dev/full` is one line and exit status 2, not a silent success.
public enum Console {
    public static func print(_ text: String, terminator: String = "\n") throws(InputError) {
        do { try OutputFile.write(text + terminator, to: "-") } catch { throw InputError(error) }
    }

    /// Writes `text` and a newline to standard error, as far as it can: a closed or broken
    /// standard error (`2>&-`, a reader gone) loses the note and nothing else.
    public static func note(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            done += n
        }
    }
}

/// Control characters of a message shown as escapes (`\r`, `\u{1B}`, ...), so that a file name or
/// value cannot move the cursor, clear the screen or hide the rest of the line in a terminal.
public func escapingControlCharacters(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0x09: out += "\\t"
        case 0x00..<0x20, 0x7F, 0x80..<0xA0:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u{" + hex + "}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
