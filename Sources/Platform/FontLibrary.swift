import Foundation
import CFontconfig
import CSDL2
import Drawing

/// Opens fonts by family through fontconfig and keeps one TTF_Font per face and pixel size.
///
/// The scenes' type is Inter (Debian `fonts-inter`), the closest open match to Apple's SF Pro:
/// "Inter" below 20 pt and "Inter Display" from 20 pt up, as SF Pro switches from Text to
/// Display at 20 pt. Without Inter it falls back to DejaVu Sans (semibold drawn bold).
public final class FontLibrary {
    /// The regular face of the chosen family (the panel's font too).
    public let regularPath: String
    public let boldPath: String
    /// The family found: "Inter" or "DejaVu Sans".
    public let family: String
    /// Face files by weight (`FontWeight.rawValue`): text sizes, then display sizes (≥ 20 pt).
    private let textPaths: [String]
    private let displayPaths: [String]
    private var fonts: [Int: OpaquePointer] = [:]

    /// Point size from which the display cut is used.
    public static let displaySize = 20

    /// FreeType's faces are opened and closed in one shared library object, which FreeType
    /// allows from one thread at a time: each library (one per thread that draws, such as a
    /// clip encoding in the background) keeps its own fonts, and opening or closing any goes
    /// through this lock. Drawing with a font stays on the thread whose library holds it.
    private static let faceLock = NSLock()

    /// Finds Inter (else DejaVu Sans) with fontconfig; throws naming the packages to install when
    /// neither is there.
    public init() throws {
        Self.faceLock.lock()
        let started = TTF_WasInit() != 0 || TTF_Init() == 0
        Self.faceLock.unlock()
        if !started { throw SDLError("TTF_Init") }
        let weights = FontWeight.allCases
        if let text = Self.faces("Inter", weights), let display = Self.faces("Inter Display", weights) ?? Optional(text)
        {
            family = "Inter"
            textPaths = text
            displayPaths = display
        } else if let dejavu = Self.faces("DejaVu Sans", weights) {
            family = "DejaVu Sans"
            textPaths = dejavu
            displayPaths = dejavu
        } else {
            throw SDLError(
                "font lookup",
                reason:
                    "neither \"Inter\" nor \"DejaVu Sans\" found by fontconfig (install fonts-inter or "
                    + "fonts-dejavu-core)"
            )
        }
        regularPath = textPaths[FontWeight.regular.rawValue]
        boldPath = textPaths[FontWeight.bold.rawValue]
    }

    deinit {
        Self.faceLock.lock()
        defer { Self.faceLock.unlock() }
        for font in fonts.values { TTF_CloseFont(font) }
    }

    private static func faces(_ family: String, _ weights: [FontWeight]) -> [String]? {
        var paths: [String] = []
        for weight in weights {
            guard let path = find(family: family, weight: weight) else { return nil }
            paths.append(path)
        }
        return paths
    }

    /// The font file fontconfig matches for a family and weight, only if it really is that
    /// family (fc-match always answers with something).
    static func find(family: String, weight: FontWeight) -> String? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        let fcWeight: Int32
        switch weight {
        case .regular: fcWeight = FC_WEIGHT_REGULAR
        case .semibold: fcWeight = FC_WEIGHT_DEMIBOLD
        case .bold: fcWeight = FC_WEIGHT_BOLD
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, fcWeight)
        FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var familyName: UnsafeMutablePointer<FcChar8>?
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &familyName) == FcResultMatch,
            FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch,
            let familyName, let file
        else { return nil }
        let matched = String(cString: UnsafeRawPointer(familyName).assumingMemoryBound(to: CChar.self))
        guard matched.lowercased() == family.lowercased() else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }

    /// The font for a weight at a pixel size; `pointSize` picks the text or display cut.
    public func font(weight: FontWeight, pixelSize: Int, pointSize: Double) -> OpaquePointer? {
        let size = max(4, min(pixelSize, 400))
        let display = pointSize >= Double(Self.displaySize)
        let key = (size * 3 + weight.rawValue) * 2 + (display ? 1 : 0)
        if let font = fonts[key] { return font }
        let path = (display ? displayPaths : textPaths)[weight.rawValue]
        Self.faceLock.lock()
        let opened = TTF_OpenFont(path, Int32(size))
        Self.faceLock.unlock()
        guard let font = opened else { return nil }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        fonts[key] = font
        return font
    }

    /// The regular or bold text face at a pixel size.
    public func font(bold: Bool, pixelSize: Int) -> OpaquePointer? {
        font(weight: bold ? .bold : .regular, pixelSize: pixelSize, pointSize: 0)
    }
}
