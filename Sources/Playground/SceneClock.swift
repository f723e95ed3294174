/// Maps real time to scene time, so the scene can run in slow motion.
///
///     scene(r) = sceneAnchor + (r − realAnchor) · rate
///
/// Changing the rate re-anchors at that moment, so scene time never jumps and never runs
/// backwards. Times in seconds.
public struct SceneClock: Sendable {
    public private(set) var rate: Double = 1
    private var realAnchor: Double
    private var sceneAnchor: Double
    private var latest: Double

    public init(realTime: Double = 0) {
        realAnchor = realTime
        sceneAnchor = 0
        latest = 0
    }

    /// Scene time for a real time; never earlier than a time already handed out.
    public mutating func sceneTime(at realTime: Double) -> Double {
        guard realTime.isFinite else { return latest }
        latest = max(latest, sceneAnchor + (realTime - realAnchor) * rate)
        return latest
    }

    /// Scene time for a real time without handing it out: input that arrives later with an
    /// earlier real time still gets its own time (used for display while a finger is held).
    public func peek(at realTime: Double) -> Double {
        guard realTime.isFinite else { return latest }
        return max(latest, sceneAnchor + (realTime - realAnchor) * rate)
    }

    public mutating func setRate(_ newRate: Double, at realTime: Double) {
        guard newRate.isFinite, newRate > 0 else { return }
        let now = sceneTime(at: realTime)
        realAnchor = realTime
        sceneAnchor = now
        rate = newRate
    }

    /// The slow-motion rate Space toggles to first: a tenth of real time.
    public static let slowMotion = 0.1
    /// The slow-motion rates offered: half, a quarter and a tenth of real time.
    public static let slowMotionRates = [0.5, 0.25, 0.1]
}
