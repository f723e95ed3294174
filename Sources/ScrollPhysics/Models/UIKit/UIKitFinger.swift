/// UIKit's reading of the finger (`FingerReading`): the pan recognizer's samples and release
/// rule (`UIKitPanVelocity`, with the held-pointer rule), and fast scrolling across gestures
/// (`FastScrollStreak`). The release carries the glide's multiplier and the release frame's
/// lead (one display frame at `refreshRate`).
public struct UIKitFinger: FingerReading {
    public let values: ScrollParameters
    /// The recognizer of the current (or last) gesture.
    public private(set) var pan = UIKitPanVelocity()
    /// Fast scrolling across gestures.
    public private(set) var streak = FastScrollStreak()
    private var started = false
    private var touchDown = 0.0
    /// Whether the recognizer's V reached the fast-scroll slow-drag speed during this drag.
    private var wasFast = false

    public init(_ values: ScrollParameters) { self.values = values }

    /// One display frame, s.
    var frameInterval: Double { 1 / max(1, values.refreshRate) }

    public var multiplier: Double { streak.multiplier }
    public var flicksInARow: Int { streak.count }

    public mutating func touchDown(
        at time: Double, position: Double, input: DragInput, caught: ScrollPhase, caughtVelocity: Double
    ) {
        if caught == .bouncing { streak.reset() }  // a glide that reached an edge ends the streak
        streak.touchDown(at: time, timeout: FastScrollStreak.timeout)
        pan = UIKitPanVelocity(
            sampleWeight: values.velocitySampleWeight, releaseBlend: values.releaseBlend,
            minimumGlide: values.minimumGlideVelocity / 1000, frameInterval: frameInterval)
        pan.begin(at: time, position: position)
        started = false
        touchDown = position
        wasFast = false
    }

    public mutating func moved(at time: Double, position: Double, isDragUpdate: Bool, paged: Bool) {
        started = started || isDragUpdate
        pan.add(time: time, position: position, isDragUpdate: isDragUpdate)
        guard isDragUpdate, !paged else { return }
        let v = abs(pan.latestUpdate)
        let reversed = pan.latestUpdate * pan.previousUpdate < 0
        if reversed || (wasFast && v < FastScrollStreak.slowDrag) {
            streak.reset()
            wasFast = false
        }
        if v >= FastScrollStreak.slowDrag { wasFast = true }
        streak.dragged(
            distance: touchDown - position, per: values.fastScrollDistance,
            cap: FastScrollStreak.gainCap, maximum: values.maximumFastScrollMultiplier)
    }

    /// The recognizer's V (pt/s) if the pointer is still where it was at `time`: a pointer held
    /// still (no events for three frames) reads 0, as its release would.
    public func velocity(at time: Double) -> Double {
        var held = pan
        held.hold(until: time, isDragUpdate: started)
        return 1000 * held.recognizerVelocity
    }

    public mutating func lift(at time: Double, position: Double, started: Bool, paged: Bool) -> FingerRelease {
        pan.hold(until: time, isDragUpdate: started)
        let v = started ? 1000 * releaseVelocity(paged: paged) : 0
        return FingerRelease(velocity: v, multiplier: counted(at: time, paged: paged), lead: frameInterval)
    }

    public mutating func streamEnded(at time: Double, lastEvent: Double, lifted: Bool, paged: Bool, slope: Double)
        -> FingerRelease
    {
        if lifted { pan.hold(until: time, isDragUpdate: true) }
        // A known lift is UIKit's release frame; a stream ended by its gap was lifted frames
        // ago, so it glides on from here without a second jump.
        return FingerRelease(
            velocity: 1000 * releaseVelocity(paged: paged), multiplier: counted(at: time, paged: paged),
            lead: lifted ? frameInterval : 0)
    }

    /// pt/ms: UIKit's own paging (`pagePolicy: uikit`) chooses the page from the last pan
    /// update's V and its integrator starts with it (no glide threshold, no blend); everything
    /// else from the release rule.
    private func releaseVelocity(paged: Bool) -> Double {
        paged && values.pagePolicy == .uikit ? pan.latestUpdate : pan.releaseVelocity
    }

    public mutating func motionEnded() { streak.reset() }  // a glide that settles ends fast scrolling

    /// Counts a release toward fast scrolling; returns the glide's multiplier.
    private mutating func counted(at time: Double, paged: Bool) -> Double {
        guard !paged else { streak.reset(); return 1 }
        streak.released(
            latest: pan.latestUpdate, at: time, flickVelocity: values.fastScrollFlickVelocity / 1000,
            minimumGlide: values.minimumGlideVelocity / 1000)
        if streak.count == 0 { streak.multiplier = 1 }
        return streak.multiplier
    }
}
