import Foundation
import Playground
import Media
import Fitting
import Tracking

/// A screen recording tracked on a thread of its own for the window's reference (*Reference →
/// Load* with a video): the window polls it once a frame and hands the outcome to the session
/// as a request. Shared fields are read and written under `lock`.
final class TrackJob: @unchecked Sendable {
    /// The path the session asked for (its result names it), and the file that is read.
    let path: String
    let file: String
    private let lock = NSLock()
    private var outcome: SessionRequest?

    init(path: String, file: String) {
        self.path = path
        self.file = file
        let thread = Thread { [self] in self.run() }
        thread.name = "video tracker"
        thread.start()
    }

    /// `.referenceTracked` or `.referenceFailed` once tracking has ended, else nil.
    var result: SessionRequest? {
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }

    private func run() {
        let request: SessionRequest
        do {
            var track = try VideoTracking.track(VideoTracking.Request(path: file))
            track.segments = VideoFit.named(track)
            // The reference is the free motion after the lift (as a CSV without a finger column
            // is): the longest glide or settle, else the longest return.
            let indices = track.segments.indices
            let free = indices.filter { track.segments[$0].kind == .glide || track.segments[$0].kind == .settle }
            let returns = indices.filter { track.segments[$0].kind == .return }
            func longest(_ list: [Int]) -> Int? {
                list.max {
                    (track.segments[$0].last - track.segments[$0].first)
                        < (track.segments[$1].last - track.segments[$1].first)
                }
            }
            guard let index = longest(free) ?? longest(returns) else {
                throw TrackError("\(path): no glide, page settle or return was found (\(TrackCommand.describe(track)))")
            }
            let chosen = track.segments[index]
            // The frames `fit --video` fits: a glide up to an edge it bounces off, a return with its hold.
            let (frames, edgeNote) = VideoFit.fitted(track.segments, index, in: track)
            let samples = track.frames[frames].map { FitTrace.Sample(t: $0.t, offset: $0.offset) }
            let summary =
                "\(track.frames.count) frames along \(track.axis.rawValue) (\(TrackCommand.describe(track))); the "
                + "reference is the \(TrackCommand.describe(chosen, in: track))"
                + (edgeNote == nil
                    ? "" : String(format: ", up to the edge at %.3f s", track.frames[frames.upperBound].t))
            let kind: FitKind = chosen.kind == .return ? .return : chosen.kind == .settle ? .page : .glide
            request = .referenceTracked(path: path, trace: FitTrace(samples: samples), kind: kind, summary: summary)
        } catch {
            request = .referenceFailed(path: path, reason: (error as? TrackError)?.message ?? "\(error)")
        }
        lock.lock()
        outcome = request
        lock.unlock()
    }
}
