#if canImport(Glibc)
    import Glibc
#endif
import SafeOutput

/// Reading and writing the small text files the commands use, with one-line errors.
public enum TextFile {
    /// The largest file read (bytes): a gesture of an hour at 1000 events per second is about 60 MB.
    public static let maximumSize = 64 << 20

    /// The file's text, or an error naming the file and the reason. Pipes, FIFOs and
    /// `/dev/stdin` are read to their end; `-` is standard input.
    public static func read(_ path: String, limit: Int = maximumSize) throws(InputError) -> String {
        var bytes = try readBytes(path, limit: limit)
        let name = path == "-" ? "standard input" : path
        // A byte-order mark (some editors write one) is not part of the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError("\(name): is not UTF-8 text")
        }
        return text
    }

    public static func readBytes(_ path: String, limit: Int = maximumSize) throws(InputError) -> [UInt8] {
        do { return try InputFile.read(path, limit: limit) } catch { throw InputError(error) }
    }

    /// Writes `text` whole or not at all, by `OutputFile`'s rules (never over one of `inputs`).
    public static func write(_ text: String, to path: String, inputs: [String] = []) throws(InputError) {
        do { try OutputFile.write(text, to: path, inputs: inputs) } catch { throw InputError(error) }
    }

    static func reason(_ code: Int32) -> String {
        strerror(code).flatMap { String(validatingCString: $0) } ?? "error \(code)"
    }
}

extension InputError {
    /// The same one line as an output's error.
    package init(_ error: OutputError) { self.init(error.message) }
}
