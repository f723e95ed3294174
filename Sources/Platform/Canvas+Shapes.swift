import CSDL2
import Drawing

/// Rectangles, rounded rectangles, gradients, corners and triangles.
extension Canvas {
    func color(_ fill: Fill, u: Double, v: Double) -> SDL_Color {
        let c: Color
        switch fill {
        case .solid(let solid): c = solid
        case .verticalGradient(let top, let bottom): c = top.mixed(with: bottom, min(max(v, 0), 1))
        case .diagonalGradient(let from, let to): c = from.mixed(with: to, min(max((u + v) / 2, 0), 1))
        }
        return SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
    }

    static func isOpaque(_ fill: Fill) -> Bool {
        switch fill {
        case .solid(let c): return c.a == 255
        case .verticalGradient(let a, let b), .diagonalGradient(let a, let b): return a.a == 255 && b.a == 255
        }
    }

    /// A rectangle in points as whole pixels: edges rounded to the nearest pixel boundary, so
    /// shapes meet without seams and fills touch exactly the pixels they cover.
    func snapped(_ rect: Rect) -> SDL_Rect? {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite, rect.width > 0,
            rect.height > 0
        else { return nil }
        let r = pixelRect(rect)
        return r.w > 0 && r.h > 0 ? r : nil
    }

    /// Corner radius in whole pixels for a snapped rectangle: at most half its shorter side.
    func pixelRadius(_ radius: Double, _ r: SDL_Rect) -> Int32 {
        guard radius.isFinite, radius > 0 else { return 0 }
        return Int32(min(Double(min(r.w, r.h) / 2), (radius * scale).rounded()))
    }

    /// A rounded rectangle: three axis-aligned fills (a centre band and the strips between the
    /// corners), each touching only the pixels it covers, and four corners copied from a cached
    /// anti-aliased disc texture tinted with the fill. Opaque fills draw without blending. Gradients
    /// fill the bands with two triangles each and tint each corner with the colour at its middle.
    func fillRoundedRect(_ rect: Rect, fill: Fill, radius: Double) {
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
    func fillPixels(_ rect: SDL_Rect) {
        var rect = rect
        if collectsStats {
            stats.fills += 1
            stats.fillArea += Double(rect.w) * Double(rect.h)
        }
        SDL_RenderFillRect(renderer, &rect)
    }

    /// Two triangles over a pixel rectangle, coloured by `fill` across `frame`.
    func quad(_ rect: SDL_Rect, fill: Fill, in frame: SDL_Rect) {
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
    func submitGeometry(texture: OpaquePointer? = nil) {
        guard !indices.isEmpty else { return }
        if collectsStats { countTriangles() }
        SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    func countTriangles() {
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
    func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    /// Paints the four corner regions outside a rounded rectangle but inside `rect` with `color`,
    /// anti-aliased along the arc (a phone screen's corners).
    func fillCorners(_ rect: Rect, radius: Double, color: Color) {
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
    func fillTriangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), color: Color) {
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

    struct GradientKey: Hashable { var diagonal: Bool; var from, to: UInt32; var width, height: Int32 }
    /// Pixels of gradient textures kept at most; past it the cache starts over.
    public static let gradientCacheLimit = 24_000_000

    /// A gradient drawn once per fill and pixel size and kept: copying it costs far less than
    /// interpolating colours across triangles every frame.
    func gradientTexture(_ fill: Fill, width: Int32, height: Int32) -> OpaquePointer? {
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

    struct CornerKey: Hashable { var radius: Int; var inverted: Bool }

    /// A white disc of `radius` pixels in a 2r × 2r texture, its alpha the share of each pixel
    /// inside the circle (or outside, `inverted`); a quadrant of it is one corner.
    func cornerTexture(radius: Int, inverted: Bool) -> OpaquePointer? {
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
}

extension Canvas {
    /// Fills the pixels under `bounds` (snapped as `draw` clips to them) with `color`, replacing
    /// what is there (no blending): what a partial frame puts under a redrawn area first.
    public func replace(_ bounds: Rect, with color: Color) {
        var rect = pixelRect(bounds)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderFillRect(renderer, &rect)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }
}
