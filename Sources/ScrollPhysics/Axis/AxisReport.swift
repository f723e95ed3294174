/// What an axis did during one call, as plain values.
///
/// Every call that moves an axis's clock or plans its motion (`advance`, `endDrag`,
/// `endScrollStream`, `fling`, `scroll`, `halt`, …) returns one. Nothing calls back into the
/// axis's owner while the axis changes: the owner reads the report after the call has returned
/// and may then change the axis (or its neighbours) freely. Times are the exact times of the
/// events (s), not the frame at which they were noticed.
public struct AxisReport: Equatable, Sendable {
    /// The pointer let go (or a wheel stream ended): how, and where the axis plans to rest.
    /// UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`; to land
    /// elsewhere call `ScrollAxis.retarget(to:)` right after.
    public struct Release: Equatable, Sendable {
        /// Release time, s.
        public var time: Double
        /// Offset at release, pt.
        public var offset: Double
        /// Release velocity, pt/s (positive: offset increasing).
        public var velocity: Double
        /// The page the drag began on (nil for free scrolling).
        public var startIndex: Int?
        /// Where the motion will rest, pt.
        public var targetOffset: Double
        /// The snap target chosen (nil for free scrolling).
        public var targetIndex: Int?
    }

    /// Motion came to rest.
    public struct Rest: Equatable, Sendable {
        /// The exact time the motion ended, s.
        public var time: Double
        /// The offset it rests at, pt.
        public var offset: Double
        /// The snap target it rests on (nil for free scrolling).
        public var index: Int?
        /// The snap target it rested on before this motion (nil if unknown or free).
        public var previousIndex: Int?
        /// Whether the rest is on another page than the previous rest.
        public var pageChanged: Bool { index != previousIndex }
    }

    /// Motion reached a chained edge with speed left over, to be passed on.
    public struct HandOff: Equatable, Sendable {
        public var edge: ScrollEdge
        /// The exact crossing time, s.
        public var time: Double
        /// The velocity at the crossing, pt/s.
        public var velocity: Double
    }

    public var release: Release?
    public var rest: Rest?
    public var handOff: HandOff?

    public init(release: Release? = nil, rest: Rest? = nil, handOff: HandOff? = nil) {
        self.release = release
        self.rest = rest
        self.handOff = handOff
    }

    /// Nothing happened.
    public static let none = AxisReport()
    public var isEmpty: Bool { release == nil && rest == nil && handOff == nil }

    /// This report followed by `later` (one call made of several steps): later events replace
    /// earlier ones of the same kind, except that a hand-off is never dropped for a missing one.
    public mutating func absorb(_ later: AxisReport) {
        if let release = later.release { self.release = release }
        if let rest = later.rest { self.rest = rest }
        if let handOff = later.handOff { self.handOff = handOff }
    }
}
