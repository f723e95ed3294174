import CSDL2

extension Window {
    /// Wakes the window's loop from `waitForEvent` (an SDL user event): from any thread, for news
    /// that arrives outside the window (the phone's server). The event decodes to nothing.
    public static func wake() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        _ = SDL_PushEvent(&event)
    }
}
