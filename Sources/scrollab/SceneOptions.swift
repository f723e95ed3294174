import ArgumentParser
import Scenes
import Formats
import ScrollPhysics

/// The scene flags shared by replay, render and play.
struct SceneOptions: ParsableArguments {
    @Option(
        name: .customLong("scene"), parsing: .unconditional,
        help: ArgumentHelp(SceneSetup.names.joined(separator: ", ") + " (default list)."))
    var sceneChoice: String?

    /// The scene named, list by default.
    var scene: String { sceneChoice ?? "list" }

    /// Whether any of these flags was given (the window then starts from them, not from the
    /// session it kept).
    var isEmpty: Bool {
        [
            sceneChoice, viewport, device, contentLength?.text, cards?.text, items?.text, pages?.text, cellWidth?.text,
            spacing?.text, cells?.text
        ].allSatisfy { $0 == nil }
    }

    @Option(parsing: .unconditional, help: "Viewport size in points, WIDTHxHEIGHT (default 390x844).")
    var viewport: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(SceneOptions.deviceHelp))
    var device: String?

    /// Every device the viewport menu offers, from the one list (`Device.all`).
    static var deviceHelp: String {
        "A device's viewport instead of --viewport: "
            + Device.all.map { "\($0.key) (\(Int($0.viewport.width))x\(Int($0.viewport.height)))" }.joined(
                separator: ", ") + "."
    }

    enum ContentLength: NumberLimits { static let flag = "--content-length", range = 0.0...1e9 }
    enum Cards: WholeLimits { static let flag = "--cards", range = 0...1_000_000 }
    enum Items: WholeLimits { static let flag = "--items", range = 0...1000 }
    enum Pages: WholeLimits { static let flag = "--pages", range = 0...1_000_000 }
    enum CellWidth: NumberLimits { static let flag = "--cell-width", range = 1.0...100_000 }
    enum Spacing: NumberLimits { static let flag = "--spacing", range = 0.0...100_000 }
    enum Cells: WholeLimits { static let flag = "--cells", range = 0...1_000_000 }

    @Option(
        parsing: .unconditional, help: ContentLength.help("list: content length in points", " (replay default 3000)."))
    var contentLength: Number<ContentLength>?

    @Option(parsing: .unconditional, help: Cards.help("list: number of cards", " (instead of --content-length)."))
    var cards: Whole<Cards>?

    @Option(parsing: .unconditional, help: Items.help("banner, loop: number of items", " (default 5)."))
    var items: Whole<Items>?

    @Option(parsing: .unconditional, help: Pages.help("pager: number of pages", " (default 5)."))
    var pages: Whole<Pages>?

    @Option(parsing: .unconditional, help: CellWidth.help("carousel: cell width in points", " (default 300)."))
    var cellWidth: Number<CellWidth>?

    @Option(parsing: .unconditional, help: Spacing.help("carousel: spacing between cells in points", " (default 12)."))
    var spacing: Number<Spacing>?

    @Option(parsing: .unconditional, help: Cells.help("carousel: number of cells", " (default 10)."))
    var cells: Whole<Cells>?

    /// The viewport in points: `--device`'s, `--viewport`'s or 390×844.
    func viewportSize() throws(InputError) -> Size {
        if let found = try chosenDevice() { return found.viewport }
        return try Flags.size(viewport ?? "390x844", flag: "--viewport")
    }

    /// The device named by `--device`, if any.
    func chosenDevice() throws(InputError) -> Device? {
        guard let device else { return nil }
        guard viewport == nil else { throw InputError("--device and --viewport cannot be used together") }
        guard let found = Device.named(device) else {
            throw InputError(
                "--device: unknown device \"\(device)\"; allowed: \(Device.all.map(\.key).joined(separator: ", "))")
        }
        return found
    }

    /// The feel in `file` on `--device`'s screen: its refresh rate and pixel grid, unless the
    /// file sets its own.
    func feel(_ file: String?) throws(InputError) -> Feel {
        let (feel, stated) = try ParametersFile.loadStating(file)
        guard let device = try chosenDevice() else { return feel }
        // The device's screen, then every value the file states put back over it.
        var onDevice = feel.on(device.display)
        for (key, value) in feel.pairs where stated.contains(key) {
            onDevice = (try? onDevice.setting(key, to: value)) ?? onDevice
        }
        return onDevice
    }

    /// The scene chosen, with one-line errors for unknown names, flags of other scenes and bad values.
    func setup(defaultList: SceneSetup) throws(InputError) -> SceneSetup {
        let sceneFlags: [String: [(String, String?)]] = [
            "list": [("--content-length", contentLength?.text), ("--cards", cards?.text)],
            "pager": [("--pages", pages?.text)],
            "carousel": [("--cell-width", cellWidth?.text), ("--spacing", spacing?.text), ("--cells", cells?.text)],
            "banner": [("--items", items?.text)], "loop": [("--items", items?.text)]
        ].merging(SceneSetup.registry.map { ($0.name, []) }) { a, _ in a }
        guard sceneFlags[scene] != nil else {
            throw InputError(
                "--scene: unknown scene \"\(scene)\"; allowed: \(SceneSetup.names.joined(separator: ", "))")
        }
        let ownFlags = Set(sceneFlags[scene, default: []].map(\.0))
        for (_, flags) in sceneFlags {
            for (flag, value) in flags where value != nil && !ownFlags.contains(flag) {
                let owners = sceneFlags.filter { $0.value.contains { $0.0 == flag } }.map(\.key).sorted().joined(
                    separator: ", ")
                throw InputError("\(flag) applies to --scene \(owners) only, not \(scene)")
            }
        }
        switch scene {
        case "banner": return .banner(items: try (items ?? Whole("5")).value())
        case "loop": return .loop(items: try (items ?? Whole("5")).value())
        case "pager":
            return .pager(pages: try (pages ?? Whole("5")).value())
        case "carousel":
            return .carousel(
                cellWidth: try (cellWidth ?? Number("300")).value(), spacing: try (spacing ?? Number("12")).value(),
                cells: try (cells ?? Whole("10")).value())
        case _ where SceneSetup.registry.contains { $0.name == scene }: return .plain(scene)
        default:
            if contentLength != nil, cards != nil {
                throw InputError("--content-length and --cards cannot be used together")
            }
            if let cards { return .cards(count: try cards.value()) }
            if let contentLength { return .list(contentLength: try contentLength.value()) }
            return defaultList
        }
    }
}
