import ScrollPhysics

/// Vertical full-viewport pages, short-video style: `pageCount` pages of the viewport's height.
public final class PagerScene: SingleAxisScene {
    public let pageCount: Int

    public init(viewport: Size = .phone, pageCount: Int = 5, parameters: ScrollParameters = ScrollParameters()) {
        self.pageCount = pageCount
        let page = viewport.height
        super.init(name: "pager", viewport: viewport, orientation: .vertical,
                   bounds: 0...max(0, Double(pageCount - 1) * page),
                   snapTargets: .evenlySpaced(count: pageCount, spacing: page), parameters: parameters)
    }
}
