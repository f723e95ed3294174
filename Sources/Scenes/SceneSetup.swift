import ScrollPhysics

/// Which scene to build and its content, as chosen on the command line or in the window.
public enum SceneSetup: Equatable, Sendable {
    case list(contentLength: Double)
    case pager(pages: Int)
    case carousel(cellWidth: Double, spacing: Double, cells: Int)

    public static let names = ["list", "pager", "carousel"]

    public var name: String {
        switch self {
        case .list: return "list"
        case .pager: return "pager"
        case .carousel: return "carousel"
        }
    }

    public func makeScene(viewport: Size, parameters: ScrollParameters) -> any ScrollScene {
        switch self {
        case .list(let length): return ListScene(viewport: viewport, contentLength: length, parameters: parameters)
        case .pager(let pages): return PagerScene(viewport: viewport, pageCount: pages, parameters: parameters)
        case .carousel(let width, let spacing, let cells):
            return CarouselScene(viewport: viewport, cellWidth: width, spacing: spacing, cellCount: cells, parameters: parameters)
        }
    }
}
