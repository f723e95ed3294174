import Foundation
import Testing
import Media

/// The campaign's low findings that confused a user: flags and reasons that named the wrong
/// thing or nothing.
extension HostileInputTests {
    /// `fit`'s reasons (too few rows, no finite fit) name the recording, as its parse errors do.
    @Test func fitReasonsNameTheRecording() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("r.csv").path
        try "t,offset\n0,0\n0.1,1\n0.2,2\n0.3,3\n".write(toFile: csv, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["fit", csv, "--kind", "drag"]),
            "scrollab: error: \(csv): drag: 0 rows with a finger and an offset past the leading edge (offset < 0); at "
                + "least 4 are needed\n"
        )
    }

    /// Hexadecimal (`0x10`, which Double reads as 16) is not a decimal number.
    /// `golden` checks every frame's file before it rewrites any: one read-only frame leaves the
    /// whole set as it was.
    @Test func goldenRewritesNothingWhenOneFrameCannotBeWritten() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let golden = dir.appendingPathComponent("golden")
        try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
        let names = GoldenFrame.all.map { $0.name + ".png" }
        for name in names { try Data("old".utf8).write(to: golden.appendingPathComponent(name)) }
        let last = golden.appendingPathComponent(names.last!).path
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: last)
        let run = try scrollab(["golden", "--assets", dir.path])
        #expect(
            run.status == 2 && run.stderr == "scrollab: error: \(last): is read-only (mode 0444); not replaced\n",
            "\(run.stderr)")
        for name in names {
            #expect(
                try Data(contentsOf: golden.appendingPathComponent(name)) == Data("old".utf8), "\(name) was rewritten")
        }
    }

    /// A writer killed outright (SIGKILL) leaves its temporary file; the next write of that target
    /// removes it — and only it: a live writer's file stays.
    @Test func abandonedTemporaryFilesAreRemovedByTheNextWrite() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let abandoned = dir.appendingPathComponent(".out.swift.partial-\(gone.processIdentifier)-abcdef")
        let live = dir.appendingPathComponent(".out.swift.partial-\(getpid())-ghijkl")
        let other = dir.appendingPathComponent(".other.swift.partial-\(gone.processIdentifier)-mnopqr")
        for file in [abandoned, live, other] { try Data("x".utf8).write(to: file) }
        let run = try scrollab(["export", "--out", dir.appendingPathComponent("out.swift").path])
        #expect(run.status == 0, "\(run.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left == [live.lastPathComponent, other.lastPathComponent, "out.swift"], "\(left)")
    }

    @Test func flagsRefuseHexadecimal() throws {
        oneLine(
            try scrollab(["replay", "--gesture", flick, "--fps", "0x10"]),
            "scrollab: error: --fps: \"0x10\" is not a number; allowed range [1, 1000]\n")
        oneLine(
            try scrollab(["render", "--at", "0x1p1", "--out", "/dev/null"]),
            "scrollab: error: --at: \"0x1p1\" is not a number; allowed range [0, 3600]\n")
    }

    /// `--fps=` with nothing after the '=' took the next flag as its value.
    @Test func anEmptyAttachedValueIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("x.csv").path
        oneLine(
            try scrollab(["replay", "--gesture", flick, "--fps=", "--trace", trace]),
            "scrollab: error: --fps=: no value after '='; give --fps=VALUE or --fps VALUE\n")
        #expect(try files(in: dir) == [])
    }

    /// A caption may start with '-' (it was taken for a flag: "Missing value for '--caption'").
    @Test func aCaptionMayStartWithADash() throws {
        oneLine(
            try scrollab(["render", "--caption", "-x", "--out", "/dev/null"]),
            "scrollab: error: --caption applies to --video only\n")
    }

    /// `play --window` names its own range, not --viewport's.
    @Test func playWindowNamesItsRange() throws {
        oneLine(
            try scrollab(["play", "--window", "-640x400"]),
            "scrollab: error: --window: -640x400 is out of range; width in [640, 8192], height in [400, 8192] points\n")
    }
}

extension HostileInputTests {
    /// Android's pager duration is whole milliseconds: 881.92 is exported as 882 (it was cut to
    /// 881), with the exact value beside it.
    @Test func kotlinExportRoundsThePagerDuration() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = dir.appendingPathComponent("p.json").path
        try #"{"model": "android", "pagerMaxFlingDuration": 881.92}"#.write(
            toFile: p, atomically: false, encoding: .utf8)
        let run = try scrollab(["export", "--params", p])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.contains("const val PAGER_MAX_FLING_DURATION_MS = 882  // 881.92 ms, to whole ms"),
            "\(run.stdout)")
        try #"{"model": "android", "pagerMaxFlingDuration": 100}"#.write(toFile: p, atomically: false, encoding: .utf8)
        #expect(
            try scrollab(["export", "--params", p]).stdout.contains("const val PAGER_MAX_FLING_DURATION_MS = 100\n"))
    }
}
