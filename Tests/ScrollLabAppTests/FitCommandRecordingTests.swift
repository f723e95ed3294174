import Foundation
import Platform
import Testing

/// `scrollab fit` on tracks of the real recordings (`scrollab track`'s CSV), as a user runs it:
/// its warnings, its UIKit fits and its plot agree with its segment lines and with the track.
@Suite(.serialized) struct FitCommandRecordingTests {
    static let fixtures = projectAssets + "/recordings/fixtures/"

    /// The track of `recording` (with `options`), written to `dir`.
    func track(_ recording: String, _ options: [String] = [], in dir: String) throws -> String {
        let csv = dir + "/" + recording + ".csv"
        let run = try scrollab(["track", Self.fixtures + recording, "--out", csv] + options, limit: 300)
        #expect(run.status == 0, "\(run.stderr)")
        return csv
    }

    /// The signed travel in a segment line's "(+461.1 pt)", and the "over 393 pt of motion" of a
    /// warning line.
    static func number(in line: Substring, after prefix: String, before suffix: String) -> Double? {
        guard let start = line.range(of: prefix), let end = line[start.upperBound...].range(of: suffix) else {
            return nil
        }
        return Double(line[start.upperBound..<end.lowerBound])
    }

    /// The number right after `prefix` in `line`.
    static func value(in line: Substring, after prefix: String) -> Double? {
        guard let start = line.range(of: prefix) else { return nil }
        return Double(line[start.upperBound...].prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" })
    }

    /// A warning under a segment's line measures that segment's travel, the number its line shows
    /// (a glide of the chart fling GIF at 1.5 pt per pixel read "+461.1 pt" over a warning of
    /// "393 pt of motion": the rows fitted from the frame after the release).
    @Test(arguments: [
        ("chart-flings.gif", ["--points-per-pixel", "1.5"]), ("collapsing-header-back.mp4", [String]())
    ])
    func warningsMeasureTheSegmentTheyFollow(recording: String, options: [String]) throws {
        let dir = try temporaryDirectory().path
        let csv = try track(recording, options, in: dir)
        let run = try scrollab(["fit", csv])
        #expect(run.status == 0, "\(run.stderr)")
        var travel: Double?
        var warnings = 0
        for line in run.stdout.split(separator: "\n") {
            if ["glide ", "settle ", "return "].contains(where: { line.hasPrefix($0) }) {
                travel = Self.number(in: line, after: " s (", before: " pt)")
            } else if !line.hasPrefix("  ") {
                travel = nil
            } else if line.contains("warning: one "), let travel {
                let over = try #require(Self.number(in: line, after: "over ", before: " pt of motion"), "\(line)")
                #expect(over == abs(travel).rounded(), "\(line) under a segment of \(travel) pt")
                warnings += 1
            }
        }
        #expect(warnings >= 1, "\(run.stdout)")
    }

    /// The glide the models are ranked on has one UIKit fit: the ranking's uikit row gives the
    /// values of the glide's own line. The same track fits the same, run after run.
    @Test func oneGlideHasOneUIKitFitAndTheSameEachRun() throws {
        let dir = try temporaryDirectory().path
        let csv = try track("collapsing-header-back.mp4", in: dir)
        let run = try scrollab(["fit", csv])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        let models = try #require(lines.first { $0.hasPrefix("models on the ") }, "\(run.stdout)")
        // Named to its end at the edge it stops at; its own line, from its start.
        let start = models.dropFirst("models on the ".count).split(separator: "–")[0]
        let own = try #require(lines.first { $0.hasPrefix(start + "–") }, "\(run.stdout)")
        let rate = try #require(Self.value(in: own, after: "decelerationRate "), "\(own)")
        let power = try #require(Self.value(in: own, after: "decelerationPower "), "\(own)")
        let uikit = try #require(lines.first { $0.contains(". uikit: ") }, "\(run.stdout)")
        #expect(Self.value(in: uikit, after: "decelerationRate ") == rate, "\(uikit) against \(own)")
        #expect(Self.value(in: uikit, after: "decelerationPower ") == power, "\(uikit) against \(own)")
        for _ in 0..<2 {
            let again = try scrollab(["fit", csv])
            #expect(again.stdout == run.stdout)
        }
        // Framer's power and v0 trace a glide only by their product: the power is its default,
        // said so, not whichever the search met first (0.73 from the CSV, 1.55 from the video).
        let framer = try #require(lines.firstIndex { $0.contains(". framer: ") }, "\(run.stdout)")
        #expect(lines[framer].contains("power 0.8,"), "\(lines[framer])")
        #expect(lines[framer + 1].contains("power left at the default"), "\(lines[framer + 1])")
        let video = try scrollab(["fit", "--video", Self.fixtures + "collapsing-header-back.mp4"], limit: 300)
        let framerFromVideo = try #require(video.stdout.split(separator: "\n").first { $0.contains(". framer: ") })
        #expect(framerFromVideo.contains("power 0.8,"), "\(framerFromVideo)")
    }

    /// Red (the plot's low-confidence mark) pixels of a PNG.
    static func redPixels(_ path: String) throws -> Int {
        let image = try Image.loadPNG(path)
        return stride(from: 0, to: image.pixels.count, by: 4).filter {
            image.pixels[$0] == 0xFF && image.pixels[$0 + 1] == 0x3B && image.pixels[$0 + 2] == 0x30
        }.count
    }

    /// fit's plot of a track marks the frames its confidence column names unsure (three at 0.5 in
    /// the collapsing header's track), as track's does; a t,offset CSV has no confidence and no
    /// legend entry for it.
    @Test func thePlotMarksTheTracksUnsureFrames() throws {
        let dir = try temporaryDirectory().path
        let csv = try track("collapsing-header-back.mp4", in: dir)
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        let rows = text.split(separator: "\n").map { $0.split(separator: ",") }
        #expect(rows[0].last == "confidence")
        let unsure = rows.dropFirst().filter { Double($0[2])! < 0.8 }.count
        #expect(unsure == 3, "\(text.prefix(200))")
        // The same track, every frame sure; and as a plain t,offset CSV.
        let sure = dir + "/sure.csv", plain = dir + "/plain.csv"
        let sureRows = rows.enumerated().map { index, fields in
            index == 0 ? fields.joined(separator: ",") : "\(fields[0]),\(fields[1]),1"
        }
        try sureRows.joined(separator: "\n").write(toFile: sure, atomically: true, encoding: .utf8)
        try text.split(separator: "\n").map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
            .joined(separator: "\n").write(toFile: plain, atomically: true, encoding: .utf8)
        var red: [Int] = []
        for input in [csv, sure, plain] {
            let png = input + ".png"
            let run = try scrollab(["fit", input, "--plot", png])
            #expect(run.status == 0, "\(run.stderr)")
            red.append(try Self.redPixels(png))
            if input == plain { #expect(run.stdout.contains("a whole recording"), "\(run.stdout)") }
        }
        // Three dots of radius 4 more than the legend's one; none at all without the column.
        #expect(red[0] >= red[1] + 3 * 30, "\(red)")
        #expect(red[1] > 0 && red[2] == 0, "\(red)")
    }
}
