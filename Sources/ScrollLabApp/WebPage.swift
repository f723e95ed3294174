import Foundation
import Formats
import Playground
import ScrollPhysics

/// `scrollab export --web`'s page: the template `page.html` with the WebAssembly core (base64),
/// its JavaScript wrapper (`core.js`) and the scene and feels (JSON) written into it, so the page
/// needs nothing else (`Wasm/page/page.html` documents `window.scrollLab`).
enum WebPage {
    /// The files `make wasm` writes to `.build/wasm/` and the page is made from.
    static let files = ["ScrollPhysics.wasm", "core.js", "page.html"]

    /// The folder holding the built core: `folder` if given, else `.build/wasm` in the current
    /// folder or beside the program's own build folder.
    static func coreFolder(_ folder: String?) throws(InputError) -> String {
        let manager = FileManager.default
        let complete = { (path: String) in files.allSatisfy { manager.fileExists(atPath: path + "/" + $0) } }
        if let folder {
            guard complete(folder) else {
                throw InputError(
                    "--core \(folder): no built core there (\(files.joined(separator: ", "))); run `make wasm`")
            }
            return folder
        }
        // The working folder's build, then the one the program was built in: `.build/wasm` beside
        // `.build/debug` (a link to `.build/<triple>/debug`), found from the program's path as
        // given and as resolved, however it was started.
        var candidates = [manager.currentDirectoryPath + "/.build/wasm"]
        let given = URL(fileURLWithPath: CommandLine.arguments[0])
        let programs = [
            given, given.resolvingSymlinksInPath(), URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        ]
        for program in programs {
            var folder = program.deletingLastPathComponent()
            for _ in 0..<3 {
                folder = folder.deletingLastPathComponent()
                candidates.append(folder.path + "/wasm")
            }
        }
        guard let found = candidates.first(where: complete) else {
            throw InputError(
                "the WebAssembly core is not built: run `make wasm` in the ScrollLab folder (it writes "
                    + ".build/wasm/ScrollPhysics.wasm), or give --core FOLDER")
        }
        return found
    }

    /// One side of the page: its label, its model's title and the values its file states.
    struct Side {
        var label: String
        var feel: Feel
        var stated: Set<String>
    }

    /// The page for `scene` ("list", "pager" or "carousel") with `sides` (A, and B if given).
    /// `live`: the page listens for changes from the window that serves it (`PhoneLinkRunner`).
    /// `blind`: the state of a blind test on the page (`BlindServe`): the sides carry no titles.
    static func html(
        scene: String, sides: [Side], geometry: PhoneGeometry = .page, coreFolder: String, live: Bool = false,
        blind: JSONValue? = nil
    ) throws(InputError) -> String {
        func read(_ name: String) throws(InputError) -> Data {
            guard let data = FileManager.default.contents(atPath: coreFolder + "/" + name) else {
                throw InputError("\(coreFolder)/\(name): cannot be read; run `make wasm`")
            }
            return data
        }
        let wasm = try read("ScrollPhysics.wasm").base64EncodedString()
        let script = String(decoding: try read("core.js"), as: UTF8.self)
        let template = String(decoding: try read("page.html"), as: UTF8.self)
        let marks = ["/*SCROLLAB_CORE_JS*/", "/*SCROLLAB_CONFIG*/", "/*SCROLLAB_WASM_BASE64*/"]
        guard marks.allSatisfy({ template.contains($0) }) else {
            throw InputError("\(coreFolder)/page.html: not the page template; run `make wasm`")
        }
        return
            template
            .replacingOccurrences(of: marks[0], with: script)
            .replacingOccurrences(
                of: marks[1],
                with: config(scene: scene, sides: sides, geometry: geometry, live: live, blind: blind).serialized()
            )
            .replacingOccurrences(of: marks[2], with: wasm)
    }

    /// The scene's content as the desktop's `replay` builds it by default, and each side's values.
    static func config(
        scene: String, sides: [Side], geometry: PhoneGeometry = .page, editing: Int? = nil, live: Bool = false,
        blind: JSONValue? = nil
    ) -> JSONValue {
        let entries = sides.map { side -> JSONValue in
            var params: [(key: String, value: JSONValue)] = [("model", .string(side.feel.name))]
            for (key, value) in side.feel.pairs where side.stated.contains(key) {
                switch value {
                case .number(let number): params.append((key, .number(number)))
                case .string(let text): params.append((key, .string(text)))
                case .bool(let flag): params.append((key, .bool(flag)))
                case .null, .other: params.append((key, .null))
                }
            }
            return .object(
                JSONObject([
                    ("label", .string(side.label)), ("title", .string(blind == nil ? side.feel.title : "")),
                    ("params", .object(JSONObject(params)))
                ]))
        }
        return .object(
            JSONObject(
                [
                    ("scene", .string(scene)), ("contentLength", .number(geometry.contentLength)),
                    ("pages", .number(Double(geometry.pages))), ("cellWidth", .number(geometry.cellWidth)),
                    ("spacing", .number(geometry.spacing)), ("cells", .number(Double(geometry.cells))),
                    ("sides", .array(JSONArray(entries)))
                ] + (live ? [("live", .bool(true))] : []) + (blind.map { [("blind", $0)] } ?? [])
                    + (editing.map { [("editing", .number(Double($0)))] } ?? [])))
    }
}
