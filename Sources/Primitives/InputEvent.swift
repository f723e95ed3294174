/// One input sample, the common currency of replays, recordings and the window.
public enum InputEvent: Equatable, Sendable {
    /// A finger or mouse button goes down at a viewport point.
    case down(Point)
    case move(Point)
    case up(Point)
    /// A touchpad or wheel scroll of `dx`/`dy` points of content offset (positive: toward the
    /// end of the content, as a finger moving up/left would move it).
    case wheel(dx: Double, dy: Double)
    /// The fingers touch the touchpad (a stream begins; a glide under way is caught), when the
    /// platform says so (a gesture file's `wheel-begin`).
    case wheelBegin
    /// The fingers lift off the touchpad: the stream ends now and glides with what the fingers
    /// still carried (a gesture file's `wheel-end`). Without it a stream ends by its gap.
    case wheelEnd
}

/// An input event at a time in seconds.
public struct TimedInput: Equatable, Sendable {
    public var time: Double
    public var event: InputEvent
    public init(time: Double, event: InputEvent) { self.time = time; self.event = event }
}
