extension PageChooser {
    /// UIKit-like paging. The release is projected to where a free deceleration with the same
    /// parameters would rest, `x + D` with D = v/μ for n = 1 (Wave's `project`); the nearest
    /// target to that point is taken, but at least the next one in the flick's direction and at
    /// most `maximumPagesPerFling` away from the page the drag began on.
    func projection(_ release: PageRelease) -> PageDecision {
        let x = release.offset, v = release.velocity
        guard isFlick(v), let nearest = targets.nearestIndex(to: x) else {
            return PageDecision(index: targets.nearestIndex(to: x) ?? 0)
        }
        let glide = FrictionSimulation(
            origin: x, velocity: v, decelerationRate: parameters.decelerationRate,
            power: parameters.decelerationPower, tolerance: tolerance)
        var index = targets.nearestIndex(to: glide.restPosition) ?? nearest
        if v > 0 {
            index = max(index, min(targets.firstIndex(above: x), targets.count - 1))
        } else {
            index = min(index, max(targets.firstIndex(atOrAbove: x) - 1, 0))
        }
        let reach = parameters.maximumPagesPerFling
        index = min(max(index, release.startIndex - reach), release.startIndex + reach)
        return PageDecision(index: targets.clamp(index))
    }
}
