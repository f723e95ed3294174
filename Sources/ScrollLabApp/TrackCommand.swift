import ArgumentParser
import Foundation
import Platform
import Media
import SafeOutput
import Scenes
import Formats
import Fitting
import Tracking

extension TrackAxis: ExpressibleByArgument {}

/// `--region x,y,w,h` in pixels.
struct PixelRegion {
    var x: Int, y: Int, width: Int, height: Int

    /// Any four integers: whether they lie inside the frame is checked against its size.
    static func parse(_ argument: String) throws -> PixelRegion {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3] else {
            throw ValidationError("give four whole numbers x,y,w,h in pixels, such as 0,100,390,600")
        }
        return PixelRegion(x: x, y: y, width: w, height: h)
    }
}

/// The options `track` and `fit --video` share: where the recording scrolls and how big a pixel is.
struct TrackOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Points per pixel of the recording, 0.01 to 100 (a @3x screen recording is 0.3333); default: from the "
                + "frame's width when it is a phone's at @1x–@3x, else 1.")
    )
    var pointsPerPixel: Double?

    @Option(
        help: ArgumentHelp(
            "The device the recording was made on; its width in points over the frame's in pixels is the scale.",
            valueName: Device.all.map(\.key).joined(separator: "|")))
    var device: String?

    @Option(help: "The axis that scrolls: x, y or auto (default auto: the one that moves).")
    var axis: String?

    @Option(
        parsing: .unconditional,
        help:
            "x,y,w,h in pixels: the part of the frame to track (default: the part that scrolls, static bars left out).",
        transform: PixelRegion.parse)
    var region: PixelRegion?

    /// The flags given, for a command that takes them only with a video.
    var given: [String] {
        [
            ("--points-per-pixel", pointsPerPixel != nil), ("--device", device != nil), ("--axis", axis != nil),
            ("--region", region != nil)
        ]
        .filter(\.1).map(\.0)
    }

    func request(path: String) throws(InputError) -> VideoTracking.Request {
        guard path != "-" else {
            throw InputError(
                "-: a recording is read from a file (FFmpeg seeks in it), not standard input; give its path")
        }
        var scale = VideoTracking.Scale.automatic
        if let pointsPerPixel {
            guard device == nil else {
                throw InputError("--points-per-pixel and --device both give the scale; give one")
            }
            guard pointsPerPixel.isFinite, (0.01...100).contains(pointsPerPixel) else {
                throw InputError("--points-per-pixel: \(pointsPerPixel) is out of range [0.01, 100]")
            }
            scale = .pointsPerPixel(pointsPerPixel)
        } else if let device {
            guard let found = Device.named(device) else {
                throw InputError(
                    "--device: \"\(device)\" is not one of: \(Device.all.map(\.key).joined(separator: ", "))")
            }
            scale = .device(found)
        }
        let chosenAxis: TrackAxis?
        switch (axis ?? "auto").lowercased() {
        case "auto": chosenAxis = nil
        case "x": chosenAxis = .x
        case "y": chosenAxis = .y
        default: throw InputError("--axis: \"\(axis ?? "")\" is not one of: x, y, auto")
        }
        return VideoTracking.Request(
            path: path, region: region.map { ($0.x, $0.y, $0.width, $0.height) }, axis: chosenAxis, scale: scale)
    }
}

struct TrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract:
            "Recover a scroll's content offset, frame by frame, from a screen recording (any video FFmpeg reads).",
        discussion: """
            Writes CSV t,offset,confidence (s from the first frame by its timestamp; pt from the first \
            frame's position, positive toward the end of the content; 0 to 1), the trajectory `fit` reads. \
            Static bars are left out, the axis is the one that moves, each frame is matched to a key frame \
            by profile correlation to a fraction of a pixel, and the segments found (drag, glide or page \
            settle, return, rest) are listed. A camera filming a screen (torn frames) is refused.
            """
    )

    @Argument(help: "The screen recording (MP4, MOV, GIF, WebM …).")
    var video: String

    @Option(help: "CSV file to write (default: standard output).")
    var out: String?

    @Option(help: "Draw the trajectory, with its segments and low-confidence frames marked, to this PNG.")
    var plot: String?

    @OptionGroup var tracking: TrackOptions

    func run() throws {
        let outputs = [("--out", out), ("--plot", plot)].compactMap { flag, path in path.map { (flag: flag, path: $0) }
        }
        do {
            try OutputFile.checkDistinct(outputs: outputs, inputs: [video])
            for output in outputs where output.path != "-" { _ = try OutputFile.plan(output.path, inputs: [video]) }
        } catch {
            throw InputError(error)
        }
        var track = try Self.track(tracking, video: video)
        track.segments = VideoFit.named(track)
        var lines = track.notes
        lines.append("segments: " + Self.describe(track))
        // Every output written before any is committed: one that fails leaves the others as they were.
        let written = OutputGroup()
        do {
            if let out, out != "-" {
                try written.add(track.csv, to: out, inputs: [video])
                lines.append("wrote \(out)")
            }
            if let plot {
                let name = video.split(separator: "/").last.map(String.init) ?? video
                let image = try TrackPlot.image(
                    track, title: "scrollab track \(name): \(track.frames.count) frames along \(track.axis.rawValue)",
                    fonts: try FontLibrary())
                try written.add(bytes: try image.pngData(), to: plot, inputs: [video])
                lines.append("wrote \(plot)")
            }
            try written.commit()
        } catch let error as SDLError {
            throw InputError("\(error)")
        }
        lines = VideoDecoder.damageLast(lines)
        // The CSV on standard output when no --out takes it; what was found always on standard error.
        if out == nil || out == "-" { try Console.print(track.csv, terminator: "") }
        Console.note(lines.joined(separator: "\n"))
    }

    static func track(_ options: TrackOptions, video: String) throws(InputError) -> Track {
        let request = try options.request(path: video)
        do { return try VideoTracking.track(request) } catch { throw InputError(error.message) }
    }

    /// "glide 0.083–2.617 s (+1,204.0 pt)".
    static func describe(_ segment: TrackSegment, in track: Track) -> String {
        let a = track.frames[segment.first], b = track.frames[segment.last]
        let moved = segment.kind == .rest ? "" : String(format: " (%+.1f pt)", b.offset - a.offset)
        return String(format: "%@ %.3f–%.3f s", segment.kind.rawValue, a.t, b.t) + moved
            + (segment.atEdge ? " to an edge" : "")
    }

    /// "drag 0.000–0.083 s, glide 0.083–2.617 s (1,204 pt), rest 2.617–3.350 s".
    static func describe(_ track: Track) -> String {
        track.segments.map { describe($0, in: track) }.joined(separator: ", ")
    }
}
