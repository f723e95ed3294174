import Foundation
import Testing

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
        // With --out the CSV goes to the file, and what was found still to standard error only.
        let toFile = try runProgram(scrollabPath(), ["track", clip, "--out", dir + "/swipe.csv"])
        #expect(toFile.stdout.isEmpty && toFile.stderr.contains("axis: x"), "\(toFile.stdout)")
        #expect(try String(contentsOfFile: dir + "/swipe.csv", encoding: .utf8) == track.stdout)
    }

    /// A list fling made with decelerationRate 0.99: fit --video gives it back within 2 % of
    /// 1 − r, with a residual under a point, and names UIKit among the best models.
    @Test func fitVideoRecoversTheDecelerationRate() throws {
        let dir = try temporaryDirectory().path
        let clip = dir + "/fast.mp4", params = dir + "/fast.json"
        try "{\"decelerationRate\": 0.99}".write(toFile: params, atomically: true, encoding: .utf8)
        let render = try runProgram(
            scrollabPath(),
            [
                "render", "--video", clip, "--scale", "2", "--params", params,
                "--gesture", projectAssets + "/gestures/fling-up.json"
            ])
        #expect(render.status == 0, "\(render.stderr)")
        let fit = try runProgram(scrollabPath(), ["fit", "--video", clip, "--params", dir + "/fitted.json"])
        #expect(fit.status == 0, "\(fit.stderr)")
        func fittedRate(in file: String) throws -> Double {
            let fitted = try String(contentsOfFile: file, encoding: .utf8)
            return try #require(
                fitted.split(separator: "\n").first { $0.contains("decelerationRate") }
                    .flatMap {
                        Double($0.split(separator: ":")[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,")))
                    })
        }
        let rate = try fittedRate(in: dir + "/fitted.json")
        #expect(abs((1 - rate) / 0.01 - 1) < 0.02, "decelerationRate \(rate)")
        #expect(fit.stdout.contains("glide"), "\(fit.stdout)")
        let best = fit.stdout.split(separator: "\n").first { $0.hasPrefix("  1. ") }
        #expect(best != nil, "\(fit.stdout)")
        #expect(fit.stdout.contains("uikit"), "\(fit.stdout)")
        // The track's CSV given to fit is the same recording: fitted segment by segment, not as
        // one glide over the drag and the rest (which gave power 0 and a 50 pt residual).
        let tracked = try runProgram(scrollabPath(), ["track", clip, "--out", dir + "/track.csv"])
        #expect(tracked.status == 0, "\(tracked.stderr)")
        let fromCSV = try runProgram(scrollabPath(), ["fit", dir + "/track.csv", "--params", dir + "/fromcsv.json"])
        #expect(fromCSV.status == 0, "\(fromCSV.stderr)")
        #expect(fromCSV.stdout.contains("each segment is fitted"), "\(fromCSV.stdout)")
        #expect(abs(try fittedRate(in: dir + "/fromcsv.json") - rate) < 1e-5)
    }

    /// A pager flick lands with pageMotion decelerate's constant deceleration into the next
    /// page: fit --video names it a settle and writes pageMotion decelerate, not a glide whose
    /// decelerationRate a pager never runs.
    @Test func aPagerLandingIsASettle() throws {
        let dir = try temporaryDirectory().path
        let clip = dir + "/pager.mp4"
        let render = try runProgram(
            scrollabPath(),
            [
                "render", "--video", clip, "--scene", "pager", "--gesture",
                projectAssets + "/gestures/flick-next-page.json"
            ])
        #expect(render.status == 0, "\(render.stderr)")
        let fit = try runProgram(scrollabPath(), ["fit", "--video", clip, "--params", dir + "/fitted.json"])
        #expect(fit.status == 0, "\(fit.stderr)")
        #expect(fit.stdout.contains("constant deceleration into the page"), "\(fit.stdout)")
        // Times from the frames' pts and the stream's time base, exact to the CSV's 6 decimals
        // (FFmpeg prints pts_time to 6 significant digits: 1.01667 for 1.016667).
        let times = Self.rows(try runProgram(scrollabPath(), ["track", clip]).stdout).map(\.t)
        #expect(times.count > 70 && times.indices.allSatisfy { abs(times[$0] - Double($0) / 60) < 6e-7 }, "\(times)")
        let fitted = try String(contentsOfFile: dir + "/fitted.json", encoding: .utf8)
        #expect(fitted.contains("\"pageMotion\": \"decelerate\"") && !fitted.contains("decelerationRate"), "\(fitted)")
    }

    /// A recording we did not draw: Chromium drawing `browser-list.html`, captured from the X
    /// server by FFmpeg at 60 fps (`Assets/recordings/record-browser.sh`; repeated and late
    /// frames included). The page moves itself by a formula, so the truth is known up to when
    /// the recording started: the tracked offsets follow it (after the best time shift) with a
    /// median error under 1.5 pt (the capture's clock is not the browser's), and rest where the
    /// browser left the page; the segments are rest, drag, glide, rest; the glide fits UIKit's
    /// with r within 0.05 % of the page's 0.997 and a residual under 5 pt rms on 725 pt.
    @Test func browserRecording() throws {
        let clip = projectAssets + "/recordings/browser-glide.mp4"
        let track = try runProgram(scrollabPath(), ["track", clip])
        #expect(track.status == 0, "\(track.stderr)")
        let segments = track.stderr.split(separator: "\n").first { $0.hasPrefix("segments:") }.map(String.init) ?? ""
        #expect(segments.components(separatedBy: ", ").count == 4, "\(segments)")
        #expect(
            segments.hasPrefix("segments: rest") && segments.contains("drag") && segments.contains("glide"),
            "\(segments)")
        #expect(track.stderr.contains("rows 88–567"), "\(track.stderr)")
        let found = Self.rows(track.stdout)
        #expect(found.count > 150)
        // The page: rest until 0.3 s, 2000 px/s for 0.2 s, then v(t) = 2000·0.997^(1000 t).
        func page(_ t: Double) -> Double {
            if t < 0.3 { return 0 }
            if t < 0.5 { return 2000 * (t - 0.3) }
            return 400 + 2000 * (pow(0.997, 1000 * (t - 0.5)) - 1) / (1000 * log(0.997))
        }
        var best = (error: Double.infinity, shift: 0.0)
        for step in -1000...1000 {
            let shift = Double(step) * 0.0005
            let error = found.reduce(0) { $0 + pow($1.offset - page($1.t - shift), 2) }
            if error < best.error { best = (error, shift) }
        }
        let errors = found.map { abs($0.offset - page($0.t - best.shift)) }.sorted()
        #expect(errors[errors.count / 2] < 1.5, "median error \(errors[errors.count / 2]) pt")
        #expect(abs(found.last!.offset - page(found.last!.t - best.shift)) < 1, "rests at \(found.last!.offset)")
        let fit = try runProgram(scrollabPath(), ["fit", "--video", clip])
        #expect(fit.status == 0, "\(fit.stderr)")
        let uikit = try #require(
            fit.stdout.split(separator: "\n").first { $0.contains(". uikit:") }.map(String.init), "\(fit.stdout)")
        func value(after label: String) -> Double? {
            uikit.components(separatedBy: label + " ").dropFirst().first?.split(separator: " ").first
                .flatMap { Double($0.trimmingCharacters(in: CharacterSet(charactersIn: ",;"))) }
        }
        let rate = try #require(value(after: "decelerationRate")), rms = try #require(value(after: "rms"))
        #expect(abs(rate - 0.997) < 0.0005, "\(uikit)")
        #expect(rms < 5, "\(uikit)")
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
        // Flags: each a line that says what to give.
        for (arguments, says) in [
            (["--region", "a,b"], "give four whole numbers x,y,w,h in pixels"),
            (["--points-per-pixel", "-1"], "--points-per-pixel: -1.0 is out of range [0.01, 100]")
        ] {
            let flagged = try runProgram(scrollabPath(), ["track", text] + arguments)
            #expect(flagged.status == 2 && flagged.stderr.contains(says), "\(arguments): \(flagged.stderr)")
            #expect(flagged.stderr.split(separator: "\n").count == 1, "\(flagged.stderr)")
        }
        let stdin = try runProgram(scrollabPath(), ["track", "-"])
        #expect(stdin.status == 2 && stdin.stderr.contains("not standard input; give its path"), "\(stdin.stderr)")
        // A test pattern moves but does not scroll: most frames match no shifted copy of the one
        // before (it was tracked, exit 0, and its invented motion written).
        let pattern = dir + "/pattern.mp4"
        let made = try runProgram(
            "/usr/bin/env",
            [
                "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=s=320x240:d=2",
                pattern
            ])
        #expect(made.status == 0, "ffmpeg: \(made.stderr)")
        let changing = try runProgram(scrollabPath(), ["track", pattern])
        #expect(changing.status == 2 && changing.stderr.contains("rather than moves"), "\(changing.stderr)")
        // A folder (of images, say) is not a video, and says how to make one.
        let folder = try runProgram(scrollabPath(), ["track", dir])
        #expect(folder.status == 2 && folder.stderr.contains("a folder, not a video"), "\(folder.stderr)")
    }

    /// A region where nothing scrolls (the bar over a list, which changes as the list moves under
    /// it) gets the same answer whatever the axis: no scrolling, exit 2, not a wrong axis or a
    /// trajectory of noise. A clip that shows only a drag fits nothing, and says so with exit 2.
    @Test func aRegionThatDoesNotScrollAndAClipWithNothingToFit() throws {
        let dir = try temporaryDirectory().path
        let clip = dir + "/fling.mp4"
        let render = try runProgram(
            scrollabPath(),
            [
                "render", "--video", clip, "--scene", "list", "--duration", "0.5", "--gesture",
                projectAssets + "/gestures/fling-up.json"
            ])
        #expect(render.status == 0, "\(render.stderr)")
        for axis in ["auto", "x", "y"] {
            let run = try runProgram(scrollabPath(), ["track", clip, "--region", "0,0,390,80", "--axis", axis])
            #expect(run.status == 2, "--axis \(axis): \(run.stderr)")
            #expect(run.stderr.hasPrefix("scrollab: error: \(clip): no scrolling"), "--axis \(axis): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
        let drag = dir + "/drag.mp4"
        let cut = try runProgram(
            scrollabPath(),
            [
                "render", "--video", drag, "--scene", "list", "--duration", "0.07", "--gesture",
                projectAssets + "/gestures/fling-up.json"
            ])
        #expect(cut.status == 0, "\(cut.stderr)")
        let fit = try runProgram(scrollabPath(), ["fit", "--video", drag])
        #expect(fit.status == 2, "\(fit.stdout)\(fit.stderr)")
        #expect(
            fit.stderr.contains("nothing was fitted: a glide, a page settle or a return is needed"), "\(fit.stderr)")
    }
}
