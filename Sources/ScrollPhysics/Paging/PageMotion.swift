/// How a paged axis (and an animated scroll) travels to the target it chose.
public enum PageMotion: String, CaseIterable, Sendable {
    /// Decelerates into the page (default): a release heading for the page is never carried
    /// past it, and never sped up unless it is slower than 2·D per second (D the distance
    /// left): the page spring when that only slows it, an exponential landing when the page is
    /// close, constant deceleration or a cubic ease (`PageApproach`, at most 0.75 s) when it is
    /// far. From rest or heading away: the page spring (δ = `pageDamping`), which cannot
    /// overshoot either. See `MotionPlanner.page` for the rule and its equations.
    case decelerate
    /// Li's “UIScrollView drag conversion rate and paging”, eq. 4: the page spring always starts with the release
    /// velocity (δ =
    /// `pageDamping`); a fast release speeds up and swings past the page and back.
    case spring
    /// UIScrollView's paging integrator, stepped per display frame in whole milliseconds and
    /// rounded to the pixel grid (`UIKitPagingIntegrator`).
    case uikit
}

#if !hasFeature(Embedded)
    // Embedded Swift (the WebAssembly build) has no Codable.
    extension PageMotion: Codable {}
#endif
