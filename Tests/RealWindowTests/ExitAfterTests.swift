import Foundation
import Testing

/// `--exit-after` holds even when the window cannot get to its own check: here a `--trace` FIFO
/// that nobody opens keeps the session from starting (waited on for an hour with
/// `SCROLLAB_FIFO_WAIT`; by default it is refused after 3 s), and the process is ended 10 s after
/// the time asked for, with one line and status 2, instead of running on.
@Suite(
    .tags(.window), .skipped(whenSkipping: .window),
    .enabled(if: XSession.available, "Xvfb or xdotool missing or Xvfb cannot start (make test installs both)"))
struct ExitAfterTests {
    @Test func exitAfterHoldsWhenTheTraceBlocks() throws {
        let x = try XSession()
        defer { x.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollab-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let binary = XSession.scrollabBinary
        let process = Process()
        process.executableURL = binary
        process.arguments = ["play", "--trace", fifo, "--exit-after", "1"]
        process.environment = [
            "DISPLAY": x.display, "PATH": "/usr/bin:/bin", "HOME": directory.path, "SCROLLAB_FIFO_WAIT": "3600"
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 2,
            "\(process.terminationStatus): \(text)")
        #expect(
            text == "scrollab: error: still running 10 s after --exit-after (a frame or an output blocked); ended\n")
    }
}
