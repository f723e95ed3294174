extension PageChooser {
    /// UIScrollView's page choice at the lift (`pagePolicy: uikit`), from v, the velocity of the
    /// last pan update (pt/ms here: the release's pt/s over 1000), and the offset x in pages from
    /// the paging origin (a page is the bounds plus the inter-page spacing: one target's spacing):
    ///
    ///     |v| ≤ 0.3 pt/ms → round(x),   v > 0.3 → ceil(x),   v < −0.3 → floor(x)
    ///
    /// A flick in the direction of a page animation the touch caught still running adds one page
    /// to that animation's target instead. The page is clamped to the content (the targets).
    /// 0.3 pt/ms is `minimumFlickVelocity` (300 pt/s), compared strictly.
    ///
    /// Source: a decompile of iOS 26.1's UIKitCore, `-[UIScrollView
    /// _prepareToPageWithHorizontalVelocity:verticalVelocity:]`, as docs/uikit-paging-and-streams.md states.
    func uikit(_ release: PageRelease) -> PageDecision {
        let x = release.offset, v = release.velocity
        let threshold = parameters.minimumFlickVelocity
        guard abs(v) > threshold else { return PageDecision(index: targets.nearestIndex(to: x) ?? 0) }
        let direction = v > 0 ? 1 : -1
        if release.caughtDirection == direction {
            return PageDecision(index: targets.clamp(release.startIndex + direction))
        }
        let index = direction > 0 ? targets.firstIndex(atOrAbove: x) : targets.firstIndex(above: x) - 1
        return PageDecision(index: targets.clamp(index))
    }
}
