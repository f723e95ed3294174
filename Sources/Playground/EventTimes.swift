/// Puts the window system's own event times (X server milliseconds) on SDL's clock.
///
/// SDL 2 stamps an event when it pumps the queue, so on a busy machine a burst of pointer
/// events read in one frame shares one time, and a fast flick measures as a slow drag. The X
/// server stamps each event when it happens. The two clocks differ by a constant c plus the
/// delay d ≥ 0 before SDL read the event:
///
///     pumped = server + c + d
///
/// The smallest `pumped − server` seen is the best estimate of c (the event read with the least
/// delay), so `server + min(pumped − server)` is the event's true time on SDL's clock, never
/// later than its pumped time. All in seconds.
public struct EventTimes: Sendable {
    private var offset: Double?
    /// A jump of the difference larger than this (s) means the server clock restarted or wrapped
    /// (it counts milliseconds in 32 bits): start estimating again.
    public var restartThreshold = 60.0

    public init() {}

    /// The event's time on SDL's clock: from the server's time when there is one, else the pumped time.
    public mutating func time(serverMilliseconds: Double?, pumped: Double) -> Double {
        guard let milliseconds = serverMilliseconds, milliseconds >= 0, milliseconds.isFinite, pumped.isFinite else {
            return pumped
        }
        let server = milliseconds / 1000
        let difference = pumped - server
        if let known = offset, abs(difference - known) < restartThreshold {
            offset = min(known, difference)
        } else {
            offset = difference
        }
        return server + (offset ?? difference)
    }
}
