import CSDL2
import Drawing

/// Groups of draw commands drawn once into a texture and copied while they only move.
extension Canvas {
    struct GroupEntry {
        var texture: OpaquePointer?
        var width: Int32, height: Int32
        var scale: Double
        var lastUsed: Int
        /// When the group last came in a new size (a stretching header): drawn directly until it settles.
        var resizedAt: Int
    }
    /// Pixels of cached group textures kept at most (64 MB); the least recently used go first.
    public static let groupCacheLimit = 16_000_000
    /// Draws since a group last changed size before it is cached again.
    static let groupSettleDraws = 30

    /// A cached group: its texture copied (no blending: the group is opaque), drawn into the
    /// texture first when new. The texture holds the frame drawn at a whole-pixel origin, so it
    /// looks the same wherever the frame sits; it is copied at the frame's rounded position.
    /// Groups that keep changing size, or too big to keep, are drawn directly, the same way:
    /// from the frame's rounded corner, clipped to the copy's rectangle.
    func drawGroup(_ commands: [DrawCommand], _ range: Range<Int>, key: Int, frame rect: Rect, bounds: Rect) {
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
        // Drawn in place as its texture would be copied: from the frame's rounded corner, over
        // the copy's rectangle. A group drawn directly (new, or changing size) and the same group
        // copied from its texture later are then the same pixels: no step of a pixel when the
        // copy takes over (content stretched past an edge and held).
        var inside = clipped ? destination.intersected(clip) : destination
        SDL_RenderSetClipRect(renderer, &inside)
        let saved = (originX, originY)
        originX += x - (originX + rect.x * scale)
        originY += y - (originY + rect.y * scale)
        draw(commands, range, bounds: rect.intersection(bounds))
        (originX, originY) = saved
        if clipped { SDL_RenderSetClipRect(renderer, &clip) } else { SDL_RenderSetClipRect(renderer, nil) }
    }

    /// The group's texture, drawn now when it is new or came in a new size; nil to draw it directly.
    func groupTexture(
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
            } else if redrawsGradually, drawingLayer == 0, entry.scale != scale, let old = entry.texture {
                // Drawn at another scale (the window resized): its old drawing, scaled, until
                // this draw has time to draw it anew.
                entry.lastUsed = frame
                groups[key] = entry
                guard mayRedraw() else {
                    standIns += 1
                    return old
                }
                SDL_DestroyTexture(old)
                groupPixels -= Int(entry.width) * Int(entry.height)
                groups[key] = nil
                return redraw { groupTexture(key: key, width: width, height: height, commands, range, origin: rect) }
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
                    layerDraws += 1
                    drawingLayer += 1
                    defer { drawingLayer -= 1 }
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
    func makeRoom(for area: Int) {
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
    func evictGroups() {
        guard groups.count > 2048 else { return }
        for (key, entry) in groups where entry.texture == nil && frame - entry.lastUsed > 120 { groups[key] = nil }
    }

    /// A new target texture of `width` × `height` pixels with `body` drawn into it (the render
    /// target and clip in use are restored after; no clip while `body` runs); nil when the
    /// renderer cannot make one.
    func newTexture(width: Int32, height: Int32, body: () -> Void) -> OpaquePointer? {
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
}
