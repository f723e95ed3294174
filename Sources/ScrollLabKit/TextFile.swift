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
    public static func read(_ path: String) throws(InputError) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw InputError("\(path): is not UTF-8 text") }
        return text
    }

    public static func readBytes(_ path: String) throws(InputError) -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            throw InputError(code == ENOENT ? "\(path): no such file" : "\(path): cannot be read (\(reason(code)))")
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputError("\(path): cannot be read (\(reason(errno)))") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw InputError("\(path): is a directory, expected a file") }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > maximumSize {
            throw InputError("\(path): is \(Int(info.st_size) >> 20) MB; at most \(maximumSize >> 20) MB is read")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw InputError("\(path): cannot be read (\(reason(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            guard bytes.count <= maximumSize else { throw InputError("\(path): is larger than \(maximumSize >> 20) MB; at most that much is read") }
        }
        return bytes
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
    public init(_ error: OutputError) { self.init(error.message) }
}
