/// Decides, once per turn of the window's loop, whether to draw a frame now or to sleep until an
/// event arrives (or a scene's timer is due), so a window at rest costs next to nothing.
///
/// Frames are drawn while any side moves, is held, wheels or replays, for `linger` seconds after
/// the last of that (so plots and readouts show the rest state), and for `inputLinger` seconds
/// after any event (so the panel shows hover and press states). Otherwise the loop waits, at most
/// until the next scene timer (the banner's auto-advance) is due. Times are real seconds.
public struct FramePacer: Sendable {
    /// Seconds of frames after motion comes to rest.
    public var linger: Double
    /// Seconds of frames after an input or window event.
    public var inputLinger: Double
    /// Longest single wait, seconds (a safety net; events and timers wake the loop earlier).
    public var longestWait: Double
    /// Drawing continues until this real time.
    public private(set) var activeUntil: Double

    public init(linger: Double = 1, inputLinger: Double = 0.25, longestWait: Double = 1, at realTime: Double) {
        self.linger = linger
        self.inputLinger = inputLinger
        self.longestWait = longestWait
        activeUntil = realTime + linger
    }

    /// An input or window event arrived at `realTime`.
    public mutating func noteEvent(at realTime: Double) {
        activeUntil = max(activeUntil, realTime + inputLinger)
    }

    /// Something was asked that changes what is shown (a panel action, a scene switch).
    public mutating func noteChange(at realTime: Double) {
        activeUntil = max(activeUntil, realTime + linger)
    }

    /// Whether anything in the session needs frames at `realTime`: motion, a held pointer, a wheel
    /// stream, a replay, or a scene timer that has come due.
    public static func isBusy(_ session: PlaygroundSession, at realTime: Double) -> Bool {
        // A clip encoding in the background: its progress is shown as it goes.
        if session.isReplaying || session.clip != nil || session.trackingReference != nil { return true }
        let t = session.sceneTime(at: realTime)
        for side in session.sides {
            if !side.scene.isAtRest(at: t) || side.input.isPressed { return true }
            if let due = side.scene.nextTimer(after: t), due <= t { return true }
        }
        return false
    }

    /// Whether to draw a frame at `realTime`; extends the active time while the session is busy.
    public mutating func wantsFrame(_ session: PlaygroundSession, at realTime: Double) -> Bool {
        if Self.isBusy(session, at: realTime) { activeUntil = max(activeUntil, realTime + linger) }
        return realTime < activeUntil
    }

    /// How long to wait for events when no frame is wanted: until the earliest scene timer,
    /// converted to real seconds at the clock's rate, at most `longestWait`, at least a
    /// millisecond (the finest wait SDL offers).
    public func waitTime(_ session: PlaygroundSession, at realTime: Double) -> Double {
        let t = session.sceneTime(at: realTime)
        var wait = longestWait
        for side in session.sides {
            if let due = side.scene.nextTimer(after: t) { wait = min(wait, (due - t) / session.clock.rate) }
        }
        return max(0.001, wait)
    }
}

/// The window's loop without the window: draw a frame when the pacer wants one, otherwise wait
/// for events. The window passes its clock, its event wait and its frame; tests pass fakes.
public enum FrameLoop {
    /// One turn: either `frame(now)` is called (it returns whether it handled events, which keep
    /// frames coming a little longer), or `wait(seconds)` (which returns whether an event arrived;
    /// the next turn then draws). Returns whether a frame was drawn.
    @discardableResult
    /// `ended` gives the real time after the frame (a frame that ran long, such as one that
    /// encoded a clip, still gets its lingering frames afterwards, so its message is shown).
    public static func turn(
        _ pacer: inout FramePacer, session: PlaygroundSession, now: Double,
        wait: (Double) -> Bool, frame: (Double) -> Bool, ended: (() -> Double)? = nil
    ) -> Bool {
        if pacer.wantsFrame(session, at: now) {
            if frame(now) { pacer.noteEvent(at: ended?() ?? now) }
            return true
        }
        if wait(pacer.waitTime(session, at: now)) { pacer.noteEvent(at: now) }
        return false
    }
}
