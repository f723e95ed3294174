/// One input sample, the common currency of replays, recordings and the window.
public enum InputEvent: Equatable, Sendable {
    /// A finger or mouse button goes down at a viewport point.
    case down(Point)
    case move(Point)
    case up(Point)
    /// A touchpad or wheel scroll of `dx`/`dy` points of content offset (positive: toward the
    /// end of the content, as a finger moving up/left would move it).
    case wheel(dx: Double, dy: Double)
}

/// An input event at a time in seconds.
public struct TimedInput: Equatable, Sendable {
    public var time: Double
    public var event: InputEvent
    public init(time: Double, event: InputEvent) { self.time = time; self.event = event }
}
