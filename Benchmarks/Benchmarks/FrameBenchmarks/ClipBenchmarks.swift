import Benchmark
import Foundation
import Platform
import Media
import Scenes
import ScrollPhysics

/// The A/B clip docs/playground.md's targets are about: the list flung up (Assets/gestures/fling-up.json's
/// shape), UIKit normal against UIKit fast, 60 fps, 1× (828×896 pixels), about 4.2 s long.
func fourSecondABClip(fps: Double, scale: Double = 1) -> ClipScript {
    var events = [TimedInput(time: 0, event: .down(Point(x: 195, y: 600)))]
    for i in 1...6 {
        events.append(TimedInput(time: 0.008 * Double(i), event: .move(Point(x: 195, y: 600 - 40 * Double(i)))))
    }
    events.append(TimedInput(time: 0.056, event: .up(Point(x: 195, y: 360))))
    var fast = ScrollParameters()
    fast.decelerationRate = 0.99
    return ClipScript(
        setup: .cards(count: 200), viewport: .phone, events: events,
        sides: [
            ClipSide(label: "A · uikit-normal", feel: .standard), ClipSide(label: "B · uikit-fast", feel: Feel(fast))
        ],
        fps: fps, scale: scale)
}

/// Clip frames: drawn offscreen, and drawn and piped to FFmpeg. One sample is one frame; the
/// clip restarts when it ends (and for a GIF the finished encode, palette and all, counts in
/// that sample), so frames × the mean is the whole clip's wall time.
func clipBenchmarks() {
    guard let ffmpeg = VideoEncoder.ffmpegPath() else { return }
    let fonts = try! FontLibrary()
    let folder = FileManager.default.temporaryDirectory.path

    // The clip is set up once, outside the measured region; each sample is one frame (a new clip
    // is started, unmeasured, when one ends).
    let offscreen = ClipFrames(script: fourSecondABClip(fps: 60), fonts: fonts)
    Benchmark(
        "clip: one A/B frame drawn offscreen (828×896)",
        configuration: .init(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(10), maxIterations: 1000)
    ) { benchmark in
        if offscreen.ended { offscreen.restart() }
        benchmark.startMeasurement()
        offscreen.step()
        benchmark.stopMeasurement()
    }

    // The same A/B frame at --scale 2 (1656×1792 px), beside its copy floor.
    let double = ClipFrames(script: fourSecondABClip(fps: 60, scale: 2), fonts: fonts)
    Benchmark(
        "clip: one A/B frame drawn offscreen at --scale 2 (\(double.clip.pixelWidth)×\(double.clip.pixelHeight))",
        configuration: .init(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(10), maxIterations: 1000)
    ) { benchmark in
        if double.ended { double.restart() }
        benchmark.startMeasurement()
        double.step()
        benchmark.stopMeasurement()
    }
    copyFloorBenchmark(width: double.clip.pixelWidth, height: double.clip.pixelHeight)

    for format in [VideoFormat.mp4, .gif] {
        Benchmark(
            "clip: one A/B frame drawn and encoded, \(format.rawValue)",
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .peakMemoryResident], maxDuration: .seconds(format == .gif ? 60 : 20),
                maxIterations: 2000)
        ) { benchmark in
            let script = fourSecondABClip(fps: format.defaultFPS)
            let path = folder + "/scrollab-bench.\(format.rawValue)"
            var clip = try! ClipRenderer(script: script, fonts: fonts)
            var encoder = try! VideoEncoder(
                path: path, format: format, width: clip.pixelWidth, height: clip.pixelHeight, fps: script.fps,
                ffmpeg: ffmpeg)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                if let frame = clip.next() {
                    try! encoder.write(frame)
                } else {
                    try! encoder.finish()
                    clip = try! ClipRenderer(script: script, fonts: fonts)
                    encoder = try! VideoEncoder(
                        path: path, format: format, width: clip.pixelWidth, height: clip.pixelHeight, fps: script.fps,
                        ffmpeg: ffmpeg)
                }
            }
            benchmark.stopMeasurement()
            encoder.cancel()
            unlink(path)
        }
    }

    // A window's frame while a clip encodes in the background: the list at @2x (780×1688 px) drawn
    // as a window draws a frame, while a thread at niceness 10 (as the window's clip job runs, FFmpeg
    // included) renders and encodes the A/B GIF over and over. A frame's time here is the gap a
    // window shows while it encodes; "frame: list, 1000 items, @2x" is the same frame without it.
    let encoding = BackgroundEncode(ffmpeg: ffmpeg, fonts: fonts, path: folder + "/scrollab-bench-background.gif")
    let window = FrameState(
        scene: makeScene("list", items: 1000), canvas: try! OffscreenCanvas(width: 780, height: 1688, fonts: fonts),
        scale: 2)
    Benchmark(
        "frame: list @2x while an A/B GIF encodes in the background",
        configuration: .init(metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(10), maxIterations: 2000),
        closure: { benchmark in
            window.warmUp()
            benchmark.startMeasurement()
            window.step()
            benchmark.stopMeasurement()
            blackHole(window.list.count)
        },
        setup: { encoding.start() },
        teardown: { encoding.stop() })
}

/// The A/B GIF rendered and encoded over and over on a thread of its own at niceness 10, as the
/// window's clip job encodes (`ClipJob`), until stopped.
final class BackgroundEncode: @unchecked Sendable {
    let ffmpeg: String
    let fonts: FontLibrary
    let path: String
    private let lock = NSLock()
    private var running = false
    private var finished: DispatchSemaphore?

    init(ffmpeg: String, fonts: FontLibrary, path: String) {
        self.ffmpeg = ffmpeg
        self.fonts = fonts
        self.path = path
    }

    private var isRunning: Bool { lock.withLock { running } }

    func start() {
        let done = DispatchSemaphore(value: 0)
        lock.withLock {
            running = true
            finished = done
        }
        Thread {
            // This thread's id (/proc/thread-self links to "PID/task/TID"); FFmpeg inherits it.
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
                let tid = link.split(separator: "/").last.flatMap({ id_t($0) })
            {
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, 10)
            }
            while self.isRunning {
                let script = fourSecondABClip(fps: VideoFormat.gif.defaultFPS)
                let clip = try! ClipRenderer(script: script, fonts: self.fonts)
                let encoder = try! VideoEncoder(
                    path: self.path, format: .gif, width: clip.pixelWidth, height: clip.pixelHeight, fps: script.fps,
                    ffmpeg: self.ffmpeg)
                while self.isRunning, let frame = clip.next() { try! encoder.write(frame) }
                if self.isRunning { _ = try! encoder.finish() } else { encoder.cancel() }
            }
            unlink(self.path)
            done.signal()
        }.start()
    }

    func stop() {
        let done = lock.withLock {
            running = false
            return finished
        }
        done?.wait()
    }
}

/// A clip drawn one frame at a time, restarted when it ends.
final class ClipFrames {
    let script: ClipScript
    let fonts: FontLibrary
    var clip: ClipRenderer
    private(set) var ended = false

    init(script: ClipScript, fonts: FontLibrary) {
        self.script = script
        self.fonts = fonts
        clip = try! ClipRenderer(script: script, fonts: fonts)
    }

    func step() {
        if let frame = clip.next() { blackHole(frame.width) } else { ended = true }
    }

    func restart() {
        clip = try! ClipRenderer(script: script, fonts: fonts)
        ended = false
    }
}
