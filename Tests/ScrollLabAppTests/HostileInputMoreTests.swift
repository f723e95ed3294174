import Foundation
import Testing
import SessionEffects

/// More hostile-input cases on the real command line: inputs that once crashed (surrogates,
/// huge numbers, geometry past Int32), outputs that once replaced an input or hung on a FIFO,
/// full disks (a small tmpfs, as root), caps on standard input and tours.
extension HostileInputTests {
    var assets: URL { URL(fileURLWithPath: flick).deletingLastPathComponent().deletingLastPathComponent() }
    var recording: String { assets.appendingPathComponent("recordings/uikit-return-177.csv").path }

    // MARK: H1 — a lone UTF-16 surrogate in any JSON string.

    @Test func loneSurrogatesInJSONAreOneLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = dir.appendingPathComponent("g.json").path, p = dir.appendingPathComponent("p.json").path
        try #"{"events":[{"t":0,"type":"down","x":1,"y":1,"k\uD800\u0041":1}]}"#.write(
            toFile: g, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["replay", "--gesture", g]),
            "scrollab: error: \(g): not valid JSON: line 1, column 47: unpaired surrogate \\uD800 in string (followed "
                + "by \\u0041, not a low surrogate \\uDC00–\\uDFFF)\n"
        )
        try #"{"model": "uikit\uDC00"}"#.write(toFile: p, atomically: false, encoding: .utf8)
        let low = try scrollab(["export", "--params", p])
        oneLine(low)
        #expect(low.stderr.contains("unpaired surrogate \\uDC00"), "\(low.stderr)")
        try #"{"model": "uikit\uD83D"}"#.write(toFile: p, atomically: false, encoding: .utf8)
        oneLine(try scrollab(["export", "--params", p]))
    }

    // MARK: H6 — fit's outputs never replace its recording, nor each other.

    @Test func fitNeverOverwritesItsInputOrItsOtherOutput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rec = dir.appendingPathComponent("rec.csv").path
        let original = try String(contentsOfFile: recording, encoding: .utf8)
        try original.write(toFile: rec, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["fit", rec, "--params", rec]),
            "scrollab: error: \(rec): is also an input (\(rec)); not overwritten, choose another output\n")
        oneLine(try scrollab(["fit", rec, "--plot", rec]))
        // The same file by another name (a symbolic link to it) is still the input.
        let link = dir.appendingPathComponent("link.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "rec.csv")
        oneLine(try scrollab(["fit", link, "--params", rec]))
        #expect(try String(contentsOfFile: rec, encoding: .utf8) == original)
        let x = dir.appendingPathComponent("x").path
        oneLine(
            try scrollab(["fit", rec, "--params", x, "--plot", x]),
            "scrollab: error: \(x): is named by both --params and --plot; choose two different outputs\n")
        #expect(try files(in: dir) == ["link.csv", "rec.csv"])
    }

    // MARK: H9 — a FIFO nobody reads (or writes) is one line after a short wait, not a hang.

    @Test func fifosWithNobodyAtTheOtherEndAreRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let environment = ["PATH": "/usr/bin:/bin", "SCROLLAB_FIFO_WAIT": "0.2"]
        oneLine(
            try scrollab(["replay", "--gesture", flick, "--trace", fifo], environment: environment, limit: 20),
            "scrollab: error: \(fifo): is a FIFO nobody is reading (waited 0.2 s); start the reader first\n")
        oneLine(try scrollab(["export", "--out", fifo], environment: environment, limit: 20))
        let png = assets.appendingPathComponent("golden/list-rest.png").path
        oneLine(
            try scrollab(["compare", fifo, png], environment: environment, limit: 20),
            "scrollab: error: \(fifo): is a FIFO nobody is writing to (waited 0.2 s); start the writer first\n")
        oneLine(try scrollab(["replay", "--gesture", fifo], environment: environment, limit: 20))
        #expect(try files(in: dir) == ["fifo"])
    }

    /// A PNG read through a FIFO is read once and compared (the header is not read separately).
    @Test func aPNGThroughAFIFOCompares() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let png = assets.appendingPathComponent("golden/list-rest.png").path
        let data = try Data(contentsOf: URL(fileURLWithPath: png))
        Thread.detachNewThread {
            if let writer = FileHandle(forWritingAtPath: fifo) { writer.write(data); try? writer.close() }
        }
        let run = try scrollab(["compare", fifo, png], limit: 30)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("0 of "), "\(run.stdout)")
    }

    // MARK: H2, H3, M5 — fit on huge, degenerate and garbage data.

    @Test(arguments: ["return", "page", "glide", "auto"])
    func fitRefusesNumbersPastItsRange(kind: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("big.csv").path
        try "t,offset\n0,1e308\n0.1,1e308\n0.2,-1e308\n0.3,5\n0.4,0\n".write(
            toFile: csv, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["fit", csv, "--kind", kind]),
            "scrollab: error: \(csv): row 2, column 2 \"offset\": 1e308 is out of range [-1e9, 1e9] pt\n")
        // At the edge of the range, every kind either fits or says why, with finite numbers.
        try "t,offset\n0,1e9\n0.1,1e9\n0.2,-1e9\n0.3,5\n0.4,0\n0.5,0\n".write(
            toFile: csv, atomically: false, encoding: .utf8)
        let edge = try scrollab(["fit", csv, "--kind", kind])
        #expect(edge.status == 0 || edge.status == 2, "\(edge.stderr)")
        #expect(!edge.stdout.contains("nan") && !edge.stdout.contains("inf"), "\(edge.stdout)")
        if edge.status == 2 { oneLine(edge) }
    }

    @Test func fitPlotsOfDegenerateRangesAreDrawnOrRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("t.csv").path, plot = dir.appendingPathComponent("p.png").path
        try "t,offset\n1e17,-100\n1e17,-50\n1e17,-20\n1e17,0\n".write(toFile: csv, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["fit", csv, "--plot", plot]),
            "scrollab: error: \(csv): row 2, column 1 \"t\": 1e17 is out of range [-1e10, 1e10] s\n")
        try "t,offset\n5,-100\n5,-50\n5,-20\n5,0\n".write(toFile: csv, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["fit", csv, "--plot", plot]),
            "scrollab: error: \(csv): every row has t = 5.0; a trajectory needs rows at different times\n")
        // Timestamps from a clock (1.7e9 s) with 1/60 s steps fit and plot.
        var text = "t,offset\n"
        for i in 0..<40 { text += "\(1_700_000_000 + Double(i) / 60),\(-200 * exp(-10.9 * Double(i) / 60))\n" }
        try text.write(toFile: csv, atomically: false, encoding: .utf8)
        let clock = try scrollab(["fit", csv, "--kind", "page", "--plot", plot])
        #expect(clock.status == 0, "\(clock.stderr)")
        #expect(FileManager.default.fileExists(atPath: plot))
        #expect(try files(in: dir) == ["p.png", "t.csv"])
    }

    @Test func fitRefusesHexAndNonDecimalNumbers() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("h.csv").path
        try "t,offset\n0,0x10\n0.1,5\n0.2,3\n0.3,0\n".write(toFile: csv, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["fit", csv]),
            "scrollab: error: \(csv): row 2, column 2 \"offset\": \"0x10\" is not a finite number\n")
    }

    // MARK: H11 — standard input is capped like a file; a huge header is not echoed whole.

    @Test func fitCapsStandardInputAndShortensTheHeader() throws {
        // 80 MB through a pipe (a regular file as standard input would be refused from its size).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "head -c 80000000 /dev/zero | tr '\\0' 7 | \"$0\" fit - 2>&1 >/dev/null", scrollabBinary().path
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text == "scrollab: error: standard input: is larger than 64 MB; at most that much is read\n")
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("wide.csv").path
        try (String(repeating: "x,", count: 5000) + "offset\n0,0\n").write(
            toFile: csv, atomically: false, encoding: .utf8)
        let wide = try scrollab(["fit", csv])
        oneLine(wide)
        #expect(wide.stderr.count < 300, "\(wide.stderr.count) characters")
    }

    // MARK: M7 — fit's report is a checked write.

    @Test func fitOnAFullStandardOutputIsOneLine() throws {
        let full = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        oneLine(
            try scrollab(["fit", recording], stdout: full),
            "scrollab: error: standard output: cannot be written (No space left on device)\n")
        let closed = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
        oneLine(
            try scrollab(["fit", recording], stdout: closed),
            "scrollab: error: standard output: cannot be written (Bad file descriptor)\n")
    }

    // MARK: H4, H5 — geometry far past Int32 draws (off the canvas) instead of trapping.

    @Test func geometryPastTwoToThe31PixelsRenders() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = dir.appendingPathComponent("framer.json").path,
            gesture = dir.appendingPathComponent("pull.json").path
        try #"{"model": "framer", "dragElastic": 1}"#.write(toFile: params, atomically: false, encoding: .utf8)
        // Two pulls of 2e9 pt each (finger from -1e9 to 1e9 pt): the content sits 4e9 pt past the edge.
        var events: [String] = []
        var t = 0.0
        for _ in 0..<2 {
            events.append("{\"t\":\(t),\"type\":\"down\",\"x\":195,\"y\":-1e9}")
            t += 0.01
            for i in 1...10 {
                events.append("{\"t\":\(t),\"type\":\"move\",\"x\":195,\"y\":\(-1e9 + Double(i) * 2e8)}"); t += 0.01
            }
            events.append("{\"t\":\(t),\"type\":\"up\",\"x\":195,\"y\":1e9}")
            t += 0.005
        }
        try "{\"events\":[\(events.joined(separator: ","))]}".write(toFile: gesture, atomically: false, encoding: .utf8)
        for scene in ["nested", "list", "lab"] {
            let out = dir.appendingPathComponent("\(scene).png").path
            let run = try scrollab([
                "render", "--scene", scene, "--params", params, "--gesture", gesture, "--at", "0.2", "--out", out
            ])
            #expect(run.status == 0, "\(scene): \(run.stderr.prefix(300))")
            #expect(FileManager.default.fileExists(atPath: out), "\(scene)")
        }
    }

    // MARK: H8 — a hard-linked output on a nearly full disk keeps its old contents.

    /// A tmpfs of `kilobytes` mounted in a new folder (as root), or nil with a note.
    func smallDisk(kilobytes: Int) throws -> URL? {
        guard getuid() == 0 else { print("skipped: mounting a small tmpfs needs root"); return nil }
        let dir = try temporaryDirectory()
        let status = Process()
        status.executableURL = URL(fileURLWithPath: "/bin/mount")
        status.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", dir.path]
        try status.run()
        status.waitUntilExit()
        guard status.terminationStatus == 0 else {
            print("skipped: mount -t tmpfs failed"); try? FileManager.default.removeItem(at: dir); return nil
        }
        return dir
    }

    func unmount(_ dir: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [dir.path]
        try? process.run()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: dir)
    }

    /// Fills `dir` so that `free` bytes are left.
    func fill(_ dir: URL, leaving free: Int) throws {
        var info = statvfs()
        statvfs(dir.path, &info)
        let available = Int(info.f_bavail) * Int(info.f_bsize)
        try Data(count: max(0, available - free)).write(to: dir.appendingPathComponent("filler"))
    }

    @Test func aHardLinkedOutputOnAFullDiskKeepsItsOldContents() throws {
        guard let disk = try smallDisk(kilobytes: 256) else { return }
        defer { unmount(disk) }
        // The trace: 6 to 8 KB, two pages; the old file: one page.
        let arguments = ["replay", "--gesture", flick, "--fps", "20", "--duration", "7"]
        let size = try scrollab(arguments).stdout.utf8.count
        #expect(size > 4096 && size <= 8192, "\(size) bytes")
        let one = disk.appendingPathComponent("one.csv").path, two = disk.appendingPathComponent("two.csv").path
        try "old".write(toFile: one, atomically: false, encoding: .utf8)
        #expect(link(one, two) == 0)
        try fill(disk, leaving: 8192)  // room for the temporary copy, not for a second copy
        oneLine(try scrollab(arguments + ["--trace", one]))
        #expect(try String(contentsOfFile: one, encoding: .utf8) == "old")
        #expect(try String(contentsOfFile: two, encoding: .utf8) == "old")
        #expect(try files(in: disk) == ["filler", "one.csv", "two.csv"])
        // With room, both links get the whole trace.
        try FileManager.default.removeItem(at: disk.appendingPathComponent("filler"))
        #expect(try scrollab(arguments + ["--trace", one]).status == 0)
        #expect(try String(contentsOfFile: two, encoding: .utf8).utf8.count == size)
    }

    // MARK: M6 — names up to the system's 255 bytes can be written.

    @Test func longFileNamesCanBeWritten() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for length in [241, 250, 255] {
            let name =
                String(repeating: "é", count: (length - 4) / 2) + String(repeating: "n", count: (length - 4) % 2)
                + ".csv"
            #expect(name.utf8.count == length)
            let path = dir.appendingPathComponent(name).path
            let run = try scrollab(["replay", "--gesture", flick, "--trace", path])
            #expect(run.status == 0, "\(length): \(run.stderr)")
            #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("t,offset"))
        }
        #expect(try files(in: dir).allSatisfy { !$0.contains("partial") })
    }

    // MARK: Low — a set-group-ID mode is kept; a byte-order mark is not an error.

    @Test func setGroupIDModeIsKeptAndByteOrderMarksAreSkipped() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("t.csv").path
        try "old".write(toFile: trace, atomically: false, encoding: .utf8)
        chmod(trace, 0o2755)
        #expect(try scrollab(["replay", "--gesture", flick, "--trace", trace]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: trace)[.posixPermissions] as? Int == 0o2755)
        let bom = dir.appendingPathComponent("bom.json").path
        try Data([0xEF, 0xBB, 0xBF] + Array(try String(contentsOfFile: flick, encoding: .utf8).utf8)).write(
            to: URL(fileURLWithPath: bom))
        let run = try scrollab(["replay", "--gesture", bom])
        #expect(run.status == 0, "\(run.stderr)")
    }

    // MARK: H7 — a clip that did not fit is an error, and the old clip stays.

    @Test func aClipOnAFullDiskOrDeviceIsAnError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            print("skipped: no ffmpeg"); return
        }
        let clip = [
            "render", "--gesture", flick, "--viewport", "120x200", "--scale", "0.5", "--fps", "10", "--duration", "0.6"
        ]
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Symbolic links to /dev/full: nothing can be written there, and it is said.
        for name in ["full.gif", "full.mp4"] {
            let link = dir.appendingPathComponent(name).path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/full")
            let run = try scrollab(clip + ["--video", link])
            oneLine(run, "scrollab: error: \(link): cannot be written (No space left on device)\n")
            #expect(run.stdout.isEmpty)
        }
        guard let disk = try smallDisk(kilobytes: 64) else { return }
        defer { unmount(disk) }
        let old = disk.appendingPathComponent("clip.gif").path
        try "old clip".write(toFile: old, atomically: false, encoding: .utf8)
        try fill(disk, leaving: 4096)
        let run = try scrollab(clip + ["--video", old])
        oneLine(run)
        #expect(run.stderr.contains("\(old): "), "\(run.stderr)")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old clip")
        #expect(try files(in: disk) == ["clip.gif", "filler"])
    }

    // MARK: M2 — a clip's frame size is capped before anything is allocated; a bad path is found first.

    @Test func hugeClipFramesAndBadClipPathsAreRefusedFirst() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.mp4").path
        oneLine(
            try scrollab(
                ["render", "--viewport", "16384x16384", "--video", out], environment: ["PATH": "/usr/bin:/bin"],
                limit: 20),
            "scrollab: error: --video: --viewport 16384x16384 at --scale 1 makes 16384x16384 pixel frames; at most "
                + "4096 a side and 8 million pixels (use a smaller --viewport or --scale)\n"
        )
        let missing = dir.appendingPathComponent("no/clip.mp4").path
        let bad = try scrollab(
            ["render", "--viewport", "16384x16384", "--video", missing], environment: ["PATH": "/usr/bin:/bin"],
            limit: 20)
        oneLine(bad)
        #expect(bad.stderr.hasPrefix("scrollab: error: \(missing): cannot be written"), "\(bad.stderr)")
        #expect(try files(in: dir).isEmpty)
    }

    // MARK: M8 — frames measures the size asked for.

    @Test func framesTakesTheViewportAndDevice() throws {
        let device = try scrollab([
            "frames", "--scene", "list", "--count", "1", "--stats", "--scale", "1", "--device", "ipad-mini"
        ])
        #expect(device.status == 0, "\(device.stderr)")
        #expect(device.stdout.hasPrefix("list: 1 frames at 744x1133 px"), "\(device.stdout)")
        let viewport = try scrollab([
            "frames", "--scene", "pager", "--count", "1", "--stats", "--scale", "2", "--viewport", "200x300"
        ])
        #expect(viewport.stdout.hasPrefix("pager: 1 frames at 400x600 px"), "\(viewport.stdout)")
        oneLine(
            try scrollab(["frames", "--count", "1", "--scale", "4", "--viewport", "100000x100000"]),
            ("scrollab: error: --viewport 100000x100000 at --scale 4 makes a 400000x400000 pixel canvas; at least 1 "
                + "and at most 16384 pixels a side and 50 million in all\n")
        )
    }
}
