#if canImport(Glibc)
import Glibc
#endif
import CSDL2

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

    /// Reads a PNG file; errors name the file and say what is wrong with it.
    public static func loadPNG(_ path: String) throws(SDLError) -> Image {
        guard access(path, R_OK) == 0 else { throw SDLError(path, reason: "no such file or not readable") }
        guard let ops = SDL_RWFromFile(path, "rb") else { throw SDLError(path, reason: "cannot be opened") }
        guard IMG_isPNG(ops) != 0 else {
            SDL_RWclose(ops)
            throw SDLError(path, reason: "is not a PNG file")
        }
        guard let loaded = IMG_LoadPNG_RW(ops) else {
            SDL_RWclose(ops)
            throw SDLError(path, reason: "is not a readable PNG (\(String(cString: SDL_GetError())))")
        }
        SDL_RWclose(ops)
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw SDLError("\(path): converting pixels")
        }
        defer { SDL_FreeSurface(converted) }
        return Image(surface: converted)
    }

    /// Copies an ABGR8888 (R, G, B, A bytes in memory) surface.
    init(surface: UnsafeMutablePointer<SDL_Surface>) {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        SDL_LockSurface(surface)
        let source = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        pixels.withUnsafeMutableBufferPointer { target in
            for y in 0..<h {
                (target.baseAddress! + y * w * 4).update(from: source + y * pitch, count: w * 4)
            }
        }
        SDL_UnlockSurface(surface)
        self.init(width: w, height: h, pixels: pixels)
    }

    /// Writes a PNG whole or not at all (a temporary file beside it, then renamed over it).
    public func savePNG(_ path: String) throws(SDLError) {
        var copy = pixels
        let temporary = path + ".partial-\(getpid())"
        let saved: Int32 = copy.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(width), Int32(height), 32,
                                                                   Int32(width * 4), SDL_PIXELFORMAT_ABGR8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, temporary)
        }
        guard saved == 0 else {
            unlink(temporary)
            throw SDLError(path, reason: "cannot be written (\(String(cString: SDL_GetError())))")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw SDLError(path, reason: "cannot be written (\(reason))")
        }
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
