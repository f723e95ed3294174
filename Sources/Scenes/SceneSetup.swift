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
    /// A scene without content options, by its name in `SceneSetup.registry`.
    case plain(String)

    /// The scenes without content options, in the window's order after the others: to add one,
    /// write its class and add a line here (name and initialiser). The window's menu and number
    /// keys, `--scene`, tours, session files and clips all take it from here.
    public static let registry: [(name: String, make: @Sendable (Size, Feel) -> any ScrollScene)] = [
        ("nested", { NestedScene(viewport: $0, feel: $1) }),
        ("adapters", { AdaptersScene(viewport: $0, feel: $1) }),
        ("lab", { LabScene(viewport: $0, feel: $1) })
    ]

    public static var nested: SceneSetup { .plain("nested") }
    public static var adapters: SceneSetup { .plain("adapters") }
    public static var lab: SceneSetup { .plain("lab") }

    /// Every scene name, in the order of the window's number keys.
    public static let names = ["list", "pager", "carousel", "banner", "loop"] + registry.map(\.name)

    /// The window's scenes, one per name, with their default content.
    public static let playground: [SceneSetup] =
        [
            .cards(count: 200), .pager(pages: 8), .carousel(cellWidth: 300, spacing: 12, cells: 10),
            .banner(items: 5), .loop(items: 5)
        ] + registry.map { .plain($0.name) }

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
        case .plain(let name): return name
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
        case .plain(let name):
            // Only registered names are made (`--scene`, tours and session files check them).
            let make = Self.registry.first { $0.name == name }?.make ?? Self.registry[0].make
            return make(viewport, feel)
        }
    }
}
