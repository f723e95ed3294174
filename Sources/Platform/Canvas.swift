#if canImport(Glibc)
    import Glibc
#endif
import CSDL2
import Drawing

/// Draws `DrawList`s with an SDL renderer — a window's or a software renderer on a surface.
///
/// Shapes snap to whole pixels: a rounded rectangle is three axis-aligned fills plus four corners
/// copied from a cached anti-aliased disc texture (opaque fills without blending); gradients fill
/// with triangles; rounded clips draw into a layer texture put back through the rounded shape.
/// Shadows are one cached blurred texture per radius and blur, stretched as a nine-slice whose
/// middle skips what the opaque shape drawn next covers; text is rendered once per string, style, colour and size and
/// kept as a texture.
/// Vertex and index buffers are reused, so a steady frame allocates nothing here.
public final class Canvas {
    public let renderer: OpaquePointer
    let fonts: FontLibrary
    var vertices: [SDL_Vertex] = []
    var indices: [Int32] = []
    var shadows: [ShadowKey: OpaquePointer] = [:]
    /// Each shadow texture's alpha in its uniform middle (0…1).
    var shadowMiddles: [ShadowKey: Double] = [:]
    var texts: [TextKey: TextEntry] = [:]
    var frame = 0
    /// How many times a cached group (a layer: a card, a picture) was drawn into its texture;
    /// content that only moves is copied from its layer and leaves this unchanged.
    public internal(set) var layerDraws = 0

    /// When true, `stats` counts what is submitted to the renderer (for `scrollab frames --stats`).
    public var collectsStats = false
    public internal(set) var stats = CanvasStats()
    public func resetStats() { stats = CanvasStats() }

    /// Viewport points → pixels: pixel = origin + point × scale.
    public var scale = 1.0
    public var originX = 0.0
    public var originY = 0.0

    struct ShadowKey: Hashable { var radius: Int; var blur: Int }
    struct TextKey: Hashable {
        var text: String; var weight: FontWeight; var size: Int; var display: Bool; var maxWidth: Int;
        var r, g, b: UInt8
    }
    struct TextEntry { var texture: OpaquePointer; var width: Int32; var height: Int32; var lastUsed: Int }

    /// The format of every texture and surface drawn here: ARGB8888, the layout of an X11 or
    /// Wayland window's pixels, for which SDL's software renderer has its fast blended fills and
    /// copies (with ABGR8888 a blended fill takes its generic per-pixel path, several times slower).
    public static let pixelFormat = SDL_PIXELFORMAT_ARGB8888.rawValue

    /// Text textures kept at most; the least recently used beyond this are freed.
    public static let textCacheLimit = 768

    public init(renderer: OpaquePointer, fonts: FontLibrary) {
        self.renderer = renderer
        self.fonts = fonts
        vertices.reserveCapacity(4096)
        indices.reserveCapacity(8192)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit { releaseTextures() }

    /// Destroys every texture the canvas keeps. Its owner calls this before destroying the
    /// renderer (which frees its textures itself, so destroying them after would touch freed memory).
    public func releaseTextures() {
        if let ghostTexture { SDL_DestroyTexture(ghostTexture) }
        for texture in shadows.values { SDL_DestroyTexture(texture) }
        for entry in texts.values { SDL_DestroyTexture(entry.texture) }
        for texture in corners.values { SDL_DestroyTexture(texture) }
        for texture in gradients.values { SDL_DestroyTexture(texture) }
        for entry in groups.values { if let texture = entry.texture { SDL_DestroyTexture(texture) } }
        for entry in sizedShadows.values { SDL_DestroyTexture(entry.texture) }
        if let layer { SDL_DestroyTexture(layer) }
        if let cornerScratch { SDL_DestroyTexture(cornerScratch) }
        ghostTexture = nil
        shadows.removeAll()
        texts.removeAll()
        corners.removeAll()
        gradients.removeAll()
        groups.removeAll()
        sizedShadows.removeAll()
        shadowStandIns.removeAll()
        looseShadowStandIns.removeAll()
        layer = nil
        cornerScratch = nil
        cornerScratchSize = 0
    }

    var ghostTexture: OpaquePointer?
    var ghostSize = (0, 0)

    /// Draws `list` translucently (`alpha` 0…1) over what is there: into a cached target texture
    /// of `pixelWidth` × `pixelHeight`, then copied at the canvas origin. Returns false when the
    /// renderer cannot draw into textures.
    @discardableResult
    public func drawGhost(_ list: DrawList, bounds: Rect, pixelWidth: Int, pixelHeight: Int, alpha: Double) -> Bool {
        if ghostTexture == nil || ghostSize != (pixelWidth, pixelHeight) {
            if let old = ghostTexture { SDL_DestroyTexture(old) }
            ghostTexture = SDL_CreateTexture(
                renderer, Self.pixelFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                Int32(pixelWidth), Int32(pixelHeight))
            ghostSize = (pixelWidth, pixelHeight)
        }
        guard let texture = ghostTexture, SDL_SetRenderTarget(renderer, texture) == 0 else { return false }
        let (x, y) = (originX, originY)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        originX = 0
        originY = 0
        draw(list, bounds: bounds)
        SDL_SetRenderTarget(renderer, nil)
        originX = x
        originY = y
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(texture, UInt8(min(max(alpha, 0), 1) * 255))
        var destination = SDL_Rect(
            x: Int32(x.rounded()), y: Int32(y.rounded()), w: Int32(pixelWidth), h: Int32(pixelHeight))
        SDL_RenderCopy(renderer, texture, nil, &destination)
        return true
    }

    /// Draws every command, clipped to the viewport rectangle `bounds` (points).
    public func draw(_ list: DrawList, bounds: Rect) {
        frame += 1
        if redrawsGradually, scale != drawnScale {
            // The first draw has nothing drawn at another scale to wait for.
            if drawnScale != 0 { scaleChangedAt = Self.seconds }
            drawnScale = scale
        }
        var outer = pixelRect(bounds)
        SDL_RenderSetClipRect(renderer, &outer)
        draw(list.commands, 0..<list.commands.count, bounds: bounds)
        if layerState != nil { endLayer() }
        SDL_RenderSetClipRect(renderer, nil)
        evictText()
        evictGroups()
    }

    /// Draws `commands[range]`; `.clip` commands are cut to `bounds`.
    func draw(_ commands: [DrawCommand], _ range: Range<Int>, bounds: Rect) {
        var index = range.lowerBound
        while index < range.upperBound {
            switch commands[index] {
            case let .rect(rect, fill, radius):
                fillRoundedRect(rect, fill: fill, radius: radius)
            case let .shadow(rect, radius, blur, color):
                // Under an opaque shape drawn next, the shadow's middle is never seen: skip it.
                var covered: SDL_Rect?
                if index + 1 < range.upperBound, case let .rect(next, fill, nextRadius) = commands[index + 1],
                    Self.isOpaque(fill),
                    let p = snapped(next)
                {
                    let r = pixelRadius(nextRadius, p)
                    covered = SDL_Rect(x: p.x + r, y: p.y + r, w: p.w - 2 * r, h: p.h - 2 * r)
                }
                drawShadow(rect, radius: radius, blur: blur, color: color, covered: covered)
            case let .circle(cx, cy, radius, color):
                fillRoundedRect(
                    Rect(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius),
                    fill: .solid(color), radius: radius)
            case let .text(text, x, y, style, color, maxWidth, alignment):
                drawText(text, x: x, y: y, style: style, color: color, maxWidth: maxWidth, alignment: alignment)
            case let .triangle(x0, y0, x1, y1, x2, y2, color):
                fillTriangle((x0, y0), (x1, y1), (x2, y2), color: color)
            case let .cornerMask(rect, radius, color):
                fillCorners(rect, radius: radius, color: color)
            case let .clip(rect):
                var clip = rect.map { pixelRect($0.intersection(bounds)) } ?? pixelRect(bounds)
                if let layered = layerState {
                    clip = clip.intersected(SDL_Rect(x: 0, y: 0, w: layered.rect.w, h: layered.rect.h))
                }
                SDL_RenderSetClipRect(renderer, &clip)
            case let .beginRoundedClip(rect, radius):
                beginLayer(rect, radius: radius, bounds: bounds)
            case .endRoundedClip:
                endLayer()
            case let .beginCached(key, rect):
                var end = index + 1
                while end < range.upperBound { if case .endCached = commands[end] { break }; end += 1 }
                drawGroup(commands, index + 1..<end, key: key, frame: rect, bounds: bounds)
                index = end
            case .endCached:
                break
            }
            index += 1
        }
    }

    // The drawing parts' state (extensions cannot hold it).
    /// Cached groups by key, and their pixels (`Canvas+Groups.swift`).
    var groups: [Int: GroupEntry] = [:]
    var groupPixels = 0
    /// The layer a rounded clip draws into, its size, and the clip being drawn (`Canvas+Clips.swift`).
    var layer: OpaquePointer?
    var layerSize: (Int32, Int32) = (0, 0)
    var layerState:
        (rect: SDL_Rect, radius: Int32, target: OpaquePointer?, clip: SDL_Rect?, originX: Double, originY: Double)?
    /// The layer's corners read back and masked, in a streaming texture (`Canvas+Clips.swift`).
    var cornerBuffer: [UInt32] = []
    var cornerScratch: OpaquePointer?
    var cornerScratchSize: Int32 = 0
    /// Gradient and corner textures by fill and size (`Canvas+Shapes.swift`).
    var gradients: [GradientKey: OpaquePointer] = [:]
    var gradientPixels = 0
    var corners: [CornerKey: OpaquePointer] = [:]
    /// Whole shadows by size, radius, blur and colour (`Canvas+Shadows.swift`).
    var sizedShadows: [SizedShadowKey: (texture: OpaquePointer, lastUsed: Int)] = [:]
    var sizedShadowPixels = 0
    /// The whole shadow last drawn for a shadow in points: after a change of scale, a stand-in
    /// copied scaled until its own is drawn (`Canvas+Shadows.swift`).
    var shadowStandIns: [PointShadowKey: SizedShadowKey] = [:]
    /// The same by radius, blur and colour alone (a shadow whose size in points changed too, as
    /// the phone's bezel does with the window): stretched a little more.
    var looseShadowStandIns: [PointShadowKey: SizedShadowKey] = [:]

    // MARK: Drawing layers anew at a new scale, a few a frame

    /// When true (a window's canvases), a layer or shadow cached at another scale (the window was
    /// resized and the phones with it) is copied from its old texture, scaled, until it is drawn
    /// anew at the new one, and drawing them anew takes at most `redrawBudget` s of each draw:
    /// a frame after a resize then costs about what any frame costs, and the old drawings give
    /// way to sharp ones over the next few frames. When false (clips, golden frames, screenshots:
    /// output that must be the same every run), each is drawn anew when first needed.
    public var redrawsGradually = false
    /// Seconds of each draw that may go to drawing layers and shadows anew at a new scale.
    public static let redrawBudget = 0.004
    /// The draw (`frame`) the time below was spent in, and the seconds spent.
    var redrawFrame = -1
    var redrawSpent = 0.0
    /// Layers being drawn into their textures (a stand-in drawn there would stay in the layer).
    var drawingLayer = 0
    /// Layers and shadows drawn from a stand-in (their drawing at another scale, waiting for
    /// their turn) since the owner last set this to 0: while above 0, the owner draws again.
    public var standIns = 0

    /// Seconds after a change of scale during which nothing is drawn anew: a window being resized
    /// changes it every frame, and a layer drawn at one of its passing scales is thrown away.
    public static let redrawSettleSeconds = 0.1
    /// The scale of the last draw, and when it (or the size of what is drawn) last changed.
    var drawnScale = 0.0
    var scaleChangedAt = -Double.infinity

    /// Starts the wait of `redrawSettleSeconds` again: what this canvas draws changed size with
    /// the window while its scale did not (the phones' bezels on the window's canvas).
    public func noteResize() { scaleChangedAt = Self.seconds }

    /// Whether a layer or shadow cached at another scale may be drawn anew now (else its old
    /// texture is copied scaled): once the scale has settled, within this draw's time budget.
    func mayRedraw() -> Bool {
        guard redrawsGradually else { return true }
        if redrawFrame != frame { (redrawFrame, redrawSpent) = (frame, 0) }
        return Self.seconds - scaleChangedAt >= Self.redrawSettleSeconds && redrawSpent < Self.redrawBudget
    }

    /// Runs `body` (drawing a layer or shadow anew) and counts its time against this draw's budget.
    func redraw<T>(_ body: () -> T) -> T {
        guard redrawsGradually else { return body() }
        let start = Self.seconds
        defer { redrawSpent += Self.seconds - start }
        return body()
    }

    /// Seconds on SDL's high-resolution counter.
    public static var seconds: Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

/// What a canvas submitted to its renderer: triangles with the area of their bounding boxes (what
/// a rasteriser that scans each triangle's box touches) against the area they cover, axis-aligned
/// fills, and texture copies (text, shadows), all in pixels.
public struct CanvasStats: Equatable, Sendable {
    public var triangles = 0
    public var boxArea = 0.0
    public var triangleArea = 0.0
    public var fills = 0
    public var fillArea = 0.0
    public var copies = 0
    public var copyArea = 0.0

    public init() {}

    /// Pixels scanned ÷ pixels covered by the geometry (triangles and fills; 1 = no waste).
    public var boxRatio: Double {
        let covered = triangleArea + fillArea
        return covered > 0 ? (boxArea + fillArea) / covered : 1
    }
}

extension SDL_Rect {
    func intersected(_ other: SDL_Rect) -> SDL_Rect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + w, other.x + other.w), y1 = min(y + h, other.y + other.h)
        return SDL_Rect(x: x0, y: y0, w: max(0, x1 - x0), h: max(0, y1 - y0))
    }

    /// This rectangle without `hole`, as up to four rectangles (above, below, left, right of it).
    func forEachPiece(outside hole: SDL_Rect?, _ body: (SDL_Rect) -> Void) {
        let cut = hole.map(intersected) ?? SDL_Rect(x: x, y: y, w: 0, h: 0)
        guard cut.w > 0, cut.h > 0 else { body(self); return }
        let pieces = (
            SDL_Rect(x: x, y: y, w: w, h: cut.y - y),
            SDL_Rect(x: x, y: cut.y + cut.h, w: w, h: y + h - cut.y - cut.h),
            SDL_Rect(x: x, y: cut.y, w: cut.x - x, h: cut.h),
            SDL_Rect(x: cut.x + cut.w, y: cut.y, w: x + w - cut.x - cut.w, h: cut.h)
        )
        if pieces.0.w > 0 && pieces.0.h > 0 { body(pieces.0) }
        if pieces.1.w > 0 && pieces.1.h > 0 { body(pieces.1) }
        if pieces.2.w > 0 && pieces.2.h > 0 { body(pieces.2) }
        if pieces.3.w > 0 && pieces.3.h > 0 { body(pieces.3) }
    }

    /// A rounded rectangle's straight parts: the full-width middle band and the strips between
    /// the top and the bottom corners (`radius` pixels high), those that are not empty.
    func forEachBand(radius r: Int32, _ body: (SDL_Rect) -> Void) {
        let middle = SDL_Rect(x: x, y: y + r, w: w, h: h - 2 * r)
        let top = SDL_Rect(x: x + r, y: y, w: w - 2 * r, h: r)
        let bottom = SDL_Rect(x: x + r, y: y + h - r, w: w - 2 * r, h: r)
        if middle.w > 0 && middle.h > 0 { body(middle) }
        if top.w > 0 && top.h > 0 { body(top) }
        if bottom.w > 0 && bottom.h > 0 { body(bottom) }
    }
}

extension Color {
    /// The four channels in one number (a cache key).
    var packed: UInt32 { UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a) }
}
