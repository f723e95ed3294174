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
    /// Longest an open-ended replay runs past its last event (s).
    public static let openEndedLimit = 60.0

    public init(fps: Double = 60, duration: Double? = nil) {
        self.fps = fps
        self.duration = duration
    }

    /// The trace CSV, header included.
    public func run(_ scene: any ScrollScene, events: [TimedInput]) -> String {
        var out = Trace.header(for: scene)
        run(scene, events: events) { t in out += Trace.row(scene, at: t) }
        return out
    }

    /// Calls `sample` at every frame time after feeding the events due by then.
    public func run(_ scene: any ScrollScene, events: [TimedInput], sample: (Double) -> Void) {
        let lastEvent = events.last?.time ?? 0
        var next = 0
        var frame = 0
        var restSince: Double?
        while true {
            let t = Double(frame) / fps
            if let duration {
                if t > duration + 1e-9 { break }
            } else if t > lastEvent + Self.openEndedLimit {
                break
            }
            while next < events.count, events[next].time <= t {
                scene.handle(events[next])
                next += 1
            }
            scene.advance(to: t)
            sample(t)
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
    }
}
