import Benchmark
import Foundation
import Tracking

/// `scrollab track` on an iPhone-sized recording (1170×2532 px, @3x): the work per frame that is
/// ours (FFmpeg's decoding runs beside it in its own process). The frames are made before the
/// measured region: content of 8×4 px blocks of pseudo-random grey, shifted by a glide.
func trackBenchmarks() {
    let width = 1170, height = 2532, fps = 60.0
    // A 1 s glide from 3000 px/s at 60 fps: the shift of each frame, px.
    let shifts = (0...60).map { k in (3000 / 4.0) * (1 - exp(-4 * Double(k) / fps)) }
    let contentRows = height + Int(shifts.last!.rounded(.up)) + 1
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let blocks = (0..<(contentRows / 4 + 1) * (width / 8 + 1)).map { _ -> UInt8 in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
    func frame(_ shift: Int) -> GrayFrame {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = (y + shift) / 4 * (width / 8 + 1)
            for x in 0..<width { pixels[y * width + x] = blocks[row + x / 8] }
        }
        return GrayFrame(width: width, height: height, pixels: pixels)
    }
    let first = frame(0)

    // One frame reduced to its 24 profiles (each pixel read once).
    let perFrame = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(5), maxIterations: 1000)
    Benchmark("track: profiles of one 1170×2532 frame", configuration: perFrame) { benchmark in
        benchmark.startMeasurement()
        blackHole(FrameProfiles(first))
        benchmark.stopMeasurement()
    }

    // One second of a recording registered: axis, region, 60 matches against key frames. Per
    // frame, divide by 60.
    let profiles = shifts.map { FrameProfiles(frame(Int($0.rounded()))) }
    let times = profiles.indices.map { Double($0) / fps }
    let perSecond = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal], maxDuration: .seconds(90), maxIterations: 100)
    Benchmark("track: register 1 s of 1170×2532 at 60 fps (61 frames)", configuration: perSecond) { benchmark in
        benchmark.startMeasurement()
        blackHole(try? Tracker.track(profiles, times: times, options: Tracker.Options(pointsPerPixel: 1.0 / 3)))
        benchmark.stopMeasurement()
    }
}
