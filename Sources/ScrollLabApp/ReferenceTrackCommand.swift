import ArgumentParser
import Fitting
import Foundation
import Formats
import Media
import Tracking

/// `scrollab reference-track FILE` (not listed): the window's *Reference → Load* of a video,
/// run by `TrackJob` in a process of its own, so that whatever the tracker or the fit does to
/// its process (a trap, memory running out) ends this one and never the window. Standard output
/// carries the reference, for `TrackJob.parse`:
///
///     kind<TAB>glide|page|return
///     summary<TAB>what was tracked and which segment is the reference
///     t,offset
///     0.000000,0.0000
///     …
///
/// A problem is one line on standard error, exit 2.
struct ReferenceTrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reference-track",
        abstract: "Track a video for the window's reference (run by the window itself).",
        shouldDisplay: false)

    @Argument(help: "The video.")
    var file: String

    /// The name the window knows the video by (its messages name it).
    @Option(help: "The path the window asked for.")
    var path: String?

    func run() throws {
        let name = path ?? file
        var track: Track
        do {
            track = try VideoTracking.track(VideoTracking.Request(path: file))
        } catch {
            throw InputError(error.message)
        }
        track.segments = VideoFit.named(track)
        // The reference is the free motion after the lift (as a CSV without a finger column
        // is): the longest glide or settle, else the longest return, with the frames `fit --video`
        // fits (a glide up to an edge it bounces off, a return with its hold).
        guard let (index, frames, kind, edgeNote) = VideoFit.referenceSegment(track) else {
            throw InputError("\(name): no glide, page settle or return was found (\(TrackCommand.describe(track)))")
        }
        let chosen = track.segments[index]
        // What `track` and `fit --video` warn of, said here too: frames left out and why, frames
        // matched with little confidence, a glide too short before its edge.
        var warnings = track.notes.filter { $0.contains("frames left out") || $0.contains("confidence under") }
        if let edgeNote, edgeNote.contains("several % off") { warnings.append(edgeNote) }
        let summary =
            "\(track.frames.count) frames along \(track.axis.rawValue) (\(TrackCommand.describe(track))); the "
            + "reference is the \(TrackCommand.describe(chosen, in: track))"
            + (edgeNote == nil ? "" : String(format: ", up to the edge at %.3f s", track.frames[frames.upperBound].t))
            + (warnings.isEmpty ? "" : "; warnings: " + warnings.joined(separator: "; "))
        var text = "kind\t\(kind.rawValue)\nsummary\t\(summary.replacingOccurrences(of: "\n", with: " "))\n"
        // The warnings once more, one per field, for the window to say with a fit's values.
        let fields = warnings.map {
            $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        if !fields.isEmpty { text += "warnings\t" + fields.joined(separator: "\t") + "\n" }
        text += "t,offset\n"
        for frame in track.frames[frames] { text += "\(frame.t),\(frame.offset)\n" }
        try Console.print(text, terminator: "")
    }
}
