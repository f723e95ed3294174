import Foundation
import Testing
import Platform
import Scenes
import ScrollPhysics
@testable import Media

/// Without Inter the scenes fall back to DejaVu Sans; without either, one line names the
/// packages and nothing is written. Runs the real `scrollab render` with its own fontconfig setup.
@Suite(.serialized) struct FontFallbackTests {
    struct Run { var status: Int32; var stderr: String }

    static func render(fontDirectory: String, out: String, in directory: URL) throws -> Run {
        let config = directory.appendingPathComponent("fonts-\(UUID().uuidString).conf")
        try """
        <?xml version="1.0"?>
        <fontconfig><dir>\(fontDirectory)</dir><cachedir>\(directory.path)/cache</cachedir></fontconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var binary = build.appendingPathComponent("scrollab")
        if !FileManager.default.fileExists(atPath: binary.path) {
            binary = build.deletingLastPathComponent().appendingPathComponent("scrollab")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["render", "--scene", "nested", "--out", out]
        process.environment = ["FONTCONFIG_FILE": config.path, "PATH": "/usr/bin:/bin"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
    }

    @Test func dejaVuStandsInForInterAndNoFontIsOneLine() throws {
        let dejavu = "/usr/share/fonts/truetype/dejavu"
        guard FileManager.default.fileExists(atPath: dejavu + "/DejaVuSans.ttf") else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollab-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let fallback = directory.appendingPathComponent("dejavu.png").path
        let run = try Self.render(fontDirectory: dejavu, out: fallback, in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let withDejaVu = try Image.loadPNG(fallback)
        let usual = try SceneSnapshot().image(of: NestedScene(viewport: .phone, feel: Feel(ScrollParameters())), at: 0)
        #expect(withDejaVu.width == usual.width && withDejaVu.height == usual.height)
        if try FontLibrary().family == "Inter" {
            // Same layout, other letterforms: only text pixels differ.
            let diff = ImageDiff(withDejaVu, usual, threshold: 8)
            #expect(diff.differingPixels > 500 && diff.differingFraction < 0.1)
        }

        let empty = directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = directory.appendingPathComponent("none.png").path
        let failed = try Self.render(fontDirectory: empty.path, out: none, in: directory)
        #expect(failed.status == 2)
        #expect(
            failed.stderr
                == "scrollab: error: font lookup failed: neither \"Inter\" nor \"DejaVu Sans\" found by fontconfig "
                + "(install fonts-inter or fonts-dejavu-core)\n"
        )
        #expect(!FileManager.default.fileExists(atPath: none))
    }
}
