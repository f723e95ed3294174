import Drawing
import Platform
import Scenes

/// Draws a scene offscreen into an image: the same draw list the window shows.
public final class SceneSnapshot {
    public let fonts: FontLibrary
    private var list = DrawList()

    public init() throws {
        fonts = try FontLibrary()
    }

    /// The viewport of `scene` at `time` (the scene already advanced there), `scale` pixels per point.
    public func image(of scene: any ScrollScene, at time: Double, scale: Double = 1) throws -> Image {
        let width = Int((scene.viewport.width * scale).rounded()), height = Int((scene.viewport.height * scale).rounded())
        let offscreen = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        offscreen.clear(.black)
        list.removeAll()
        scene.draw(into: &list, at: time)
        offscreen.draw(list, viewport: Rect(x: 0, y: 0, width: scene.viewport.width, height: scene.viewport.height), scale: scale)
        return offscreen.snapshot()
    }

    /// Feeds `events` to `scene` up to `time` and returns the viewport then.
    public func image(of scene: any ScrollScene, events: [TimedInput], at time: Double, scale: Double = 1) throws -> Image {
        for event in events where event.time <= time { scene.handle(event) }
        scene.advance(to: time)
        return try image(of: scene, at: time, scale: scale)
    }
}
