import Benchmark
import Foundation
import Drawing
import Platform
import Media
import Scenes
import Fitting
import Formats
import ScrollLabKit
import ScrollPhysics

/// Scene `name` (from the scene registry) with `items` items where it has an item count.
func makeScene(_ name: String, items: Int) -> any ScrollScene {
    let kind = SceneSetup.registry.first { $0.name == name } ?? SceneSetup.registry[0]
    return kind.setup(items: items).makeScene(viewport: .phone, feel: .standard)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        maxDuration: .seconds(2), maxIterations: 100_000)

    // The physics of one frame: offset, velocity, phase and page of a moving axis.
    Benchmark("physics: evaluate one frame of a fling") { benchmark in
        var axis = ScrollAxis(viewportLength: 844, bounds: 0...1_000_000)
        axis.beginDrag(at: 0, pointer: 600)
        for i in 1...6 { axis.dragMoved(at: 0.008 * Double(i), pointer: 600 - 40 * Double(i)) }
        axis.endDrag(at: 0.048)
        var t = 0.05, sum = 0.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            t += 1.0 / 60
            axis.advance(to: t)
            sum += axis.offset(at: t) + axis.velocity(at: t)
            blackHole(axis.phase(at: t))
        }
        blackHole(sum)
    }

    // A 10 s replay of a fling at 60 fps, trace text included.
    Benchmark("replay: 10 s of a list at 60 fps") { benchmark in
        var events = [TimedInput(time: 0, event: .down(Point(x: 195, y: 600)))]
        for i in 1...6 {
            events.append(TimedInput(time: 0.008 * Double(i), event: .move(Point(x: 195, y: 600 - 40 * Double(i)))))
        }
        events.append(TimedInput(time: 0.048, event: .up(Point(x: 195, y: 360))))
        for _ in benchmark.scaledIterations {
            blackHole(Replay(fps: 60, duration: 10).run(ListScene(contentLength: 100_000), events: events))
        }
    }

    // `scrollab fit --kind return` on 100,000 rows (a return from 177 pt with 0.2 pt of noise):
    // the starts are tried on 250 evenly spaced rows, the best refined on 4000, then one pass
    // over every row for the residuals.
    Benchmark("fit: a return of 100000 rows", configuration: .init(maxDuration: .seconds(10), maxIterations: 5)) {
        benchmark in
        var samples = (0..<5).map { FitTrace.Sample(t: Double($0) * 0.01, offset: -177) }
        var noise: UInt64 = 1
        for i in 0..<100_000 {
            let t = Double(i) / 60_000
            noise = noise &* 6364136223846793005 &+ 1442695040888963407
            let jitter = (Double(noise >> 11) / Double(1 << 53) - 0.5) * 0.4
            samples.append(FitTrace.Sample(t: 0.05 + t, offset: -177 * (1 + 3.6 * t) * exp(-10.9 * t) + jitter))
        }
        let trace = FitTrace(samples: samples)
        for _ in benchmark.scaledIterations { blackHole(try? Fit.run(trace, kind: .return)) }
    }

    // One frame of each scene laid out into a draw list (what the window's frame does before the
    // renderer), while it moves: the path that must not allocate. Scenes are set up and warmed up
    // once, before the first sample; each sample is one frame.
    for name in SceneSetup.names {
        let state = FrameState(scene: makeScene(name, items: 100_000), canvas: nil)
        Benchmark("layout: \(name), 100000 items", configuration: perFrame) { benchmark in
            state.warmUp()
            benchmark.startMeasurement()
            state.step()
            benchmark.stopMeasurement()
            blackHole(state.list.count)
        }
    }

    // One frame of each scene, laid out and drawn offscreen at 1× (390×844 px), while it moves.
    // Scenes with item counts run at 20, 1,000 and 100,000 items.
    let fonts = try! FontLibrary()
    for kind in SceneSetup.registry {
        let name = kind.name
        let counts = kind.itemCount == nil ? [0] : [20, 1000, 100_000]
        for count in counts {
            let title = count == 0 ? "frame: \(name)" : "frame: \(name), \(count) items"
            let state = FrameState(
                scene: makeScene(name, items: count),
                canvas: try! OffscreenCanvas(width: 390, height: 844, fonts: fonts))
            Benchmark(title, configuration: perFrame) { benchmark in
                state.warmUp()  // text textures, shadows, corners and gradients cached before measuring
                benchmark.startMeasurement()
                state.step()
                benchmark.stopMeasurement()
                blackHole(state.list.count)
            }
        }
    }

    // The list at a phone's pixel densities (@2x: 780×1688 px, @3x: 1170×2532 px), each beside the
    // floor of a CPU renderer at that size: one copy of the frame's pixels, measured in the same run,
    // so "× the floor" holds on any machine.
    for scale in [1.0, 2.0, 3.0] {
        let (width, height) = (Int(390 * scale), Int(844 * scale))
        let state = FrameState(
            scene: makeScene("list", items: 1000),
            canvas: try! OffscreenCanvas(width: width, height: height, fonts: fonts), scale: scale)
        Benchmark("frame: list, 1000 items, @\(Int(scale))x (\(width)×\(height) px)", configuration: perFrame) {
            benchmark in
            state.warmUp()
            benchmark.startMeasurement()
            state.step()
            benchmark.stopMeasurement()
            blackHole(state.list.count)
        }
        copyFloorBenchmark(width: width, height: height)
    }

    // The frame right after a resize (see ResizeBenchmarks.swift).
    resizeBenchmarks(fonts: fonts)

    // A carousel slider moved at 1,000,000 cells: the snap targets follow the new cell width.
    let slider = SliderState()
    Benchmark("carousel: move the cell-width slider, 1000000 cells", configuration: perFrame) { benchmark in
        slider.width = slider.width == 300 ? 301 : 300
        slider.time += 1.0 / 60
        benchmark.startMeasurement()
        slider.carousel.setControl("cellWidth", to: slider.width, at: slider.time)
        benchmark.stopMeasurement()
        blackHole(slider.carousel.axis.snapTargets.count)
    }

    // Clips: the 4 s A/B clip's frames drawn, and drawn and encoded (see ClipBenchmarks.swift).
    clipBenchmarks()
    trackBenchmarks()
    blindReportBenchmarks()
    autosaveBenchmarks()
}

/// One frame per sample: at least 100 samples, at most 3 s per benchmark.
var perFrame: Benchmark.Configuration {
    .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(3), maxIterations: 2_000)
}

/// A scene (and canvas) made once and kept moving across samples.
final class FrameState {
    let scene: any ScrollScene
    let canvas: OffscreenCanvas?
    var list = DrawList()
    var t = 0.0
    private var warm = false
    private var cleared = false

    /// Pixels per point (a resize benchmark changes it between samples).
    var scale: Double

    init(scene: any ScrollScene, canvas: OffscreenCanvas?, scale: Double = 1) {
        self.scene = scene
        self.canvas = canvas
        self.scale = scale
    }

    func warmUp() {
        guard !warm else { return }
        warm = true
        for _ in 0..<240 { step() }
    }

    func step() {
        t += 1.0 / 60
        if scene.isAtRest(at: t) { ScriptedFling.perform(on: scene, at: t, forward: Int(t) % 20 < 10) }
        scene.advance(to: t)
        list.removeAll()
        scene.draw(into: &list, at: t)
        if let canvas {
            // Cleared once, as a clip's canvas and a window that keeps its frames are.
            if !cleared { canvas.clear(.black) }
            cleared = true
            list.pixelsPerPoint = scale
            canvas.draw(list, viewport: Rect(x: 0, y: 0, width: 390, height: 844), scale: scale)
        }
    }
}

/// A carousel of 1,000,000 cells whose cell-width slider moves by a point each sample.
final class SliderState {
    let carousel = CarouselScene(cellCount: 1_000_000)
    var width = 300.0
    var time = 0.0
}

/// The floor of a CPU renderer at `width` × `height` pixels: one copy of a frame's pixels (4 bytes
/// each) from one buffer to another, both made before measuring.
func copyFloorBenchmark(width: Int, height: Int) {
    let count = width * height * 4
    let source = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    let target = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 64)
    source.initializeMemory(as: UInt8.self, repeating: 7, count: count)
    target.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    Benchmark("floor: copy \(width)×\(height) px once", configuration: perFrame) { benchmark in
        benchmark.startMeasurement()
        target.copyMemory(from: source, byteCount: count)
        benchmark.stopMeasurement()
        blackHole(target.load(as: UInt8.self))
    }
}
