import Foundation
import Testing

/// `scrollab export --web`: the page made from the built core's files, and its bad input.
@Suite struct WebExportTests {
    /// A core folder with the three files `make wasm` writes, small stand-ins for them.
    func fakeCore(in dir: URL) throws -> URL {
        let core = dir.appendingPathComponent("wasm")
        try FileManager.default.createDirectory(at: core, withIntermediateDirectories: true)
        try Data([0, 97, 115, 109, 1, 0, 0, 0]).write(to: core.appendingPathComponent("ScrollPhysics.wasm"))
        try "function scrollLabCore() {}".write(
            to: core.appendingPathComponent("core.js"), atomically: true, encoding: .utf8)
        try "<script>/*SCROLLAB_CORE_JS*/\nconst config = /*SCROLLAB_CONFIG*/;\n'/*SCROLLAB_WASM_BASE64*/'</script>"
            .write(to: core.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        return core
    }

    /// The page holds the core (base64), its script and both feels with the values their files state.
    @Test func aPageCarriesTheCoreTheSceneAndBothFeels() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let core = try fakeCore(in: dir)
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        try "{\"decelerationRate\": 0.99}".write(to: a, atomically: true, encoding: .utf8)
        try "{\"model\": \"android\", \"flywheel\": false}".write(to: b, atomically: true, encoding: .utf8)
        let page = dir.appendingPathComponent("feel.html")
        let run = try scrollab([
            "export", "--web", "--out", page.path, "--params", a.path, "--params-b", b.path, "--scene", "pager",
            "--core", core.path
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        // What was written is said, as `track` says it.
        #expect(run.stderr == "wrote \(page.path) (\(html.utf8.count) bytes; it needs nothing else)\n", "\(run.stderr)")
        #expect(html.hasPrefix("<script>function scrollLabCore() {}\nconst config = {"))
        #expect(html.hasSuffix(";\n'AGFzbQEAAAA='</script>"), "the wasm, base64")
        let start = try #require(html.range(of: "const config = ")).upperBound
        let end = try #require(html.range(of: ";\n'AGFzbQEAAAA='")).lowerBound
        let config = try #require(
            try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
        #expect(config["scene"] as? String == "pager" && config["pages"] as? Int == 5)
        let sides = try #require(config["sides"] as? [[String: Any]])
        #expect(sides.count == 2)
        // Each side named as the window names a side started from the same file: its file's name.
        #expect(sides.map { $0["label"] as? String } == ["A · a.json", "B · b.json"])
        let first = try #require(sides[0]["params"] as? [String: Any]),
            second = try #require(sides[1]["params"] as? [String: Any])
        #expect(
            first.count == 2 && first["model"] as? String == "uikit" && first["decelerationRate"] as? Double == 0.99)
        #expect(second.count == 2 && second["model"] as? String == "android" && second["flywheel"] as? Bool == false)
    }

    /// The scene's content flags size the page's scene as they size replay's (a longer list, more
    /// pages, other cells), so a page and a replay of its samples lay out the same content.
    @Test(
        arguments: [
            (["--content-length", "8000"], ["contentLength": 8000.0, "pages": 5, "cells": 10]),
            (["--scene", "pager", "--pages", "9"], ["contentLength": 3000, "pages": 9, "cells": 10]),
            (
                ["--scene", "carousel", "--cells", "4", "--cell-width", "200", "--spacing", "20"],
                ["cells": 4, "cellWidth": 200, "spacing": 20]
            )
        ] as [([String], [String: Double])])
    func contentFlagsSizeThePagesScene(flags: [String], expected: [String: Double]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let core = try fakeCore(in: dir), page = dir.appendingPathComponent("feel.html")
        let run = try scrollab(["export", "--web", "--out", page.path, "--core", core.path] + flags)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let start = try #require(html.range(of: "const config = ")).upperBound
        let end = try #require(html.range(of: ";\n'AGFzbQEAAAA='")).lowerBound
        let config = try #require(
            try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: Any])
        for (key, value) in expected {
            #expect((config[key] as? NSNumber)?.doubleValue == value, "\(key): \(config[key] ?? "none")")
        }
    }

    @Test(
        arguments: [
            (["export", "--web"], "scrollab: error: --web needs --out FILE.html\n"),
            (["export", "--scene", "pager"], "scrollab: error: --scene needs --web\n"),
            (
                ["export", "--web", "--out", "OUT", "--scene", "grid", "--core", "CORE"],
                "scrollab: error: --scene: unknown scene \"grid\" for a page; allowed: list, pager, carousel\n"
            ),
            (
                ["export", "--web", "--out", "OUT", "--core", "/nonexistent"],
                "scrollab: error: --core /nonexistent: no built core there (ScrollPhysics.wasm, core.js, page.html); "
                    + "run `make wasm`\n"
            ),
            (
                ["export", "--web", "--out", "OUT", "--params", "/nonexistent/p.json", "--core", "CORE"],
                "scrollab: error: /nonexistent/p.json: no such file\n"
            ),
            (["export", "--content-length", "5000"], "scrollab: error: --content-length needs --web\n"),
            (
                ["export", "--web", "--out", "OUT", "--content-length", "200000", "--core", "CORE"],
                "scrollab: error: --content-length: 200000 is more than a page lays out at once; at most 100000\n"
            ),
            (
                ["export", "--web", "--out", "OUT", "--scene", "pager", "--cells", "4", "--core", "CORE"],
                "scrollab: error: --cells applies to --scene carousel only, not pager\n"
            ),
            (
                ["export", "--web", "--out", "OUT", "--viewport", "390x700", "--core", "CORE"],
                "scrollab: error: --viewport: a page's screen is the browser's (open it on the phone, or size the "
                    + "window)\n"
            ),
            (
                ["export", "--web", "--out", "OUT", "--cards", "40", "--core", "CORE"],
                "scrollab: error: --cards: a page's list is sized by --content-length (pt)\n"
            )
        ] as [([String], String)])
    func badInputIsOneLineAndStatusTwo(arguments: [String], expected: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let core = try fakeCore(in: dir), out = dir.appendingPathComponent("feel.html")
        let run = try scrollab(arguments.map { $0 == "OUT" ? out.path : ($0 == "CORE" ? core.path : $0) })
        #expect(run.status == 2)
        #expect(run.stderr == expected)
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is half-written")
    }

    /// `program export --web --out out` run in `folder`: its status and standard error.
    func exportWeb(program: URL, folder: URL, out: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = program
        process.currentDirectoryURL = folder
        process.arguments = ["export", "--web", "--out", out]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }

    /// Without `--core` and no built core beside the program or in the current folder: one line
    /// saying how to build it.
    @Test func aMissingCoreSaysHowToBuildIt() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let program = dir.appendingPathComponent("bin/scrollab")
        try FileManager.default.createDirectory(
            at: program.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scrollabBinary(), to: program)
        let (status, message) = try exportWeb(
            program: program, folder: dir, out: dir.appendingPathComponent("feel.html").path)
        #expect(status == 2)
        #expect(
            message
                == "scrollab: error: the WebAssembly core is not built: run `make wasm` in the ScrollLab folder (it "
                + "writes .build/wasm/ScrollPhysics.wasm), or give --core FOLDER\n")
    }

    /// Started from any folder as `.build/debug/scrollab` (a link into `.build/<triple>/debug`),
    /// the program finds the core its build wrote in `.build/wasm`.
    @Test func theCoreIsFoundBesideTheProgramFromAnyFolder() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let build = dir.appendingPathComponent("ScrollLab/.build")
        let real = build.appendingPathComponent("x86_64-unknown-linux-gnu/debug")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scrollabBinary(), to: real.appendingPathComponent("scrollab"))
        try FileManager.default.createSymbolicLink(
            at: build.appendingPathComponent("debug"), withDestinationURL: real)
        _ = try fakeCore(in: build)
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let (status, message) = try exportWeb(
            program: build.appendingPathComponent("debug/scrollab"), folder: elsewhere, out: "feel.html")
        #expect(status == 0, "\(message)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("feel.html").path))
    }
}
