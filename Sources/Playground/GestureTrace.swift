import ScrollPhysics

/// One side's last gesture from touch-down (or the first wheel or key step after rest) to rest:
/// the samples the plots draw, the numbers the table under them shows, and the feel that made
/// them (kept with the samples: a swap, preset or load after the gesture renames the side, not
/// its last curve).
///
/// Times are seconds of scene time since the gesture began; offsets in points along the
/// scene's main axis, velocities in points per second. At most `capacity` samples are kept
/// (a minute at 60 Hz): a gesture longer than that keeps its first minute and its rest.
public struct GestureTrace: Equatable, Sendable {
    public static let capacity = 3600

    public private(set) var times: [Double] = []
    public private(set) var offsets: [Double] = []
    public private(set) var velocities: [Double] = []
    /// Scene time the gesture began at; nil before the first.
    public private(set) var start: Double?
    /// The lift: seconds since the start, offset and velocity the glide began with.
    public private(set) var release: (time: Double, offset: Double, velocity: Double)?
    /// Seconds from the start to rest; nil while it still moves.
    public private(set) var restTime: Double?
    /// Farthest any scroll view of the gesture went past an edge of its content (pt, ≥ 0).
    public private(set) var overshoot = 0.0
    /// The feel that made the gesture, as it ran at the start, and what it was called then
    /// ("UIKit normal", "Floaty · modified"); a feel changed while the gesture ran adds " → " and
    /// its name. Nil before the first gesture, or for a trace made without one.
    public private(set) var feel: Feel?
    public private(set) var feelName: String?

    public init() {}

    public static func == (a: GestureTrace, b: GestureTrace) -> Bool {
        a.times == b.times && a.offsets == b.offsets && a.velocities == b.velocities && a.start == b.start
            && a.release?.time == b.release?.time && a.release?.offset == b.release?.offset
            && a.release?.velocity == b.release?.velocity && a.restTime == b.restTime && a.overshoot == b.overshoot
            && a.feel == b.feel && a.feelName == b.feelName
    }

    /// Whether a gesture is under way (begun, not yet at rest).
    public var isActive: Bool { start != nil && restTime == nil }

    /// A new gesture at scene time `t`, from `offset` (the last one is forgotten), `overshoot` pt
    /// past an edge, made by `feel` called `feelName`.
    public mutating func begin(
        at t: Double, offset: Double, velocity: Double, overshoot: Double = 0, feel: Feel? = nil,
        feelName: String? = nil
    ) {
        self = GestureTrace()
        start = t
        self.feel = feel
        self.feelName = feelName
        append(at: t, offset: offset, velocity: velocity, overshoot: overshoot, atRest: false)
    }

    /// The feel changed while the gesture ran: the rest of its curve is `feel`'s, and its name
    /// says both ("UIKit normal → UIKit fast"). Nothing outside a gesture or for the same feel.
    public mutating func feelChanged(to feel: Feel, named name: String) {
        guard isActive, feel != self.feel else { return }
        self.feel = feel
        feelName = feelName.map { $0 == name ? name : "\($0) → \(name)" } ?? name
    }

    /// The finger lifted at scene time `t`; the glide starts at `offset` with `velocity`.
    public mutating func lift(at t: Double, offset: Double, velocity: Double) {
        guard let start, restTime == nil else { return }
        release = (max(0, t - start), offset, velocity)
    }

    /// A sample at scene time `t`, `overshoot` pt past an edge (ignored outside a gesture, and at
    /// or before the last sample's time); `atRest` ends the gesture with it. While `dragging` (a
    /// finger down) the velocity kept is the content's from the sample before, (offset − offset₀)/
    /// (t − t₀) pt/s, not the finger's estimate: moves that arrive a millisecond apart made that a
    /// one-frame needle (15,482 pt/s read for a slow pull) that the content never moved at.
    public mutating func append(
        at t: Double, offset: Double, velocity: Double, overshoot: Double = 0, atRest: Bool, dragging: Bool = false
    ) {
        guard let start, restTime == nil, t.isFinite, offset.isFinite, velocity.isFinite else { return }
        if overshoot.isFinite { self.overshoot = max(self.overshoot, overshoot) }
        let time = t - start
        if let last = times.last, time <= last {
            if atRest, release != nil || time >= last { restTime = last }
            return
        }
        var velocity = velocity
        if dragging, release == nil, let lastTime = times.last, let lastOffset = offsets.last {
            velocity = (offset - lastOffset) / (time - lastTime)
        }
        if times.count < Self.capacity || atRest {
            if times.count >= Self.capacity {
                times.removeLast(); offsets.removeLast(); velocities.removeLast()
            }
            times.append(time)
            offsets.append(offset)
            velocities.append(velocity)
        }
        if atRest { restTime = time }
    }

    /// The numbers of the table under the plots.
    public struct Summary: Equatable, Sendable {
        /// Velocity the glide began with (pt/s); nil without a lift (a wheel, a key).
        public var releaseVelocity: Double?
        /// Distance the content travelled from the lift (or the start) to rest (pt, ≥ 0: on and
        /// back again both count, so a fling that springs back to a cell behind the lift glided
        /// the way there and back); nil while moving.
        public var glideDistance: Double?
        /// Seconds from the lift (or the start) to rest; nil while moving.
        public var timeToRest: Double?
        /// Largest speed reached (pt/s), sign kept.
        public var peakVelocity: Double
        /// Farthest any scroll view went past an end of its own content (pt), 0 if never: a
        /// bounce or a rubber band, not a pass of the page or cell it comes to rest on.
        public var overshoot: Double
    }

    public var summary: Summary? {
        guard start != nil, !times.isEmpty else { return nil }
        let from = release ?? (time: 0, offset: offsets[0], velocity: velocities[0])
        // The lift's speed counts: a model may start its glide a frame later, already slower.
        let peak = (velocities + [release?.velocity ?? 0]).max { abs($0) < abs($1) } ?? 0
        var travelled = 0.0, last = from.offset
        for (time, offset) in zip(times, offsets) where time > from.time {
            travelled += abs(offset - last)
            last = offset
        }
        return Summary(
            releaseVelocity: release?.velocity, glideDistance: restTime.map { _ in travelled },
            timeToRest: restTime.map { $0 - from.time }, peakVelocity: peak, overshoot: overshoot)
    }

    /// Seconds the plots span: the gesture so far, at least one.
    public var span: Double { max(1, times.last ?? 0) }
}

/// The table under the plots, as text: one row per side.
public enum GestureTable {
    public static let header = ["", "release", "glide travel", "to rest", "peak velocity", "past edge"]

    /// What each column means (the panel's "(?)" beside the table, the plot's note under it).
    public static let meaning =
        "release: the finger's speed at the lift. glide travel: the distance the content moved from the lift to "
        + "rest, on and back again both counted. to rest: seconds from the lift to rest. peak velocity: the "
        + "fastest it moved (while the finger is down, the content's speed from one frame to the next). past "
        + "edge: the farthest a scroll view went past an end of its own content (a bounce, a rubber band); a pager "
        + "or carousel passing the page or cell it settles on is not counted."

    /// `label`'s row: "–" for what the gesture does not have (no lift, still moving).
    public static func row(_ label: String, _ summary: GestureTrace.Summary?) -> [String] {
        guard let summary else { return [label, "–", "–", "–", "–", "–"] }
        return [
            label, summary.releaseVelocity.map { number($0) + " pt/s" } ?? "–",
            summary.glideDistance.map { number($0) + " pt" } ?? "–",
            summary.timeToRest.map { String(format: "%.2f s", $0) } ?? "moving", number(summary.peakVelocity) + " pt/s",
            number(summary.overshoot) + " pt"
        ]
    }

    /// Whole points below 1000 with one decimal, grouped thousands above ("2 056").
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        if abs(value) < 100 { return String(format: "%.1f", value) }
        let whole = Int(value.rounded())
        let digits = String(abs(whole))
        var grouped = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped += "," }
            grouped.append(c)
        }
        return (whole < 0 ? "−" : "") + grouped
    }
}
