import Foundation
import Fitting
import Formats
import Playground

/// The files a session's effects read and write: the disk in the window (`Disk`), a dictionary
/// in tests (`MemoryFiles`).
public protocol SessionFiles {
    /// The text of the file at `path`, and the path it was found at.
    func read(_ path: String) throws(InputError) -> (path: String, text: String)
    /// Writes `text` whole at `path`, or nothing.
    func write(_ text: String, to path: String) throws(InputError)
    /// Appends to the window's trace (nothing when no trace is kept).
    func appendTrace(_ text: String) throws(InputError)
}

/// The real files: read and written by `TextFile`'s rules (whole or not at all, never over a
/// device or a link), and the window's `--trace`, if one is kept.
public final class Disk: SessionFiles {
    public let trace: TraceFile?
    private let executable: String

    public init(trace: TraceFile? = nil, executable: String = CommandLine.arguments.first ?? "") {
        self.trace = trace
        self.executable = executable
    }

    public func read(_ path: String) throws(InputError) -> (path: String, text: String) {
        let found = Self.locate(path, executable: executable)
        return (found, try TextFile.read(found))
    }

    public func write(_ text: String, to path: String) throws(InputError) { try TextFile.write(text, to: path) }

    public func appendTrace(_ text: String) throws(InputError) { try trace?.append(text) }

    /// `path` as typed when it names a file from the current folder; a relative path that does not
    /// is looked up in the folders above the program (`.build/debug/scrollab` → the project), so
    /// the panel's `Assets/…` examples load wherever the program was started from.
    public static func locate(
        _ path: String, executable: String = CommandLine.arguments.first ?? "",
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String {
        guard !path.isEmpty, !path.hasPrefix("/"), !exists(path) else { return path }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent(path).path
            if exists(candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return path
    }
}

/// Files held in memory, for running a session without a disk: `files[path]` is a file's text;
/// paths in `unwritable` refuse writes; the trace's text collects in `trace`.
public final class MemoryFiles: SessionFiles {
    public var files: [String: String]
    public var unwritable: Set<String> = []
    public private(set) var trace = ""

    public init(_ files: [String: String] = [:]) { self.files = files }

    public func read(_ path: String) throws(InputError) -> (path: String, text: String) {
        guard let text = files[path] else { throw InputError("\(path): cannot open (No such file or directory)") }
        return (path, text)
    }

    public func write(_ text: String, to path: String) throws(InputError) {
        guard !unwritable.contains(path) else { throw InputError("\(path): cannot write (Permission denied)") }
        files[path] = text
    }

    public func appendTrace(_ text: String) throws(InputError) { trace += text }
}

/// Runs the effects of a session that concern files (read, write, the trace) with `files` and
/// applies each result as a request, until none is left; hands back the effects only the window
/// can run (a clip, a screenshot, the clipboard, …). Each request is carried out with the results
/// of its own effects before the next, so a batch behaves as if read and written in order.
public struct SessionDriver {
    public let files: any SessionFiles

    public init(files: any SessionFiles) { self.files = files }

    @discardableResult
    public func apply(_ requests: [SessionRequest], to session: PlaygroundSession, at realTime: Double)
        -> [SessionEffect]
    {
        var window: [SessionEffect] = []
        for request in requests {
            var queue = [request]
            while !queue.isEmpty {
                for effect in session.apply([queue.removeFirst()], at: realTime) {
                    if let results = run(effect) { queue += results } else { window.append(effect) }
                }
            }
        }
        return window
    }

    /// The results of a file effect as requests (none for a trace row written); nil for an
    /// effect that is not about files.
    public func run(_ effect: SessionEffect) -> [SessionRequest]? {
        switch effect {
        case let .read(path, role):
            do {
                let (found, text) = try files.read(path)
                return [.loaded(path: found, as: role, text: text)]
            } catch {
                return [.failed(.read(path: path, as: role, reason: error.message))]
            }
        case let .write(writes, role):
            do {
                for file in writes { try files.write(file.text, to: file.path) }
                return [.saved(paths: writes.map(\.path), as: role)]
            } catch {
                return [.failed(.write(paths: writes.map(\.path), as: role, reason: error.message))]
            }
        case let .appendTrace(text):
            do {
                try files.appendTrace(text)
                return []
            } catch {
                return [.failed(.trace(error.message))]
            }
        case let .fit(job): return [FitRunner.run(job)]
        case let .shapeReference(path, trace):
            // A whole recording is drawn as a tracked video is: its glide (or settle, or return).
            if let part = VideoFit.referencePart(of: trace) {
                return [.result(.referenceShaped(path: path, shape: part.kind, drawn: part.trace))]
            }
            return [.result(.referenceShaped(path: path, shape: Fit.detect(trace).kind))]
        case .screenshot, .exportPlot, .copyToClipboard, .recordClip, .cancelClip, .runBlindTest, .trackReference,
            .keep, .startPhoneServer, .stopPhoneServer, .publishToPhone:
            return nil
        }
    }
}
