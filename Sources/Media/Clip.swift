import Drawing
import Platform
import Scenes
import ScrollPhysics

/// One phone of a clip: the label above it (A/B clips) and its feel.
public struct ClipSide: Sendable {
    public var label: String
    public var feel: Feel
    public init(label: String, feel: Feel) { self.label = label; self.feel = feel }
}

/// What a clip shows and how it is timed.
///
/// Clip time runs from the gesture's first event; frame k shows scene time
/// `start + k·slow/fps` (s), so with `slow` 1 and a gesture starting at 0, frame k is exactly
/// `render --at k/fps` (plus the finger while it is down).
public struct ClipScript: Sendable {
    public var setup: SceneSetup
    public var viewport: Size
    public var events: [TimedInput]
    /// One side, or two for an A/B clip (side by side, labelled).
    public var sides: [ClipSide]
    /// Frames per clip second.
    public var fps: Double
    /// Scene seconds per clip second: 0.25 plays four times slower.
    public var slow: Double
    /// Pixels per point.
    public var scale: Double
    /// One line under the phones, or nil.
    public var caption: String?
    /// Clip seconds shown after every side has come to rest.
    public var hold: Double
    /// Clip seconds in all, instead of "until rest plus the hold".
    public var duration: Double?

    public init(
        setup: SceneSetup, viewport: Size, events: [TimedInput], sides: [ClipSide], fps: Double = 60, slow: Double = 1,
        scale: Double = 1, caption: String? = nil, hold: Double = 0.5, duration: Double? = nil
    ) {
        precondition(!sides.isEmpty && sides.count <= 2)
        self.setup = setup; self.viewport = viewport; self.events = events; self.sides = sides
        self.fps = fps; self.slow = slow; self.scale = scale; self.caption = caption; self.hold = hold;
        self.duration = duration
    }

    /// Scene time (s) of the first frame: the first event's, or 0 without a gesture.
    public var start: Double { events.first?.time ?? 0 }

    /// Longest wait for rest after the last event (scene s): a banner that auto-advances never rests.
    public static let restSearchLimit = 20.0

    /// The scene time (s) at which every side is at rest after the gesture, searched on the
    /// frame grid (fresh scenes, so the clip's own are untouched); capped at the last event
    /// plus `restSearchLimit`.
    public func restTime() -> Double {
        let scenes = sides.map { setup.makeScene(viewport: viewport, feel: $0.feel) }
        let last = events.last?.time ?? start
        for scene in scenes {
            for event in events { scene.handle(event) }
        }
        let step = slow / fps
        var k = max(0, Int(((last - start) / step).rounded(.up)))
        while true {
            let t = start + Double(k) * step
            if t > last + Self.restSearchLimit { return t }
            if scenes.allSatisfy({
                $0.advance(to: t); return $0.isAtRest(at: t)
            }) {
                return t
            }
            k += 1
        }
    }

    /// Frames in the clip: until rest plus the hold, or `duration`; at least one.
    public func frameCount() -> Int {
        let seconds = duration ?? ((restTime() - start) / slow + hold)
        return max(1, Int((seconds * fps - 1e-9).rounded(.up)))
    }

    /// Where the finger is at scene time `t` and how strongly it shows (1 while down, fading to
    /// 0 over `fingerFade` seconds after it lifts), or nil when it is not shown.
    public func finger(at t: Double) -> (point: Point, alpha: Double)? {
        var point: Point?
        var down = false
        var lifted = -Double.infinity
        for event in events {
            guard event.time <= t else { break }
            switch event.event {
            case .down(let p): point = p; down = true
            case .move(let p): if down { point = p }
            case .up(let p): point = p; down = false; lifted = event.time
            case .wheel, .wheelBegin, .wheelEnd: break
            }
        }
        guard let point else { return nil }
        if down { return (point, 1) }
        let alpha = 1 - (t - lifted) / Self.fingerFade
        return alpha > 0 ? (point, alpha) : nil
    }

    /// Scene seconds over which the finger fades after lifting.
    public static let fingerFade = 0.15
}

/// Where things go in a clip's frame, in points.
public struct ClipLayout: Equatable, Sendable {
    public let width: Double
    public let height: Double
    /// Each phone's viewport rectangle.
    public let phones: [Rect]
    /// The caption's baseline box, or nil.
    public let captionBox: Rect?

    static let margin = 16.0, labelHeight = 36.0, captionHeight = 44.0

    /// One phone alone fills the frame (so its frames equal `render --at`); two stand side by
    /// side under their labels; a caption adds a strip below.
    public init(viewport: Size, sides: Int, caption: Bool) {
        let w = viewport.width, h = viewport.height, m = Self.margin
        if sides == 1 {
            phones = [Rect(x: 0, y: 0, width: w, height: h)]
            width = w
            height = h + (caption ? Self.captionHeight : 0)
            captionBox = caption ? Rect(x: 8, y: h, width: w - 16, height: Self.captionHeight) : nil
        } else {
            phones = [
                Rect(x: m, y: Self.labelHeight, width: w, height: h),
                Rect(x: 2 * m + w, y: Self.labelHeight, width: w, height: h)
            ]
            width = 3 * m + 2 * w
            let bottom = Self.labelHeight + h + m
            height = bottom + (caption ? Self.captionHeight - m : 0)
            captionBox =
                caption ? Rect(x: m, y: Self.labelHeight + h, width: width - 2 * m, height: Self.captionHeight) : nil
        }
    }

    /// Pixel size at `scale`, rounded up to even numbers (H.264 in yuv420p needs them).
    public func pixelSize(scale: Double) -> (width: Int, height: Int) {
        func even(_ v: Double) -> Int { let n = max(2, Int((v * scale).rounded())); return n + n % 2 }
        return (even(width), even(height))
    }
}

/// Draws a clip's frames one after another, offscreen, exactly as `render --at` draws a frame,
/// with the finger drawn as a translucent touch dot, A/B labels and the caption.
public final class ClipRenderer {
    public let script: ClipScript
    public let layout: ClipLayout
    public let frameCount: Int
    public let pixelWidth: Int
    public let pixelHeight: Int
    private let scenes: [any ScrollScene]
    private let canvas: OffscreenCanvas
    private var list = DrawList()
    private var nextEvent = 0
    /// Each phone's draw list as last drawn.
    private var drawn: [[DrawCommand]]
    public private(set) var nextFrame = 0

    static let background = Color(hex: 0x1C1C1E)

    public init(script: ClipScript, fonts: FontLibrary) throws(SDLError) {
        self.script = script
        layout = ClipLayout(viewport: script.viewport, sides: script.sides.count, caption: script.caption != nil)
        frameCount = script.frameCount()
        (pixelWidth, pixelHeight) = layout.pixelSize(scale: script.scale)
        scenes = script.sides.map { script.setup.makeScene(viewport: script.viewport, feel: $0.feel) }
        canvas = try OffscreenCanvas(width: pixelWidth, height: pixelHeight, fonts: fonts)
        drawn = Array(repeating: [], count: script.sides.count)
        list.pixelsPerPoint = script.scale
    }

    /// Scene time (s) of frame `k`.
    public func sceneTime(ofFrame k: Int) -> Double { script.start + Double(k) * script.slow / script.fps }

    /// The next frame, or nil after the last.
    ///
    /// The canvas is kept from frame to frame: a phone whose draw list (finger included) is the
    /// same as in the frame before is not drawn again (a side at rest while the other still
    /// moves, the hold at the end), and the labels and caption are drawn once.
    public func next() -> Image? {
        guard nextFrame < frameCount else { return nil }
        let t = sceneTime(ofFrame: nextFrame)
        let first = nextFrame == 0
        nextFrame += 1
        while nextEvent < script.events.count, script.events[nextEvent].time <= t {
            for scene in scenes { scene.handle(script.events[nextEvent]) }
            nextEvent += 1
        }
        let single = scenes.count == 1
        let background = single ? Color.black : Self.background
        if first { canvas.clear(background) }
        let bounds = Rect(x: 0, y: 0, width: script.viewport.width, height: script.viewport.height)
        let scale = script.scale
        let finger = script.finger(at: t)
        for (index, scene) in scenes.enumerated() {
            scene.advance(to: t)
            let phone = layout.phones[index]
            Self.phone(
                into: &list, scene: scene, at: t, finger: finger, background: background,
                corners: single ? nil : Self.background)
            if !first, list.commands == drawn[index] { continue }
            canvas.draw(list, viewport: bounds, scale: scale, x: phone.x * scale, y: phone.y * scale)
            drawn[index] = list.commands
        }
        if first {
            list.removeAll()
            if !single { Self.labels(script.sides.map(\.label), layout: layout, into: &list) }
            if let caption = script.caption, let box = layout.captionBox {
                list.append(
                    .text(
                        caption, x: box.x, y: box.y + 12, style: .body, color: Color(hex: 0xE5E5EA),
                        maxWidth: box.width, alignment: .center))
            }
            if !list.commands.isEmpty {
                canvas.draw(list, viewport: Rect(x: 0, y: 0, width: layout.width, height: layout.height), scale: scale)
            }
        }
        return canvas.snapshot()
    }

    /// One phone's draw list, in viewport points: its background, the scene at `t`, the finger
    /// as a translucent touch dot (like iOS screen recordings' touches) and, with `corners`,
    /// the screen's rounded corners painted in that colour.
    public static func phone(
        into list: inout DrawList, scene: any ScrollScene, at t: Double, finger: (point: Point, alpha: Double)?,
        background: Color, corners: Color?
    ) {
        let bounds = Rect(x: 0, y: 0, width: scene.viewport.width, height: scene.viewport.height)
        list.removeAll()
        list.append(.clip(bounds))
        list.append(.rect(bounds, fill: .solid(background), cornerRadius: 0))
        scene.draw(into: &list, at: t)
        list.append(.clip(nil))
        if let finger {
            list.append(
                .circle(
                    centerX: finger.point.x, centerY: finger.point.y, radius: 24,
                    color: Color(hex: 0x000000, alpha: 0.22 * finger.alpha)))
            list.append(
                .circle(
                    centerX: finger.point.x, centerY: finger.point.y, radius: 21,
                    color: Color(hex: 0xFFFFFF, alpha: 0.62 * finger.alpha)))
        }
        if let corners { list.append(Chrome.screenCorners(bounds, color: corners)) }
    }

    /// Each phone's label above it, with its side's colour dot, in the phone's width.
    public static func labels(_ labels: [String], layout: ClipLayout, into list: inout DrawList) {
        for (index, label) in labels.enumerated() where index < layout.phones.count {
            let phone = layout.phones[index]
            list.append(.circle(centerX: phone.x + 8, centerY: 18, radius: 6, color: OffsetPlot.colors[index % 2]))
            list.append(
                .text(label, x: phone.x + 22, y: 7, style: .headline, color: .white, maxWidth: phone.width - 22))
        }
    }
}

/// What an encoded clip holds.
public struct ClipResult: Equatable, Sendable {
    public let frames: Int
    /// Clip seconds (frames ÷ fps).
    public let duration: Double
    public let bytes: Int
    public let width: Int
    public let height: Int
}

extension ClipRenderer {
    /// Draws every frame and pipes it to FFmpeg; the file appears only when the encode succeeded.
    /// `inputs` are the files the clip was made from, which the output must not overwrite.
    /// `proceed` is asked after each frame with the frames done so far; when it says no, FFmpeg
    /// is stopped, nothing is written and `VideoError.cancelled` is thrown.
    public func encode(
        to path: String, format: VideoFormat, inputs: [String] = [], ffmpeg: String? = VideoEncoder.ffmpegPath(),
        proceed: (Int) -> Bool = { _ in true }
    ) throws(VideoError) -> ClipResult {
        let encoder = try VideoEncoder(
            path: path, format: format, width: pixelWidth, height: pixelHeight, fps: script.fps, inputs: inputs,
            ffmpeg: ffmpeg)
        while let frame = next() {
            try encoder.write(frame)
            if !proceed(nextFrame) {
                encoder.cancel()
                throw VideoError.cancelled
            }
        }
        let bytes = try encoder.finish()
        return ClipResult(
            frames: frameCount, duration: Double(frameCount) / script.fps, bytes: bytes, width: pixelWidth,
            height: pixelHeight)
    }
}
