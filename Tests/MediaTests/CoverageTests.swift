import Testing
import Drawing
import Platform
import ScrollPhysics
import Scenes

/// A scene that says it covers its viewport (`coversViewport`) paints every pixel: the window
/// then redraws its screen without clearing under it first, and a pixel it missed would keep
/// the last frame's colour.
@Suite struct CoverageTests {
    let fonts = try! FontLibrary()
    /// No scene draws this colour.
    static let unpainted = Color(hex: 0xFF00FF)

    /// How many pixels of `scene` drawn at `time` keep the colour under it.
    func unpaintedPixels(_ scene: any ScrollScene, at time: Double, scale: Double, on canvas: OffscreenCanvas) -> Int {
        let viewport = Rect(x: 0, y: 0, width: scene.viewport.width, height: scene.viewport.height)
        canvas.clear(Self.unpainted)
        var list = DrawList()
        list.pixelsPerPoint = scale
        scene.draw(into: &list, at: time)
        canvas.draw(list, viewport: viewport, scale: scale)
        let image = canvas.snapshot()
        var count = 0
        image.pixels.withUnsafeBufferPointer { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4)
            where bytes[i] == 255 && bytes[i + 1] == 0 && bytes[i + 2] == 255 {
                count += 1
            }
        }
        return count
    }

    /// At rest at the start, pulled past it and returning, on the way to the end and at it,
    /// pulled past the end and returning, at 1× (and the list at 2×); with UIKit's feel (content
    /// moved past an edge) and Android's (content stretched).
    @Test(arguments: SceneSetup.playground.map(\.name))
    func aSceneThatSaysItCoversItsViewportPaintsEveryPixel(name: String) throws {
        // At 2× too where content is drawn in tiles, whose edges are put on the pixel grid.
        for scale in name == "list" ? [1.0, 2.0] : [1.0] {
            for feel in [Feel.standard, Feel(AndroidModel())] { try check(name, scale: scale, feel: feel) }
        }
    }

    func check(_ name: String, scale: Double, feel: Feel) throws {
        let setup = SceneSetup.playground[SceneSetup.names.firstIndex(of: name)!]
        let scene = setup.makeScene(viewport: Size(width: 390, height: 844), feel: feel)
        guard scene.coversViewport else { return }
        let canvas = try OffscreenCanvas(
            width: Int((scene.viewport.width * scale).rounded()),
            height: Int((scene.viewport.height * scale).rounded()),
            fonts: fonts)
        let vertical = scene.orientation == .vertical
        func point(_ along: Double) -> Point { vertical ? Point(x: 195, y: along) : Point(x: along, y: 400) }
        func check(_ time: Double) {
            scene.advance(to: time)
            let missed = unpaintedPixels(scene, at: time, scale: scale, on: canvas)
            #expect(missed == 0, "\(name), \(feel.name), at \(time) s, \(scale)×: \(missed) pixels not painted")
        }
        /// A drag along the axis from `a` to `b` (30 samples 8 ms apart), checked while held.
        func pull(from a: Double, to b: Double, at start: Double) {
            scene.handle(TimedInput(time: start, event: .down(point(a))))
            for i in 1...30 {
                scene.handle(
                    TimedInput(time: start + 0.008 * Double(i), event: .move(point(a + (b - a) * Double(i) / 30))))
            }
            check(start + 0.25)
            scene.handle(TimedInput(time: start + 0.3, event: .up(point(b))))
        }
        check(0)
        pull(from: 150, to: 800, at: 0.1)
        check(0.6)
        scene.scroll(.end, at: 2)
        for time in [2.2, 4] { check(time) }
        pull(from: 800, to: 150, at: 4.1)
        check(4.6)
    }
}
