import Formats
import Scenes
import ScrollPhysics

/// The pointer, wheel and keys on the phones (viewport points, real times), and the frame's
/// tick: they move the scenes, never a feel or a name.
extension PlaygroundSession {
    func reduce(_ request: InputRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .pointer(event): input(event, at: realTime)
        case let .wheel(x, y, flipped): wheel(x: x, y: y, flipped: flipped, time: realTime)
        case let .key(command): key(command, time: realTime)
        }
        return []
    }

    /// Delivers due replay events, advances every side to the frame's time, records the plots and
    /// asks for side A's trace row.
    ///
    /// While a finger is held the scenes are not advanced past the last input: the content
    /// follows the finger, not the clock, and events that reach the session after this frame
    /// (a busy machine delivers them in bursts) keep their own earlier times, so the release
    /// velocity is measured from true event times, not from frame times.
    func tick(at realTime: Double) -> [SessionEffect] {
        if startViewport == nil { startViewport = viewport }
        let t = pointerHeld && replaying == nil ? clock.peek(at: realTime) : clock.sceneTime(at: realTime)
        if var run = replaying {
            while run.next < run.events.count, run.start + run.events[run.next].time <= t {
                let event = run.events[run.next]
                deliver(event.event, at: run.start + event.time, to: run.target)
                run.next += 1
            }
            replaying = run.next < run.events.count ? run : nil
            // The last event is in: the message says the replay is over.
            if replaying == nil, messageIsReplay {
                notice = .replayed(events: run.events.count)
            }
        }
        for index in sides.indices {
            if !pointerHeld || replaying != nil { sides[index].scene.advance(to: t) }
            sides[index].record(at: t)
        }
        return (isTracing ? [.appendTrace(traceRow(at: t))] : []) + keep(at: realTime)
    }

    /// The least time between two writes of the kept session (s): a slider's drag is one or two
    /// writes, not sixty.
    public static let keepInterval = 2.0

    /// The session to keep for the next start, when it is kept and changed since it last was,
    /// and `keepInterval` has passed since the last write (`keepDue` wakes the window for it).
    func keep(at realTime: Double) -> [SessionEffect] {
        guard state.keepsSession, realTime - state.keptAt >= Self.keepInterval else { return [] }
        let document = snapshot()
        guard document != state.kept else { return [] }
        state.kept = document
        state.keptAt = realTime
        return [.keep(document)]
    }

    /// When a change not yet kept may be written (real time), if there is one.
    func keepDue() -> Double? {
        guard state.keepsSession, snapshot() != state.kept else { return nil }
        return state.keptAt + Self.keepInterval
    }

    /// The trace's columns now: the five, side A's scene columns, then side B's with a `b_` prefix.
    public var traceColumns: [String] {
        var columns = Trace.columns + scene.extraTraceColumns
        if isComparing {
            columns += (Array(Trace.columns.dropFirst()) + sides[1].scene.extraTraceColumns).map { "b_" + $0 }
        }
        return columns
    }

    /// One row per frame; when the columns change (scene switched, A/B turned on or off) a new
    /// header row starts the next section.
    func traceRow(at t: Double) -> String {
        let columns = traceColumns
        var text = ""
        if columns != writtenColumns {
            text += columns.joined(separator: ",") + "\n"
            writtenColumns = columns
        }
        text += Trace.row(scene.traceReading(at: t)).dropLast()
        if isComparing {
            let b = Trace.row(sides[1].scene.traceReading(at: t)).dropLast()
            text += "," + (b.firstIndex(of: ",").map { b[b.index(after: $0)...] } ?? "")
        }
        return text + "\n"
    }

    /// A wheel event (SDL's precise values); recorded as the delta the first side made of it.
    func wheel(x: Double, y: Double, flipped: Bool, time realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for index in sides.indices {
            sides[index].beginGesture(at: t, unlessActive: true)
            sides[index].input.wheel(x: x, y: y, flipped: flipped, time: t, scene: sides[index].scene)
        }
    }

    func key(_ key: KeyCommand, time realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        for index in sides.indices {
            sides[index].beginGesture(at: t, unlessActive: true)
            sides[index].input.key(key, time: t, scene: sides[index].scene)
        }
    }

    func input(_ event: InputEvent, at realTime: Double) {
        if case .down = event, isSlowMotion { clock.setRate(1, at: realTime) }
        let t = clock.sceneTime(at: realTime)
        if recording != nil { record(event, at: realTime) }
        deliver(event, at: t, to: .both)
        switch event {
        case .down: pointerHeld = true
        case .up:
            pointerHeld = false
            if let slowMotionRate { clock.setRate(slowMotionRate, at: realTime) }
        default: break
        }
    }

    /// Records at the event's own (real) time, from the first touch on: events that reach the
    /// session after a frame keep their spacing, and a replay starts with the touch.
    func record(_ event: InputEvent, at realTime: Double) {
        if recordingStart == nil, case .down = event { recordingStart = realTime }
        guard let start = recordingStart, realTime.isFinite else { return }
        let previous = recording?.last?.time ?? 0
        recording?.append(TimedInput(time: max(previous, realTime - start), event: event))
    }

    /// The same sample to each targeted side, through its own translator (taps are per side).
    func deliver(_ event: InputEvent, at t: Double, to target: ReplayTarget) {
        for index in sides.indices where target.includes(index) {
            let (input, scene) = (sides[index].input, sides[index].scene)
            switch event {
            case .down(let p):
                input.pointerDown(at: p, time: t, scene: scene)
                sides[index].beginGesture(at: t)
            case .move(let p): input.pointerMoved(to: p, time: t, scene: scene)
            case .up(let p):
                input.pointerUp(at: p, time: t, scene: scene)
                sides[index].noteLift(at: t)
            case .wheel, .wheelBegin, .wheelEnd:
                sides[index].beginGesture(at: t, unlessActive: true)
                scene.handle(TimedInput(time: t, event: event))
            }
        }
    }
}
