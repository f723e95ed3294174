import ScrollPhysics

/// Which scene to build and its content, as chosen on the command line or in the window.
public enum SceneSetup: Equatable, Sendable {
    /// A list exactly this long (points), filled with cards.
    case list(contentLength: Double)
    /// A list of this many cards (the window's feed).
    case cards(count: Int)
    case pager(pages: Int)
    case carousel(cellWidth: Double, spacing: Double, cells: Int)

    public static let names = ["list", "pager", "carousel"]

    public var name: String {
        switch self {
        case .list, .cards: return "list"
        case .pager: return "pager"
        case .carousel: return "carousel"
        }
    }

    public func makeScene(viewport: Size, parameters: ScrollParameters) -> any ScrollScene {
        switch self {
        case .list(let length): return ListScene(viewport: viewport, contentLength: length, parameters: parameters)
        case .cards(let count): return ListScene(viewport: viewport, cardCount: count, parameters: parameters)
        case .pager(let pages): return PagerScene(viewport: viewport, pageCount: pages, parameters: parameters)
        case .carousel(let width, let spacing, let cells):
            return CarouselScene(viewport: viewport, cellWidth: width, spacing: spacing, cellCount: cells, parameters: parameters)
        }
    }
}
