import Foundation
import Testing

/// A window that keeps its frames (SDL's software renderer) redraws and presents only the phones
/// that changed: what it shows while both lists move equals the same instant drawn whole.
@Suite(
    .serialized, .tags(.window), .skipped(whenSkipping: .window),
    .enabled(if: XSession.available, "Xvfb or xdotool missing or Xvfb cannot start (make test installs both)"))
struct PartialFrameTests {
    @Test func framesDrawnInPartEqualWholeFrames() throws {
        // Both phones moving: each drawn in part; the software renderer, which keeps its frames.
        let flags = ["--renderer", "software", "--compare"]
        let session = try XSession()
        defer { session.stop() }
        let binary = XSession.scrollabBinary
        let process = Process()
        process.executableURL = binary
        process.arguments = ["frames", "--window", "--count", "20"] + flags
        process.environment = ["DISPLAY": session.display, "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("; 0 pixels of the phones differ from a whole frame"), "\(text)")
    }
}
