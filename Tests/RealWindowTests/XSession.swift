import Foundation

/// A virtual X display (Xvfb) for one test, driven with xdotool.
final class XSession {
    let display: String
    private let server: Process

    /// Whether Xvfb and xdotool are installed and a display can start (checked once).
    static let available: Bool = {
        guard executable("Xvfb") != nil, executable("xdotool") != nil else { return false }
        guard let probe = try? XSession() else { return false }
        probe.stop()
        return true
    }()

    /// The `scrollab` built beside the tests (one level up in bundled test layouts).
    static var scrollabBinary: URL {
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let binary = build.appendingPathComponent("scrollab")
        if FileManager.default.fileExists(atPath: binary.path) { return binary }
        return build.deletingLastPathComponent().appendingPathComponent("scrollab")
    }

    static func executable(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    private let number: Int

    /// One display at a time in this test process: the window tests of several suites would
    /// otherwise run side by side and starve each other (and Xvfb's start) on a 2-core machine.
    private static let turn = NSLock()
    private var holdsTurn = false

    init() throws {
        XSession.turn.lock()
        holdsTurn = true
        // A server that exits before its socket appears (a display number another process took in
        // the meantime: `make test` runs two test processes) is started again on the next free number.
        var number = 90 + Int(getpid() % 100)
        var server = Process()
        for attempt in 1...4 {
            while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            {
                number += 1
            }
            server = Process()
            server.executableURL = URL(fileURLWithPath: XSession.executable("Xvfb") ?? "/usr/bin/Xvfb")
            server.arguments = [":\(number)", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"]
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            do { try server.run() } catch {
                holdsTurn = false
                XSession.turn.unlock()
                throw error
            }
            // Up to a minute for the socket: a busy machine starts it slowly.
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"), Date() < deadline,
                server.isRunning
            {
                usleep(50_000)
            }
            if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { break }
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
            guard attempt < 4 else {
                holdsTurn = false
                XSession.turn.unlock()
                throw CocoaError(.fileNoSuchFile)
            }
            number += 1
        }
        display = ":\(number)"
        self.number = number
        self.server = server
    }

    /// Children of a Swift `Process` can inherit a mask that blocks SIGTERM, so the server is
    /// killed outright and its lock and socket removed.
    func stop() {
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
        if holdsTurn {
            holdsTurn = false
            XSession.turn.unlock()
        }
    }

    deinit { stop() }

    /// Runs xdotool with these arguments on this display; returns its output.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: XSession.executable("xdotool") ?? "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = ["DISPLAY": display, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The playground window running on an `XSession`.
final class PlaygroundProcess {
    private(set) var process = Process()
    let directory: URL
    let window: String
    let session: XSession

    /// Starts the app in a fresh folder holding `files` (name there → source).
    /// `command` replaces `play --window 1280x800 --trace trace.csv` before the arguments.
    /// `folder`: run in this folder (also the app's home) instead of a fresh one, as a second start
    /// of the same user.
    init(
        session: XSession, arguments: [String], files: [String: URL] = [:], command: [String]? = nil, folder: URL? = nil
    ) throws {
        self.session = session
        directory =
            folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, source) in files {
            try FileManager.default.copyItem(at: source, to: directory.appendingPathComponent(name))
        }
        // Right after Xvfb starts SDL now and then finds no X11 and opens no window (about one
        // launch in fifteen): such a launch is ended and the app started again, up to 3 times.
        var found = ""
        for _ in 1...3 {
            process = try Self.launch(session: session, directory: directory, arguments: arguments, command: command)
            let deadline = Date().addingTimeInterval(30)
            while found.isEmpty, Date() < deadline, process.isRunning {
                found =
                    try session.xdotool(["search", "--onlyvisible", "--name", "ScrollLab"]).split(separator: "\n").first
                    .map(String.init) ?? ""
                if found.isEmpty { usleep(100_000) }
            }
            if !found.isEmpty { break }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        guard !found.isEmpty else {
            throw WaitError(description: "no window after 3 launches (see \(directory.path)/stderr.txt)")
        }
        window = found
        // The first frames are drawn once the app has reported its widgets.
        _ = try waitFor("the first frame", timeout: 45) { $0.widgets["phone 0"] }
    }

    private static func launch(session: XSession, directory: URL, arguments: [String], command: [String]?) throws
        -> Process
    {
        let process = Process()
        let binary = XSession.scrollabBinary
        process.executableURL = binary
        process.arguments =
            (command ?? ["play", "--window", "1280x800", "--trace", directory.appendingPathComponent("trace.csv").path])
            + arguments
        process.currentDirectoryURL = directory
        process.environment = [
            "DISPLAY": session.display, "PATH": "/usr/bin:/bin", "HOME": directory.path,
            "SCROLLAB_WIDGETS": directory.appendingPathComponent("widgets.txt").path
        ]
        process.standardOutput = FileHandle.nullDevice
        let errors = directory.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        return process
    }

    /// Polls (every 50 ms, up to `timeout` s) until `condition` gives a value; throws with
    /// `what` when it never does. Tests wait for outcomes, never for a fixed time.
    func waitFor<T>(_ what: String, timeout: Double = 30, _ condition: (PlaygroundProcess) throws -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = try condition(self) { return value }
            guard Date() < deadline, process.isRunning else {
                throw WaitError(
                    description: "gave up waiting for \(what) after \(timeout) s (app running: \(process.isRunning))")
            }
            usleep(50_000)
        }
    }

    struct WaitError: Error, CustomStringConvertible { let description: String }

    /// The app's report of where its widgets are (`SCROLLAB_WIDGETS`): label → rectangle in window points.
    var widgets: [String: (x: Double, y: Double, width: Double, height: Double)] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("widgets.txt"), encoding: .utf8)) ?? ""
        var result: [String: (x: Double, y: Double, width: Double, height: Double)] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let x = Double(fields[1]), let y = Double(fields[2]), let w = Double(fields[3]),
                let h = Double(fields[4])
            else { continue }
            result[fields[0]] = (x, y, w, h)
        }
        return result
    }

    /// The panel's last message, as the app reports it.
    var message: String {
        let text = (try? String(contentsOf: directory.appendingPathComponent("widgets.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").first { $0.hasPrefix("message\t") }.map { String($0.dropFirst(8)) } ?? ""
    }

    /// Clicks the middle of the widget labelled `label`, where the app says it is.
    func click(_ label: String) throws {
        try reveal(label)
        let rect = try waitFor("widget \(label)", timeout: 10) { $0.widgets[label] }
        try perform(moveArguments(rect.x + rect.width / 2, rect.y + rect.height / 2) + ["click", "1"])
    }

    /// When `label` is not in sight, scrolls the panel's sections down (a wheel notch at a time,
    /// up to 12) until it is, as a person looking for it would.
    func reveal(_ label: String) throws {
        let deadline = Date().addingTimeInterval(2)
        while widgets[label] == nil, Date() < deadline { usleep(50_000) }
        guard widgets[label] == nil, let scene = widgets["Scene"] else { return }
        for _ in 0..<12 where widgets[label] == nil {
            let file = directory.appendingPathComponent("widgets.txt")
            let before = try? String(contentsOf: file, encoding: .utf8)
            try perform(moveArguments(scene.x + 60, scene.y + 300) + ["click", "5"])
            let moved = Date().addingTimeInterval(1)
            while (try? String(contentsOf: file, encoding: .utf8)) == before, Date() < moved { usleep(50_000) }
        }
    }

    /// Clicks a widget and waits until the app's message contains `outcome`.
    func click(_ label: String, until outcome: String) throws {
        try click(label)
        _ = try waitFor("\"\(outcome)\" after clicking \(label)", timeout: 20) {
            $0.message.contains(outcome) ? true : nil
        }
    }

    /// xdotool commands chained, with the window as the reference for `mousemove`.
    func perform(_ commands: [String]) throws { try session.xdotool(commands) }

    /// Moves to a window point; the pointer's window-relative coordinates.
    func moveArguments(_ x: Double, _ y: Double) -> [String] {
        ["mousemove", "--window", window, String(Int(x.rounded())), String(Int(y.rounded()))]
    }

    /// Quits with Esc and returns the exit status.
    func quit() throws -> Int32 {
        try session.xdotool(["key", "Escape"])
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw WaitError(description: "still running 20 s after Esc")
        }
        if process.terminationReason == .uncaughtSignal {
            throw WaitError(description: "ended by signal \(process.terminationStatus)")
        }
        return process.terminationStatus
    }

    /// The trace's rows (header rows left out).
    var trace: [[String]] { traceRows.map { $0.map(\.value) } }

    /// The trace's rows as (column, value) pairs, each under the header row before it.
    var traceRows: [[(column: String, value: String)]] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("trace.csv"), encoding: .utf8)) ?? ""
        var header: [String] = []
        var rows: [[(column: String, value: String)]] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if fields.first == "t" { header = fields; continue }
            guard fields.count == header.count else { continue }  // a row being written
            rows.append(Array(zip(header, fields)).map { (column: $0.0, value: $0.1) })
        }
        return rows
    }

    /// Performs a finger gesture and waits for rest. A gesture is only as good as the times the
    /// app received: when the app drew no frame for over 0.25 s while the finger was down (a
    /// starved machine: the X server then stamps a burst of events alike), the flick it saw was
    /// not the one sent, so the scene is sent back with Home and the gesture repeated (3 tries).
    func performGesture(_ gesture: () throws -> Void) throws {
        for attempt in 1...3 {
            let before = traceRows.count
            try gesture()
            try waitForRest(after: before)
            let rows = Array(traceRows[before...])
            let times = rows.map { Double($0.first { $0.column == "t" }?.value ?? "") ?? 0 }
            let held = rows.indices.filter { i in rows[i].contains { $0.column == "phase" && $0.value == "dragging" } }
            guard let first = held.first, let last = held.last else { return }
            let span = max(0, first - 1)...min(rows.count - 1, last + 1)
            let stalled = zip(times[span], times[span].dropFirst()).contains { $1 - $0 > 0.25 }
            guard stalled, attempt < 3 else { return }
            let home = traceRows.count
            try perform(["key", "Home"])
            try waitForRest(after: home, requireMotion: false)
        }
    }

    /// Waits until the trace has grown past `count` rows, something moved since (unless
    /// `requireMotion` is off), its last row shows every side idle and it has stopped growing
    /// (the window draws no frames at rest).
    func waitForRest(after count: Int, requireMotion: Bool = true, timeout: Double = 40) throws {
        var previous = -1
        _ = try waitFor("the phones to come to rest", timeout: timeout) { app -> Bool? in
            let rows = app.traceRows
            defer { previous = rows.count }
            guard rows.count > count + (requireMotion ? 5 : 0), rows.count == previous, let last = rows.last else {
                return nil
            }
            let atRest = last.allSatisfy { !$0.column.hasSuffix("phase") || $0.value == "idle" }
            let moved = rows[count...].contains { row in
                row.contains { $0.column.hasSuffix("phase") && $0.value != "idle" }
            }
            return atRest && (moved || !requireMotion) ? true : nil
        }
    }

    /// The viewport screenshots the app saved with its S key, oldest first.
    var screenshots: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted { a, b in
            a.split(separator: "-").last.flatMap { Int($0.dropLast(4)) } ?? 0 < b.split(separator: "-").last.flatMap {
                Int($0.dropLast(4))
            } ?? 0
        }.map { directory.appendingPathComponent($0) }
    }
}
