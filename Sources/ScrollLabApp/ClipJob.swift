import Foundation
import Platform
import Playground
import Media

/// A clip encoding on a thread of its own while the window keeps drawing.
///
/// The worker draws with its own `FontLibrary` and offscreen canvas (nothing it touches is the
/// window's: SDL's window renderer stays on the main thread) and feeds FFmpeg; the window reads
/// its progress once a frame and can ask it to stop. Every shared field is read and written
/// under `lock`.
final class ClipJob: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var framesDone = 0
    private var framesTotal = 0
    private var cancelRequested = false
    private var outcome: ClipOutcome?
    private let started = Date()

    /// Starts encoding `clip` at once.
    init(_ clip: ClipRequest) {
        path = clip.path
        let thread = Thread { [self] in
            Self.yieldToTheWindow()
            self.encode(clip)
        }
        thread.name = "clip encoder"
        thread.start()
    }

    /// The progress to show now, or how it ended (once it has).
    var state: (progress: ClipProgress, outcome: ClipOutcome?) {
        lock.lock()
        defer { lock.unlock() }
        return (
            ClipProgress(path: path, done: framesDone, total: framesTotal, elapsed: Date().timeIntervalSince(started)),
            outcome
        )
    }

    func cancel() {
        lock.lock()
        cancelRequested = true
        lock.unlock()
    }

    /// Waits until the encode has ended (at most `timeout` s, then cancels it and waits for its
    /// file to be removed) and returns how it ended.
    func wait(timeout: Double) -> ClipOutcome? {
        let deadline = Date().addingTimeInterval(timeout)
        while state.outcome == nil, Date() < deadline { usleep(10_000) }
        if state.outcome == nil {
            cancel()
            let stop = Date().addingTimeInterval(10)
            while state.outcome == nil, Date() < stop { usleep(10_000) }
        }
        return state.outcome
    }

    /// The encoder thread, and the FFmpeg it starts (a child takes its parent thread's
    /// niceness), run at niceness 10: on a busy machine (two cores, a debug build) they take the
    /// time the window's frames leave, rather than the window hitching while a clip encodes.
    private static func yieldToTheWindow() {
        #if os(Linux)
            // This thread's id: /proc/thread-self links to "PID/task/TID".
            guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
                let tid = link.split(separator: "/").last.flatMap({ id_t($0) })
            else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, 10)
        #endif
    }

    private func encode(_ clip: ClipRequest) {
        let result: ClipOutcome
        do {
            guard let format = VideoFormat(path: clip.path) else { throw VideoError("not an MP4 or GIF name") }
            let labels = clip.labels.count == 1 ? [""] : clip.labels
            let script = ClipScript(
                setup: clip.setup, viewport: clip.viewport, events: clip.events,
                sides: zip(labels, clip.feels).map { ClipSide(label: $0, feel: $1) }, fps: format.defaultFPS)
            let fonts = try FontLibrary()
            let renderer = try ClipRenderer(script: script, fonts: fonts)
            lock.lock()
            framesTotal = renderer.frameCount
            lock.unlock()
            let done = try renderer.encode(to: clip.path, format: format) { frames in
                self.lock.lock()
                defer { self.lock.unlock() }
                self.framesDone = frames
                return !self.cancelRequested
            }
            let folder = FileManager.default.currentDirectoryPath
            result = .saved(
                path: "\(folder)/\(clip.path)", frames: done.frames, seconds: done.duration, bytes: done.bytes)
        } catch {
            lock.lock()
            let cancelled = cancelRequested
            lock.unlock()
            result = cancelled ? .cancelled(path: clip.path) : .failed(path: clip.path, reason: "\(error)")
        }
        lock.lock()
        outcome = result
        lock.unlock()
    }
}
