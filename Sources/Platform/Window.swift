import CSDL2
import Drawing
import Foundation
import X11EventTime

/// The playground's one SDL window and its renderer (HiDPI-aware; vsync, or paced to the display).
public final class Window {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    public let fonts: FontLibrary
    public let canvas: Canvas
    private var event = SDL_Event()
    /// Whether a mouse button or finger is down (motion is reported only then).
    private var pointerDown = false
    /// SDL_TOUCH_MOUSEID, ((Uint32)-1): mouse events SDL synthesised from touches.
    static let touchMouseID = UInt32.max

    /// Opens a resizable window of `width` × `height` points, or one filling the screen at the
    /// desktop's resolution when `fullscreen`; throws when there is no display.
    public init(title: String, width: Int, height: Int, fullscreen: Bool = false, renderer: RendererChoice = .auto)
        throws
    {
        // Without a display server SDL falls back to an invisible driver and "succeeds": say so instead.
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"].map({ $0.isEmpty }) ?? true,
            environment["WAYLAND_DISPLAY"].map({ $0.isEmpty }) ?? true,
            environment["SDL_VIDEODRIVER"] == nil
        {
            throw SDLError("opening a window", reason: "neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        try Self.initialiseVideo(environment: environment)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        var (width, height) = (Int32(width), Int32(height))
        var mode = SDL_DisplayMode()
        if fullscreen, SDL_GetDesktopDisplayMode(0, &mode) == 0 {
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            (width, height) = (mode.w, mode.h)
        }
        guard
            let window = SDL_CreateWindow(
                title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK),
                width, height, flags)
        else {
            SDL_Quit()
            throw SDLError("SDL_CreateWindow")
        }
        guard let (renderer, description) = Self.makeRenderer(window, choice: renderer) else {
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw SDLError("SDL_CreateRenderer")
        }
        SDL_SetWindowMinimumSize(window, 640, 400)
        self.window = window
        self.renderer = renderer
        rendererDescription = description
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        // The software renderer copies to the window without waiting for the display (whatever its flags say).
        synchronised =
            info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue == 0
        keepsFrames = info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        var display = SDL_DisplayMode()
        let rate = SDL_GetWindowDisplayMode(window, &display) == 0 ? Int(display.refresh_rate) : 0
        framePeriod = 1 / Double(rate >= 30 && rate <= 500 ? rate : 60)
        do {
            fonts = try FontLibrary()
        } catch {
            SDL_DestroyRenderer(renderer)
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw error
        }
        canvas = Canvas(renderer: renderer, fonts: fonts)
    }

    /// Which of SDL's renderers draws the window.
    public enum RendererChoice: String, CaseIterable, Sendable {
        /// The accelerated renderer, unless its OpenGL is a software rasteriser (Mesa's llvmpipe,
        /// softpipe or swrast): then SDL's software renderer, which draws this app's frames in
        /// about a third of the time (3.5 against 11 ms a frame, measured at 1280x800).
        case auto
        /// SDL's accelerated renderer (OpenGL, OpenGL ES, Metal or Direct3D), with vsync.
        case gpu
        /// SDL's software renderer, writing straight into the window (no OpenGL at all).
        case software
    }

    /// The renderer in use, for people: "opengl (Mesa Intel(R) UHD Graphics 620)" or
    /// "software (OpenGL here is llvmpipe (LLVM 15.0.7, 256 bits))".
    public let rendererDescription: String
    /// Whether presenting waits for the display (vsync); otherwise `present` paces frames itself.
    public let synchronised: Bool
    /// Seconds between the display's refreshes (1/60 when it does not say).
    public let framePeriod: Double
    /// Whether the window keeps what was drawn from one frame to the next: SDL's software renderer
    /// draws into the window's own surface, so a frame may redraw and present only what changed
    /// (`beginPartialFrame`). An accelerated renderer's back buffer holds nothing certain after
    /// a present: every frame is drawn whole.
    public let keepsFrames: Bool
    /// The pixel rectangles changed since the last present, or nil: the whole window.
    private var damage: [SDL_Rect]?
    private var lastPresent = 0.0

    /// Makes the renderer `choice` asks for, falling back to the software renderer when no
    /// accelerated one can be made; returns it with its description.
    static func makeRenderer(_ window: OpaquePointer, choice: RendererChoice) -> (OpaquePointer, String)? {
        func software(_ note: String) -> (OpaquePointer, String)? {
            // Straight to the window with X11's shared memory, not through an OpenGL texture.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue).map { ($0, "software" + note) }
        }
        if choice == .software { return software("") }
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        guard let renderer = SDL_CreateRenderer(window, -1, accelerated) else {
            return software(" (no accelerated renderer)")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let name = info.name.flatMap { String(validatingCString: $0) } ?? "accelerated"
        let gl = name.hasPrefix("opengl") ? glRendererName() : nil
        let description = name + (gl.map { " (\($0))" } ?? "")
        guard choice == .auto, let gl, isSoftwareRasteriser(gl) else { return (renderer, description) }
        SDL_DestroyRenderer(renderer)
        return software(" (OpenGL here is \(gl))")
            ?? SDL_CreateRenderer(window, -1, accelerated).map { ($0, description) }
    }

    /// GL_RENDERER of the current OpenGL context (the renderer just made).
    static func glRendererName() -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let address = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let getString = unsafeBitCast(address, to: GetString.self)
        return getString(0x1F01).map { String(cString: $0) }  // GL_RENDERER
    }

    /// Whether an OpenGL renderer name is one of Mesa's CPU rasterisers.
    public static func isSoftwareRasteriser(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { lower.contains($0) }
    }

    /// Video drivers that show a window on a screen; SDL falls back to others ("offscreen",
    /// "dummy", "evdev") when it cannot reach the display, and the playground would then run unseen.
    public static let windowingDrivers: Set<String> = [
        "x11", "wayland", "cocoa", "windows", "kmsdrm", "KMSDRM", "rpi", "vivante"
    ]

    /// Starts SDL's video with a windowing driver, or throws naming the driver it got. Right after
    /// an X server starts, x11 is sometimes reported unavailable: it is tried three times, 0.3 s apart.
    static func initialiseVideo(environment: [String: String]) throws(SDLError) {
        var got = "none"
        for attempt in 0..<3 {
            if attempt > 0 { usleep(300_000) }
            guard withStandardErrorSilenced({ SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }) == 0 else {
                got = "none (\(SDL_GetError().flatMap { String(validatingCString: $0) } ?? ""))"
                continue
            }
            let driver = SDL_GetCurrentVideoDriver().flatMap { String(validatingCString: $0) } ?? "none"
            if windowingDrivers.contains(driver) { return }
            got = "\"\(driver)\""
            SDL_Quit()
        }
        let display =
            environment["DISPLAY"].map { "DISPLAY=\($0) could not be reached" }
            ?? environment["WAYLAND_DISPLAY"].map { "WAYLAND_DISPLAY=\($0) could not be reached" }
            ?? "no display is set"
        throw SDLError("opening a window", reason: "SDL's video driver is \(got), which shows no window; \(display)")
    }

    deinit {
        if let overlay { SDL_DestroyTexture(overlay) }
        regions = []
        canvas.releaseTextures()
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// Window size in points.
    public var size: (width: Double, height: Double) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Double(w), Double(h))
    }

    /// Pixels per point (2 on a HiDPI display).
    public var pixelRatio: Double {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let (w, _) = size
        return w > 0 ? Double(pw) / w : 1
    }

    /// Seconds since SDL started, on the clock of event timestamps.
    public static var now: Double { Double(SDL_GetTicks64()) / 1000 }

    /// Delivers every pending event: first raw to `raw` (the panel); if it returns true the
    /// event is the panel's and is not decoded, unless a drag that began outside is under way.
    /// Asks SDL for the window system's own messages, so `serverMilliseconds(of:)` can read the
    /// X server's time of each pointer event (SDL stamps events when it pumps them, in bursts on
    /// a busy machine).
    public func reportServerTimes() { SDL_EventState(UInt32(SDL_SYSWMEVENT.rawValue), SDL_ENABLE) }

    /// The X server's time (ms) of the pointer event in `raw` (an SDL_Event seen by `poll`'s
    /// `raw`), once `reportServerTimes()` was called; nil for other events or off X11.
    public static func serverMilliseconds(of raw: UnsafeRawPointer) -> Double? {
        let time = scrollab_x11_event_time(raw)
        return time >= 0 ? time : nil
    }

    public func poll(raw: (UnsafeRawPointer) -> Bool, handle: (PlatformEvent) -> Void) {
        while SDL_PollEvent(&event) != 0 {
            let type = SDL_EventType(event.type)
            let claimed = withUnsafePointer(to: &event) { raw(UnsafeRawPointer($0)) }
            if claimed && !pointerDown && type != SDL_QUIT && type != SDL_WINDOWEVENT { continue }
            if let decoded = decode() { handle(decoded) }
        }
    }

    private func decode() -> PlatformEvent? {
        let time = Double(event.common.timestamp) / 1000
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_WINDOWEVENT:
            let kind = SDL_WindowEventID(UInt32(event.window.event))
            if kind == SDL_WINDOWEVENT_SIZE_CHANGED || kind == SDL_WINDOWEVENT_RESIZED { return .resized }
            return kind == SDL_WINDOWEVENT_EXPOSED ? .exposed : nil
        case SDL_MOUSEBUTTONDOWN
        where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != Window.touchMouseID:
            pointerDown = true
            return .pointerDown(x: Double(event.button.x), y: Double(event.button.y), time: time)
        case SDL_MOUSEBUTTONUP
        where event.button.button == UInt8(SDL_BUTTON_LEFT) && event.button.which != Window.touchMouseID:
            guard pointerDown else { return nil }
            pointerDown = false
            return .pointerUp(x: Double(event.button.x), y: Double(event.button.y), time: time)
        case SDL_MOUSEMOTION where event.motion.which != Window.touchMouseID:
            guard pointerDown else { return nil }
            return .pointerMoved(x: Double(event.motion.x), y: Double(event.motion.y), time: time)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let (w, h) = size
            let x = Double(event.tfinger.x) * w, y = Double(event.tfinger.y) * h
            switch SDL_EventType(event.type) {
            case SDL_FINGERDOWN: pointerDown = true; return .pointerDown(x: x, y: y, time: time)
            case SDL_FINGERMOTION: return pointerDown ? .pointerMoved(x: x, y: y, time: time) : nil
            default: pointerDown = false; return .pointerUp(x: x, y: y, time: time)
            }
        case SDL_MOUSEWHEEL:
            let x = event.wheel.preciseX != 0 ? Double(event.wheel.preciseX) : Double(event.wheel.x)
            let y = event.wheel.preciseY != 0 ? Double(event.wheel.preciseY) : Double(event.wheel.y)
            return .wheel(x: x, y: y, flipped: event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue, time: time)
        case SDL_KEYDOWN:
            let modifiers = UInt32(event.key.keysym.mod)
            if modifiers & UInt32(KMOD_CTRL.rawValue) != 0 {
                // Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo. Other Ctrl chords are not ours.
                let shift = modifiers & UInt32(KMOD_SHIFT.rawValue) != 0
                switch Int(event.key.keysym.sym) {
                case Int(SDLK_z.rawValue): return .key(shift ? .redo : .undo, time: time)
                case Int(SDLK_y.rawValue): return .key(.redo, time: time)
                default: return nil
                }
            }
            return Self.key(event.key.keysym.sym).map { .key($0, time: time) }
        default:
            return nil
        }
    }

    static func key(_ code: SDL_Keycode) -> Key? {
        switch Int(code) {
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_F12.rawValue): return .screenshot
        case Int(SDLK_1.rawValue)...Int(SDLK_9.rawValue): return .digit(Int(code) - Int(SDLK_1.rawValue) + 1)
        case Int(SDLK_a.rawValue)...Int(SDLK_z.rawValue):
            return UnicodeScalar(UInt32(code)).map { .letter(Character($0)) }
        default: return nil
        }
    }

    public func clear(_ color: Color) {
        SDL_SetRenderDrawColor(renderer, color.r, color.g, color.b, color.a)
        SDL_RenderClear(renderer)
    }

    /// Starts a frame that redraws only some of the window (the rest stays as the last frame left
    /// it): what `drawRegions` and `drawOverlay` touch is all `present` sends. Only when `keepsFrames`.
    public func beginPartialFrame() {
        precondition(keepsFrames, "a partial frame needs a window that keeps its frames")
        damage = []
    }

    // MARK: Regions (rectangles of the frame drawn at once, one thread each)

    /// A rectangle of the window's pixels.
    public struct PixelRect: Equatable, Sendable {
        public var x, y, width, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// A canvas drawing straight into one rectangle of the window's frame: its own SDL surface
    /// whose pixels are the window surface's pixels there (the same memory, the window's row
    /// pitch), its own software renderer, textures and fonts.
    fileprivate final class Region {
        private(set) var rect: PixelRect
        let drawing: SurfaceCanvas
        var canvas: Canvas { drawing.canvas }
        var renderer: OpaquePointer { drawing.renderer }

        /// Moves the region onto `rect` of `window` (a resized window's new surface, or a phone
        /// moved or resized on it) keeping its renderer, and with it the canvas's textures: its
        /// layers, shadows and text, which a new renderer would draw again all in one frame (a
        /// resize during a glide then hitched by 50–100 ms in a debug build). SDL's software
        /// renderer reads its surface's pixels, size and pitch at each draw and takes its output
        /// size from them; its viewport and clip are set again here. False (nothing changed) when
        /// the window's pixels are not the format the region draws in.
        func move(to rect: PixelRect, in window: UnsafeMutablePointer<SDL_Surface>) -> Bool {
            let surface = drawing.surface
            let pitch = Int(window.pointee.pitch), bytes = Int(window.pointee.format.pointee.BytesPerPixel)
            guard let base = window.pointee.pixels,
                Window.drawingFormat(window.pointee.format.pointee.format) == surface.pointee.format.pointee.format
            else { return false }
            SDL_RenderFlush(renderer)
            surface.pointee.pixels = base + rect.y * pitch + rect.x * bytes
            surface.pointee.w = Int32(rect.width)
            surface.pointee.h = Int32(rect.height)
            surface.pointee.pitch = Int32(pitch)
            SDL_SetClipRect(surface, nil)
            SDL_RenderSetViewport(renderer, nil)
            SDL_RenderSetClipRect(renderer, nil)
            self.rect = rect
            return true
        }

        init?(_ rect: PixelRect, in window: UnsafeMutablePointer<SDL_Surface>, fonts: FontLibrary) {
            let pitch = Int(window.pointee.pitch), bytes = Int(window.pointee.format.pointee.BytesPerPixel)
            guard let base = window.pointee.pixels,
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    base + rect.y * pitch + rect.x * bytes, Int32(rect.width), Int32(rect.height), 32,
                    Int32(pitch), Window.drawingFormat(window.pointee.format.pointee.format)),
                let drawing = SurfaceCanvas(surface: surface, fonts: fonts)
            else { return nil }
            self.rect = rect
            self.drawing = drawing
            // A resize draws the phones at a new scale: their layers and shadows follow a few a
            // draw (the caller draws again while `standIns` says some wait).
            drawing.canvas.redrawsGradually = true
        }
    }

    /// The format a region draws its window pixels in. An X11 window of depth 24 keeps XRGB8888
    /// pixels, whose unused top byte the display ignores: read as ARGB8888 (the same layout),
    /// copies from the canvas's textures (ARGB8888) are plain row copies and blended fills take
    /// SDL's fast path, where XRGB8888 converts every pixel (two phones at 2560×1440: 2.9 → 2.5 ms
    /// CPU a frame).
    static func drawingFormat(_ format: UInt32) -> UInt32 {
        format == SDL_PIXELFORMAT_RGB888.rawValue ? Canvas.pixelFormat : format
    }

    private var regions: [Region?] = []
    /// The window surface the regions' pixels belong to; a resize makes a new one.
    private var regionSource: (UnsafeMutableRawPointer, UnsafeMutableRawPointer?, Int32, Int32)?
    /// One font library per region (FreeType draws a face on one thread at a time), kept across
    /// resizes: fonts are opened once.
    private var regionFonts: [FontLibrary] = []

    /// Draws into each of `rects` (window pixels, not overlapping each other): `body(index,
    /// canvas)` runs once per rectangle with a canvas whose origin is that rectangle's top-left
    /// pixel, and returns whether it drew; in a partial frame, the rectangles drawn are presented.
    ///
    /// When the window keeps its frames (SDL's software renderer), the rectangles are drawn at
    /// once, one thread each, by canvases that cannot draw outside them. SDL's renderer is not
    /// thread-safe, so nothing is shared between the threads but pixel memory, each writing only
    /// its own rectangle: every region has its own SDL surface over the window surface's pixels
    /// there (the same memory, the window's row pitch; its own clip rectangle and blit maps),
    /// its own renderer, textures and fonts; the window's renderer is flushed first and idle until
    /// all have finished. A region's canvas keeps its caches while its rectangle and the window's
    /// surface stay the same. Otherwise (an accelerated renderer, one context) the rectangles are
    /// drawn one after another with `canvas`, which does not clip to them.
    public func drawRegions(_ rects: [PixelRect], _ body: @escaping (Int, Canvas) -> Bool) {
        guard keepsFrames, prepareRegions(rects) else {
            for (index, rect) in rects.enumerated() {
                canvas.originX = Double(rect.x)
                canvas.originY = Double(rect.y)
                if body(index, canvas) { damage?.append(SDL_Rect(rect)) }
            }
            return
        }
        let regions = self.regions
        let drew = UnsafeMutableBufferPointer<Bool>.allocate(capacity: regions.count)
        drew.initialize(repeating: false)
        defer { drew.deallocate() }
        let work = RegionWork(regions: regions, rects: rects, drew: drew, body: body)
        DispatchQueue.concurrentPerform(iterations: regions.count) { work.run($0) }
        for (region, drew) in zip(regions, drew) where drew {
            if let region { damage?.append(SDL_Rect(region.rect)) }
        }
    }

    /// Makes the regions for `rects` unless the ones there fit them and the window's surface;
    /// false when SDL cannot.
    private func prepareRegions(_ rects: [PixelRect]) -> Bool {
        SDL_RenderFlush(renderer)
        guard let surface = SDL_GetWindowSurface(window) else { return false }
        let bounds = PixelRect(x: 0, y: 0, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        let clipped = rects.map { $0.intersection(bounds) }
        let source = (UnsafeMutableRawPointer(surface), surface.pointee.pixels, surface.pointee.w, surface.pointee.h)
        if let kept = regionSource, kept.0 == source.0, kept.1 == source.1, kept.2 == source.2, kept.3 == source.3,
            regions.count == clipped.count, zip(regions, clipped).allSatisfy({ ($0?.rect ?? .empty) == $1.orEmpty })
        {
            return true
        }
        // The regions there move onto their new rectangles, keeping what their canvases hold.
        if regions.count == clipped.count,
            zip(regions, clipped).allSatisfy({ region, rect in
                rect.width > 0 && rect.height > 0 && region?.move(to: rect, in: surface) == true
            })
        {
            regionSource = source
            return true
        }
        regions = []
        regionSource = nil
        while regionFonts.count < clipped.count {
            guard let fonts = try? FontLibrary() else { return false }
            regionFonts.append(fonts)
        }
        for (index, rect) in clipped.enumerated() {
            if rect.width <= 0 || rect.height <= 0 {
                regions.append(nil)
                continue
            }
            guard let region = Region(rect, in: surface, fonts: regionFonts[index]) else {
                regions = []
                return false
            }
            regions.append(region)
        }
        regionSource = source
        return true
    }

    /// Shows the frame: the whole window, or in a partial frame only the rectangles it changed
    /// (none: nothing is sent). Without vsync, waits out the rest of the display's frame period
    /// first, sent or not (frames never come faster than the display shows them).
    public func present() {
        if let rects = damage {
            damage = nil
            if !rects.isEmpty {
                SDL_RenderFlush(renderer)
                rects.withUnsafeBufferPointer {
                    _ = SDL_UpdateWindowSurfaceRects(window, $0.baseAddress, Int32($0.count))
                }
            }
        } else {
            SDL_RenderPresent(renderer)
        }
        sentAt = Self.preciseNow
        guard !synchronised else { return }
        let now = Self.preciseNow, due = lastPresent + framePeriod
        if now < due, due - now <= framePeriod {
            usleep(useconds_t((due - now) * 1e6))
            lastPresent = due
        } else {
            lastPresent = now
        }
    }

    /// When the last `present` had sent its frame (before any wait for the display), on `preciseNow`'s clock.
    public private(set) var sentAt = 0.0

    /// Seconds on SDL's high-resolution counter.
    public static var preciseNow: Double { Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency()) }

    /// Sleeps until an event is queued or `seconds` pass (at least a millisecond); the event stays
    /// queued for `poll`. Returns whether one is waiting.
    public func waitForEvent(timeout seconds: Double) -> Bool {
        let milliseconds = seconds.isFinite ? Int32(clamping: Int((max(0, seconds) * 1000).rounded(.up))) : 1000
        return SDL_WaitEventTimeout(nil, max(1, milliseconds)) == 1
    }

    // MARK: Overlay (the panel, drawn once and copied while it does not change)

    private var overlay: OpaquePointer?
    private var overlaySize = (0, 0)

    /// Whether the overlay texture holds a drawing of the current output size.
    public var hasOverlay: Bool { overlay != nil && overlaySize == outputSize }

    private var outputSize: (Int, Int) {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return (Int(pw), Int(ph))
    }

    /// Sends drawing to the overlay texture (the output's size, opaque, so copying it needs no
    /// blending) until `endOverlay`. Returns nil, drawing straight to the window, when the
    /// renderer cannot; otherwise whether the texture still holds the last drawing (false: it
    /// is new, cleared to `background`).
    public func beginOverlay(background: Color) -> Bool? {
        let size = outputSize
        var kept = true
        if overlay == nil || overlaySize != size {
            if let old = overlay { SDL_DestroyTexture(old) }
            overlay = SDL_CreateTexture(
                renderer, Canvas.pixelFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                Int32(size.0), Int32(size.1))
            overlaySize = size
            if let overlay { SDL_SetTextureBlendMode(overlay, SDL_BLENDMODE_NONE) }
            kept = false
        }
        guard let overlay, SDL_SetRenderTarget(renderer, overlay) == 0 else { return nil }
        if !kept {
            SDL_SetRenderDrawColor(renderer, background.r, background.g, background.b, 255)
            SDL_RenderClear(renderer)
        }
        return kept
    }

    public func endOverlay() { SDL_SetRenderTarget(renderer, nil) }

    /// Copies the overlay's columns from `fromX` pixels to the right edge, rows `rows` (all when
    /// nil), onto the frame, replacing what is there.
    public func drawOverlay(fromX: Int, rows: Range<Int>? = nil) {
        guard let overlay, hasOverlay else { return }
        let x = Int32(clamping: min(max(0, fromX), overlaySize.0))
        let top = Int32(clamping: min(max(0, rows?.lowerBound ?? 0), overlaySize.1))
        let bottom = Int32(clamping: min(max(Int(top), rows?.upperBound ?? overlaySize.1), overlaySize.1))
        var rect = SDL_Rect(x: x, y: top, w: Int32(overlaySize.0) - x, h: bottom - top)
        guard rect.w > 0, rect.h > 0 else { return }
        SDL_RenderCopy(renderer, overlay, &rect, &rect)
        damage?.append(rect)
    }

    /// Puts text on the system clipboard.
    public func copyToClipboard(_ text: String) { SDL_SetClipboardText(text) }

    /// Takes the window off the screen (the program finishes work after the user quit).
    public func hide() { SDL_HideWindow(window) }

    /// The pixels of a rectangle of the frame being drawn (call before `present`), in pixels.
    public func capture(x: Int, y: Int, width: Int, height: Int) throws(SDLError) -> Image {
        var rect = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(width), h: Int32(height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let status = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(
                renderer, &rect, SDL_PIXELFORMAT_ABGR8888.rawValue, buffer.baseAddress, Int32(width * 4))
        }
        guard status == 0 else { throw SDLError("SDL_RenderReadPixels") }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// The whole frame being drawn.
    public func captureAll() throws(SDLError) -> Image {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        return try capture(x: 0, y: 0, width: Int(pw), height: Int(ph))
    }
}

extension Window.PixelRect {
    static let empty = Self(x: 0, y: 0, width: 0, height: 0)
    /// This rectangle, or `empty` when it has no pixels.
    var orEmpty: Self { width > 0 && height > 0 ? self : .empty }

    /// The pixels this rectangle shares with `other` (empty: width or height 0).
    func intersection(_ other: Self) -> Self {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return Self(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension SDL_Rect {
    init(_ rect: Window.PixelRect) {
        self.init(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
    }
}

/// What the threads of `Window.drawRegions` run: each touches only its own region and its own
/// flag, and `body` reads only what no one writes meanwhile.
private struct RegionWork: @unchecked Sendable {
    let regions: [Window.Region?]
    let rects: [Window.PixelRect]
    let drew: UnsafeMutableBufferPointer<Bool>
    let body: (Int, Canvas) -> Bool

    func run(_ index: Int) {
        guard let region = regions[index] else { return }
        region.canvas.originX = Double(rects[index].x - region.rect.x)
        region.canvas.originY = Double(rects[index].y - region.rect.y)
        drew[index] = body(index, region.canvas)
        SDL_RenderFlush(region.renderer)
    }
}
