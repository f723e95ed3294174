import Foundation
import Synchronization
import Testing

/// The hostile-input cases, replayed on the real command line: outputs that must not be replaced,
/// outputs that cannot be written, malformed and enormous inputs, flags at their edges, signals
/// mid-write. Each expects one line on standard error and the documented exit status.
@Suite(.serialized) struct HostileInputTests {
    let flick = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/gestures/flick-next-page.json").path

    func oneLine(
        _ run: Run, status: Int32 = 2, _ text: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.status == status, "status \(run.status): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)", sourceLocation: sourceLocation)
        if let text { #expect(run.stderr == text, sourceLocation: sourceLocation) }
    }

    func files(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    // MARK: High 1 — an output never replaces what is not a regular file, nor an input, nor a read-only file.

    /// A device or FIFO is written directly and stays what it is. The device is a private twin
    /// of /dev/null (character device 1, 3) made in a temporary folder when allowed (as root), so
    /// that a build which still replaces devices harms only the twin.
    @Test func devicesAndFIFOsStayWhatTheyAre() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let device = dir.appendingPathComponent("null").path
        if mknod(device, S_IFCHR | 0o666, dev_t(0x103)) == 0 {  // makedev(1, 3)
            let run = try scrollab(["replay", "--gesture", flick, "--trace", device])
            var after = stat()
            stat(device, &after)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(after.st_mode & S_IFMT == S_IFCHR, "still a character device")
        }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = Mutex<Data?>(nil)
        let reader = Thread {
            let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            received.withLock { $0 = data }
        }
        reader.start()
        let run = try scrollab(["replay", "--gesture", flick, "--trace", fifo])
        #expect(run.status == 0, "\(run.stderr)")
        var info = stat()
        stat(fifo, &info)
        #expect(info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        for _ in 0..<100 where received.withLock({ $0 == nil }) { usleep(10_000) }
        #expect(
            received.withLock { $0.map { String(decoding: $0, as: UTF8.self) } }?.hasPrefix("t,offset,velocity") == true
        )
        #expect(try files(in: dir).allSatisfy { !$0.contains("partial") })
    }

    @Test func readOnlyModesLinksAndInputsAreKept() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
        // A read-only trace is refused and kept.
        try "keep".write(toFile: path("ro.csv"), atomically: false, encoding: .utf8)
        chmod(path("ro.csv"), 0o444)
        oneLine(
            try scrollab(["replay", "--gesture", flick, "--trace", path("ro.csv")]),
            "scrollab: error: \(path("ro.csv")): is read-only (mode 0444); not replaced\n")
        #expect(try String(contentsOfFile: path("ro.csv"), encoding: .utf8) == "keep")
        // A new file gets 0666 less the umask, as any new file (not mkstemp's 0600).
        let mask = umask(0)
        umask(mask)
        #expect(try scrollab(["replay", "--gesture", flick, "--trace", path("new.csv")]).status == 0)
        #expect(
            try FileManager.default.attributesOfItem(atPath: path("new.csv"))[.posixPermissions] as? Int
                == Int(0o666 & ~mask))
        // A 0600 file keeps its mode.
        try "old".write(toFile: path("private.csv"), atomically: false, encoding: .utf8)
        chmod(path("private.csv"), 0o600)
        #expect(try scrollab(["replay", "--gesture", flick, "--trace", path("private.csv")]).status == 0)
        #expect(
            try FileManager.default.attributesOfItem(atPath: path("private.csv"))[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOfFile: path("private.csv"), encoding: .utf8).hasPrefix("t,offset"))
        // A symbolic link stays a link; the file it points to gets the trace.
        try "old".write(toFile: path("real.csv"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("link.csv"), withDestinationPath: "real.csv")
        #expect(try scrollab(["replay", "--gesture", flick, "--trace", path("link.csv")]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.csv")) == "real.csv")
        #expect(try String(contentsOfFile: path("real.csv"), encoding: .utf8).hasPrefix("t,offset"))
        // A link to a folder, and a dangling link, are refused.
        try FileManager.default.createDirectory(atPath: path("folder"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path("folder-link"), withDestinationPath: "folder")
        oneLine(
            try scrollab(["replay", "--gesture", flick, "--trace", path("folder-link")]),
            "scrollab: error: \(path("folder-link")): is a directory, expected a file\n")
        try FileManager.default.createSymbolicLink(atPath: path("dangling"), withDestinationPath: "nowhere/x.csv")
        oneLine(try scrollab(["replay", "--gesture", flick, "--trace", path("dangling")]))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("dangling")) == "nowhere/x.csv")
        // Hard links both see the new trace.
        try "old".write(toFile: path("one.csv"), atomically: false, encoding: .utf8)
        try FileManager.default.linkItem(atPath: path("one.csv"), toPath: path("two.csv"))
        #expect(try scrollab(["replay", "--gesture", flick, "--trace", path("one.csv")]).status == 0)
        #expect(try String(contentsOfFile: path("two.csv"), encoding: .utf8).hasPrefix("t,offset"))
        #expect(try FileManager.default.attributesOfItem(atPath: path("two.csv"))[.referenceCount] as? Int == 2)
        // An output that is one of the inputs is refused, and the input kept.
        let gesture = try String(contentsOfFile: flick, encoding: .utf8)
        try gesture.write(toFile: path("g.json"), atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["replay", "--gesture", path("g.json"), "--trace", path("g.json")]),
            "scrollab: error: \(path("g.json")): is also an input (\(path("g.json"))); not overwritten, choose "
                + "another output\n"
        )
        #expect(try String(contentsOfFile: path("g.json"), encoding: .utf8) == gesture)
        #expect(try scrollab(["render", "--out", path("a.png")]).status == 0)
        #expect(try scrollab(["render", "--scene", "pager", "--out", path("b.png")]).status == 0)
        let png = try Data(contentsOf: URL(fileURLWithPath: path("a.png")))
        let compare = try scrollab(["compare", path("a.png"), path("b.png"), "--diff", path("a.png")])
        oneLine(compare)
        #expect(compare.stdout.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("a.png"))) == png)
        // Nothing temporary is left behind by any of it.
        let left = try files(in: dir)
        #expect(left.allSatisfy { !$0.contains("partial") && !$0.contains("nosync") }, "\(left)")
    }

    // MARK: High 4 — standard output that cannot be written is one line and status 2.

    @Test(arguments: [["replay", "--gesture", "G"], ["export"], ["soak", "--seconds", "1"], ["compare", "A", "A"]])
    func unwritableStandardOutput(arguments: [String]) throws {
        let png = URL(fileURLWithPath: flick).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("golden/list-rest.png").path
        let resolved = arguments.map { $0 == "G" ? flick : ($0 == "A" ? png : $0) }
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        oneLine(
            try scrollab(resolved, stdout: full),
            "scrollab: error: standard output: cannot be written (No space left on device)\n")
        // as good as closed for writing
        let readOnly = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
        oneLine(
            try scrollab(resolved, stdout: readOnly),
            "scrollab: error: standard output: cannot be written (Bad file descriptor)\n")
    }

    // MARK: Medium 8, 10 — limits on gestures and traces; no temporary file survives a signal.

    @Test func gesturesLongerThanAnHourAreRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = dir.appendingPathComponent("long.json").path
        try "{\"events\": [{\"t\": 86399, \"type\": \"wheel\", \"dy\": 5}]}".write(
            toFile: g, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["replay", "--gesture", g, "--trace", dir.appendingPathComponent("t.csv").path]),
            "scrollab: error: \(g): event 0 (of 1): \"t\" = 86399.0 is out of range [0, 3600] s; a gesture lasts at "
                + "most an hour\n"
        )
        #expect(try files(in: dir) == ["long.json"])
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalMidWriteLeavesNoTemporaryFile(signal: Int32) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("trace.csv").path
        try "previous".write(toFile: trace, atomically: false, encoding: .utf8)
        let process = Process()
        process.executableURL = scrollabBinary()
        process.arguments = ["replay", "--gesture", flick, "--duration", "3600", "--fps", "1000", "--trace", trace]
        process.standardError = FileHandle.nullDevice
        // The program inherits how this process treats the signal: a run under `nohup`, or started in
        // the background by a shell without job control, ignores SIGHUP or SIGINT, and so would it.
        Foundation.signal(signal, SIG_DFL)
        try process.run()
        // Wait (up to a minute) until the trace is being written beside its target, then interrupt.
        var sawTemporary = false
        for _ in 0..<600 where !sawTemporary {
            sawTemporary = try files(in: dir).contains { $0.hasPrefix(".trace.csv.partial-") }
            if !sawTemporary { usleep(100_000) }
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(sawTemporary, "the trace streams into a temporary file beside the target")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(try files(in: dir) == ["trace.csv"])
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "previous")
    }

    // MARK: Medium 6 — no window, no run.

    @Test func aStaleDisplayIsOneLineAndStatusTwo() throws {
        let run = try scrollab(
            ["play", "--exit-after", "30"], environment: ["DISPLAY": ":987", "PATH": "/usr/bin:/bin"], limit: 60)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("video driver") && run.stderr.contains("DISPLAY=:987"), "\(run.stderr)")
    }

    // MARK: Medium 9 — images too large to compare are refused by their header.

    @Test func hugeImagesAreRefusedBeforeDecoding() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A PNG signature and an IHDR chunk claiming 20000 × 20000 RGBA pixels (1.6 GB decoded).
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        bytes += [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let huge = dir.appendingPathComponent("huge.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: huge))
        oneLine(
            try scrollab(["compare", huge, huge]),
            "scrollab: error: \(huge): is 20000x20000 pixels; at most 16384 a side and 50 million in all are read\n")
    }

    // MARK: Low 11–15

    @Test func corruptPNGsAndControlCharactersGiveOneCleanLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png").path, cut = dir.appendingPathComponent("cut.png").path
        #expect(try scrollab(["render", "--out", a]).status == 0)
        try Data(try Data(contentsOf: URL(fileURLWithPath: a)).prefix(200)).write(to: URL(fileURLWithPath: cut))
        let corrupt = try scrollab(["compare", a, cut])
        oneLine(corrupt)
        #expect(corrupt.stderr.hasPrefix("scrollab: error: \(cut): is not a readable PNG"), "\(corrupt.stderr)")
        let escaped = try scrollab(["replay", "--gesture", "a\u{1B}[2Jb\rc\u{7}"])
        oneLine(escaped, "scrollab: error: a\\u{1B}[2Jb\\rc\\u{7}: no such file\n")
        let json = dir.appendingPathComponent("ctl.json").path
        try "{\"events\": [{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 1, \"\\u001b[31m\": 2}]}".write(
            toFile: json, atomically: false, encoding: .utf8)
        let key = try scrollab(["replay", "--gesture", json])
        oneLine(key)
        #expect(!key.stderr.contains("\u{1B}") && key.stderr.contains("\\u{1B}[31m"), "\(key.stderr)")
    }

    @Test(
        arguments: [
            (["replay", "--gesture", "G", "--fps", "-5"], "--fps: -5 is out of range [1, 1000]"),
            (["replay", "--gesture", "G", "--duration", "-1"], "--duration: -1 is out of range [0, 3600]"),
            (["render", "--at", "-0.5", "--out", "x.png"], "--at: -0.5 is out of range [0, 3600]"),
            (["render", "--scale", "-2", "--out", "x.png"], "--scale: -2 is out of range [0.25, 4]"),
            (
                ["replay", "--gesture", "G", "--scene", "carousel", "--spacing", "-3"],
                "--spacing: -3 is out of range [0, 100000]"
            ),
            (["compare", "a", "b", "--tolerance", "-1"], "--tolerance: -1 is out of range [0, 255]"),
            (["soak", "--seconds", "-60"], "--seconds: -60 is out of range [1, 86400]"),
            (
                ["play", "--viewport", "1x1"],
                "--viewport: 1x1 is too small for the window; each side at least 100 points (replay and render take "
                    + "any size from 1)"
            ),
            (
                ["play", "--viewport", "5x5"],
                "--viewport: 5x5 is too small for the window; each side at least 100 points (replay and render take "
                    + "any size from 1)"
            ),
            (
                ["play", "--window", "100000x100000"],
                "--window: 100000x100000 is out of range; width in [640, 8192], height in [400, 8192] points"
            ),
            (
                ["play", "--screenshot", "s.png", "--screenshot-at", "5", "--exit-after", "1"],
                "--screenshot-at 5 is not before --exit-after 1; the window would close before the screenshot"
            )
        ] as [([String], String)])
    func flagsAtTheirEdges(arguments: [String], message: String) throws {
        let resolved = arguments.map { $0 == "G" ? flick : $0 }
        oneLine(try scrollab(resolved, environment: ["PATH": "/usr/bin:/bin"]), "scrollab: error: \(message)\n")
    }

    @Test func playChecksItsOutputsBeforeLookingForADisplay() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let noDisplay = ["PATH": "/usr/bin:/bin"]
        oneLine(
            try scrollab(["play", "--screenshot", dir.path, "--exit-after", "2"], environment: noDisplay),
            "scrollab: error: \(dir.path): is a directory, expected a file\n")
        oneLine(
            try scrollab(["play", "--trace", dir.appendingPathComponent("missing/t.csv").path], environment: noDisplay))
        // Good outputs and no display: one line, status 2 (as every window command), nothing created.
        let run = try scrollab(
            ["play", "--trace", dir.appendingPathComponent("t.csv").path, "--exit-after", "1"], environment: noDisplay)
        #expect(
            run.status == 2 && run.stderr.hasPrefix("scrollab: error: no display to open a window on (")
                && run.stderr.filter { $0 == "\n" }.count == 1)
        oneLine(
            try scrollab(["demo", "--screenshot", dir.path], environment: noDisplay),
            "scrollab: error: \(dir.path): is a directory, expected a file\n")
        let demo = try scrollab(["demo"], environment: noDisplay)
        #expect(demo.status == 2 && demo.stderr.hasPrefix("scrollab: error: no display to open a window on ("))
        let dummy = try scrollab(["play"], environment: ["PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"])
        #expect(
            dummy.status == 2 && dummy.stderr.contains("which shows no window; no display is set)"), "\(dummy.stderr)")
        #expect(try files(in: dir).isEmpty)
    }

    @Test func filmstripOfSixtyFramesWrapsIntoRows() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("strip.png").path
        let run = try scrollab(["render", "--gesture", flick, "--filmstrip", "0:5.9:0.1", "--scale", "1", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        // 402 pt per frame: 40 frames a row (16068 px), two rows of 878 + 12 pt.
        let check = try scrollab(["compare", out, out])
        #expect(check.stdout.hasPrefix("0 of \(16068 * 1768) pixels differ"), "\(check.stdout)")
        oneLine(
            try scrollab(["render", "--filmstrip", "0:5.9:0.1", "--scale", "4", "--viewport", "1000x1000", "--out", out]
            ),
            ("scrollab: error: --filmstrip (60 frames) at --scale 4 makes a 16144x62712 pixel image; at most 16384 a "
                + "side and 50 million pixels (use a smaller --scale or fewer frames)\n")
        )
    }

    @Test func gesturesFromPipesAndOddNames() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let expected = try scrollab(["replay", "--gesture", flick]).stdout
        #expect(expected.hasSuffix(",idle,\n"))
        let fromStdin = try scrollab(
            ["replay", "--gesture", "/dev/stdin"], stdin: try FileHandle(forReadingFrom: URL(fileURLWithPath: flick)))
        #expect(fromStdin.status == 0 && fromStdin.stdout == expected, "\(fromStdin.stderr)")
        let dash = try scrollab(
            ["replay", "--gesture", "-"], stdin: try FileHandle(forReadingFrom: URL(fileURLWithPath: flick)))
        #expect(dash.stdout == expected)
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = try Data(contentsOf: URL(fileURLWithPath: flick))
        Thread.detachNewThread {
            if let writer = FileHandle(forWritingAtPath: fifo) { writer.write(text); try? writer.close() }
        }
        let fromFIFO = try scrollab(["replay", "--gesture", fifo])
        #expect(fromFIFO.status == 0 && fromFIFO.stdout == expected, "\(fromFIFO.stderr)")
        // A file name that is not UTF-8 is named, not mistaken for another.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\"$0\" replay --gesture \"$(printf 'g\\377.json')\" 2>&1", scrollabBinary().path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(
            output == "scrollab: error: argument 3 (g\\xFF.json) is not UTF-8; file names and values must be UTF-8\n")
        // A wheel event must say how far it scrolls.
        let wheel = dir.appendingPathComponent("wheel.json").path
        try "{\"events\": [{\"t\": 0, \"type\": \"wheel\"}]}".write(toFile: wheel, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["replay", "--gesture", wheel]),
            "scrollab: error: \(wheel): event 0 (of 1): a wheel event needs \"dx\" or \"dy\" (points; a missing one "
                + "is 0)\n"
        )
    }
}
