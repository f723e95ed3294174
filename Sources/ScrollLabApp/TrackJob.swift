import Fitting
import Formats
import Foundation
import Playground

/// A screen recording tracked for the window's reference (*Reference → Load* with a video, or a
/// session whose reference is one), in a process of its own (`scrollab reference-track`) watched
/// by a thread: whatever the tracker does to that process (a trap, memory running out) ends it,
/// not the window, and comes back as a panel message. The window polls the job once a frame and
/// hands the outcome to the session as a request. Shared fields are read and written under `lock`.
final class TrackJob: @unchecked Sendable {
    /// The path the session asked for (its result names it), and the file that is read.
    let path: String
    let file: String
    private let lock = NSLock()
    private var outcome: SessionRequest?

    /// `command`: what runs instead of this program's `reference-track` (tests).
    init(path: String, file: String, command: [String]? = nil) {
        self.path = path
        self.file = file
        let arguments = command ?? [Self.executable, "reference-track", file, "--path", path]
        let thread = Thread { [self] in self.run(arguments) }
        thread.name = "video tracker"
        thread.start()
    }

    /// This program, wherever it was started from.
    static var executable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// `.referenceTracked` or `.referenceFailed` once tracking has ended, else nil.
    var result: SessionRequest? {
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }

    private func run(_ arguments: [String]) {
        let request: SessionRequest
        do {
            let (status, crashed, output, errors) = try Self.launch(arguments)
            if crashed {
                request = .referenceFailed(
                    path: path,
                    reason:
                        "\(path): tracking stopped: the tracker crashed (signal \(status)); nothing was loaded (a "
                        + "damaged recording? `scrollab track \(path)` shows the same)")
            } else if status != 0 {
                let line = errors.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
                let reason = line.hasPrefix("scrollab: error: ") ? String(line.dropFirst(17)) : line
                request = .referenceFailed(path: path, reason: reason)
            } else {
                request = try Self.parse(output, path: path)
            }
        } catch {
            request = .referenceFailed(path: path, reason: "\(path): tracking could not start (\(error))")
        }
        lock.lock()
        outcome = request
        lock.unlock()
    }

    /// Runs `arguments` to its end; its status (the signal's number when it crashed) and outputs.
    private static func launch(_ arguments: [String]) throws -> (Int32, Bool, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Standard error on a thread of its own, so neither pipe fills while the other is read.
        let errors = ErrorText()
        let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = errors.wait()
        return (
            process.terminationStatus, process.terminationReason == .uncaughtSignal,
            String(decoding: output, as: UTF8.self), text
        )
    }

    private final class ErrorText: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()
        func set(_ read: Data) {
            data = read
            done.signal()
        }
        func wait() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The reference in `reference-track`'s output.
    static func parse(_ output: String, path: String) throws -> SessionRequest {
        var kind: FitKind?
        var summary = ""
        var warnings: [String] = []
        var samples: [FitTrace.Sample] = []
        for line in output.split(separator: "\n") {
            if line.hasPrefix("kind\t") {
                kind = FitKind(rawValue: String(line.dropFirst(5)))
            } else if line.hasPrefix("summary\t") {
                summary = String(line.dropFirst(8))
            } else if line.hasPrefix("warnings\t") {
                warnings = line.dropFirst(9).split(separator: "\t").map(String.init)
            } else if line != "t,offset" {
                let fields = line.split(separator: ",")
                guard fields.count == 2, let t = Double(fields[0]), let offset = Double(fields[1]) else {
                    throw InputError("\(path): the tracker's output could not be read")
                }
                samples.append(FitTrace.Sample(t: t, offset: offset))
            }
        }
        guard let kind, !samples.isEmpty else { throw InputError("\(path): the tracker's output could not be read") }
        return .referenceTracked(
            path: path, trace: FitTrace(samples: samples), kind: kind, summary: summary, warnings: warnings)
    }
}
