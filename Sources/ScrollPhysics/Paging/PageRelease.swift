/// What a page decision knows about the moment the finger lifts.
public struct PageRelease: Equatable, Sendable {
    /// Content offset at release, in points.
    public var offset: Double
    /// Content velocity at release, in points per second (positive: offset increasing).
    public var velocity: Double
    /// Index of the page the drag began on (or that the motion it caught was heading to).
    public var startIndex: Int
    /// The direction (±1) of a page animation the touch caught while it ran, 0 for none; then
    /// `startIndex` is that animation's target.
    public var caughtDirection: Int

    public init(offset: Double, velocity: Double, startIndex: Int, caughtDirection: Int = 0) {
        self.offset = offset
        self.velocity = velocity
        self.startIndex = startIndex
        self.caughtDirection = caughtDirection
    }
}

/// The page chosen at release and how to travel there.
public struct PageDecision: Equatable, Sendable {
    /// Index into the snap targets.
    public var index: Int
    /// Whether the snapping spring starts with the release velocity (false: from rest).
    public var keepsVelocity: Bool

    public init(index: Int, keepsVelocity: Bool = true) {
        self.index = index
        self.keepsVelocity = keepsVelocity
    }
}
