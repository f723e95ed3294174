/// UIKit's pan recognizer velocity and UIScrollView's release rule.
///
/// **Samples.** Each touch event gives s = Δposition/Δt between consecutive event positions
/// (pt/ms, finger coordinates: never the rubber-banded content). The recognizer's velocity is
///
///     V = a·s_latest + (1 − a)·s_previous        (a = 0.2; only a·s for the first sample)
///
/// and the scroll view keeps, per drag update (an event after the pan is recognized, the
/// recognizing one included), the previous and the latest V.
///
/// **Release.** Tested on the latest V: below `minimumGlide` (0.25 pt/ms) no glide at all;
/// otherwise the glide starts at (1 − b)·V_previous + b·V_latest (b = 0.25), or at V_latest
/// when V_previous is zero (a flick with one drag update is not quartered). For uniform events
/// this is ≈ 0.6·s_{n−2} + 0.35·s_{n−1} + 0.05·s_n.
///
/// **A held pointer.** A mouse held still sends nothing, and UIKit would keep its last V; a
/// finger held on glass keeps reporting. So a gap of more than `heldGap` display frames
/// without an event counts as a pointer held still: zero-motion samples are added at every
/// display frame of the gap (and up to the release), so drag–hold–release never flings.
///
/// Source: the public reverse-engineering of UIKitCore (iOS 26.2) stated in ScrollLab's
/// UIKit-pipeline issue.
public struct UIKitPanVelocity: Sendable, Equatable {
    /// a, the newest sample's weight in V.
    public var sampleWeight = 0.2
    /// b, the latest V's weight in the release velocity.
    public var releaseBlend = 0.25
    /// Below this |V_latest| (pt/ms) a release does not glide.
    public var minimumGlide = 0.25
    /// One display frame, s.
    public var frameInterval = 1.0 / 60
    /// Display frames without an event after which the pointer counts as held still.
    public var heldGap = 3.0

    private var lastTime: Double?
    private var lastPosition = 0.0
    private var lastSample: Double?
    /// The recognizer's V after the last event, pt/ms.
    public private(set) var recognizerVelocity = 0.0
    /// V at the previous and the latest drag update, pt/ms.
    public private(set) var previousUpdate = 0.0
    public private(set) var latestUpdate = 0.0
    /// Drag updates so far.
    public private(set) var updates = 0

    public init() {}

    public init(sampleWeight: Double, releaseBlend: Double, minimumGlide: Double, frameInterval: Double) {
        self.sampleWeight = sampleWeight
        self.releaseBlend = releaseBlend
        self.minimumGlide = minimumGlide
        self.frameInterval = frameInterval.isFinite && frameInterval > 0 ? frameInterval : 1.0 / 60
    }

    public mutating func reset() {
        lastTime = nil
        lastSample = nil
        recognizerVelocity = 0
        previousUpdate = 0
        latestUpdate = 0
        updates = 0
    }

    /// The touch went down (or a touchpad stream began) at `position` (pt, content direction:
    /// larger = content scrolled further) at `time` (s).
    public mutating func begin(at time: Double, position: Double) {
        reset()
        guard time.isFinite, position.isFinite else { return }
        lastTime = time
        lastPosition = position
    }

    /// A touch event at `time` (s) with the finger at `position`; `isDragUpdate` once the pan
    /// is recognized.
    public mutating func add(time: Double, position: Double, isDragUpdate: Bool) {
        guard time.isFinite, position.isFinite else { return }
        guard let last = lastTime else { lastTime = time; lastPosition = position; return }
        guard time >= last else { return }
        fillHeldGap(until: time, keepingLastFrame: true, isDragUpdate: isDragUpdate)
        sample(time: time, position: position, isDragUpdate: isDragUpdate)
    }

    /// Adds zero-motion samples for a pointer held still until `time` (the release).
    public mutating func hold(until time: Double, isDragUpdate: Bool) {
        guard time.isFinite else { return }
        fillHeldGap(until: time, keepingLastFrame: false, isDragUpdate: isDragUpdate)
    }

    private mutating func fillHeldGap(until time: Double, keepingLastFrame: Bool, isDragUpdate: Bool) {
        guard let last = lastTime, time - last > heldGap * frameInterval else { return }
        let end = keepingLastFrame ? time - frameInterval : time
        var t = last + frameInterval
        var count = 0
        while t <= end + 1e-9, count < 4 {  // after a few zero samples V is 0 and stays so
            sample(time: t, position: lastPosition, isDragUpdate: isDragUpdate)
            t += frameInterval
            count += 1
        }
        if count == 4, t <= end { lastTime = end }  // the rest of the gap adds only zeros
    }

    private mutating func sample(time: Double, position: Double, isDragUpdate: Bool) {
        guard let last = lastTime else { return }
        // Events at the same instant merge into the next sample.
        let dt = (time - last) * 1000
        guard dt > 0 else { return }
        let s = (position - lastPosition) / dt
        if s.isFinite {
            recognizerVelocity = sampleWeight * s + (1 - sampleWeight) * (lastSample ?? 0)
            lastSample = s
        }
        lastTime = time
        lastPosition = position
        if isDragUpdate {
            previousUpdate = updates == 0 ? 0 : latestUpdate
            latestUpdate = recognizerVelocity
            updates += 1
        }
    }

    /// The velocity the glide starts with, pt/ms (0 below the glide threshold).
    public var releaseVelocity: Double {
        guard abs(latestUpdate) >= minimumGlide else { return 0 }
        if previousUpdate == 0 { return latestUpdate }
        return (1 - releaseBlend) * previousUpdate + releaseBlend * latestUpdate
    }
}

/// UIScrollView's fast scrolling: repeated flicks glide farther.
///
/// A release whose latest V is at least `flickVelocity` (0.6 pt/ms) counts a flick and stamps
/// its time; a gliding release below that resets the count. The count also resets at a touch
/// more than `streakTimeout` (1 s) after the last counted release, on a direction reversal or
/// a slowdown below `slowDrag` (0.13 pt/ms, after having been faster) during a drag, and when a
/// glide reaches an edge or settles. From the third counted flick, during the drag:
///
///     m = min(m_start + (1 + (count − 3)/2)·min(dragDistance/240 pt, 0.9), 16)
///
/// (m_start: the multiplier at touch-down). m scales the glide and its projection, not the
/// velocity. Paging views never count.
///
/// Source: the public reverse-engineering of UIKitCore (iOS 26.2) stated in ScrollLab's
/// UIKit-pipeline issue.
public struct FastScrollStreak: Sendable, Equatable {
    public var count = 0
    /// The time of the last counted release, s.
    public var lastFlick = -Double.infinity
    /// The multiplier of the glide under way (1: none).
    public var multiplier = 1.0
    /// The multiplier when the current drag began.
    public var startMultiplier = 1.0

    /// A touch this long (s) after the last counted flick starts afresh (UIKit: 1 s).
    public static let timeout = 1.0
    /// A drag slowing below this (pt/ms) after being faster ends the streak (UIKit: 0.13).
    public static let slowDrag = 0.13
    /// The most one drag's distance adds per gain step (UIKit: 0.9).
    public static let gainCap = 0.9

    public init() {}

    public mutating func reset() { self = FastScrollStreak() }

    /// A touch goes down at `time`.
    public mutating func touchDown(at time: Double, timeout: Double) {
        if time - lastFlick > timeout { reset() }
        startMultiplier = multiplier
    }

    /// The multiplier during a drag that has covered `distance` pt.
    public mutating func dragged(distance: Double, per: Double, cap: Double, maximum: Double) {
        guard count >= 3, per > 0 else { return }
        let gain = (1 + Double(count - 3) / 2) * min(abs(distance) / per, cap)
        multiplier = min(startMultiplier + gain, maximum)
    }

    /// A release with latest recognizer velocity `latest` (pt/ms) at `time`.
    public mutating func released(latest: Double, at time: Double, flickVelocity: Double, minimumGlide: Double) {
        let speed = abs(latest)
        if speed >= flickVelocity {
            count += 1
            lastFlick = time
        } else if speed >= minimumGlide {
            reset()
        }
    }
}
