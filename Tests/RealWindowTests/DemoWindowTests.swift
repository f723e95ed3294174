import Foundation
import Testing
import Platform

/// `scrollab demo` in a real window under Xvfb: the tour runs, a click takes over, idle time
/// resumes it, → steps, Esc quits with status 0.
@Suite(
    .serialized, .tags(.window), .skipped(whenSkipping: .window),
    .enabled(if: XSession.available, "Xvfb or xdotool missing or Xvfb cannot start (make test installs both)"))
struct DemoWindowTests {
    @Test func theTourRunsAClickTakesOverIdleResumesAndEscQuits() throws {
        let session = try XSession()
        defer { session.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollab-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = XSession.scrollabBinary
        let logURL = directory.appendingPathComponent("demo.log"), shot = directory.appendingPathComponent("demo.png")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        let log = try FileHandle(forWritingTo: logURL)
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "demo", "--window", "1000x700", "--idle", "2", "--screenshot", shot.path, "--screenshot-at", "1"
        ]
        process.environment = ["DISPLAY": session.display, "PATH": "/usr/bin:/bin", "HOME": directory.path]
        process.standardOutput = log
        process.standardError = log
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        func text() -> String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }
        func wait(for line: String, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline, process.isRunning {
                if text().contains(line) { return true }
                usleep(100_000)
            }
            return text().contains(line)
        }
        var window = ""
        let deadline = Date().addingTimeInterval(45)
        while window.isEmpty, Date() < deadline, process.isRunning {
            window =
                try session.xdotool(["search", "--onlyvisible", "--name", "ScrollLab demo"]).split(separator: "\n")
                .first.map(String.init) ?? ""
            if window.isEmpty { usleep(100_000) }
        }
        try #require(!window.isEmpty, "the demo window appeared: \(text())")
        #expect(wait(for: "tour: step 1 of 10, list", seconds: 10), "\(text())")
        // The phone is large and centred: 844 pt fit into 700 − 64 − 96 = 540 pt, about 250 pt wide.
        let shotDeadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: shot.path), Date() < shotDeadline { usleep(100_000) }
        usleep(300_000)
        let image = try Image.loadPNG(shot.path)
        #expect(image.width == 1000 && image.height == 700)
        // Background is #111113: the middle column (the phone) is nearly all something else, the sides are background.
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            let p = image.pixel(x: x, y: y)
            return abs(Int(p.0) - 0x11) <= 3 && abs(Int(p.1) - 0x11) <= 3 && abs(Int(p.2) - 0x13) <= 3
        }
        let middle = stride(from: 120, to: 560, by: 4).filter { !isBackground(500, $0) }.count
        let sides = stride(from: 120, to: 560, by: 4).filter { !isBackground(150, $0) || !isBackground(850, $0) }.count
        #expect(middle >= 105 && sides == 0, "phone column \(middle) of 110 drawn, side columns \(sides)")

        // A press and drag on the phone takes over.
        try session.xdotool([
            "mousemove", "--window", window, "500", "450", "mousedown", "1", "sleep", "0.05",
            "mousemove", "--window", window, "500", "400", "sleep", "0.05", "mousemove", "--window", window, "500",
            "330",
            "mouseup", "1"
        ])
        #expect(wait(for: "live: taken over", seconds: 15), "\(text())")
        // Two seconds idle: the tour resumes with the next step.
        #expect(wait(for: "tour resumed: step 2 of 10", seconds: 20), "\(text())")
        try session.xdotool(["key", "--window", window, "Right"])
        #expect(wait(for: "tour: step 3 of 10", seconds: 15), "\(text())")
        try session.xdotool(["key", "--window", window, "Escape"])
        let quit = Date().addingTimeInterval(10)
        while process.isRunning, Date() < quit { usleep(50_000) }
        #expect(!process.isRunning)
        if !process.isRunning { #expect(process.terminationStatus == 0) }
    }
}
