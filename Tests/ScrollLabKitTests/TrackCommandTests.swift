import Foundation
import Testing
import ScrollLabKit

/// `scrollab track` and `fit --video` on clips of our own, whose true trajectory is the replay's trace.
@Suite struct TrackCommandTests {
    /// (t, offset) rows of a CSV with those columns.
    static func rows(_ text: String) -> [(t: Double, offset: Double)] {
        let lines = text.split(separator: "\n")
        let header = lines[0].split(separator: ",").map(String.init)
        let t = header.firstIndex(of: "t")!, offset = header.firstIndex(of: "offset")!
        return lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            return (Double(fields[t])!, Double(fields[offset])!)
        }
    }

    /// A carousel swipe (horizontal, 60 fps, @2x): the tracked offset follows the replay's trace
    /// within 0.5 pt at 95 % of the frames and within 2 pt at all.
    @Test func carouselSwipeRoundTrip() throws {
        let dir = try temporaryDirectory().path
        let clip = dir + "/swipe.mp4"
        let scene = ["--scene", "carousel", "--gesture", projectAssets + "/gestures/swipe-left.json"]
        let render = try runProgram(scrollabPath(), ["render", "--video", clip, "--scale", "2"] + scene)
        #expect(render.status == 0, "\(render.stderr)")
        let truth = try runProgram(scrollabPath(), ["replay", "--fps", "60"] + scene)
        let track = try runProgram(scrollabPath(), ["track", clip])
        #expect(track.status == 0, "\(track.stderr)")
        #expect(track.stderr.contains("axis: x"), "\(track.stderr)")
        #expect(track.stderr.contains("scale: 0.5 pt per pixel"), "\(track.stderr)")
        let expected = Self.rows(truth.stdout), found = Self.rows(track.stdout)
        let errors = zip(found, expected).map { abs($0.offset - ($1.offset - expected[0].offset)) }
        #expect(errors.count >= 30)
        #expect(errors.max()! < 2, "largest error \(errors.max()!) pt")
        #expect(Double(errors.filter { $0 <= 0.5 }.count) >= 0.95 * Double(errors.count), "\(errors)")
    }

    /// A list fling made with decelerationRate 0.99: fit --video gives it back within 2 % of
    /// 1 − r, with a residual under a point, and names UIKit among the best models.
    @Test func fitVideoRecoversTheDecelerationRate() throws {
        let dir = try temporaryDirectory().path
        let clip = dir + "/fast.mp4", params = dir + "/fast.json"
        try "{\"decelerationRate\": 0.99}".write(toFile: params, atomically: true, encoding: .utf8)
        let render = try runProgram(scrollabPath(), ["render", "--video", clip, "--scale", "2", "--params", params,
                                                     "--gesture", projectAssets + "/gestures/fling-up.json"])
        #expect(render.status == 0, "\(render.stderr)")
        let fit = try runProgram(scrollabPath(), ["fit", "--video", clip, "--params", dir + "/fitted.json"])
        #expect(fit.status == 0, "\(fit.stderr)")
        let fitted = try String(contentsOfFile: dir + "/fitted.json", encoding: .utf8)
        let rate = try #require(fitted.split(separator: "\n").first { $0.contains("decelerationRate") }
            .flatMap { Double($0.split(separator: ":")[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,"))) })
        #expect(abs((1 - rate) / 0.01 - 1) < 0.02, "decelerationRate \(rate)")
        #expect(fit.stdout.contains("glide"), "\(fit.stdout)")
        let best = fit.stdout.split(separator: "\n").first { $0.hasPrefix("  1. ") }
        #expect(best != nil, "\(fit.stdout)")
        #expect(fit.stdout.contains("uikit"), "\(fit.stdout)")
    }

    @Test func badVideosAreOneLine() throws {
        let dir = try temporaryDirectory().path
        let text = dir + "/notes.mp4"
        try "not a video".write(toFile: text, atomically: true, encoding: .utf8)
        let run = try runProgram(scrollabPath(), ["track", text])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("scrollab: error: \(text): not a video FFmpeg can read"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        let missing = try runProgram(scrollabPath(), ["track", dir + "/none.mp4"])
        #expect(missing.status == 2 && missing.stderr.contains("none.mp4: No such file"), "\(missing.stderr)")
        let fifo = dir + "/pipe.mp4"
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try runProgram(scrollabPath(), ["track", fifo])
        #expect(piped.status == 2 && piped.stderr.contains("not a regular file"), "\(piped.stderr)")
        // The output never replaces the input.
        let same = try runProgram(scrollabPath(), ["track", text, "--out", text])
        #expect(same.status == 2, "\(same.stderr)")
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a video")
    }
}
