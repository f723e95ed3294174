extension PageChooser {
    /// yuan's rule, measured from the page the drag began on: complete the move to the
    /// neighbour in the drag's direction once it covers `pageDistanceThreshold` of the distance
    /// (0.3), or `pageFlickDistanceThreshold` (0.1) with a flick that way; otherwise cancel.
    /// A flick back toward the start always cancels. At most one page per release.
    ///
    /// On cancel the seed warns against aiming the fling at the start (a tiny, too fast
    /// animation): the spring back starts from rest unless the release was already heading home,
    /// in which case that velocity is kept (no visible stop).
    func threshold(_ release: PageRelease) -> PageDecision {
        let start = release.startIndex
        let move = release.offset - targets[start]
        let direction = move > 0 ? 1 : (move < 0 ? -1 : 0)
        let headingHome = release.velocity * Double(direction) < 0
        let neighbour = start + direction
        guard direction != 0, neighbour >= 0, neighbour < targets.count else {
            return PageDecision(index: start, keepsVelocity: direction == 0 || headingHome)
        }
        let distance = abs(targets[neighbour] - targets[start])
        let flick = isFlick(release.velocity)
        let complete =
            !(flick && headingHome)
            && (abs(move) >= parameters.pageDistanceThreshold * distance
                || (flick && abs(move) >= parameters.pageFlickDistanceThreshold * distance))
        return complete ? PageDecision(index: neighbour) : PageDecision(index: start, keepsVelocity: headingHome)
    }
}
