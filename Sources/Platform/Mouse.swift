import CSDL2

/// The mouse position relative to the focused window, in points.
public enum SDLMouse {
    @discardableResult
    public static func position(_ x: inout Int32, _ y: inout Int32) -> UInt32 {
        SDL_GetMouseState(&x, &y)
    }
}
