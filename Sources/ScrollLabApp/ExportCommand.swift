import ArgumentParser
import Foundation
import Formats
import Playground
import ScrollPhysics

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Print a parameter file as code for its platform (Swift for UIKit, Dart for the Flutter models, Kotlin "
            + "for android, JavaScript for swiper and framer), or with --web write a page to feel it on a phone.",
        discussion: """
            With --web, write one self-contained page instead (--out FILE.html): the physics core itself, compiled \
            to WebAssembly (`make wasm` builds it to .build/wasm/), running the feel on a list, pager or carousel \
            under a finger, a mouse or a wheel; with --params-b, feels A and B side by side (or toggled on a phone). \
            The scene's content flags size it as for replay (--content-length, --pages, --cell-width, --spacing, \
            --cells; by default replay's: a 3,000 pt list, 5 pages, 10 cells of 300 pt 12 pt apart), up to what a \
            page lays out at once (100,000 pt, 100 pages, 100 cells); its screen is the browser's.
            """
    )

    @Option(help: "Parameter file (JSON); default: the defaults.")
    var params: String?

    @Option(help: "Write the snippet (or with --web, the page) here instead of standard output.")
    var out: String?

    @Flag(help: "Write a web page that runs the feel (needs --out).")
    var web = false

    @Option(name: .customLong("params-b"), help: "--web: a second parameter file, shown as B beside A.")
    var paramsB: String?

    /// --web: the scene (list, pager or carousel) and its content flags, as replay takes them.
    @OptionGroup var content: SceneOptions

    @Option(help: "--web: the folder of the built core (default: .build/wasm).")
    var core: String?

    static let scenes = ["list", "pager", "carousel"]

    /// A side's name on the page, as the window names a side started from the same file
    /// (`play --params`, `--params-b`): the file's name; without a file, the defaults' preset
    /// title ("UIKit normal"). (The page named a file by its preset's title when its values were
    /// a preset's: "B · Snappy" for the window's "B · snappy.json".)
    static func feelName(_ feel: Feel, file: String?) -> String {
        if let file { return URL(fileURLWithPath: file).lastPathComponent }
        return Preset.all.first(where: { $0.feel == feel })?.title ?? feel.title
    }

    /// The page's sizes from the scene's content flags (ranges and one-line errors from the scene
    /// registry, as replay's); a page's screen is the browser's, and its list is sized in points.
    func pageGeometry() throws(InputError) -> PhoneGeometry {
        for (flag, value) in [("--viewport", content.viewport), ("--device", content.device)] where value != nil {
            throw InputError("\(flag): a page's screen is the browser's (open it on the phone, or size the window)")
        }
        if content.cards != nil { throw InputError("--cards: a page's list is sized by --content-length (pt)") }
        let setup = try content.setup(defaultList: .list(contentLength: PhoneGeometry.page.contentLength))
        var geometry = PhoneGeometry.page
        // What a page lays out at once: every card, page and cell is made when the phone is laid out.
        for (flag, key, most) in [
            ("--content-length", "contentLength", 100_000.0), ("--pages", "pages", 100), ("--cells", "cells", 100)
        ] where setup.value(key) > most {
            throw InputError(
                "\(flag): \(ParameterSpec.format(setup.value(key))) is more than a page lays out at once; at most "
                    + ParameterSpec.format(most))
        }
        switch setup.name {
        case "list": geometry.contentLength = setup.value("contentLength")
        case "pager": geometry.pages = Int(setup.value("pages"))
        default:
            geometry.cellWidth = setup.value("cellWidth")
            geometry.spacing = setup.value("spacing")
            geometry.cells = Int(setup.value("cells"))
        }
        return geometry
    }

    func run() throws {
        guard web else {
            let given =
                [("--params-b", paramsB), ("--scene", content.sceneChoice), ("--core", core)]
                + content.givenFlags.sorted { $0.key < $1.key }.map { ($0.key, Optional($0.value)) }
                + [("--viewport", content.viewport), ("--device", content.device)]
            for (flag, value) in given where value != nil {
                throw InputError("\(flag) needs --web")
            }
            let snippet = try ParametersFile.load(params).model.exported.text
            try TextFile.write(snippet, to: out ?? "-", inputs: params.map { [$0] } ?? [])
            return
        }
        guard let out, out != "-" else { throw InputError("--web needs --out FILE.html") }
        let sceneName = content.scene
        guard Self.scenes.contains(sceneName) else {
            throw InputError(
                "--scene: unknown scene \"\(sceneName)\" for a page; allowed: \(Self.scenes.joined(separator: ", "))")
        }
        let geometry = try pageGeometry()
        let folder = try WebPage.coreFolder(core)
        var sides: [WebPage.Side] = []
        for (letter, file) in [("A", params), ("B", paramsB)] where letter == "A" || file != nil {
            let (feel, stated) = try ParametersFile.loadStating(file)
            let name = Self.feelName(feel, file: file)
            let label = paramsB == nil ? name : "\(letter) · \(name)"
            sides.append(WebPage.Side(label: label, feel: feel, stated: stated))
        }
        let page = try WebPage.html(scene: sceneName, sides: sides, geometry: geometry, coreFolder: folder)
        let inputs = [params, paramsB].compactMap { $0 } + WebPage.files.map { folder + "/" + $0 }
        try TextFile.write(page, to: out, inputs: inputs)
        Console.note("wrote \(out) (\(page.utf8.count) bytes; it needs nothing else)")
    }
}
