import Foundation
import Testing
import Playground
import Scenes

/// A designer's work kept: the session kept at quit and opened at the next start, a session file
/// opened with `--session`, and a clip encoded while the window goes on drawing.
@Suite(
    .serialized, .tags(.window), .skipped(whenSkipping: .window),
    .enabled(if: XSession.available, "Xvfb or xdotool missing or Xvfb cannot start (make test installs both)"))
struct SessionWindowTests {
    /// A flick up the phone (`phone` from the app's report): 300 px in 8 moves 16 ms apart.
    func flick(_ app: PlaygroundProcess, phone: Int = 0) throws {
        let rect = try #require(app.widgets["phone \(phone)"])
        let x = rect.x + rect.width / 2, y = rect.y + rect.height * 0.8
        var commands = app.moveArguments(x, y) + ["mousedown", "1"]
        for i in 1...8 { commands += ["sleep", "0.016"] + app.moveArguments(x, y - 300 * Double(i) / 8) }
        try app.performGesture { try app.perform(commands + ["mouseup", "1"]) }
    }

    /// Glide distance over the speed the glide started with (s), for the side whose trace
    /// columns start with `prefix`, in the rows from `from` on: UIKit's glide is
    /// v·r/(1 − r)/1000, so 0.499 s at the normal rate 0.998 and 0.099 s at the fast 0.99.
    func glidePerSpeed(_ app: PlaygroundProcess, from: Int, prefix: String = "") -> Double? {
        let rows = Array(app.traceRows.dropFirst(from))
        func value(_ row: [(column: String, value: String)], _ name: String) -> String? {
            row.first { $0.column == prefix + name }?.value
        }
        guard let lastDrag = rows.lastIndex(where: { value($0, "phase") == "dragging" }), lastDrag + 1 < rows.count,
            let v = value(rows[lastDrag + 1], "velocity").flatMap(Double.init), abs(v) > 100,
            let start = value(rows[lastDrag + 1], "offset").flatMap(Double.init),
            let end = rows.last.flatMap({ value($0, "offset") }).flatMap(Double.init)
        else { return nil }
        return (end - start) / v
    }

    @Test func quittingKeepsTheSessionAndTheNextStartOpensIt() throws {
        let x = try XSession()
        defer { x.stop() }
        let first = try PlaygroundProcess(session: x, arguments: [])
        try first.click("##preset")
        try first.click("##preset/UIKit fast")
        try first.click("Apply", until: "Preset \"UIKit fast\" on A")
        #expect(try first.quit() == 0)
        let kept = first.directory.appendingPathComponent(".local/state/scrollab/last-session.json")
        #expect(FileManager.default.fileExists(atPath: kept.path))
        try FileManager.default.removeItem(at: first.directory.appendingPathComponent("trace.csv"))

        // The same user starts the window again, with no options.
        let second = try PlaygroundProcess(session: x, arguments: [], folder: first.directory)
        _ = try second.waitFor("the kept session to open") {
            $0.message.contains("Opened the session kept when the window last quit: A · UIKit fast") ? true : nil
        }
        let before = second.traceRows.count
        try flick(second)
        let ratio = try #require(glidePerSpeed(second, from: before))
        #expect(
            ratio > 0.07 && ratio < 0.14, "glide ÷ speed \(ratio) s: the fast rate gives 0.099, the normal one 0.499")
        #expect(try second.quit() == 0)

        // `--fresh` does not open it, and its own session is kept at quit: the earlier one is
        // copied beside it first, not lost.
        let earlier = try Data(contentsOf: kept)
        try FileManager.default.removeItem(at: first.directory.appendingPathComponent("trace.csv"))
        let fresh = try PlaygroundProcess(session: x, arguments: ["--fresh"], folder: first.directory)
        #expect(try fresh.quit() == 0)
        let previous = first.directory.appendingPathComponent(".local/state/scrollab/previous-session.json")
        #expect(try Data(contentsOf: previous) == earlier)
    }

    @Test func aSessionFileOpensBothSidesAsSaved() throws {
        let x = try XSession()
        defer { x.stop() }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollab-session-\(UUID().uuidString).json")
        try """
        {"scrollab": "session", "version": 1, "scene": "list", "viewport": [390, 844], "editing": "B",
         "sides": [{"name": "UIKit normal", "feel": {}}, {"name": "UIKit fast", "feel": {"decelerationRate": 0.99}}]}
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try PlaygroundProcess(session: x, arguments: ["--session", "s.json"], files: ["s.json": file])
        _ = try app.waitFor("the session to open") {
            $0.message.contains("Opened s.json: A · UIKit normal; B · UIKit fast") ? true : nil
        }
        let before = app.traceRows.count
        try flick(app)
        let a = try #require(glidePerSpeed(app, from: before))
        let b = try #require(glidePerSpeed(app, from: before, prefix: "b_"))
        #expect(a > 0.4 && a < 0.6, "A glides \(a) s × its speed (normal: 0.499)")
        #expect(b > 0.07 && b < 0.14, "B glides \(b) s × its speed (fast: 0.099)")
        #expect(try app.quit() == 0)
    }

    @Test func aClipEncodesInTheBackgroundWhileTheWindowDrawsAndCancelLeavesNoFile() throws {
        let x = try XSession()
        defer { x.stop() }
        let app = try PlaygroundProcess(session: x, arguments: ["--compare"])
        try app.click("Record & replay")
        try app.click("Record", until: "Recording")
        // A slow drag of 1 s, then a flick: a clip of about 5 s (A and B side by side), whose encode
        // at niceness 10 lasts well past the flick below (a 3 s drag only made the test longer).
        let rect = try #require(app.widgets["phone 0"])
        let px = rect.x + rect.width / 2, py = rect.y + rect.height * 0.8
        var slow = app.moveArguments(px, py) + ["mousedown", "1"]
        for i in 1...10 { slow += ["sleep", "0.1"] + app.moveArguments(px, py - Double(i)) }
        for i in 1...8 { slow += ["sleep", "0.016"] + app.moveArguments(px, py - 10 - 300 * Double(i) / 8) }
        try app.performGesture { try app.perform(slow + ["mouseup", "1"]) }
        try app.click("Stop recording", until: "Recorded")
        try app.click("→ GIF", until: "in the background")
        _ = try app.waitFor("the clip's progress") { $0.widgets["clip progress"] }
        // While it encodes, a flick: the window draws every frame of it. The rows written while
        // the panel still showed the encode's progress are the ones checked.
        let began = Date()
        let before = app.traceRows.count
        var commands = app.moveArguments(px, py) + ["mousedown", "1"]
        for i in 1...8 { commands += ["sleep", "0.016"] + app.moveArguments(px, py - 300 * Double(i) / 8) }
        try app.perform(commands + ["mouseup", "1"])
        var during = before
        // Limits only against a hang: alone the encode takes ~20 s, but at niceness 10 beside a
        // loaded machine's other work (a fresh `make test` beside other builds) it took over 240 s.
        while app.widgets["clip progress"] != nil, Date().timeIntervalSince(began) < 300 {
            during = app.traceRows.count
            usleep(50_000)
        }
        let encodeSeconds = Date().timeIntervalSince(began)
        _ = try app.waitFor("the clip to be saved", timeout: 300) {
            $0.message.hasPrefix("Saved ") && $0.message.contains(".gif") ? true : nil
        }
        let rows = Array(app.traceRows[before..<during])
        let moving = rows.filter { row in row.contains { $0.column.hasSuffix("phase") && $0.value != "idle" } }
        let times = moving.compactMap { row in row.first { $0.column == "t" }.flatMap { Double($0.value) } }
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
        print(
            "note: \(times.count) frames of motion drawn in the \(String(format: "%.1f", encodeSeconds)) s the clip "
                + "took; largest gap \(gaps.max() ?? -1) s"
        )
        #expect(times.count > 20, "only \(times.count) frames drawn while the clip encoded")
        // How long the gaps are depends on the machine's load, so they are printed, not asserted
        // (a frozen window drew no frame at all while it encoded); `make bench` measures them.
        let saved = try FileManager.default.contentsOfDirectory(atPath: app.directory.path).filter {
            $0.hasSuffix(".gif")
        }
        #expect(saved.count == 1)

        // A second encode, cancelled: no new file, no temporary left.
        try app.click("→ GIF", until: "in the background")
        try app.click("Cancel clip", until: "Clip cancelled")
        let after = try FileManager.default.contentsOfDirectory(atPath: app.directory.path)
        #expect(after.filter { $0.hasSuffix(".gif") } == saved)
        // (The window rewrites its widget list, `widgets.txt`, safely all the while: its own
        // temporary may be there at any moment; a clip's may not.)
        let leftovers = after.filter {
            ($0.contains("partial") || $0.hasPrefix(".scrollab")) && !$0.hasPrefix(".widgets.txt.")
        }
        #expect(leftovers.isEmpty, "\(after)")
        #expect(try app.quit() == 0)
    }
}
