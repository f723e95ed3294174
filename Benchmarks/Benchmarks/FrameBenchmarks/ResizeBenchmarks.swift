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

/// A list kept gliding (`FrameState`) on an offscreen canvas whose scale a benchmark changes.
final class ResizeState {
    let frames: FrameState
    let canvas: Canvas
    var list: DrawList { frames.list }
    var scale: Double {
        get { frames.scale }
        set { frames.scale = newValue }
    }

    init(scene: any ScrollScene, canvas: OffscreenCanvas, gradually: Bool) {
        frames = FrameState(scene: scene, canvas: canvas, scale: 2)
        self.canvas = canvas.canvas
        self.canvas.redrawsGradually = gradually
    }

    /// Frames at the current scale until its layers and shadows are all drawn at it (drawn
    /// gradually: after `Canvas.redrawSettleSeconds`, a few a frame; drawn anew at once:
    /// past the 30 draws a layer that changed size is drawn directly).
    func settle() {
        let start = Canvas.seconds
        var drawn = 0
        repeat {
            canvas.standIns = 0
            step()
            drawn += 1
        } while drawn < 32 || canvas.standIns > 0
            || (canvas.redrawsGradually && Canvas.seconds - start < Canvas.redrawSettleSeconds)
    }

    func step() { frames.step() }
}
