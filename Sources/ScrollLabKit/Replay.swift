import Formats
import ScrollPhysics
import Scenes

/// Runs a gesture through a scene and samples it once per frame.
///
/// Events are applied at their own times, not at the frame that notices them, and motion is
/// closed-form in time, so the rows a 30 fps and a 240 fps replay share are identical.
public struct Replay {
    public var fps: Double
    /// Seconds to sample; nil = until the scene rests after the last event, plus `restTail`.
    public var duration: Double?
    /// Idle time kept at the end of an open-ended replay (s).
    public static let restTail = 0.25
    /// Longest an open-ended replay runs past its last event (s): ten minutes, longer than any
    /// glide the parameters allow to reach rest in a list of up to 1e9 pt (the slowest, power 1.9
    /// on a 1e9 pt list, rests after 149 s). A trace that reaches it is cut, and `run` says so.
    public static let defaultOpenEndedLimit = 600.0
    /// This replay's limit past the last event (s), `defaultOpenEndedLimit` unless set.
    public var openEndedLimit: Double

    public init(fps: Double = 60, duration: Double? = nil, openEndedLimit: Double = Replay.defaultOpenEndedLimit) {
        self.fps = fps
        self.duration = duration
        self.openEndedLimit = openEndedLimit
    }

    /// The trace CSV, header included.
    public func run(_ scene: any ScrollScene, events: [TimedInput]) -> String {
        var out = Trace.header(extraColumns: scene.extraTraceColumns)
        run(scene, events: events) { t in out += Trace.row(scene.traceReading(at: t)) }
        return out
    }

    /// How a replay ended.
    public enum Ending: Equatable, Sendable {
        /// At the requested duration, or at rest (plus `restTail`) when none was given.
        case complete
        /// At `openEndedLimit` after the last event, with the scene still moving.
        case cut(at: Double)
    }

    /// Calls `sample` at every frame time after feeding the events due by then; stops at the
    /// first error `sample` throws.
    @discardableResult
    public func run<E: Error>(_ scene: any ScrollScene, events: [TimedInput], sample: (Double) throws(E) -> Void)
        throws(E) -> Ending
    {
        let lastEvent = events.last?.time ?? 0
        var next = 0
        var frame = 0
        var restSince: Double?
        while true {
            let t = Double(frame) / fps
            if let duration {
                if t > duration + 1e-9 { break }
            } else if t > lastEvent + openEndedLimit + 1e-9 {
                return .cut(at: Double(frame - 1) / fps)
            }
            while next < events.count, events[next].time <= t {
                scene.handle(events[next])
                next += 1
            }
            scene.advance(to: t)
            try sample(t)
            if duration == nil, next == events.count, t >= lastEvent {
                if scene.isAtRest(at: t) {
                    restSince = restSince ?? t
                    if t - restSince! >= Self.restTail - 1e-9 { break }
                } else {
                    restSince = nil
                }
            }
            frame += 1
        }
        return .complete
    }
}
