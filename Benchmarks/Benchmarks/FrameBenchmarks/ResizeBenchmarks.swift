import Benchmark
import Drawing
import Platform
import Scenes

/// The frame right after the window was resized during a glide: the list at @2x (780×1688 px)
/// drawn at 2 px/pt, then at 1.9 (the phone scaled with the window), and back, one change per
/// sample. Each sample first draws frames at the current scale, unmeasured, until the cards' layers
/// and shadows are all cached at it, then measures the one frame at the other scale. "drawn gradually"
/// is a window's canvas (`Canvas.redrawsGradually`: layers and shadows copied scaled from their
/// old drawings, drawn anew a few a frame once the scale settles); "drawn anew at once" redraws
/// them as golden frames and clips do.
func resizeBenchmarks(fonts: FontLibrary) {
    for gradually in [false, true] {
        let state = ResizeState(
            scene: makeScene("list", items: 1000), canvas: try! OffscreenCanvas(width: 780, height: 1688, fonts: fonts),
            gradually: gradually)
        let drawn = gradually ? "gradually" : "anew at once"
        Benchmark(
            "frame: list @2x right after a resize (2 → 1.9 px/pt), layers drawn \(drawn)",
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(300), maxIterations: 120)
        ) { benchmark in
            state.settle()
            state.scale = state.scale == 2 ? 1.9 : 2
            benchmark.startMeasurement()
            state.step()
            benchmark.stopMeasurement()
            blackHole(state.list.count)
        }
    }
}

/// A list kept gliding on an offscreen canvas whose scale a benchmark changes.
final class ResizeState {
    let scene: any ScrollScene
    let canvas: OffscreenCanvas
    var list = DrawList()
    var t = 0.0
    var scale = 2.0

    init(scene: any ScrollScene, canvas: OffscreenCanvas, gradually: Bool) {
        self.scene = scene
        self.canvas = canvas
        canvas.canvas.redrawsGradually = gradually
        canvas.clear(.black)
    }

    /// Frames at the current scale until its layers and shadows are all drawn at it (drawn
    /// gradually: after `Canvas.redrawSettleSeconds`, a few a frame; drawn anew at once:
    /// past the 30 draws a layer that changed size is drawn directly).
    func settle() {
        let start = Canvas.seconds
        var frames = 0
        repeat {
            canvas.canvas.standIns = 0
            step()
            frames += 1
        } while frames < 32 || canvas.canvas.standIns > 0
            || (canvas.canvas.redrawsGradually && Canvas.seconds - start < Canvas.redrawSettleSeconds)
    }

    func step() {
        t += 1.0 / 60
        if scene.isAtRest(at: t) { ScriptedFling.perform(on: scene, at: t, forward: Int(t) % 20 < 10) }
        scene.advance(to: t)
        list.removeAll()
        scene.draw(into: &list, at: t)
        list.pixelsPerPoint = scale
        canvas.draw(list, viewport: Rect(x: 0, y: 0, width: 390, height: 844), scale: scale)
    }
}
