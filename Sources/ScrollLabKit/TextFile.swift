import Foundation

/// Reading and writing the small text files the commands use, with one-line errors.
public enum TextFile {
    /// The file's text, or an error naming the file and the reason.
    public static func read(_ path: String) throws(InputError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw InputError("\(path): is a directory, expected a file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw InputError("\(path): cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError("\(path): is not UTF-8 text") }
        return text
    }

    /// Writes `text` whole or not at all: to a temporary file beside `path`, then renamed over it.
    public static func write(_ text: String, to path: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw InputError("\(path): cannot be written (\(Self.reason(error)))")
        }
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           let text = String(validatingCString: strerror(Int32(underlying.code))), underlying.domain == NSPOSIXErrorDomain {
            return text
        }
        return nsError.localizedDescription
    }
}
