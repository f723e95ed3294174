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
            sceneChoice, viewport, device, contentLength, cards, items, pages, cellWidth, spacing, cells
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

    @Option(parsing: .unconditional, help: SceneOptions.help("--content-length"))
    var contentLength: String?

    @Option(parsing: .unconditional, help: SceneOptions.help("--cards"))
    var cards: String?

    @Option(parsing: .unconditional, help: SceneOptions.help("--items"))
    var items: String?

    @Option(parsing: .unconditional, help: SceneOptions.help("--pages"))
    var pages: String?

    @Option(parsing: .unconditional, help: SceneOptions.help("--cell-width"))
    var cellWidth: String?

    @Option(parsing: .unconditional, help: SceneOptions.help("--spacing"))
    var spacing: String?

    @Option(parsing: .unconditional, help: SceneOptions.help("--cells"))
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

    /// The flags given, by flag.
    var givenFlags: [String: String] {
        var given: [String: String] = [:]
        for (flag, value) in [
            ("--content-length", contentLength), ("--cards", cards), ("--items", items), ("--pages", pages),
            ("--cell-width", cellWidth), ("--spacing", spacing), ("--cells", cells)
        ] {
            if let value { given[flag] = value }
        }
        return given
    }

    /// The help of a content flag, from the scene registry's definition (its range and default).
    static func help(_ flag: String) -> ArgumentHelp {
        guard let option = SceneSetup.registry.lazy.flatMap(\.options).first(where: { $0.flag == flag }) else {
            return ArgumentHelp(flag)
        }
        let f = ParameterSpec.format
        let range = "\(f(option.range.lowerBound)) to \(f(option.range.upperBound))"
        return ArgumentHelp(
            "\(option.help), \(range)" + (option.defaultValue.map { " (default \(f($0)))." } ?? "."))
    }

    /// The scene chosen, with one-line errors for unknown names, flags of other scenes and bad
    /// values; every name, flag, range and default comes from the scene registry.
    func setup(defaultList: SceneSetup) throws(InputError) -> SceneSetup {
        guard let kind = SceneSetup.registry.first(where: { $0.name == scene }) else {
            throw InputError(
                "--scene: unknown scene \"\(scene)\"; allowed: \(SceneSetup.names.joined(separator: ", "))")
        }
        let given = givenFlags
        for flag in given.keys.sorted() where !kind.options.contains(where: { $0.flag == flag }) {
            let owners = SceneSetup.registry.filter { $0.options.contains { $0.flag == flag } }.map(\.name).sorted()
            throw InputError("\(flag) applies to --scene \(owners.joined(separator: ", ")) only, not \(scene)")
        }
        if given["--content-length"] != nil, given["--cards"] != nil {
            throw InputError("--content-length and --cards cannot be used together")
        }
        if kind.name == "list", given.isEmpty { return defaultList }
        var values: [String: Double] = [:]
        for option in kind.options {
            if let text = given[option.flag] {
                values[option.key] =
                    option.isWhole
                    ? Double(
                        try Flags.integer(
                            text, flag: option.flag,
                            range: Int(option.range.lowerBound)...Int(option.range.upperBound)))
                    : try Flags.number(text, flag: option.flag, range: option.range)
            } else if let value = option.defaultValue {
                values[option.key] = value
            }
        }
        return SceneSetup(name: kind.name, values: values)
    }
}
