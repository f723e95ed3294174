import Foundation
import Testing
import Platform
import Media
import Scenes
import Formats
import ScrollPhysics

/// ffprobe's answer for the first video stream: key=value lines.
func probe(_ file: String, countFrames: Bool = false) throws -> [String: String] {
    let run = try runProgram(
        "/usr/bin/env",
        ["ffprobe", "-v", "error", "-select_streams", "v:0"] + (countFrames ? ["-count_frames"] : [])
            + [
                "-show_entries",
                "stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_frames,nb_read_frames:format=duration,size",
                "-of", "default=noprint_wrappers=1", file
            ])
    #expect(run.status == 0, "ffprobe: \(run.stderr)")
    var fields: [String: String] = [:]
    for line in run.stdout.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
        if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    return fields
}

/// Frame `index` of a video decoded by ffmpeg to an RGBA PNG, then loaded.
func decodeFrame(_ video: String, index: Int, to png: String) throws -> Image {
    let run = try runProgram(
        "/usr/bin/env",
        [
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", video,
            "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-pix_fmt", "rgba", png
        ])
    #expect(run.status == 0, "ffmpeg: \(run.stderr)")
    return try Image.loadPNG(png)
}

/// A PNG through yuv420p and back (BT.709, limited range) without any codec: the colour
/// resolution every H.264 player gets, so what is left is the encoder's own loss.
func throughYUV420(_ png: String, to output: String) throws -> Image {
    let run = try runProgram(
        "/usr/bin/env",
        [
            "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", png, "-vf",
            "scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd,format=yuv420p,"
                + "scale=in_color_matrix=bt709:in_range=tv",
            "-pix_fmt", "rgba", output
        ])
    #expect(run.status == 0, "ffmpeg: \(run.stderr)")
    return try Image.loadPNG(output)
}

@Suite(.serialized) struct VideoCommandTests {
    let fling = projectAssets + "/gestures/fling-up.json"
    let fast = projectAssets + "/presets/uikit-fast.json"

    func expectedFrames(fps: Double, slow: Double = 1, sides: [ScrollParameters] = [ScrollParameters()]) throws -> Int {
        let events = try GestureFile.load(fling)
        return ClipScript(
            setup: .cards(count: 200), viewport: .phone, events: events,
            sides: sides.map { ClipSide(label: "", feel: Feel($0)) }, fps: fps, slow: slow
        ).frameCount()
    }

    /// The MP4 holds the frames, rate, size and duration asked for, and frame k decoded from it
    /// is `render --at k/60` (through yuv420p's colour resolution) within the golden frames'
    /// tolerance, while the frame 3/60 s later is not.
    @Test func anMP4HoldsTheClipAskedForFrameByFrame() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("fling.mp4").path
        let run = try scrollab(["render", "--scene", "list", "--gesture", fling, "--video", out])
        #expect(run.status == 0, "\(run.stderr)")
        let frames = try expectedFrames(fps: 60)
        #expect(frames > 200 && frames < 300)
        let info = try probe(out)
        #expect(info["codec_name"] == "h264" && info["pix_fmt"] == "yuv420p")
        #expect(info["width"] == "390" && info["height"] == "844" && info["r_frame_rate"] == "60/1")
        #expect(info["nb_frames"] == String(frames))
        #expect(abs((Double(info["duration"] ?? "") ?? 0) - Double(frames) / 60) < 0.02)
        #expect(run.stdout.contains("\(frames) frames"))
        // Nothing but the clip is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["fling.mp4"])

        let decoded = try decodeFrame(out, index: 60, to: dir.appendingPathComponent("frame60.png").path)
        for (time, matches) in [(1.0, true), (1.05, false)] {
            let png = dir.appendingPathComponent("at-\(time).png").path
            let run = try scrollab(["render", "--scene", "list", "--gesture", fling, "--at", String(time), "--out", png]
            )
            #expect(run.status == 0, "\(run.stderr)")
            let reference = try throughYUV420(png, to: dir.appendingPathComponent("at-\(time)-420.png").path)
            let diff = ImageDiff(reference, decoded, threshold: GoldenFrame.threshold)
            #expect(
                (diff.differingFraction <= GoldenFrame.allowedFraction) == matches,
                "t = \(time): \(diff.differingPixels) pixels differ, largest \(diff.largestDifference)")
        }
    }

    /// A 3.4 s A/B clip at 1× (UIKit's glide ends at 10 pt/s): both phones in every frame, under
    /// 2 MB as MP4 and 8 MB as GIF.
    @Test(arguments: ["mp4", "gif"])
    func anABClipHoldsBothPhonesAndKeepsSmall(ext: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("ab.\(ext)").path
        let run = try scrollab(["render", "--scene", "list", "--gesture", fling, "--params-b", fast, "--video", out])
        #expect(run.status == 0, "\(run.stderr)")
        let fps = ext == "mp4" ? 60.0 : 50.0
        var fastParameters = ScrollParameters()
        fastParameters.decelerationRate = 0.99
        let frames = try expectedFrames(fps: fps, sides: [ScrollParameters(), fastParameters])
        #expect(Double(frames) / fps > 3 && Double(frames) / fps < 3.7)
        let info = try probe(out, countFrames: true)
        #expect(info["width"] == "828" && info["height"] == "896")
        #expect(info["nb_read_frames"] == String(frames))
        #expect(abs((Double(info["duration"] ?? "") ?? 0) - Double(frames) / fps) < 0.03)
        let bytes = Int(info["size"] ?? "") ?? .max
        #expect(bytes < (ext == "mp4" ? 2_000_000 : 8_000_000))
        // At t = 1 s each phone shows its own side, rendered alone.
        let decoded = try decodeFrame(out, index: Int(fps), to: dir.appendingPathComponent("f.png").path)
        let layout = ClipLayout(viewport: .phone, sides: 2, caption: false)
        var alone: [Image] = []
        for (index, params) in [nil, fast].enumerated() {
            let png = dir.appendingPathComponent("side\(index).png").path
            #expect(
                try scrollab(
                    ["render", "--scene", "list", "--gesture", fling, "--at", "1", "--out", png]
                        + (params.map { ["--params", $0] } ?? [])
                ).status == 0)
            alone.append(try Image.loadPNG(png))
        }
        /// Mean channel difference between phone `index` of the decoded frame and `image`.
        func meanDifference(phone index: Int, _ image: Image) -> Double {
            let phone = layout.phones[index]
            var sum = 0, count = 0
            for y in stride(from: 60, to: 780, by: 2) {
                for x in stride(from: 10, to: 380, by: 2) {
                    let a = decoded.pixel(x: Int(phone.x) + x, y: Int(phone.y) + y), b = image.pixel(x: x, y: y)
                    sum += abs(Int(a.0) - Int(b.0)) + abs(Int(a.1) - Int(b.1)) + abs(Int(a.2) - Int(b.2))
                    count += 3
                }
            }
            return Double(sum) / Double(count)
        }
        for index in 0...1 {
            let own = meanDifference(phone: index, alone[index]), other = meanDifference(phone: index, alone[1 - index])
            #expect(own < 3, "phone \(index) of the \(ext): mean difference \(own) from its own side rendered alone")
            #expect(other > 4 * max(own, 1), "phone \(index) of the \(ext): \(other) from the other side's")
        }
    }

    @Test func slowMotionStretchesTheClip() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("slow.gif").path
        let run = try scrollab([
            "render", "--scene", "pager", "--gesture", projectAssets + "/gestures/flick-next-page.json", "--slow",
            "0.25",
            "--fps", "25", "--scale", "0.25", "--caption", "Four times slower", "--video", out
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let events = try GestureFile.load(projectAssets + "/gestures/flick-next-page.json")
        let script = ClipScript(
            setup: .pager(pages: 5), viewport: .phone, events: events,
            sides: [ClipSide(label: "", feel: Feel(ScrollParameters()))], fps: 25, slow: 0.25, caption: "x")
        let rest = script.restTime()
        #expect(rest > 0.3 && rest < 1.5)
        let info = try probe(out, countFrames: true)
        #expect(info["nb_read_frames"] == String(script.frameCount()))
        #expect(abs((Double(info["duration"] ?? "") ?? 0) - (rest / 0.25 + 0.5)) < 0.05)
        // 390 × (844 + 44) points at a quarter: 98 × 222 pixels (even).
        #expect(info["width"] == "98" && info["height"] == "222")
    }

    @Test func withoutFFmpegOnPathItSaysHowToInstallIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("clip.mp4")
        try "keep me".write(to: out, atomically: true, encoding: .utf8)
        let run = try runProgram(
            scrollabPath(), ["render", "--gesture", fling, "--video", out.path], environment: ["PATH": dir.path])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "scrollab: error: ffmpeg is not on PATH; install it with: sudo apt-get install "
                + "--no-install-recommends ffmpeg (or run make deps)\n"
        )
        #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
    }

    /// An ffmpeg that writes half a file and fails: the target keeps its old content, no temporary file stays.
    @Test func aFailedEncodeLeavesNoHalfWrittenFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\nfor last; do :; done\nhead -c 100000 > \"$last\"\necho 'Conversion failed!' >&2\nexit 1\n"
            .write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let out = dir.appendingPathComponent("clip.mp4")
        try "keep me".write(to: out, atomically: true, encoding: .utf8)
        let run = try runProgram(
            scrollabPath(), ["render", "--gesture", fling, "--video", out.path],
            environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix("scrollab: error: \(out.path): ffmpeg ") && run.stderr.contains("Conversion failed!"),
            "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bin", "clip.mp4"])
    }

    @Test(
        arguments: [
            (["--video", "OUT/clip.txt"], "--video: \"OUT/clip.txt\" must end in .mp4 or .gif"),
            (
                ["--video", "OUT/clip.gif", "--fps", "60"],
                "--fps: 60 cannot be held by a GIF (frame delays are whole hundredths of a second, 0.02 s or more); "
                    + "use 50, 25, 20 or 10"
            ),
            (["--video", "OUT/clip.mp4", "--slow", "0"], "--slow: 0 is out of range [0.05, 1]"),
            (["--video", "OUT/clip.mp4", "--out", "OUT/x.png"], "--video cannot be used with --out or --filmstrip"),
            (["--out", "OUT/x.png", "--params-b", "PARAMS_B"], "--params-b applies to --video only"),
            (["--video", "OUT", "--fps", "25"], "--video: \"OUT\" must end in .mp4 or .gif"),
            (["--video", "OUT/dir.mp4"], "OUT/dir.mp4: is a directory, expected a file"),
            (
                ["--device", "iphone-16", "--video", "OUT/clip.mp4"],
                "--device: unknown device \"iphone-16\"; allowed: iphone-se, iphone-15, iphone-15-pro-max, "
                    + "iphone-17-pro, ipad-mini, ipad-pro-11"
            ),
            (
                ["--device", "ipad-mini", "--viewport", "300x300", "--out", "OUT/x.png"],
                "--device and --viewport cannot be used together"
            )
        ] as [([String], String)])
    func badVideoInputGetsOneLine(arguments: [String], expected: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("dir.mp4"), withIntermediateDirectories: true)
        let resolved = arguments.map {
            $0.replacingOccurrences(of: "OUT", with: dir.path).replacingOccurrences(of: "PARAMS_B", with: fast)
        }
        let run = try scrollab(["render", "--gesture", fling] + resolved)
        #expect(run.status == 2)
        #expect(run.stderr == "scrollab: error: " + expected.replacingOccurrences(of: "OUT", with: dir.path) + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["dir.mp4"])
    }

    /// The clip never overwrites a file it was made from.
    @Test func anInputIsNeverTheOutput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params = dir.appendingPathComponent("feel.mp4").path
        try "{}".write(toFile: params, atomically: true, encoding: .utf8)
        let run = try scrollab(["render", "--gesture", fling, "--params", params, "--video", params])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "scrollab: error: \(params): is also an input (\(params)); not overwritten, choose another output\n")
        #expect(try String(contentsOfFile: params, encoding: .utf8) == "{}")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["feel.mp4"])
    }

    /// `--device` lays the clip out at the device's size.
    @Test func aDeviceSetsTheClipSize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("se.mp4").path
        let run = try scrollab([
            "render", "--scene", "carousel", "--device", "iphone-se", "--gesture",
            projectAssets + "/gestures/swipe-left.json", "--video", out
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let info = try probe(out)
        #expect(info["width"] == "376" && info["height"] == "668")
    }
}
