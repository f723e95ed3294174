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
    private let fonts: FontLibrary
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    private var shadows: [ShadowKey: OpaquePointer] = [:]
    /// Each shadow texture's alpha in its uniform middle (0…1).
    private var shadowMiddles: [ShadowKey: Double] = [:]
    private var texts: [TextKey: TextEntry] = [:]
    private var frame = 0

    /// When true, `stats` counts what is submitted to the renderer (for `scrollab frames --stats`).
    public var collectsStats = false
    public private(set) var stats = CanvasStats()
    public func resetStats() { stats = CanvasStats() }

    /// Viewport points → pixels: pixel = origin + point × scale.
    public var scale = 1.0
    public var originX = 0.0
    public var originY = 0.0

    private struct ShadowKey: Hashable { var radius: Int; var blur: Int }
    private struct TextKey: Hashable {
        var text: String; var weight: FontWeight; var size: Int; var display: Bool; var maxWidth: Int;
        var r, g, b: UInt8
    }
    private struct TextEntry { var texture: OpaquePointer; var width: Int32; var height: Int32; var lastUsed: Int }

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
        layer = nil
        cornerScratch = nil
        cornerScratchSize = 0
    }

    private var ghostTexture: OpaquePointer?
    private var ghostSize = (0, 0)

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
        var outer = pixelRect(bounds)
        SDL_RenderSetClipRect(renderer, &outer)
        draw(list.commands, 0..<list.commands.count, bounds: bounds)
        if layerState != nil { endLayer() }
        SDL_RenderSetClipRect(renderer, nil)
        evictText()
        evictGroups()
    }

    /// Draws `commands[range]`; `.clip` commands are cut to `bounds`.
    private func draw(_ commands: [DrawCommand], _ range: Range<Int>, bounds: Rect) {
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

    // MARK: Cached groups

    private struct GroupEntry {
        var texture: OpaquePointer?
        var width: Int32, height: Int32
        var scale: Double
        var lastUsed: Int
        /// When the group last came in a new size (a stretching header): drawn directly until it settles.
        var resizedAt: Int
    }
    private var groups: [Int: GroupEntry] = [:]
    private var groupPixels = 0
    /// Pixels of cached group textures kept at most (64 MB); the least recently used go first.
    public static let groupCacheLimit = 16_000_000
    /// Draws since a group last changed size before it is cached again.
    static let groupSettleDraws = 30

    /// A cached group: its texture copied (no blending: the group is opaque), drawn into the
    /// texture first when new. The texture holds the frame drawn at a whole-pixel origin, so it
    /// looks the same wherever the frame sits; it is copied at the frame's rounded position.
    /// Groups that keep changing size, or too big to keep, are drawn directly, clipped to the frame.
    private func drawGroup(_ commands: [DrawCommand], _ range: Range<Int>, key: Int, frame rect: Rect, bounds: Rect) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite, rect.width > 0,
            rect.height > 0
        else { return }
        let width = (rect.width * scale).rounded(), height = (rect.height * scale).rounded()
        let x = (originX + rect.x * scale).rounded(), y = (originY + rect.y * scale).rounded()
        guard width >= 1, height >= 1, width <= 1e6, height <= 1e6, abs(x) < 1e9, abs(y) < 1e9 else { return }
        var destination = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        var clip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &clip)
        let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        if clipped {
            let seen = destination.intersected(clip)
            guard seen.w > 0, seen.h > 0 else { return }
        }
        if let texture = groupTexture(
            key: key, width: destination.w, height: destination.h, commands, range, origin: rect)
        {
            copy(texture, nil, &destination)
            return
        }
        var inside = clipped ? destination.intersected(clip) : destination
        SDL_RenderSetClipRect(renderer, &inside)
        draw(commands, range, bounds: rect.intersection(bounds))
        if clipped { SDL_RenderSetClipRect(renderer, &clip) } else { SDL_RenderSetClipRect(renderer, nil) }
    }

    /// The group's texture, drawn now when it is new or came in a new size; nil to draw it directly.
    private func groupTexture(
        key: Int, width: Int32, height: Int32, _ commands: [DrawCommand], _ range: Range<Int>,
        origin rect: Rect
    ) -> OpaquePointer? {
        let area = Int(width) * Int(height)
        if var entry = groups[key] {
            if entry.width == width, entry.height == height, entry.scale == scale {
                entry.lastUsed = frame
                groups[key] = entry
                if let texture = entry.texture { return texture }
                // Waiting for the size to settle.
                if frame - entry.resizedAt < Self.groupSettleDraws { return nil }
            } else {
                if let texture = entry.texture {
                    SDL_DestroyTexture(texture); groupPixels -= Int(entry.width) * Int(entry.height)
                }
                groups[key] = GroupEntry(
                    texture: nil, width: width, height: height, scale: scale, lastUsed: frame, resizedAt: frame)
                return nil
            }
        }
        guard width <= 4096, height <= 4096, area <= Self.groupCacheLimit / 8 else { return nil }
        makeRoom(for: area)
        guard
            let texture = newTexture(
                width: width, height: height,
                body: {
                    let saved = (originX, originY, layerState)
                    // The frame's corner on the texture's (0, 0), whatever its position on the screen.
                    originX = -rect.x * scale
                    originY = -rect.y * scale
                    layerState = nil
                    SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
                    SDL_RenderClear(renderer)
                    var whole = SDL_Rect(x: 0, y: 0, w: width, h: height)
                    SDL_RenderSetClipRect(renderer, &whole)
                    draw(commands, range, bounds: rect)
                    if layerState != nil { endLayer() }
                    (originX, originY, layerState) = saved
                })
        else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        groups[key] = GroupEntry(
            texture: texture, width: width, height: height, scale: scale, lastUsed: frame,
            resizedAt: groups[key]?.resizedAt ?? -Self.groupSettleDraws)
        groupPixels += area
        return texture
    }

    /// Frees the least recently used group textures (not those of this draw) until `area` more pixels fit.
    private func makeRoom(for area: Int) {
        guard groupPixels + area > Self.groupCacheLimit else { return }
        let old = groups.filter { $0.value.texture != nil && $0.value.lastUsed < frame }.sorted {
            $0.value.lastUsed < $1.value.lastUsed
        }
        for (key, entry) in old {
            guard groupPixels + area > Self.groupCacheLimit else { break }
            if let texture = entry.texture { SDL_DestroyTexture(texture) }
            groupPixels -= Int(entry.width) * Int(entry.height)
            groups[key] = nil
        }
    }

    /// Forgets groups not drawn for a while that hold no texture, so the table stays small.
    private func evictGroups() {
        guard groups.count > 2048 else { return }
        for (key, entry) in groups where entry.texture == nil && frame - entry.lastUsed > 120 { groups[key] = nil }
    }

    /// A new target texture of `width` × `height` pixels with `body` drawn into it (the render
    /// target and clip in use are restored after; no clip while `body` runs); nil when the
    /// renderer cannot make one.
    private func newTexture(width: Int32, height: Int32, body: () -> Void) -> OpaquePointer? {
        guard
            let texture = SDL_CreateTexture(
                renderer, Self.pixelFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), width, height)
        else {
            return nil
        }
        let target = SDL_GetRenderTarget(renderer)
        var previousClip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &previousClip)
        let hadClip = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        guard SDL_SetRenderTarget(renderer, texture) == 0 else { SDL_DestroyTexture(texture); return nil }
        SDL_RenderSetClipRect(renderer, nil)
        body()
        SDL_SetRenderTarget(renderer, target)
        if hadClip { SDL_RenderSetClipRect(renderer, &previousClip) } else { SDL_RenderSetClipRect(renderer, nil) }
        return texture
    }

    // MARK: Rounded clips

    private var layer: OpaquePointer?
    private var layerSize: (Int32, Int32) = (0, 0)
    /// The layer being drawn: its rectangle on the target (pixels), corner radius, and what to restore.
    private var layerState:
        (rect: SDL_Rect, radius: Int32, target: OpaquePointer?, clip: SDL_Rect?, originX: Double, originY: Double)?

    /// Sends drawing into the layer texture, cleared, with the origin moved so `rect`'s pixels
    /// start at the layer's (0, 0). Falls back to a plain clip when a layer is already open or
    /// the renderer cannot draw into textures.
    private func beginLayer(_ rect: Rect, radius: Double, bounds: Rect) {
        guard let p = snapped(rect) else {
            var empty = SDL_Rect(x: 0, y: 0, w: 0, h: 0)
            if layerState == nil { SDL_RenderSetClipRect(renderer, &empty) }
            return
        }
        var previousClip = SDL_Rect()
        SDL_RenderGetClipRect(renderer, &previousClip)
        let hadClip = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        func plainClip() {
            var clip = pixelRect(rect.intersection(bounds))
            if hadClip { clip = clip.intersected(previousClip) }
            SDL_RenderSetClipRect(renderer, &clip)
        }
        guard layerState == nil, p.w <= 8192, p.h <= 8192 else { plainClip(); return }
        if layer == nil || layerSize.0 < p.w || layerSize.1 < p.h {
            if let old = layer { SDL_DestroyTexture(old) }
            let size = (max(p.w, layerSize.0), max(p.h, layerSize.1))
            layer = SDL_CreateTexture(
                renderer, Self.pixelFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), size.0, size.1)
            layerSize = layer == nil ? (0, 0) : size
            if let layer { SDL_SetTextureBlendMode(layer, SDL_BLENDMODE_BLEND) }
        }
        let target = SDL_GetRenderTarget(renderer)
        guard let layer, SDL_SetRenderTarget(renderer, layer) == 0 else { plainClip(); return }
        layerState = (p, pixelRadius(radius, p), target, hadClip ? previousClip : nil, originX, originY)
        originX -= Double(p.x)
        originY -= Double(p.y)
        var area = SDL_Rect(x: 0, y: 0, w: p.w, h: p.h)
        SDL_RenderSetClipRect(renderer, &area)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderFillRect(renderer, &area)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        var clip = pixelRect(bounds).intersected(area)
        if let previous = layerState?.clip {
            clip = clip.intersected(SDL_Rect(x: previous.x - p.x, y: previous.y - p.y, w: previous.w, h: previous.h))
        }
        SDL_RenderSetClipRect(renderer, &clip)
    }

    /// Puts the layer back onto the target through the rounded rectangle: the bands between the
    /// corners as plain copies; the four corner squares read back, their alpha multiplied by the
    /// share of each pixel inside the arc, and copied from a small streaming texture.
    private func endLayer() {
        guard let state = layerState, let layer else { return }
        layerState = nil
        let p = state.rect, r = state.radius
        let corners = r > 0 ? maskedCorners(of: p, radius: r) : nil
        SDL_SetRenderTarget(renderer, state.target)
        originX = state.originX
        originY = state.originY
        if var clip = state.clip {
            SDL_RenderSetClipRect(renderer, &clip)
        } else {
            SDL_RenderSetClipRect(renderer, nil)
        }
        SDL_Rect(x: 0, y: 0, w: p.w, h: p.h).forEachBand(radius: r) { band in
            var source = band
            var destination = SDL_Rect(x: band.x + p.x, y: band.y + p.y, w: band.w, h: band.h)
            copy(layer, &source, &destination)
        }
        guard let corners else { return }
        for corner in 0..<4 {
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            var source = SDL_Rect(x: right ? r : 0, y: bottom ? r : 0, w: r, h: r)
            var destination = SDL_Rect(x: right ? p.x + p.w - r : p.x, y: bottom ? p.y + p.h - r : p.y, w: r, h: r)
            copy(corners, &source, &destination)
        }
    }

    private var cornerBuffer: [UInt32] = []
    private var cornerScratch: OpaquePointer?
    private var cornerScratchSize: Int32 = 0

    /// The layer's four corner squares (read from the layer, still the render target) in one
    /// 2r × 2r streaming texture, each pixel's alpha multiplied by its share inside the arc.
    private func maskedCorners(of p: SDL_Rect, radius r: Int32) -> OpaquePointer? {
        let side = Int(2 * r)
        if cornerBuffer.count < side * side { cornerBuffer = [UInt32](repeating: 0, count: side * side) }
        for corner in 0..<4 {
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            var source = SDL_Rect(x: right ? p.w - r : 0, y: bottom ? p.h - r : 0, w: r, h: r)
            let offset = (bottom ? Int(r) * side : 0) + (right ? Int(r) : 0)
            let status = cornerBuffer.withUnsafeMutableBufferPointer { buffer in
                SDL_RenderReadPixels(renderer, &source, Self.pixelFormat, buffer.baseAddress! + offset, Int32(side * 4))
            }
            guard status == 0 else { return nil }
        }
        let radius = Double(r)
        for py in 0..<side {
            for px in 0..<side {
                let coverage = Self.discCoverage(
                    x: Double(px) + 0.5 - radius, y: Double(py) + 0.5 - radius, radius: radius)
                guard coverage < 1 else { continue }
                let pixel = cornerBuffer[py * side + px]
                let alpha = UInt32((Double(pixel >> 24) * coverage).rounded())
                cornerBuffer[py * side + px] = (pixel & 0x00FF_FFFF) | alpha << 24
            }
        }
        if cornerScratch == nil || cornerScratchSize != 2 * r {
            if let old = cornerScratch { SDL_DestroyTexture(old) }
            cornerScratch = SDL_CreateTexture(
                renderer, Self.pixelFormat, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), 2 * r, 2 * r)
            cornerScratchSize = 2 * r
            if let cornerScratch { SDL_SetTextureBlendMode(cornerScratch, SDL_BLENDMODE_BLEND) }
        }
        guard let cornerScratch else { return nil }
        let status = cornerBuffer.withUnsafeBufferPointer {
            SDL_UpdateTexture(cornerScratch, nil, $0.baseAddress, Int32(side * 4))
        }
        return status == 0 ? cornerScratch : nil
    }

    /// A rectangle in points as pixels, its edges kept within ±`pixelReach` (in Double, before any
    /// integer arithmetic): geometry a long pull throws millions or 10³⁰⁰ points away stays a
    /// rectangle past the canvas, and sums of its edges, widths and blur margins stay far from
    /// Int32's limits. No canvas is larger than 16384 pixels a side, so clamping changes nothing
    /// that shows.
    func pixelRect(_ rect: Rect) -> SDL_Rect {
        func pixel(_ value: Double) -> Double {
            guard !value.isNaN else { return 0 }
            return min(max(value.rounded(), -Self.pixelReach), Self.pixelReach)
        }
        let x0 = pixel(originX + rect.x * scale), y0 = pixel(originY + rect.y * scale)
        let x1 = pixel(originX + rect.maxX * scale), y1 = pixel(originY + rect.maxY * scale)
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(max(0, x1 - x0)), h: Int32(max(0, y1 - y0)))
    }

    /// How far from the origin a pixel edge may lie (2²⁴: four of them still add up within Int32).
    static let pixelReach = Double(1 << 24)

    // MARK: Shapes

    private func color(_ fill: Fill, u: Double, v: Double) -> SDL_Color {
        let c: Color
        switch fill {
        case .solid(let solid): c = solid
        case .verticalGradient(let top, let bottom): c = top.mixed(with: bottom, min(max(v, 0), 1))
        case .diagonalGradient(let from, let to): c = from.mixed(with: to, min(max((u + v) / 2, 0), 1))
        }
        return SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
    }

    private static func isOpaque(_ fill: Fill) -> Bool {
        switch fill {
        case .solid(let c): return c.a == 255
        case .verticalGradient(let a, let b), .diagonalGradient(let a, let b): return a.a == 255 && b.a == 255
        }
    }

    /// A rectangle in points as whole pixels: edges rounded to the nearest pixel boundary, so
    /// shapes meet without seams and fills touch exactly the pixels they cover.
    private func snapped(_ rect: Rect) -> SDL_Rect? {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite, rect.width > 0,
            rect.height > 0
        else { return nil }
        let r = pixelRect(rect)
        return r.w > 0 && r.h > 0 ? r : nil
    }

    /// Corner radius in whole pixels for a snapped rectangle: at most half its shorter side.
    private func pixelRadius(_ radius: Double, _ r: SDL_Rect) -> Int32 {
        guard radius.isFinite, radius > 0 else { return 0 }
        return Int32(min(Double(min(r.w, r.h) / 2), (radius * scale).rounded()))
    }

    /// A rounded rectangle: three axis-aligned fills (a centre band and the strips between the
    /// corners), each touching only the pixels it covers, and four corners copied from a cached
    /// anti-aliased disc texture tinted with the fill. Opaque fills draw without blending. Gradients
    /// fill the bands with two triangles each and tint each corner with the colour at its middle.
    private func fillRoundedRect(_ rect: Rect, fill: Fill, radius: Double) {
        guard let p = snapped(rect) else { return }
        if case .solid(let c) = fill, c.a == 0 { return }
        let r = pixelRadius(radius, p)
        let opaque = Self.isOpaque(fill)
        SDL_SetRenderDrawBlendMode(renderer, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        if case .solid(let c) = fill {
            SDL_SetRenderDrawColor(renderer, c.r, c.g, c.b, c.a)
            p.forEachBand(radius: r) { fillPixels($0) }
        } else if let gradient = gradientTexture(fill, width: p.w, height: p.h) {
            SDL_SetTextureBlendMode(gradient, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_Rect(x: 0, y: 0, w: p.w, h: p.h).forEachBand(radius: r) { band in
                var source = band
                var destination = SDL_Rect(x: band.x + p.x, y: band.y + p.y, w: band.w, h: band.h)
                copy(gradient, &source, &destination)
            }
        } else {
            vertices.removeAll(keepingCapacity: true)
            indices.removeAll(keepingCapacity: true)
            p.forEachBand(radius: r) { quad($0, fill: fill, in: p) }
            submitGeometry()
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        guard r > 0, let disc = cornerTexture(radius: Int(r), inverted: false) else { return }
        for corner in 0..<4 {
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            var destination = SDL_Rect(x: right ? p.x + p.w - r : p.x, y: bottom ? p.y + p.h - r : p.y, w: r, h: r)
            var source = SDL_Rect(x: right ? r : 0, y: bottom ? r : 0, w: r, h: r)
            let c = color(
                fill, u: (Double(destination.x - p.x) + Double(r) / 2) / Double(p.w),
                v: (Double(destination.y - p.y) + Double(r) / 2) / Double(p.h))
            SDL_SetTextureColorMod(disc, c.r, c.g, c.b)
            SDL_SetTextureAlphaMod(disc, c.a)
            copy(disc, &source, &destination)
        }
    }

    /// An axis-aligned fill of whole pixels with the current colour and blend mode.
    private func fillPixels(_ rect: SDL_Rect) {
        var rect = rect
        if collectsStats {
            stats.fills += 1
            stats.fillArea += Double(rect.w) * Double(rect.h)
        }
        SDL_RenderFillRect(renderer, &rect)
    }

    /// Two triangles over a pixel rectangle, coloured by `fill` across `frame`.
    private func quad(_ rect: SDL_Rect, fill: Fill, in frame: SDL_Rect) {
        let base = Int32(vertices.count)
        for corner in 0..<4 {
            let cx = corner == 1 || corner == 2 ? rect.x + rect.w : rect.x, cy = corner >= 2 ? rect.y + rect.h : rect.y
            let c = color(fill, u: Double(cx - frame.x) / Double(frame.w), v: Double(cy - frame.y) / Double(frame.h))
            vertices.append(
                SDL_Vertex(
                    position: SDL_FPoint(x: Float(cx), y: Float(cy)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0)))
        }
        triangle(base, base + 1, base + 2)
        triangle(base, base + 2, base + 3)
    }

    /// Sends the vertex and index buffers to the renderer (counted when `collectsStats`).
    private func submitGeometry(texture: OpaquePointer? = nil) {
        guard !indices.isEmpty else { return }
        if collectsStats { countTriangles() }
        SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    private func countTriangles() {
        var i = 0
        while i + 2 < indices.count {
            let a = vertices[Int(indices[i])].position, b = vertices[Int(indices[i + 1])].position,
                c = vertices[Int(indices[i + 2])].position
            let w = Double(max(a.x, b.x, c.x) - min(a.x, b.x, c.x)), h = Double(max(a.y, b.y, c.y) - min(a.y, b.y, c.y))
            stats.triangles += 1
            stats.boxArea += w * h
            stats.triangleArea += abs(Double((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y))) / 2
            i += 3
        }
    }

    @inline(__always)
    private func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    /// Paints the four corner regions outside a rounded rectangle but inside `rect` with `color`,
    /// anti-aliased along the arc (a phone screen's corners).
    private func fillCorners(_ rect: Rect, radius: Double, color: Color) {
        guard let p = snapped(rect) else { return }
        let r = pixelRadius(radius, p)
        guard r > 0, let hole = cornerTexture(radius: Int(r), inverted: true) else { return }
        SDL_SetTextureColorMod(hole, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(hole, color.a)
        for corner in 0..<4 {
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            var destination = SDL_Rect(x: right ? p.x + p.w - r : p.x, y: bottom ? p.y + p.h - r : p.y, w: r, h: r)
            var source = SDL_Rect(x: right ? r : 0, y: bottom ? r : 0, w: r, h: r)
            copy(hole, &source, &destination)
        }
    }

    /// A triangle with a one-pixel feathered rim outside each edge (the same anti-aliasing as
    /// the rounded rectangles).
    private func fillTriangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), color: Color) {
        let p = [a, b, c].map { (originX + $0.0 * scale, originY + $0.1 * scale) }
        // Beyond ±1e7 px a vertex no longer fits a Float's precision for the rasteriser: skip.
        guard p.allSatisfy({ abs($0.0) < 1e7 && abs($0.1) < 1e7 }) else { return }
        // Winding: the sign of the cross product decides which side of each edge is outside.
        let cross = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[1].1 - p[0].1) * (p[2].0 - p[0].0)
        guard abs(cross) > 1e-9 else { return }
        let sign = cross > 0 ? 1.0 : -1.0
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        let solid = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        var clear = solid
        clear.a = 0
        func vertex(_ x: Double, _ y: Double, _ c: SDL_Color) -> SDL_Vertex {
            SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        for point in p { vertices.append(vertex(point.0, point.1, solid)) }
        triangle(0, 1, 2)
        for edge in 0..<3 {
            let (x0, y0) = p[edge], (x1, y1) = p[(edge + 1) % 3]
            let length = max(1e-9, ((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0)).squareRoot())
            let nx = sign * (y1 - y0) / length, ny = -sign * (x1 - x0) / length
            let base = Int32(vertices.count)
            vertices.append(vertex(x0 + nx, y0 + ny, clear))
            vertices.append(vertex(x1 + nx, y1 + ny, clear))
            triangle(Int32(edge), Int32((edge + 1) % 3), base + 1)
            triangle(Int32(edge), base + 1, base)
        }
        submitGeometry()
    }

    private struct GradientKey: Hashable { var diagonal: Bool; var from, to: UInt32; var width, height: Int32 }
    private var gradients: [GradientKey: OpaquePointer] = [:]
    private var gradientPixels = 0
    /// Pixels of gradient textures kept at most; past it the cache starts over.
    public static let gradientCacheLimit = 24_000_000

    /// A gradient drawn once per fill and pixel size and kept: copying it costs far less than
    /// interpolating colours across triangles every frame.
    private func gradientTexture(_ fill: Fill, width: Int32, height: Int32) -> OpaquePointer? {
        let key: GradientKey
        switch fill {
        case .solid: return nil
        case .verticalGradient(let a, let b):
            key = GradientKey(diagonal: false, from: a.packed, to: b.packed, width: width, height: height)
        case .diagonalGradient(let a, let b):
            key = GradientKey(diagonal: true, from: a.packed, to: b.packed, width: width, height: height)
        }
        if let texture = gradients[key] { return texture }
        let area = Int(width) * Int(height)
        guard area <= Self.gradientCacheLimit / 4 else { return nil }
        if gradientPixels + area > Self.gradientCacheLimit {
            for texture in gradients.values { SDL_DestroyTexture(texture) }
            gradients.removeAll(keepingCapacity: true)
            gradientPixels = 0
        }
        // Drawn by the renderer itself: two triangles with the colours at the corners, once.
        guard
            let texture = newTexture(
                width: width, height: height,
                body: {
                    vertices.removeAll(keepingCapacity: true)
                    indices.removeAll(keepingCapacity: true)
                    let whole = SDL_Rect(x: 0, y: 0, w: width, h: height)
                    quad(whole, fill: fill, in: whole)
                    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
                    SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
                    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
                })
        else { return nil }
        gradients[key] = texture
        gradientPixels += area
        return texture
    }

    private struct CornerKey: Hashable { var radius: Int; var inverted: Bool }
    private var corners: [CornerKey: OpaquePointer] = [:]

    /// A white disc of `radius` pixels in a 2r × 2r texture, its alpha the share of each pixel
    /// inside the circle (or outside, `inverted`); a quadrant of it is one corner.
    private func cornerTexture(radius: Int, inverted: Bool) -> OpaquePointer? {
        let key = CornerKey(radius: radius, inverted: inverted)
        if let texture = corners[key] { return texture }
        if corners.count >= Self.cornerCacheLimit {
            for texture in corners.values { SDL_DestroyTexture(texture) }
            corners.removeAll(keepingCapacity: true)
        }
        let size = 2 * radius
        guard radius > 0, radius <= 4096,
            let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(size), Int32(size), 32, Self.pixelFormat)
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let pitch = Int(surface.pointee.pitch) / 4
        let r = Double(radius)
        for py in 0..<size {
            for px in 0..<size {
                let coverage = Self.discCoverage(x: Double(px) + 0.5 - r, y: Double(py) + 0.5 - r, radius: r)
                let a = UInt32(((inverted ? 1 - coverage : coverage) * 255).rounded())
                pixels[py * pitch + px] = (a << 24) | 0x00FF_FFFF
            }
        }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        corners[key] = texture
        return texture
    }

    /// Share of the pixel centred at (x, y) (relative to the disc's centre) inside a disc of
    /// `radius` pixels: 4 × 4 samples, so an edge pixel gets one of 17 levels.
    static func discCoverage(x: Double, y: Double, radius: Double) -> Double {
        let d = (x * x + y * y).squareRoot()
        if d <= radius - 0.75 { return 1 }
        if d >= radius + 0.75 { return 0 }
        var inside = 0
        for i in 0..<4 {
            for j in 0..<4 {
                let sx = x + (Double(i) + 0.5) / 4 - 0.5, sy = y + (Double(j) + 0.5) / 4 - 0.5
                if sx * sx + sy * sy <= radius * radius { inside += 1 }
            }
        }
        return Double(inside) / 16
    }

    /// Corner textures kept at most (each radius once, plain and inverted).
    public static let cornerCacheLimit = 512

    // MARK: Shadows

    /// A white rounded square blurred by `blur` pixels; its alpha is the shadow's shape.
    private func shadowTexture(radius: Int, blur: Int) -> OpaquePointer? {
        let key = ShadowKey(radius: radius, blur: blur)
        if let texture = shadows[key] { return texture }
        let corner = radius + 2 * blur
        let size = 2 * corner + 2
        guard size <= 2048 else { return nil }  // only at extreme magnification: drawn without its shadow
        var alpha = [Double](repeating: 0, count: size * size)
        let inset = Double(2 * blur), r = Double(radius), side = Double(size) - 2 * inset
        for py in 0..<size {
            for px in 0..<size {
                // Coverage of the rounded square at the pixel centre.
                let fx = Double(px) + 0.5 - inset, fy = Double(py) + 0.5 - inset
                let dx = max(r - fx, fx - (side - r), 0), dy = max(r - fy, fy - (side - r), 0)
                let inside = fx >= 0 && fy >= 0 && fx <= side && fy <= side && (dx * dx + dy * dy) <= r * r
                alpha[py * size + px] = inside ? 1 : 0
            }
        }
        // Three box blurs approximate a Gaussian with σ ≈ blur / 2.
        let boxRadius = max(1, blur / 3)
        for _ in 0..<3 { alpha = Self.boxBlur(alpha, size: size, radius: boxRadius) }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(size), Int32(size), 32, Self.pixelFormat) else {
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt32.self)
        let pitch = Int(surface.pointee.pitch) / 4
        for py in 0..<size {
            for px in 0..<size {
                let a = UInt32((min(1, alpha[py * size + px]) * 255).rounded())
                pixels[py * pitch + px] = (a << 24) | 0x00FF_FFFF
            }
        }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        shadows[key] = texture
        shadowMiddles[key] = min(1, alpha[corner * size + corner])
        return texture
    }

    static func boxBlur(_ input: [Double], size: Int, radius: Int) -> [Double] {
        var horizontal = [Double](repeating: 0, count: input.count)
        var output = [Double](repeating: 0, count: input.count)
        let norm = 1 / Double(2 * radius + 1)
        for y in 0..<size {
            for x in 0..<size {
                var sum = 0.0
                for k in -radius...radius { let xx = x + k; if xx >= 0 && xx < size { sum += input[y * size + xx] } }
                horizontal[y * size + x] = sum * norm
            }
        }
        for y in 0..<size {
            for x in 0..<size {
                var sum = 0.0
                for k in -radius...radius {
                    let yy = y + k; if yy >= 0 && yy < size { sum += horizontal[yy * size + x] }
                }
                output[y * size + x] = sum * norm
            }
        }
        return output
    }

    /// A soft shadow around `rect`: a texture of the whole shadow at its pixel size and colour,
    /// made once from the blurred corner texture (a nine-slice) and kept, then copied without
    /// scaling or tinting (the renderer's fastest blended copy) in up to four pieces around
    /// `covered` (pixels an opaque shape drawn next will cover). Shadows too big to keep are
    /// drawn as the nine-slice itself.
    private func drawShadow(_ rect: Rect, radius: Double, blur: Double, color: Color, covered: SDL_Rect?) {
        let r = max(0, Int((radius * scale).rounded())), b = max(1, Int((blur * scale).rounded()))
        let target = pixelRect(rect)
        // The texture's shape sits 2b inside its edge; so does the rectangle inside the shadow.
        let whole = SDL_Rect(
            x: target.x - Int32(2 * b), y: target.y - Int32(2 * b), w: target.w + Int32(4 * b),
            h: target.h + Int32(4 * b))
        guard color.a > 0, whole.w > 0, whole.h > 0 else { return }
        if let texture = sizedShadow(width: whole.w, height: whole.h, radius: r, blur: b, color: color) {
            whole.forEachPiece(outside: covered) { piece in
                var source = SDL_Rect(x: piece.x - whole.x, y: piece.y - whole.y, w: piece.w, h: piece.h)
                var destination = piece
                copy(texture, &source, &destination)
            }
            return
        }
        nineSlice(whole, radius: r, blur: b, color: color, covered: covered)
    }

    private struct SizedShadowKey: Hashable { var width, height: Int32; var radius, blur: Int; var color: UInt32 }
    private var sizedShadows: [SizedShadowKey: (texture: OpaquePointer, lastUsed: Int)] = [:]
    private var sizedShadowPixels = 0
    /// Pixels of whole-shadow textures kept at most (32 MB); the least recently used go first.
    public static let sizedShadowCacheLimit = 8_000_000

    /// The whole shadow of a `width` × `height` pixel box in `color`, drawn once: the nine-slice
    /// written into a transparent texture without blending (colour and alpha as they are).
    private func sizedShadow(width: Int32, height: Int32, radius r: Int, blur b: Int, color: Color) -> OpaquePointer? {
        let key = SizedShadowKey(width: width, height: height, radius: r, blur: b, color: color.packed)
        if let found = sizedShadows[key] {
            sizedShadows[key] = (found.texture, frame)
            return found.texture
        }
        let area = Int(width) * Int(height)
        guard width <= 4096, height <= 4096, area <= Self.sizedShadowCacheLimit / 8 else { return nil }
        if sizedShadowPixels + area > Self.sizedShadowCacheLimit {
            let old = sizedShadows.filter { $0.value.lastUsed < frame }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            for (oldKey, entry) in old where sizedShadowPixels + area > Self.sizedShadowCacheLimit {
                SDL_DestroyTexture(entry.texture)
                sizedShadowPixels -= Int(oldKey.width) * Int(oldKey.height)
                sizedShadows[oldKey] = nil
            }
        }
        guard
            let texture = newTexture(
                width: width, height: height,
                body: {
                    SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, 0)
                    SDL_RenderClear(renderer)
                    nineSlice(
                        SDL_Rect(x: 0, y: 0, w: width, h: height), radius: r, blur: b, color: color, covered: nil,
                        blending: false)
                })
        else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        sizedShadows[key] = (texture, frame)
        sizedShadowPixels += area
        return texture
    }

    /// The cached blurred corner texture stretched as a nine-slice over `whole` (the shadow's
    /// full extent in pixels), tinted `color`; the middle slice leaves out `covered`. Without
    /// `blending` the pixels are written as they are (building a whole-shadow texture).
    private func nineSlice(
        _ whole: SDL_Rect, radius r: Int, blur b: Int, color: Color, covered: SDL_Rect?, blending: Bool = true
    ) {
        guard let texture = shadowTexture(radius: r, blur: b) else { return }
        SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(texture, color.a)
        if !blending { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE) }
        defer {
            if !blending {
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
                SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
            }
        }
        let corner = r + 2 * b
        let size = 2 * corner + 2
        let (x0, y0, w, h) = (whole.x, whole.y, whole.w, whole.h)
        let c = Int32(corner)
        guard w >= 2 * c, h >= 2 * c else {
            var dst = whole
            copy(texture, nil, &dst)
            return
        }
        let s = Int32(size)
        // Nine slices: corners copied as they are, edges and centre stretched (a 2-pixel strip).
        for column in 0..<3 {
            let sx = column == 0 ? 0 : (column == 1 ? c : s - c), sw = column == 1 ? Int32(2) : c
            let dx = column == 0 ? x0 : (column == 1 ? x0 + c : x0 + w - c), dw = column == 1 ? w - 2 * c : c
            for row in 0..<3 {
                let sy = row == 0 ? 0 : (row == 1 ? c : s - c), sh = row == 1 ? Int32(2) : c
                let dy = row == 0 ? y0 : (row == 1 ? y0 + c : y0 + h - c), dh = row == 1 ? h - 2 * c : c
                guard dw > 0, dh > 0 else { continue }
                var source = SDL_Rect(x: sx, y: sy, w: sw, h: sh)
                let destination = SDL_Rect(x: dx, y: dy, w: dw, h: dh)
                guard column == 1 && row == 1 else {
                    var destination = destination
                    copy(texture, &source, &destination)
                    continue
                }
                // The middle slice is uniform: a plain fill (no stretched copy), and only its
                // parts outside what will cover it.
                let alpha = UInt8((Double(color.a) * (shadowMiddles[ShadowKey(radius: r, blur: b)] ?? 1)).rounded())
                SDL_SetRenderDrawBlendMode(renderer, blending ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
                SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, alpha)
                destination.forEachPiece(outside: covered) { fillPixels($0) }
            }
        }
    }

    // MARK: Text

    /// One line of text in a box `maxWidth` points wide: measured with the font at the pixel size,
    /// cut to the longest prefix that fits with "…" after it when too wide, then aligned.
    private func drawText(
        _ text: String, x: Double, y: Double, style: TextStyle, color: Color, maxWidth: Double, alignment: TextAlignment
    ) {
        guard !text.isEmpty, color.a > 0, x.isFinite, y.isFinite, !maxWidth.isNaN else { return }
        let size = Int((style.size * scale).rounded())
        // Below `smallestTextPixels` hinting rounds a space's advance to nothing ("Aquiet streetin
        // Kyoto" at 5 px): such text is set at that size and drawn shrunk, in proportion.
        let setSize = max(size, Self.smallestTextPixels)
        let shrink = Double(max(size, 1)) / Double(setSize)
        let boxPixels = maxWidth.isFinite ? Int(min(max(0, maxWidth) * scale, 1e9).rounded(.down)) : Int.max
        guard boxPixels > 0 else { return }
        let key = TextKey(
            text: text, weight: style.weight, size: size, display: style.size >= Double(FontLibrary.displaySize),
            maxWidth: boxPixels == Int.max ? -1 : boxPixels, r: color.r, g: color.g, b: color.b)
        var entry = texts[key]
        if entry == nil {
            guard let font = fonts.font(weight: style.weight, pixelSize: setSize, pointSize: style.size) else { return }
            let setBox = boxPixels == Int.max ? Int.max : Int((Double(boxPixels) / shrink).rounded(.down))
            let line = Self.truncated(text, toFit: setBox, font: font)
            guard !line.isEmpty,
                let surface = TTF_RenderUTF8_Blended(font, line, SDL_Color(r: color.r, g: color.g, b: color.b, a: 255))
            else { return }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            if setSize != size { SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear) }
            entry = TextEntry(
                texture: texture, width: Int32((Double(surface.pointee.w) * shrink).rounded()),
                height: Int32((Double(surface.pointee.h) * shrink).rounded()), lastUsed: frame)
        }
        guard var found = entry else { return }
        found.lastUsed = frame
        texts[key] = found
        SDL_SetTextureAlphaMod(found.texture, color.a)
        var left = (originX + x * scale).rounded()
        if boxPixels != Int.max {
            let spare = Double(max(0, boxPixels - Int(found.width)))
            switch alignment {
            case .leading: break
            case .center: left += (spare / 2).rounded(.down)
            case .trailing: left += spare
            }
        }
        let top = (originY + y * scale).rounded()
        var destination = SDL_Rect(
            x: Int32(min(max(left, -1e9), 1e9)), y: Int32(min(max(top, -1e9), 1e9)), w: found.width, h: found.height)
        copy(found.texture, nil, &destination)
    }

    /// A texture copy (counted when `collectsStats`).
    private func copy(
        _ texture: OpaquePointer, _ source: UnsafePointer<SDL_Rect>?, _ destination: UnsafeMutablePointer<SDL_Rect>
    ) {
        if collectsStats {
            stats.copies += 1
            stats.copyArea += Double(destination.pointee.w) * Double(destination.pointee.h)
        }
        SDL_RenderCopy(renderer, texture, source, destination)
    }

    /// The smallest pixel size text is set at; smaller text is set at this size and shrunk.
    public static let smallestTextPixels = 10

    /// Pixel width of a line in a font.
    static func width(of text: String, font: OpaquePointer) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        return TTF_SizeUTF8(font, text, &w, &h) == 0 ? Int(w) : 0
    }

    /// `text` itself when it is at most `limit` pixels wide; otherwise the longest prefix (whole
    /// characters, trailing spaces dropped) followed by "…" that is; "" when not even "…" fits.
    static func truncated(_ text: String, toFit limit: Int, font: OpaquePointer) -> String {
        guard limit != Int.max, width(of: text, font: font) > limit else { return text }
        let characters = Array(text)
        var low = 0, high = characters.count  // the answer keeps `low` characters
        while low < high {
            let mid = (low + high + 1) / 2
            let candidate = String(characters[0..<mid]).trimmingTrailingSpaces() + "…"
            if width(of: candidate, font: font) <= limit { low = mid } else { high = mid - 1 }
        }
        let result = String(characters[0..<low]).trimmingTrailingSpaces() + "…"
        return width(of: result, font: font) <= limit ? result : ""
    }

    /// Frees the least recently used text textures once the cache passes its limit.
    private func evictText() {
        guard texts.count > Self.textCacheLimit else { return }
        let stale = texts.filter { frame - $0.value.lastUsed > 2 }.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, entry) in stale.prefix(texts.count - Self.textCacheLimit / 2) {
            SDL_DestroyTexture(entry.texture)
            texts[key] = nil
        }
    }
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
