import ScrollPhysics

/// Which scene to build and its content, as chosen on the command line or in the window.
public enum SceneSetup: Equatable, Sendable {
    /// A list exactly this long (points), filled with cards.
    case list(contentLength: Double)
    /// A list of this many cards (the window's feed).
    case cards(count: Int)
    case pager(pages: Int)
    case carousel(cellWidth: Double, spacing: Double, cells: Int)
    case banner(items: Int)
    case loop(items: Int)
    case nested
    case adapters
    case lab

    /// Every scene name, in the order of the window's number keys.
    public static let names = ["list", "pager", "carousel", "banner", "loop", "nested", "adapters", "lab"]

    /// The window's scenes, one per name, with their default content.
    public static let playground: [SceneSetup] = [
        .cards(count: 200), .pager(pages: 8), .carousel(cellWidth: 300, spacing: 12, cells: 10),
        .banner(items: 5), .loop(items: 5), .nested, .adapters, .lab
    ]

    /// The playground's scenes with `setup` in its own scene's place (its content flags kept),
    /// and that place: what the window's scene menu and number keys switch between.
    public static func playground(with setup: SceneSetup) -> (setups: [SceneSetup], index: Int) {
        var setups = playground
        let index = names.firstIndex(of: setup.name) ?? 0
        setups[index] = setup
        return (setups, index)
    }

    public var name: String {
        switch self {
        case .list, .cards: return "list"
        case .pager: return "pager"
        case .carousel: return "carousel"
        case .banner: return "banner"
        case .loop: return "loop"
        case .nested: return "nested"
        case .adapters: return "adapters"
        case .lab: return "lab"
        }
    }

    public func makeScene(viewport: Size, feel: Feel) -> any ScrollScene {
        switch self {
        case .list(let length): return ListScene(viewport: viewport, contentLength: length, feel: feel)
        case .cards(let count): return ListScene(viewport: viewport, cardCount: count, feel: feel)
        case .pager(let pages): return PagerScene(viewport: viewport, pageCount: pages, feel: feel)
        case .carousel(let width, let spacing, let cells):
            return CarouselScene(viewport: viewport, cellWidth: width, spacing: spacing, cellCount: cells, feel: feel)
        case .banner(let items): return BannerScene(viewport: viewport, itemCount: items, feel: feel)
        case .loop(let items): return LoopScene(viewport: viewport, itemCount: items, feel: feel)
        case .nested: return NestedScene(viewport: viewport, feel: feel)
        case .adapters: return AdaptersScene(viewport: viewport, feel: feel)
        case .lab: return LabScene(viewport: viewport, feel: feel)
        }
    }
}
