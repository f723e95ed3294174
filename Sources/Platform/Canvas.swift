#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Drawing

/// Draws `DrawList`s with an SDL renderer — a window's or a software renderer on a surface.
///
/// Shapes are triangle geometry (`SDL_RenderGeometry`) with a one-pixel feathered rim for
/// anti-aliasing; shadows are one cached blurred texture per radius and blur, stretched as a
/// nine-slice; text is rendered once per string, style, colour and size and kept as a texture.
/// Vertex and index buffers are reused, so a steady frame allocates nothing here.
public final class Canvas {
    public let renderer: OpaquePointer
    private let fonts: FontLibrary
    private var vertices: [SDL_Vertex] = []
    private var indices: [Int32] = []
    private var shadows: [ShadowKey: OpaquePointer] = [:]
    private var texts: [TextKey: TextEntry] = [:]
    private var frame = 0

    /// Viewport points → pixels: pixel = origin + point × scale.
    public var scale = 1.0
    public var originX = 0.0
    public var originY = 0.0

    private struct ShadowKey: Hashable { var radius: Int; var blur: Int }
    private struct TextKey: Hashable { var text: String; var weight: FontWeight; var size: Int; var display: Bool; var maxWidth: Int; var r, g, b: UInt8 }
    private struct TextEntry { var texture: OpaquePointer; var width: Int32; var height: Int32; var lastUsed: Int }

    /// Text textures kept at most; the least recently used beyond this are freed.
    public static let textCacheLimit = 768

    public init(renderer: OpaquePointer, fonts: FontLibrary) {
        self.renderer = renderer
        self.fonts = fonts
        vertices.reserveCapacity(4096)
        indices.reserveCapacity(8192)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    deinit {
        if let ghostTexture { SDL_DestroyTexture(ghostTexture) }
        for texture in shadows.values { SDL_DestroyTexture(texture) }
        for entry in texts.values { SDL_DestroyTexture(entry.texture) }
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
            ghostTexture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ABGR8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
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
        var destination = SDL_Rect(x: Int32(x.rounded()), y: Int32(y.rounded()), w: Int32(pixelWidth), h: Int32(pixelHeight))
        SDL_RenderCopy(renderer, texture, nil, &destination)
        return true
    }

    /// Draws every command, clipped to the viewport rectangle `bounds` (points).
    public func draw(_ list: DrawList, bounds: Rect) {
        frame += 1
        let outer = pixelRect(bounds)
        for command in list.commands {
            switch command {
            case let .rect(rect, fill, radius):
                fillRoundedRect(rect, fill: fill, radius: radius)
            case let .shadow(rect, radius, blur, color):
                drawShadow(rect, radius: radius, blur: blur, color: color)
            case let .circle(cx, cy, radius, color):
                fillRoundedRect(Rect(x: cx - radius, y: cy - radius, width: 2 * radius, height: 2 * radius),
                                fill: .solid(color), radius: radius)
            case let .text(text, x, y, style, color, maxWidth, alignment):
                drawText(text, x: x, y: y, style: style, color: color, maxWidth: maxWidth, alignment: alignment)
            case let .triangle(x0, y0, x1, y1, x2, y2, color):
                fillTriangle((x0, y0), (x1, y1), (x2, y2), color: color)
            case let .cornerMask(rect, radius, color):
                fillCorners(rect, radius: radius, color: color)
            case let .clip(rect):
                var clip = rect.map { pixelRect($0.intersection(bounds)) } ?? outer
                SDL_RenderSetClipRect(renderer, &clip)
            }
        }
        SDL_RenderSetClipRect(renderer, nil)
        evictText()
    }

    func pixelRect(_ rect: Rect) -> SDL_Rect {
        let x0 = (originX + rect.x * scale).rounded(), y0 = (originY + rect.y * scale).rounded()
        let x1 = (originX + rect.maxX * scale).rounded(), y1 = (originY + rect.maxY * scale).rounded()
        return SDL_Rect(x: Int32(clamping: Int(x0)), y: Int32(clamping: Int(y0)),
                        w: Int32(clamping: Int(max(0, x1 - x0))), h: Int32(clamping: Int(max(0, y1 - y0))))
    }

    // MARK: Shapes

    private func color(_ fill: Fill, u: Double, v: Double) -> SDL_Color {
        let c: Color
        switch fill {
        case .solid(let solid): c = solid
        case .verticalGradient(let top, let bottom): c = top.mixed(with: bottom, v)
        case .diagonalGradient(let from, let to): c = from.mixed(with: to, (u + v) / 2)
        }
        return SDL_Color(r: c.r, g: c.g, b: c.b, a: c.a)
    }

    /// A rounded rectangle as a triangle fan around its centre, plus a feathered rim one pixel wide.
    private func fillRoundedRect(_ rect: Rect, fill: Fill, radius: Double) {
        guard rect.width > 0, rect.height > 0, rect.x.isFinite, rect.y.isFinite else { return }
        let x = originX + rect.x * scale, y = originY + rect.y * scale
        let w = rect.width * scale, h = rect.height * scale
        let r = min(max(0, radius * scale), w / 2, h / 2)
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        func vertex(_ px: Double, _ py: Double, _ alpha: Double) -> SDL_Vertex {
            var c = color(fill, u: (px - x) / w, v: (py - y) / h)
            c.a = UInt8((Double(c.a) * alpha).rounded())
            return SDL_Vertex(position: SDL_FPoint(x: Float(px), y: Float(py)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        vertices.append(vertex(x + w / 2, y + h / 2, 1))
        let steps = r < 1 ? 1 : max(3, min(24, Int(r / 1.2)))
        let feather = r < 1 ? 0.0 : 1.0
        for corner in 0..<4 {
            // Corners clockwise from top-right: centre of the arc and the angle it starts at.
            let cx = corner == 0 || corner == 1 ? x + w - r : x + r
            let cy = corner == 1 || corner == 2 ? y + h - r : y + r
            let start = Double(corner - 1) * Double.pi / 2
            for i in 0...steps {
                let angle = start + Double.pi / 2 * Double(i) / Double(steps)
                let nx = r < 1 ? (cx > x + w / 2 ? 1.0 : -1.0) * 0.7071 : cos(angle)
                let ny = r < 1 ? (cy > y + h / 2 ? 1.0 : -1.0) * 0.7071 : sin(angle)
                let px = cx + nx * r, py = cy + ny * r
                vertices.append(vertex(px - nx * feather * 0.5, py - ny * feather * 0.5, 1))
                vertices.append(vertex(px + nx * feather * 0.5, py + ny * feather * 0.5, 0))
            }
        }
        let ring = Int32((vertices.count - 1) / 2)
        for i in 0..<ring {
            let inner = 1 + 2 * i, outer = inner + 1
            let nextInner = 1 + 2 * ((i + 1) % ring), nextOuter = nextInner + 1
            triangle(0, inner, nextInner)
            if feather > 0 {
                triangle(inner, outer, nextOuter)
                triangle(inner, nextOuter, nextInner)
            }
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    @inline(__always)
    private func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        indices.append(a)
        indices.append(b)
        indices.append(c)
    }

    /// For each corner, a fan from the corner point over the quarter arc: the area outside the
    /// rounded rectangle but inside `rect`.
    private func fillCorners(_ rect: Rect, radius: Double, color: Color) {
        let x = originX + rect.x * scale, y = originY + rect.y * scale
        let w = rect.width * scale, h = rect.height * scale
        let r = min(max(0, radius * scale), w / 2, h / 2)
        guard r >= 1 else { return }
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        let c = SDL_Color(r: color.r, g: color.g, b: color.b, a: color.a)
        func vertex(_ px: Double, _ py: Double, _ alpha: UInt8) -> SDL_Vertex {
            var color = c
            color.a = UInt8((Int(c.a) * Int(alpha)) / 255)
            return SDL_Vertex(position: SDL_FPoint(x: Float(px), y: Float(py)), color: color, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        let steps = max(4, min(32, Int(r / 1.5)))
        for corner in 0..<4 {
            // Corners clockwise from top-left: the corner point, the arc's centre, its start angle.
            let right = corner == 1 || corner == 2, bottom = corner >= 2
            let px = right ? x + w : x, py = bottom ? y + h : y
            let cx = right ? x + w - r : x + r, cy = bottom ? y + h - r : y + r
            let start = Double.pi + Double(corner) * Double.pi / 2
            let base = Int32(vertices.count)
            vertices.append(vertex(px, py, 255))
            for i in 0...steps {
                let angle = start + Double.pi / 2 * Double(i) / Double(steps)
                // Half a pixel inside the arc, so the scene's edge pixels blend into the mask.
                vertices.append(vertex(cx + cos(angle) * (r - 0.5), cy + sin(angle) * (r - 0.5), 255))
            }
            for i in 0..<Int32(steps) { triangle(base, base + 1 + i, base + 2 + i) }
        }
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
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
        SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    // MARK: Shadows

    /// A white rounded square blurred by `blur` pixels; its alpha is the shadow's shape.
    private func shadowTexture(radius: Int, blur: Int) -> OpaquePointer? {
        let key = ShadowKey(radius: radius, blur: blur)
        if let texture = shadows[key] { return texture }
        let corner = radius + 2 * blur
        let size = 2 * corner + 2
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
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(size), Int32(size), 32, SDL_PIXELFORMAT_ABGR8888.rawValue) else {
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
                for k in -radius...radius { let yy = y + k; if yy >= 0 && yy < size { sum += horizontal[yy * size + x] } }
                output[y * size + x] = sum * norm
            }
        }
        return output
    }

    /// A soft shadow: the cached blurred corner texture drawn as a nine-slice around `rect`.
    private func drawShadow(_ rect: Rect, radius: Double, blur: Double, color: Color) {
        let r = max(0, Int((radius * scale).rounded())), b = max(1, Int((blur * scale).rounded()))
        guard let texture = shadowTexture(radius: r, blur: b) else { return }
        SDL_SetTextureColorMod(texture, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(texture, color.a)
        let corner = r + 2 * b
        let size = 2 * corner + 2
        let target = pixelRect(rect)
        // The texture's shape sits 2b inside its edge; so does the rectangle inside the shadow.
        let x0 = target.x - Int32(2 * b), y0 = target.y - Int32(2 * b)
        let w = target.w + Int32(4 * b), h = target.h + Int32(4 * b)
        let c = Int32(corner)
        guard w >= 2 * c, h >= 2 * c else {
            var dst = SDL_Rect(x: x0, y: y0, w: w, h: h)
            SDL_RenderCopy(renderer, texture, nil, &dst)
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
                var destination = SDL_Rect(x: dx, y: dy, w: dw, h: dh)
                SDL_RenderCopy(renderer, texture, &source, &destination)
            }
        }
    }

    // MARK: Text

    /// One line of text in a box `maxWidth` points wide: measured with the font at the pixel size,
    /// cut to the longest prefix that fits with "…" after it when too wide, then aligned.
    private func drawText(_ text: String, x: Double, y: Double, style: TextStyle, color: Color, maxWidth: Double, alignment: TextAlignment) {
        guard !text.isEmpty, color.a > 0, x.isFinite, y.isFinite, !maxWidth.isNaN else { return }
        let size = Int((style.size * scale).rounded())
        let boxPixels = maxWidth.isFinite ? Int(min(max(0, maxWidth) * scale, 1e9).rounded(.down)) : Int.max
        guard boxPixels > 0 else { return }
        let key = TextKey(text: text, weight: style.weight, size: size, display: style.size >= Double(FontLibrary.displaySize),
                          maxWidth: boxPixels == Int.max ? -1 : boxPixels, r: color.r, g: color.g, b: color.b)
        var entry = texts[key]
        if entry == nil {
            guard let font = fonts.font(weight: style.weight, pixelSize: size, pointSize: style.size) else { return }
            let line = Self.truncated(text, toFit: boxPixels, font: font)
            guard !line.isEmpty,
                  let surface = TTF_RenderUTF8_Blended(font, line, SDL_Color(r: color.r, g: color.g, b: color.b, a: 255)) else { return }
            defer { SDL_FreeSurface(surface) }
            guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            entry = TextEntry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsed: frame)
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
        var destination = SDL_Rect(x: Int32(min(max(left, -1e9), 1e9)), y: Int32(min(max(top, -1e9), 1e9)), w: found.width, h: found.height)
        SDL_RenderCopy(renderer, found.texture, nil, &destination)
    }

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
        var low = 0, high = characters.count   // the answer keeps `low` characters
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
