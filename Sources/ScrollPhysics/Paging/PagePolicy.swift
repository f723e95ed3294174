/// How a paged axis chooses the page to land on when the finger lifts.
public enum PagePolicy: String, CaseIterable, Sendable {
    /// UIKit-like (default): project the release along the deceleration curve and take the
    /// nearest page, moving at least one page in a flick's direction and at most
    /// `maximumPagesPerFling` from the page the drag began on.
    case projection
    /// Li's “UIScrollView drag conversion rate and paging”: treat the page behind as a spring's rest point, recover the
    /// speed the spring
    /// had when it left it, and switch if that spring's farthest point passes 1/bias of a page.
    case spring
    /// yuan's “UIScrollView parallax rolling banner (2)”: complete after `pageDistanceThreshold` of a page, or after
    /// `pageFlickDistanceThreshold` of a page with a flick.
    case threshold
    /// UIScrollView's own (`isPagingEnabled`, and SwiftUI's `.scrollTargetBehavior(.paging)`):
    /// from the last pan update's velocity, round within ±0.3 pt/ms, else ceil or floor; a
    /// flick with a caught page animation adds one page to its target (`PageChooser.uikit`).
    case uikit
}

#if !hasFeature(Embedded)
    // Embedded Swift (the WebAssembly build) has no Codable.
    extension PagePolicy: Codable {}
#endif
