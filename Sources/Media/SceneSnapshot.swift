import Drawing
import Platform
import Scenes

/// Draws a scene offscreen into an image: the same draw list the window shows.
public final class SceneSnapshot {
    public let fonts: FontLibrary
    private var list = DrawList()
    private var canvas: OffscreenCanvas?

    public init() throws {
        fonts = try FontLibrary()
    }

    /// Shares fonts already loaded (the window's).
    public init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// The viewport of `scene` at `time` (the scene already advanced there), `scale` pixels per point.
    public func image(of scene: any ScrollScene, at time: Double, scale: Double = 1) throws -> Image {
        let width = Int((scene.viewport.width * scale).rounded()),
            height = Int((scene.viewport.height * scale).rounded())
        // Kept between images of one size, so its caches (text, shadows, corners, gradients) stay warm.
        let offscreen: OffscreenCanvas
        if let kept = canvas, kept.width == width, kept.height == height {
            offscreen = kept
        } else {
            offscreen = try OffscreenCanvas(width: width, height: height, fonts: fonts)
            canvas = offscreen
        }
        offscreen.clear(.black)
        list.removeAll()
        list.pixelsPerPoint = scale
        scene.draw(into: &list, at: time)
        offscreen.draw(
            list, viewport: Rect(x: 0, y: 0, width: scene.viewport.width, height: scene.viewport.height), scale: scale)
        return offscreen.snapshot()
    }

    /// Several scenes (A and B) at `time` side by side under their labels, as a clip's frame
    /// lays them out, `scale` pixels per point.
    public func sideBySide(_ scenes: [any ScrollScene], labels: [String], at time: Double, scale: Double = 1) throws
        -> Image
    {
        guard let first = scenes.first else { return Image(width: 1, height: 1, pixels: [0, 0, 0, 255]) }
        let layout = ClipLayout(viewport: first.viewport, sides: max(2, scenes.count), caption: false)
        let (width, height) = layout.pixelSize(scale: scale)
        let offscreen = try OffscreenCanvas(width: width, height: height, fonts: fonts)
        offscreen.clear(ClipRenderer.background)
        list.pixelsPerPoint = scale
        let bounds = Rect(x: 0, y: 0, width: first.viewport.width, height: first.viewport.height)
        for (index, scene) in scenes.enumerated() where index < layout.phones.count {
            let phone = layout.phones[index]
            ClipRenderer.phone(
                into: &list, scene: scene, at: time, finger: nil, background: .black, corners: ClipRenderer.background)
            offscreen.draw(list, viewport: bounds, scale: scale, x: phone.x * scale, y: phone.y * scale)
        }
        list.removeAll()
        ClipRenderer.labels(labels, layout: layout, into: &list)
        offscreen.draw(list, viewport: Rect(x: 0, y: 0, width: layout.width, height: layout.height), scale: scale)
        return offscreen.snapshot()
    }

    /// Feeds `events` to `scene` up to `time` and returns the viewport then.
    public func image(of scene: any ScrollScene, events: [TimedInput], at time: Double, scale: Double = 1) throws
        -> Image
    {
        for event in events where event.time <= time { scene.handle(event) }
        scene.advance(to: time)
        return try image(of: scene, at: time, scale: scale)
    }

    /// Frames at `times` side by side, each labelled with its time, in one image; wrapped into
    /// rows of `columns` frames (default: all in one row).
    public func filmstrip(
        of scene: any ScrollScene, events: [TimedInput], times: [Double], scale: Double = 0.5,
        columns: Int? = nil
    ) throws -> Image {
        let size = Self.filmstripSize(viewport: scene.viewport, count: times.count, scale: scale, columns: columns)
        let w = scene.viewport.width, h = scene.viewport.height
        let perRow = max(1, columns ?? times.count)
        let offscreen = try OffscreenCanvas(width: max(1, size.width), height: max(1, size.height), fonts: fonts)
        offscreen.clear(Color(hex: 0x1C1C1E))
        var next = 0
        for (index, time) in times.enumerated() {
            while next < events.count, events[next].time <= time { scene.handle(events[next]); next += 1 }
            scene.advance(to: time)
            list.removeAll()
            scene.draw(into: &list, at: time)
            let x = Double(index % perRow) * (w + Self.gap) * scale
            let y = Double(index / perRow) * (h + Self.label + Self.gap) * scale
            offscreen.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: h), scale: scale, x: x, y: y)
            list.removeAll()
            list.append(.text(Self.timeLabel(time), x: 8, y: h + 6, style: .title, color: .white))
            offscreen.draw(list, viewport: Rect(x: 0, y: 0, width: w, height: h + Self.label), scale: scale, x: x, y: y)
        }
        return offscreen.snapshot()
    }

    /// Points between frames and below each frame for its label.
    static let gap = 12.0, label = 34.0

    /// The filmstrip's size in pixels for `count` frames in rows of `columns`.
    public static func filmstripSize(viewport: Size, count: Int, scale: Double, columns: Int? = nil) -> (
        width: Int, height: Int
    ) {
        let perRow = Double(max(1, min(columns ?? count, count)))
        let rows = (Double(count) / perRow).rounded(.up)
        let width = Int(((perRow * viewport.width + (perRow - 1) * gap) * scale).rounded())
        let height = Int(((rows * (viewport.height + label) + (rows - 1) * gap) * scale).rounded())
        return (width, height)
    }

    /// The most frames per row that keep a filmstrip within `maximumWidth` pixels (at least 1).
    public static func filmstripColumns(viewport: Size, count: Int, scale: Double, maximumWidth: Int) -> Int {
        let fit = Int(((Double(maximumWidth) / scale + gap) / (viewport.width + gap)).rounded(.down))
        return max(1, min(count, fit))
    }

    static func timeLabel(_ time: Double) -> String {
        let ms = Int((time * 1000).rounded())
        return "t = \(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000) s"
    }
}
