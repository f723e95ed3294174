import CSDL2
import Drawing

/// Text drawn from cached textures, truncated with an ellipsis to fit.
extension Canvas {
    /// One line of text in a box `maxWidth` points wide: measured with the font at the pixel size,
    /// cut to the longest prefix that fits with "…" after it when too wide, then aligned.
    func drawText(
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
    func copy(
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
    func evictText() {
        guard texts.count > Self.textCacheLimit else { return }
        let stale = texts.filter { frame - $0.value.lastUsed > 2 }.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, entry) in stale.prefix(texts.count - Self.textCacheLimit / 2) {
            SDL_DestroyTexture(entry.texture)
            texts[key] = nil
        }
    }
}
