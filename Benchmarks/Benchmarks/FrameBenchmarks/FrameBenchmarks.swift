import Benchmark
import Drawing
import Platform
import Rendering
import Scenes
import ScrollLabKit
import ScrollPhysics

/// One frame as the window runs it: re-fling when at rest, advance, lay out, and draw if a canvas is given.
func step(_ scene: any ScrollScene, _ list: inout DrawList, _ t: inout Double, _ canvas: OffscreenCanvas?) {
    t += 1.0 / 60
    if scene.isAtRest(at: t) { ScriptedFling.perform(on: scene, at: t, forward: Int(t) % 20 < 10) }
    scene.advance(to: t)
    list.removeAll()
    scene.draw(into: &list, at: t)
    canvas?.draw(list, viewport: Rect(x: 0, y: 0, width: 390, height: 844), scale: 800.0 / 844, x: 455)
}

func makeScene(_ name: String, items: Int) -> any ScrollScene {
    switch name {
    case "pager": return PagerScene(pageCount: items)
    case "carousel": return CarouselScene(cellCount: items)
    case "banner": return BannerScene(itemCount: items)
    case "loop": return LoopScene(itemCount: items)
    case "nested": return NestedScene()
    case "adapters": return AdaptersScene()
    case "lab": return LabScene()
    default: return ListScene(cardCount: items)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
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
        for i in 1...6 { events.append(TimedInput(time: 0.008 * Double(i), event: .move(Point(x: 195, y: 600 - 40 * Double(i))))) }
        events.append(TimedInput(time: 0.048, event: .up(Point(x: 195, y: 360))))
        for _ in benchmark.scaledIterations {
            blackHole(Replay(fps: 60, duration: 10).run(ListScene(contentLength: 100_000), events: events))
        }
    }

    // One frame of each scene laid out into a draw list (what the window's frame does before the
    // renderer), while it moves: the path that must not allocate.
    for name in ["list", "pager", "carousel", "banner", "loop", "nested", "adapters", "lab"] {
        Benchmark("layout: \(name), 100000 items") { benchmark in
            let scene = makeScene(name, items: 100_000)
            var list = DrawList()
            var t = 0.0
            for _ in 0..<240 { step(scene, &list, &t, nil) }   // warm up
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { step(scene, &list, &t, nil) }
            blackHole(list.count)
        }
    }

    // One frame of each scene, laid out and drawn offscreen at 1280×800 (the viewport scaled to
    // the height), while it moves. Scenes with item counts run at 20, 1,000 and 100,000 items.
    let fonts = try! FontLibrary()
    for name in ["list", "pager", "carousel", "banner", "loop", "nested", "adapters", "lab"] {
        let counts = ["nested", "adapters", "lab"].contains(name) ? [0] : [20, 1000, 100_000]
        for count in counts {
            let title = count == 0 ? "frame: \(name)" : "frame: \(name), \(count) items"
            Benchmark(title, configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident])) { benchmark in
                let scene = makeScene(name, items: count)
                let offscreen = try! OffscreenCanvas(width: 1280, height: 800, fonts: fonts)
                var list = DrawList()
                var t = 0.0
                // Warm the caches (text textures, shadows) before measuring the steady state.
                for _ in 0..<240 { step(scene, &list, &t, offscreen) }
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { step(scene, &list, &t, offscreen) }
                blackHole(list.count)
            }
        }
    }

    // Clips: the 4 s A/B clip's frames drawn, and drawn and encoded (see ClipBenchmarks.swift).
    clipBenchmarks()
}
