/// Chooses the snap target to land on at release, by the parameters' `pagePolicy`.
///
/// Every policy treats a release slower than `minimumFlickVelocity` as no flick at all: the
/// view lands on the target nearest to where it was let go (so a slow drag past the midpoint
/// lands on the next cell, the case the article “iOS UIScrollView paging effect” warns the copied fix gets wrong).
public struct PageChooser: Sendable {
    public var parameters: ScrollParameters
    public var targets: SnapTargets
    /// Tolerance of the deceleration used to project a release (projection policy).
    public var tolerance: Tolerance

    public init(parameters: ScrollParameters, targets: SnapTargets, tolerance: Tolerance = .standard) {
        self.parameters = parameters
        self.targets = targets
        self.tolerance = tolerance
    }

    /// The decision for a release, or nil when there are no targets.
    public func decide(_ release: PageRelease) -> PageDecision? {
        guard !targets.isEmpty, release.offset.isFinite else { return nil }
        var release = release
        if !release.velocity.isFinite { release.velocity = 0 }
        release.startIndex = targets.clamp(release.startIndex)
        switch parameters.pagePolicy {
        case .projection: return projection(release)
        case .spring: return spring(release)
        case .threshold: return threshold(release)
        case .uikit: return uikit(release)
        }
    }

    func isFlick(_ velocity: Double) -> Bool {
        velocity != 0 && abs(velocity) >= parameters.minimumFlickVelocity
    }
}
