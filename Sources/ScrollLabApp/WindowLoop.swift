import Platform
import Playground

/// The loop every window runs (the playground, a blind test, the demo): a frame while its
/// subject needs one or just had input, otherwise asleep in `SDL_WaitEventTimeout` until an
/// event, the subject's next change or something due (see `FramePacer`). Each `Due` runs once,
/// on the first frame at or after its time, before the frame is presented (a screenshot reads
/// it); the loop ends after `quitAfter` s or when `isRunning` says so.
enum WindowLoop {
    struct Due {
        /// Seconds after the start.
        var time: Double
        var action: () -> Void
    }

    static func run(
        _ window: Window, subject: some FrameSubject, linger: Double = 1, quitAfter: Double?, due: [Due] = [],
        isRunning: () -> Bool, frame: (Double) -> Bool
    ) {
        let start = Window.now
        var pending = due
        var pacer = FramePacer(linger: linger, at: start)
        while isRunning() {
            let now = Window.now
            if let quitAfter, now - start >= quitAfter { break }
            // Something due needs a frame; deadlines cut the wait short.
            if pending.contains(where: { now - start >= $0.time }) { pacer.noteEvent(at: now) }
            let deadline = min(
                pending.map { start + $0.time }.min() ?? .infinity, quitAfter.map { start + $0 } ?? .infinity)
            FrameLoop.turn(
                &pacer, subject: subject, now: now,
                wait: { window.waitForEvent(timeout: max(0.001, min($0, deadline - now))) },
                frame: { now in
                    let handled = frame(now)
                    pending.removeAll { item in
                        guard now - start >= item.time else { return false }
                        item.action()
                        return true
                    }
                    window.present()
                    return handled
                }, ended: { Window.now })
        }
    }
}
