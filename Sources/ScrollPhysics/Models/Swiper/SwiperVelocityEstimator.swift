/// Swiper's release velocity (`modules/free-mode/free-mode.js`, `onTouchEnd`): the speed
/// between the last two recorded positions, halved,
///
///     v = (x_last − x_before) / (t_last − t_before) / 2
///
/// and zero when those two lie more than 150 ms apart or the finger lifts more than 300 ms
/// after the last one ("the user stopped moving a finger then released"). The first recorded
/// position is the touch start, as in `onTouchMove`'s `data.velocities`.
public struct SwiperVelocityEstimator: ReleaseVelocityEstimator, Equatable {
    public var zoo: ZooEstimator { .swiper(self) }
    private var last: (time: Double, position: Double)?
    private var before: (time: Double, position: Double)?
    private var first: Double?

    public init() {}

    public static func == (a: Self, b: Self) -> Bool {
        a.last?.time == b.last?.time && a.last?.position == b.last?.position
            && a.before?.time == b.before?.time && a.before?.position == b.before?.position
    }

    public mutating func reset() { last = nil; before = nil; first = nil }

    public mutating func add(time: Double, position: Double) {
        guard time.isFinite, position.isFinite else { return }
        if let last, time < last.time { return }
        if first == nil { first = position }
        before = last
        last = (time, position)
    }

    public func velocity(at now: Double) -> Double {
        guard let last, let before else { return 0 }
        let dt = last.time - before.time
        guard dt > 0, dt <= 0.150, now - last.time <= 0.300 else { return 0 }
        return (last.position - before.position) / dt / 2
    }

    public var travel: Double { (last?.position ?? 0) - (first ?? last?.position ?? 0) }
}
