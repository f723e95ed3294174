import CSDL2
import Drawing

/// A canvas on an in-memory surface with SDL's software renderer: no display, no window and
/// no `SDL_Init(SDL_INIT_VIDEO)`, byte-identical output run after run.
public final class OffscreenCanvas {
    public let width: Int
    public let height: Int
    public let canvas: Canvas
    private let drawing: SurfaceCanvas
    private var surface: UnsafeMutablePointer<SDL_Surface> { drawing.surface }
    private var renderer: OpaquePointer { drawing.renderer }

    /// A canvas of `width` × `height` pixels (each 1 to 16384).
    public init(width: Int, height: Int, fonts: FontLibrary) throws(SDLError) {
        guard (1...16_384).contains(width), (1...16_384).contains(height) else {
            throw SDLError("offscreen canvas", reason: "size \(width)x\(height) is outside 1…16384 pixels")
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, Canvas.pixelFormat)
        else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        guard let drawing = SurfaceCanvas(surface: surface, fonts: fonts) else {
            throw SDLError("SDL_CreateSoftwareRenderer")
        }
        self.width = width
        self.height = height
        self.drawing = drawing
        canvas = drawing.canvas
    }

    public func clear(_ color: Color) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    /// Draws a list with `scale` pixels per point, the viewport's origin at (x, y) pixels.
    public func draw(_ list: DrawList, viewport: Rect, scale: Double, x: Double = 0, y: Double = 0) {
        canvas.scale = scale
        canvas.originX = x
        canvas.originY = y
        canvas.draw(list, bounds: viewport)
    }

    public func snapshot() -> Image {
        SDL_RenderFlush(renderer)
        return Image(surface: surface)
    }
}

/// SDL's software renderer on a surface, and a canvas drawing with it: made and freed together,
/// in the order SDL needs (the canvas's textures, the renderer, then the surface).
final class SurfaceCanvas {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    let canvas: Canvas

    /// Takes `surface` (freed here, also when no renderer can be made on it).
    init?(surface: UnsafeMutablePointer<SDL_Surface>, fonts: FontLibrary) {
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            return nil
        }
        self.surface = surface
        self.renderer = renderer
        canvas = Canvas(renderer: renderer, fonts: fonts)
    }

    deinit {
        canvas.releaseTextures()
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}
