/// What a window's loop shows: the playground's session, a blind test's stage, the demo's tour.
/// Each says whether it needs frames now and when it next changes by itself, so every window
/// sleeps while nothing on it changes.
public protocol FrameSubject {
    /// Whether anything needs frames at `realTime`: motion, a held pointer, a replay, a change
    /// that has come due.
    func isBusy(at realTime: Double) -> Bool
    /// The real time of the next change that comes by itself (a scene timer, a scripted touch, a
    /// tour resuming), if any.
    func nextChange(after realTime: Double) -> Double?
}

/// Decides, once per turn of the window's loop, whether to draw a frame now or to sleep until an
/// event arrives (or the subject's next change is due), so a window at rest costs next to nothing.
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

    /// Whether to draw a frame at `realTime`; extends the active time while the subject is busy.
    public mutating func wantsFrame(_ subject: some FrameSubject, at realTime: Double) -> Bool {
        if subject.isBusy(at: realTime) { activeUntil = max(activeUntil, realTime + linger) }
        return realTime < activeUntil
    }

    /// How long to wait for events when no frame is wanted: until the subject's next change, at
    /// most `longestWait`, at least a millisecond (the finest wait SDL offers).
    public func waitTime(_ subject: some FrameSubject, at realTime: Double) -> Double {
        let due = subject.nextChange(after: realTime).map { $0 - realTime } ?? longestWait
        return max(0.001, min(longestWait, due))
    }
}

extension PlaygroundSession: FrameSubject {
    /// Motion, a held pointer, a wheel stream, a replay, a clip encoding or a video being tracked
    /// (their progress is shown as it goes), or a scene timer that has come due.
    public func isBusy(at realTime: Double) -> Bool {
        if isReplaying || clip != nil || trackingReference != nil { return true }
        let t = sceneTime(at: realTime)
        for side in sides {
            if !side.scene.isAtRest(at: t) || side.input.isPressed { return true }
            if let due = side.scene.nextTimer(after: t), due <= t { return true }
        }
        return false
    }

    /// The earliest scene timer (the banner's auto-advance), in real time at the clock's rate, or
    /// the time a change of the kept session may be written (`keepDue`), whichever comes first.
    public func nextChange(after realTime: Double) -> Double? {
        let t = sceneTime(at: realTime)
        let timer = sides.compactMap { $0.scene.nextTimer(after: t) }.min().map { realTime + ($0 - t) / clock.rate }
        return [timer, keepDue()].compactMap { $0 }.min()
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
        _ pacer: inout FramePacer, subject: some FrameSubject, now: Double,
        wait: (Double) -> Bool, frame: (Double) -> Bool, ended: (() -> Double)? = nil
    ) -> Bool {
        if pacer.wantsFrame(subject, at: now) {
            if frame(now) { pacer.noteEvent(at: ended?() ?? now) }
            return true
        }
        if wait(pacer.waitTime(subject, at: now)) { pacer.noteEvent(at: now) }
        return false
    }
}
