import CSDL2
import Drawing

/// Soft shadows: blurred corner textures, nine-sliced, and whole shadows kept per size.
extension Canvas {
    /// A white rounded square blurred by `blur` pixels; its alpha is the shadow's shape.
    func shadowTexture(radius: Int, blur: Int) -> OpaquePointer? {
        let key = ShadowKey(radius: radius, blur: blur)
        if let texture = shadows[key] { return texture }
        let corner = radius + 2 * blur
        let size = 2 * corner + 2
        guard size <= 2048 else { return nil }  // only at extreme magnification: drawn without its shadow
        let alpha = Self.blurredSquare(size: size, radius: radius, blur: blur)
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

    /// The alpha of a rounded square of corner radius `radius` set `2 * blur` pixels inside a
    /// `size` × `size` texture (coverage at each pixel's centre: 0 or 1), blurred by three box
    /// blurs of radius max(1, blur / 3) across and down (≈ a Gaussian with σ ≈ blur / 2).
    ///
    /// The blurs add whole numbers, each a running sum (a pixel's sum is its neighbour's plus the
    /// one entering and minus the one leaving), and divide once at the end by (2r + 1)⁶: the
    /// exact value of the six normalised passes, in time independent of the blur's radius (a
    /// new scale, after a resize, draws new shadows while the window is redrawn; summing every
    /// pixel under the box took tens of milliseconds in a debug build).
    static func blurredSquare(size: Int, radius: Int, blur: Int) -> [Double] {
        let inset = Double(2 * blur), r = Double(radius), side = Double(size) - 2 * inset
        var sums = [Int64](repeating: 0, count: size * size)
        var scratch = [Int64](repeating: 0, count: size)
        let boxRadius = max(1, blur / 3)
        sums.withUnsafeMutableBufferPointer { sums in
            for py in 0..<size {
                for px in 0..<size {
                    // Coverage of the rounded square at the pixel centre.
                    let fx = Double(px) + 0.5 - inset, fy = Double(py) + 0.5 - inset
                    let dx = max(r - fx, fx - (side - r), 0), dy = max(r - fy, fy - (side - r), 0)
                    let inside = fx >= 0 && fy >= 0 && fx <= side && fy <= side && (dx * dx + dy * dy) <= r * r
                    sums[py * size + px] = inside ? 1 : 0
                }
            }
            scratch.withUnsafeMutableBufferPointer { line in
                for _ in 0..<3 {
                    for row in 0..<size {
                        Self.boxSum(sums, start: row * size, stride: 1, count: size, radius: boxRadius, line)
                    }
                    for column in 0..<size {
                        Self.boxSum(sums, start: column, stride: size, count: size, radius: boxRadius, line)
                    }
                }
            }
        }
        let whole = Double(2 * boxRadius + 1), total = whole * whole * whole * whole * whole * whole
        return sums.map { Double($0) / total }
    }

    /// Replaces `count` values of `values` (from `start`, `stride` apart) by the sum of those
    /// within `radius` of each (none past the ends), with a running sum; `line` is scratch space.
    static func boxSum(
        _ values: UnsafeMutableBufferPointer<Int64>, start: Int, stride: Int, count: Int, radius: Int,
        _ line: UnsafeMutableBufferPointer<Int64>
    ) {
        for i in 0..<count { line[i] = values[start + i * stride] }
        var sum: Int64 = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            if i + radius < count { sum += line[i + radius] }
            if i - radius - 1 >= 0 { sum -= line[i - radius - 1] }
            values[start + i * stride] = sum
        }
    }

    /// A soft shadow around `rect`: a texture of the whole shadow at its pixel size and colour,
    /// made once from the blurred corner texture (a nine-slice) and kept, then copied without
    /// scaling or tinting (the renderer's fastest blended copy) in up to four pieces around
    /// `covered` (pixels an opaque shape drawn next will cover). Shadows too big to keep are
    /// drawn as the nine-slice itself.
    func drawShadow(_ rect: Rect, radius: Double, blur: Double, color: Color, covered: SDL_Rect?) {
        let r = max(0, Int((radius * scale).rounded())), b = max(1, Int((blur * scale).rounded()))
        let target = pixelRect(rect)
        // The texture's shape sits 2b inside its edge; so does the rectangle inside the shadow.
        let whole = SDL_Rect(
            x: target.x - Int32(2 * b), y: target.y - Int32(2 * b), w: target.w + Int32(4 * b),
            h: target.h + Int32(4 * b))
        guard color.a > 0, whole.w > 0, whole.h > 0 else { return }
        let key = SizedShadowKey(width: whole.w, height: whole.h, radius: r, blur: b, color: color.packed)
        let pointKey = PointShadowKey(
            width: rect.width, height: rect.height, radius: radius, blur: blur, color: color.packed)
        let looseKey = PointShadowKey(width: 0, height: 0, radius: radius, blur: blur, color: color.packed)
        if redrawsGradually, drawingLayer == 0, sizedShadows[key] == nil,
            let standIn = shadowStandIns[pointKey] ?? looseShadowStandIns[looseKey],
            let found = sizedShadows[standIn], !mayRedraw()
        {
            // The same shadow drawn at another scale (the window resized), scaled, until this
            // draw has time to draw it anew.
            sizedShadows[standIn] = (found.texture, frame)
            standIns += 1
            var destination = whole
            copy(found.texture, nil, &destination)
            return
        }
        let made =
            sizedShadows[key] != nil
            ? sizedShadow(width: whole.w, height: whole.h, radius: r, blur: b, color: color)
            : redraw { sizedShadow(width: whole.w, height: whole.h, radius: r, blur: b, color: color) }
        if let texture = made {
            if redrawsGradually {
                if shadowStandIns.count > 4096 { shadowStandIns.removeAll() }
                if looseShadowStandIns.count > 4096 { looseShadowStandIns.removeAll() }
                shadowStandIns[pointKey] = key
                looseShadowStandIns[looseKey] = key
            }
            whole.forEachPiece(outside: covered) { piece in
                var source = SDL_Rect(x: piece.x - whole.x, y: piece.y - whole.y, w: piece.w, h: piece.h)
                var destination = piece
                copy(texture, &source, &destination)
            }
            return
        }
        nineSlice(whole, radius: r, blur: b, color: color, covered: covered)
    }

    struct SizedShadowKey: Hashable { var width, height: Int32; var radius, blur: Int; var color: UInt32 }
    /// A shadow in points, whatever the scale.
    struct PointShadowKey: Hashable { var width, height, radius, blur: Double; var color: UInt32 }
    /// Pixels of whole-shadow textures kept at most (32 MB); the least recently used go first.
    public static let sizedShadowCacheLimit = 8_000_000

    /// The whole shadow of a `width` × `height` pixel box in `color`, drawn once: the nine-slice
    /// written into a transparent texture without blending (colour and alpha as they are).
    func sizedShadow(width: Int32, height: Int32, radius r: Int, blur b: Int, color: Color) -> OpaquePointer? {
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
    func nineSlice(
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
}
