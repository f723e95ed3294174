import CSDL2
import Drawing

/// Content clipped to a rounded rectangle: drawn into a layer whose corners are masked.
extension Canvas {
    /// Sends drawing into the layer texture, cleared, with the origin moved so `rect`'s pixels
    /// start at the layer's (0, 0). Falls back to a plain clip when a layer is already open or
    /// the renderer cannot draw into textures.
    func beginLayer(_ rect: Rect, radius: Double, bounds: Rect) {
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
    func endLayer() {
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

    /// The layer's four corner squares (read from the layer, still the render target) in one
    /// 2r × 2r streaming texture, each pixel's alpha multiplied by its share inside the arc.
    func maskedCorners(of p: SDL_Rect, radius r: Int32) -> OpaquePointer? {
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
}
