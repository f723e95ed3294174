import Benchmark
import Drawing
import Foundation
import Formats
import Playground
import Scenes
import SessionEffects
import ScrollPhysics

/// The window's frames while the largest session a file may hold is kept (issue 37, M5). Each
/// sample is one frame's work on the main thread, paced at 60 Hz: the session's tick, the
/// phone's draw list, the panel's state and, every 2 s as the window does, the autosave's
/// hand-over of the session to `SessionWriter`, which encodes and writes it (just under 8 MB)
/// on its own thread. The largest sample is the longest a frame waits for the autosave: the
/// target is under 50 ms. Before, the write ran inside the frame: 3.5 s for the 8.4 MB session
/// (debug build, busy 2-core machine), 4.2 s for the 56 MB file the issue found; the same loop
/// with the writer thread drew its largest frame in 25 ms over 600 frames and 5 hand-overs.
func autosaveBenchmarks() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-autosave-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let keeper = KeptSession(path: folder.appendingPathComponent("last-session.json").path, claim: true)
    let session = PlaygroundSession(setups: [.cards(count: 200)], initial: 0, viewport: .phone, feel: .standard)
    session.apply([.open(largestSession(session.snapshot()), source: "benchmark")], at: 0)
    let writer = SessionWriter { text throws(InputError) in try keeper.writeKept(text) }
    let frames = FrameClock()
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 600)
    Benchmark("autosave: a frame while an 8 MB session is kept", configuration: configuration) { benchmark in
        Thread.sleep(until: frames.next)
        let now = frames.advance()
        benchmark.startMeasurement()
        session.apply([.frame], at: now)
        frames.list.removeAll()
        session.sides[0].scene.draw(into: &frames.list, at: session.sceneTime(at: now))
        blackHole(session.panelState(at: now))
        if now - frames.lastHandOver >= 2 {
            writer.submit(session.snapshot())
            frames.lastHandOver = now
        }
        benchmark.stopMeasurement()
    }
}

/// Real time in seconds from the first frame, one frame every 1/60 s.
final class FrameClock {
    let start = Date()
    var frame = 0
    var lastHandOver = -Double.infinity
    var list = DrawList()
    var next: Date { start.addingTimeInterval(Double(frame) / 60) }
    func advance() -> Double {
        frame += 1
        return Date().timeIntervalSince(start)
    }
}

/// `document` with a recording as long as a session file may hold (its file just under 8 MB).
func largestSession(_ document: SessionDocument) -> SessionDocument {
    func with(_ count: Int) -> SessionDocument {
        var longer = document
        longer.recording =
            [TimedInput(time: 0, event: .down(Point(x: 195, y: 600)))]
            + (1..<count).map {
                TimedInput(time: Double($0) / 1000, event: .move(Point(x: 195.25, y: 600 - Double($0 % 400) / 3)))
            }
        return longer
    }
    // The size grows with the events: find the most that fit.
    var low = 1, high = 1 << 20
    while low + 1 < high {
        let middle = (low + high) / 2
        if (try? SessionFile.encodeChecked(with(middle))) != nil { low = middle } else { high = middle }
    }
    return with(low)
}
