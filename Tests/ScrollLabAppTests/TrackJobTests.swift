import Fitting
import Foundation
import Playground
import Testing
@testable import ScrollLabApp

/// The window's reference from a video is tracked in a process of its own: a tracker that
/// crashes ends that process and becomes a panel message; the window goes on.
@Suite struct TrackJobTests {
    func outcome(_ job: TrackJob) throws -> SessionRequest {
        for _ in 0..<1200 {
            if let result = job.result { return result }
            usleep(50_000)
        }
        throw CancellationError()
    }

    @Test func aTrackerThatCrashesIsAMessageNotTheWindowsEnd() throws {
        let job = TrackJob(path: "clip.mp4", file: "clip.mp4", command: ["/bin/sh", "-c", "kill -ILL $$"])
        let expected =
            "clip.mp4: tracking stopped: the tracker crashed (signal 4); nothing was loaded (a damaged recording? "
            + "`scrollab track clip.mp4` shows the same)"
        #expect(try outcome(job) == .referenceFailed(path: "clip.mp4", reason: expected))
    }

    @Test func aRefusalIsItsOneLine() throws {
        let job = TrackJob(
            path: "gone.mp4", file: "/no/such/gone.mp4",
            command: [scrollabBinary().path, "reference-track", "/no/such/gone.mp4", "--path", "gone.mp4"])
        #expect(
            try outcome(job)
                == .referenceFailed(path: "gone.mp4", reason: "/no/such/gone.mp4: No such file or directory"))
    }

    /// What the tracker warned of comes back as its own field, one warning each, for a fit to say.
    @Test func theTrackersWarningsComeBackOneEach() throws {
        let output = "kind\tglide\nsummary\t3 frames; warnings: a; b\nwarnings\ta\tb\nt,offset\n0,0\n0.1,5\n"
        guard
            case let .result(.referenceTracked(_, _, _, summary, warnings)) = try TrackJob.parse(output, path: "v.mp4")
        else {
            Issue.record("not tracked")
            return
        }
        #expect(warnings == ["a", "b"] && summary == "3 frames; warnings: a; b")
    }

    @Test func aRecordingsGlideComesBackAsTheReference() throws {
        let video = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/recordings/browser-glide.mp4").path
        let job = TrackJob(
            path: "glide.mp4", file: video,
            command: [scrollabBinary().path, "reference-track", video, "--path", "glide.mp4"])
        guard case let .result(.referenceTracked(path, trace, kind, summary, _)) = try outcome(job) else {
            Issue.record("not tracked: \(try outcome(job))")
            return
        }
        #expect(path == "glide.mp4" && kind == .glide)
        #expect(
            summary.hasPrefix("182 frames along y")
                && summary.hasSuffix("the reference is the glide 0.583–2.150 s (+658.6 pt)"))
        // The glide's frames, at 60 Hz from 0.6 s, moving the same way.
        #expect(trace.samples.count > 80 && trace.samples.count < 100, "\(trace.samples.count)")
        #expect(abs(trace.samples[0].t - 0.6) < 1e-9)
        #expect(zip(trace.samples, trace.samples.dropFirst()).allSatisfy { $1.t > $0.t })
        #expect((trace.samples.last?.offset ?? 0) - trace.samples[0].offset > 200, "it glides on")
    }
}
