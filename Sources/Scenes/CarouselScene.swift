import ScrollPhysics

/// A horizontal carousel of cells narrower than the viewport, each landing centred (seed 002).
///
/// Cells are `cellWidth` wide with `spacing` between them; the content is inset by
/// `(viewportWidth − cellWidth)/2` at both ends so the first and last cells can be centred too.
/// The paging width is the distance between cell centres, `cellWidth + spacing`, and cell i is
/// centred at offset `i·(cellWidth + spacing)`.
public final class CarouselScene: SingleAxisScene {
    public let cellWidth: Double
    public let spacing: Double
    public let cellCount: Int

    public init(viewport: Size = .phone, cellWidth: Double = 300, spacing: Double = 12, cellCount: Int = 10,
                parameters: ScrollParameters = ScrollParameters()) {
        self.cellWidth = cellWidth
        self.spacing = spacing
        self.cellCount = cellCount
        let pagingWidth = cellWidth + spacing
        super.init(name: "carousel", viewport: viewport, orientation: .horizontal,
                   bounds: 0...max(0, Double(cellCount - 1) * pagingWidth),
                   snapTargets: .evenlySpaced(count: cellCount, spacing: pagingWidth), parameters: parameters)
    }

    /// Leading inset of the first cell, in points.
    public var inset: Double { (viewport.width - cellWidth) / 2 }
}
