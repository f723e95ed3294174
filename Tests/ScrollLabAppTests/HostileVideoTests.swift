import Foundation
import Testing

/// The fourth campaign's findings on `track`, `fit --video` and the outputs and flags around
/// them: each a one-line refusal or a right answer, never a trap, a lie or a lost file.
extension HostileInputTests {
    static let ffmpeg = "/usr/bin/ffmpeg"

    /// A 64×64 clip of a still picture scrolled upward at 200 px/s for 0.5 s at 30 fps, written
    /// (15 frames) to `name` in `dir`; `timestamps` is an FFmpeg `setpts` expression (PTS: as made).
    func scrollingClip(in dir: URL, name: String = "clip.mkv", timestamps: String = "PTS") throws -> String {
        let still = dir.appendingPathComponent("still.png").path
        if !FileManager.default.fileExists(atPath: still) {
            let made = try runProgram(
                Self.ffmpeg,
                [
                    "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=64x400:d=1",
                    "-frames:v", "1", still
                ])
            #expect(made.status == 0, "ffmpeg: \(made.stderr)")
        }
        let clip = dir.appendingPathComponent(name).path
        let made = try runProgram(
            Self.ffmpeg,
            [
                "-hide_banner", "-loglevel", "error", "-y", "-loop", "1", "-framerate", "30", "-i", still,
                "-vf", "crop=64:64:0:'min(300,t*200)',setpts=\(timestamps)", "-frames:v", "15", "-fps_mode",
                "passthrough",
                "-c:v", "ffv1", clip
            ])
        #expect(made.status == 0, "ffmpeg: \(made.stderr)")
        return clip
    }

    // MARK: H3 — a region's arithmetic never overflows.

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ffmpeg)))
    func aHugeRegionIsRefusedInOneLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try scrollingClip(in: dir)
        for region in ["9223372036854775807,0,16,16", "0,9223372036854775807,16,16", "1,1,9223372036854775807,16"] {
            for command in [["track", clip], ["fit", "--video", clip]] {
                let run = try scrollab(command + ["--region", region])
                oneLine(run)
                #expect(run.stderr.contains("does not lie inside the 64x64 frame"), "\(run.stderr)")
            }
        }
    }

    // MARK: M2 — time only increases in what track writes, and fit reads it.

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ffmpeg)))
    func timestampsThatDoNotIncreaseAreNotWritten() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, expression) in [("zero.mkv", "0"), ("back.mkv", "'if(eq(N,6),0,PTS)'")] {
            let clip = try scrollingClip(in: dir, name: name, timestamps: expression)
            let run = try scrollab(["track", clip])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let times = run.stdout.split(separator: "\n").dropFirst().compactMap {
                Double($0.split(separator: ",")[0])
            }
            #expect(times.count >= 10, "\(name): \(run.stdout)")
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(name): \(times)")
            if name == "back.mkv" {
                #expect(run.stderr.contains("1 frame left out: its timestamp does not come after"), "\(run.stderr)")
            } else {
                #expect(run.stderr.contains("times are frame numbers"), "\(run.stderr)")
            }
            let csv = dir.appendingPathComponent(name + ".csv").path
            try run.stdout.write(toFile: csv, atomically: false, encoding: .utf8)
            let fit = try scrollab(["fit", csv])
            #expect(!fit.stderr.contains("increas"), "fit refuses what track wrote: \(fit.stderr)")
        }
    }

    // MARK: M3 — a failing later output leaves every earlier one as it was.

    @Test func aFailingPlotKeepsTheOtherOutput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("t.csv").path
        try "OLD\n".write(toFile: trace, atomically: false, encoding: .utf8)
        let run = try scrollab(["replay", "--gesture", flick, "--trace", trace, "--plot", "/dev/full"])
        oneLine(run)
        #expect(run.stderr == "scrollab: error: /dev/full: cannot be written (No space left on device)\n")
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == "OLD\n")

        let replayed = try scrollab(["replay", "--gesture", flick])
        let recording = dir.appendingPathComponent("r.csv").path
        try replayed.stdout.write(toFile: recording, atomically: false, encoding: .utf8)
        let params = dir.appendingPathComponent("p.json").path
        try "OLD\n".write(toFile: params, atomically: false, encoding: .utf8)
        let fit = try scrollab(["fit", recording, "--params", params, "--plot", "/dev/full"])
        oneLine(fit, "scrollab: error: /dev/full: cannot be written (No space left on device)\n")
        #expect(try String(contentsOfFile: params, encoding: .utf8) == "OLD\n")
        #expect(try files(in: dir) == ["p.json", "r.csv", "t.csv"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ffmpeg)))
    func aFailingTrackPlotKeepsTheOldCSV() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try scrollingClip(in: dir)
        let out = dir.appendingPathComponent("t.csv").path
        try "OLD\n".write(toFile: out, atomically: false, encoding: .utf8)
        let run = try scrollab(["track", clip, "--out", out, "--plot", "/dev/full"])
        oneLine(run, "scrollab: error: /dev/full: cannot be written (No space left on device)\n")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "OLD\n")
    }

    // MARK: M4, M9 — a closed standard error or output is no trap and does not blame the video.

    /// `scrollab ARGUMENTS` run by the shell with `redirection` (`2>&-`, `>&-`).
    func scrollabRedirected(_ arguments: [String], _ redirection: String) throws -> Run {
        let quoted = ([scrollabBinary().path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        return try runProgram("/bin/sh", ["-c", "exec \(quoted) \(redirection)"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ffmpeg)))
    func closedStandardStreams() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = try scrollingClip(in: dir)
        let out = dir.appendingPathComponent("t.csv").path
        let quiet = try scrollabRedirected(["track", clip, "--out", out], "2>&-")
        #expect(quiet.status == 0, "status \(quiet.status)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("t,offset,confidence\n"))
        try FileManager.default.removeItem(atPath: out)
        let closed = try scrollabRedirected(["track", clip, "--out", out], ">&-")
        #expect(closed.status == 0, "\(closed.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("t,offset,confidence\n"))
        let fit = try scrollabRedirected(["fit", "--video", clip], ">&-")
        #expect(!fit.stderr.contains("not a video"), "\(fit.stderr)")
        let nowhere = try scrollabRedirected(["track", clip], ">&-")
        oneLine(nowhere, "scrollab: error: standard output: cannot be written (it is closed)\n")
    }

    // MARK: L1 — a negative number is out of range, not a missing value.

    @Test func negativeNumbersAreOutOfRange() throws {
        let cases: [(arguments: [String], flag: String)] = [
            (["render", "--gesture", flick, "--video", "/tmp/never.mp4", "--fps", "-5"], "--fps"),
            (["render", "--gesture", flick, "--video", "/tmp/never.mp4", "--slow", "-5"], "--slow"),
            (["render", "--gesture", flick, "--video", "/tmp/never.mp4", "--duration", "-5"], "--duration"),
            (["demo", "--idle", "-5"], "--idle"),
            (["demo", "--exit-after", "-5"], "--exit-after"),
            (["demo", "--screenshot-at", "-5"], "--screenshot-at"),
            (["frames", "--scale", "-5"], "--scale"),
            (["fit", "r.csv", "--viewport", "-5"], "--viewport"),
            (["fit", "r.csv", "--max-offset", "-5"], "--max-offset"),
            (["play", "--screenshot-scale", "-5"], "--screenshot-scale")
        ]
        for (arguments, flag) in cases {
            let run = try scrollab(arguments, environment: ["SDL_VIDEODRIVER": "offscreen"], limit: 30)
            oneLine(run)
            #expect(run.stderr.contains(flag) && run.stderr.contains("range"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("Missing value"), "\(arguments): \(run.stderr)")
        }
    }

    // MARK: L3 — a name starting with '-' is told how to pass.

    @Test func aVideoNamedLikeAFlagIsToldHowToPass() throws {
        oneLine(
            try scrollab(["fit", "--video", "-x.mp4"]),
            "scrollab: error: --video: \"-x.mp4\" starts with '-' and is read as a flag; give it as --video=-x.mp4\n")
        oneLine(
            try scrollab(["track", "-x.mp4"]),
            "scrollab: error: \"-x.mp4\" starts with '-' and is read as a flag; give a file named so after --, as in "
                + "scrollab track -- -x.mp4\n")
    }

    // MARK: M8 — a line quotes a short prefix of a huge value, never the value.

    @Test func errorLinesQuoteAShortPrefix() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = dir.appendingPathComponent("p.json").path
        for text in [
            "{\"model\": \"" + String(repeating: "a", count: 1 << 20) + "\"}",
            "{\"" + String(repeating: "k", count: 1 << 20) + "\": 1}",
            "{\"decelerationRate\": 1" + String(repeating: "0", count: 1 << 20) + "}"
        ] {
            try text.write(toFile: params, atomically: false, encoding: .utf8)
            let run = try scrollab(["replay", "--gesture", flick, "--params", params])
            oneLine(run)
            #expect(run.stderr.utf8.count < 1000, "\(run.stderr.utf8.count) bytes")
            #expect(run.stderr.contains(params), "\(run.stderr.prefix(300))")
        }
    }

    // MARK: L5 — a parameter file of thousands of keys is refused before they are copied.

    @Test func aParameterFileOfThousandsOfKeysIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = dir.appendingPathComponent("p.json").path
        let keys = (0..<5000).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        try "{\(keys)}".write(toFile: params, atomically: false, encoding: .utf8)
        oneLine(
            try scrollab(["replay", "--gesture", flick, "--params", params]),
            "scrollab: error: \(params): 5000 keys; a parameter file has at most 1000 (a model has at most a few "
                + "dozen)\n")
    }
}
