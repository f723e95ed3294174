import CFontconfig
import CSDL2
import Drawing

/// Opens fonts by family through fontconfig and keeps one TTF_Font per face and pixel size.
public final class FontLibrary {
    public let regularPath: String
    public let boldPath: String
    private var fonts: [Int: OpaquePointer] = [:]

    /// Finds "DejaVu Sans" (regular and bold) with fontconfig; throws naming the package to
    /// install when it is missing.
    public init(family: String = "DejaVu Sans") throws {
        if TTF_WasInit() == 0, TTF_Init() != 0 { throw SDLError("TTF_Init") }
        guard let regular = Self.find(family: family, bold: false), let bold = Self.find(family: family, bold: true) else {
            throw SDLError("font lookup", reason: "no \"\(family)\" font found by fontconfig (install fonts-dejavu-core)")
        }
        regularPath = regular
        boldPath = bold
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
    }

    /// The font file fontconfig matches for a family, only if it really is that family (fc-match
    /// always answers with something).
    static func find(family: String, bold: Bool) -> String? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var familyName: UnsafeMutablePointer<FcChar8>?
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &familyName) == FcResultMatch,
              FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch,
              let familyName, let file else { return nil }
        let matched = String(cString: UnsafeRawPointer(familyName).assumingMemoryBound(to: CChar.self))
        guard matched.lowercased() == family.lowercased() else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }

    /// The font for a style at a pixel size.
    public func font(bold: Bool, pixelSize: Int) -> OpaquePointer? {
        let size = max(4, min(pixelSize, 400))
        let key = size * 2 + (bold ? 1 : 0)
        if let font = fonts[key] { return font }
        guard let font = TTF_OpenFont(bold ? boldPath : regularPath, Int32(size)) else { return nil }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        fonts[key] = font
        return font
    }
}
