import Formats
import Playground

/// The files a session and a tour name, read from the disk: the Playground module decodes text
/// and calls no file API; these read it (by `TextFile`'s rules) and hand it over.
extension SessionFile {
    public static func load(_ path: String) throws(InputError) -> SessionDocument {
        try decode(try TextFile.read(path, limit: maximumSize), file: path)
    }
}

extension TourFile {
    public static func load(_ path: String) throws(InputError) -> [TourStep] {
        let text = try TextFile.read(path)
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        return try decode(text, file: path, folder: folder)
    }

    /// A tour whose gestures and parameter files are read from the disk.
    public static func decode(_ text: String, file: String, folder: String) throws(InputError) -> [TourStep] {
        try decode(text, file: file, folder: folder) { path throws(InputError) in try TextFile.read(path) }
    }
}
