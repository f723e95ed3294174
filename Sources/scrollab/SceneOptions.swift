import ArgumentParser
import Scenes
import Formats
import ScrollPhysics

/// The scene flags shared by replay, render and play.
struct SceneOptions: ParsableArguments {
    @Option(
        name: .customLong("scene"), parsing: .unconditional,
        help: "list, pager, carousel, banner, loop, nested, adapters or lab (default list).")
    var sceneChoice: String?

    /// The scene named, list by default.
    var scene: String { sceneChoice ?? "list" }

    /// Whether any of these flags was given (the window then starts from them, not from the
    /// session it kept).
    var isEmpty: Bool {
        [sceneChoice, viewport, device, contentLength, cards, items, pages, cellWidth, spacing, cells].allSatisfy {
            $0 == nil
        }
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

    @Option(parsing: .unconditional, help: "list: content length in points, 0 to 1e9 (replay default 3000).")
    var contentLength: String?

    @Option(parsing: .unconditional, help: "list: number of cards, 0 to 1000000 (instead of --content-length).")
    var cards: String?

    @Option(parsing: .unconditional, help: "banner, loop: number of items, 0 to 1000 (default 5).")
    var items: String?

    @Option(parsing: .unconditional, help: "pager: number of pages, 0 to 1000000.")
    var pages: String?

    @Option(parsing: .unconditional, help: "carousel: cell width in points, 1 to 100000.")
    var cellWidth: String?

    @Option(parsing: .unconditional, help: "carousel: spacing between cells in points, 0 to 100000.")
    var spacing: String?

    @Option(parsing: .unconditional, help: "carousel: number of cells, 0 to 1000000.")
    var cells: String?

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
            "list": [("--content-length", contentLength), ("--cards", cards)],
            "pager": [("--pages", pages)],
            "carousel": [("--cell-width", cellWidth), ("--spacing", spacing), ("--cells", cells)],
            "banner": [("--items", items)], "loop": [("--items", items)], "nested": [], "adapters": [], "lab": []
        ]
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
        case "banner": return .banner(items: try Flags.integer(items ?? "5", flag: "--items", range: 0...1000))
        case "loop": return .loop(items: try Flags.integer(items ?? "5", flag: "--items", range: 0...1000))
        case "nested": return .nested
        case "adapters": return .adapters
        case "lab": return .lab
        case "pager":
            return .pager(pages: try Flags.integer(pages ?? "5", flag: "--pages", range: 0...1_000_000))
        case "carousel":
            return .carousel(
                cellWidth: try Flags.number(cellWidth ?? "300", flag: "--cell-width", range: 1...100_000),
                spacing: try Flags.number(spacing ?? "12", flag: "--spacing", range: 0...100_000),
                cells: try Flags.integer(cells ?? "10", flag: "--cells", range: 0...1_000_000))
        default:
            if contentLength != nil, cards != nil {
                throw InputError("--content-length and --cards cannot be used together")
            }
            if let cards { return .cards(count: try Flags.integer(cards, flag: "--cards", range: 0...1_000_000)) }
            if let contentLength {
                return .list(contentLength: try Flags.number(contentLength, flag: "--content-length", range: 0...1e9))
            }
            return defaultList
        }
    }
}
