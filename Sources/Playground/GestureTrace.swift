/// One side's last gesture from touch-down (or the first wheel or key step after rest) to rest:
/// the samples the plots draw, and the numbers the table under them shows.
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
    /// The content's resting range: an offset outside it is an overshoot.
    public private(set) var bounds: ClosedRange<Double> = 0...0

    public init() {}

    public static func == (a: GestureTrace, b: GestureTrace) -> Bool {
        a.times == b.times && a.offsets == b.offsets && a.velocities == b.velocities && a.start == b.start
            && a.release?.time == b.release?.time && a.release?.offset == b.release?.offset
            && a.release?.velocity == b.release?.velocity && a.restTime == b.restTime && a.bounds == b.bounds
    }

    /// Whether a gesture is under way (begun, not yet at rest).
    public var isActive: Bool { start != nil && restTime == nil }

    /// A new gesture at scene time `t`, from `offset` (the last one is forgotten).
    public mutating func begin(at t: Double, offset: Double, velocity: Double, bounds: ClosedRange<Double>) {
        self = GestureTrace()
        start = t
        self.bounds = bounds
        append(at: t, offset: offset, velocity: velocity, atRest: false)
    }

    /// The finger lifted at scene time `t`; the glide starts at `offset` with `velocity`.
    public mutating func lift(at t: Double, offset: Double, velocity: Double) {
        guard let start, restTime == nil else { return }
        release = (max(0, t - start), offset, velocity)
    }

    /// A sample at scene time `t` (ignored outside a gesture, and at or before the last
    /// sample's time); `atRest` ends the gesture with it.
    public mutating func append(at t: Double, offset: Double, velocity: Double, atRest: Bool) {
        guard let start, restTime == nil, t.isFinite, offset.isFinite, velocity.isFinite else { return }
        let time = t - start
        if let last = times.last, time <= last {
            if atRest, release != nil || time >= last { restTime = last }
            return
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
        /// Distance from the lift (or the start) to rest (pt); nil while moving.
        public var glideDistance: Double?
        /// Seconds from the lift (or the start) to rest; nil while moving.
        public var timeToRest: Double?
        /// Largest speed reached (pt/s), sign kept.
        public var peakVelocity: Double
        /// Farthest past either end of the content (pt), 0 if never.
        public var overshoot: Double
    }

    public var summary: Summary? {
        guard start != nil, !times.isEmpty else { return nil }
        let from = release ?? (time: 0, offset: offsets[0], velocity: velocities[0])
        // The lift's speed counts: a model may start its glide a frame later, already slower.
        let peak = (velocities + [release?.velocity ?? 0]).max { abs($0) < abs($1) } ?? 0
        var overshoot = 0.0
        for offset in offsets { overshoot = max(overshoot, bounds.lowerBound - offset, offset - bounds.upperBound) }
        return Summary(
            releaseVelocity: release?.velocity,
            glideDistance: restTime.map { _ in offsets[offsets.count - 1] - from.offset },
            timeToRest: restTime.map { $0 - from.time }, peakVelocity: peak, overshoot: overshoot)
    }

    /// Seconds the plots span: the gesture so far, at least one.
    public var span: Double { max(1, times.last ?? 0) }
}

/// The table under the plots, as text: one row per side.
public enum GestureTable {
    public static let header = ["", "release", "glide", "to rest", "peak velocity", "overshoot"]

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
