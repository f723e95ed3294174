#if canImport(Glibc)
    import Glibc
#endif
import CSDL2
import SafeOutput

/// RGBA pixels, 8 bits per channel, rows top to bottom; read from and written to PNG files.
public struct Image: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// width × height × 4 bytes: R, G, B, A.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)) {
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.0; pixels[i + 1] = fill.1; pixels[i + 2] = fill.2; pixels[i + 3] = fill.3
        }
        self.pixels = pixels
    }

    /// The largest image read or written: 16384 pixels a side and 50 million pixels in all
    /// (200 MB of RGBA): two such images compare (with --diff) in about 800 MB.
    public static let maximumSide = 16_384
    public static let maximumPixels = 50_000_000

    /// Reads a PNG file; errors name the file and say what is wrong with it. The size is read
    /// from the header first, and images above `maximumSide` / `maximumPixels` are refused.
    public static func loadPNG(_ path: String) throws(SDLError) -> Image {
        // Read once, whole (a FIFO is waited on for a short time, not forever), then checked and
        // decoded from memory: a pipe's bytes are not read twice.
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, limit: maximumFileSize) } catch { throw SDLError(error) }
        if let (width, height) = headerSize(bytes) {
            guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixels else {
                throw SDLError(
                    path,
                    reason:
                        "is \(width)x\(height) pixels; at most \(maximumSide) a side and \(maximumPixels / 1_000_000) "
                        + "million in all are read"
                )
            }
        }
        let decoded: Result<Image, SDLError> = bytes.withUnsafeBytes { buffer in
            guard let ops = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else {
                return .failure(SDLError(path, reason: "cannot be opened"))
            }
            guard IMG_isPNG(ops) != 0 else {
                SDL_RWclose(ops)
                return .failure(SDLError(path, reason: "is not a PNG file"))
            }
            // libpng prints its own lines on standard error before failing: keep them off the terminal.
            let loaded = withStandardErrorSilenced { IMG_LoadPNG_RW(ops) }
            SDL_RWclose(ops)
            guard let loaded else { return .failure(SDLError(path, reason: "is not a readable PNG (\(sdlReason()))")) }
            defer { SDL_FreeSurface(loaded) }
            guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
                return .failure(SDLError("\(path): converting pixels"))
            }
            defer { SDL_FreeSurface(converted) }
            return .success(Image(surface: converted))
        }
        return try decoded.get()
    }

    /// The largest PNG file read (bytes): 50 million pixels of RGBA stored uncompressed, and more.
    public static let maximumFileSize = 256 << 20

    /// Width and height from a PNG's IHDR chunk (bytes 16 to 23), or nil when the bytes are not a PNG.
    static func headerSize(_ header: [UInt8]) -> (Int, Int)? {
        guard header.count >= 24, header[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            header[12..<16] == [0x49, 0x48, 0x44, 0x52]
        else { return nil }
        func big(_ i: Int) -> Int { header[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }

    static func sdlReason() -> String {
        SDL_GetError().flatMap { String(validatingCString: $0) } ?? "unknown"
    }

    /// Copies a 32-bit surface as R, G, B, A bytes (converting from its format).
    init(surface: UnsafeMutablePointer<SDL_Surface>) {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        SDL_LockSurface(surface)
        pixels.withUnsafeMutableBufferPointer { target in
            _ = SDL_ConvertPixels(
                Int32(w), Int32(h), surface.pointee.format.pointee.format, surface.pointee.pixels, Int32(pitch),
                SDL_PIXELFORMAT_ABGR8888.rawValue, target.baseAddress, Int32(w * 4))
        }
        SDL_UnlockSurface(surface)
        self.init(width: w, height: h, pixels: pixels)
    }

    /// The PNG file's bytes.
    public func pngData() throws(SDLError) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var copy = pixels
        let saved: Int32 = copy.withUnsafeMutableBytes { buffer in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer.baseAddress, Int32(width), Int32(height), 32,
                    Int32(width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue)
            else { return -1 }
            defer { SDL_FreeSurface(surface) }
            guard let ops = SDL_AllocRW() else { return -1 }
            defer { SDL_FreeRW(ops) }
            ops.pointee.type = UInt32(SDL_RWOPS_UNKNOWN)
            ops.pointee.hidden.unknown.data1 = Unmanaged.passUnretained(sink).toOpaque()
            ops.pointee.size = { _ in -1 }
            ops.pointee.seek = { _, _, _ in -1 }
            ops.pointee.read = { _, _, _, _ in 0 }
            ops.pointee.close = { _ in 0 }
            ops.pointee.write = { context, data, size, count in
                guard let context, let data, let owner = context.pointee.hidden.unknown.data1 else { return 0 }
                let sink = Unmanaged<Sink>.fromOpaque(owner).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size * count))
                return count
            }
            return IMG_SavePNG_RW(surface, ops, 0)
        }
        guard saved == 0 else { throw SDLError("encoding a \(width)x\(height) PNG", reason: Self.sdlReason()) }
        return sink.bytes
    }

    /// Writes a PNG whole or not at all, by `OutputFile`'s rules: a new file made beside it and
    /// renamed over a regular file; devices and FIFOs written directly; never over one of `inputs`.
    public func savePNG(_ path: String, inputs: [String] = []) throws(SDLError) {
        let bytes = try pngData()
        do {
            try OutputFile.write(bytes: bytes, to: path, inputs: inputs)
        } catch {
            throw SDLError(error)
        }
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Runs `body` with file descriptor 2 pointed at /dev/null: for libraries (libpng, SDL's driver
/// probing) that print their own lines before returning an error this program reports in one.
func withStandardErrorSilenced<T>(_ body: () -> T) -> T {
    let saved = dup(STDERR_FILENO)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    if saved >= 0, null >= 0 { dup2(null, STDERR_FILENO) }
    defer {
        if saved >= 0 { dup2(saved, STDERR_FILENO); close(saved) }
        if null >= 0 { close(null) }
    }
    return body()
}
