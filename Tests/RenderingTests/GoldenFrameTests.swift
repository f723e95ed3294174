import Foundation
import Testing
import Drawing
import Platform
import Scenes
import ScrollPhysics
@testable import Rendering

let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets").path

@Suite(.serialized) struct GoldenFrameTests {
    @Test(arguments: GoldenFrame.all.map(\.name))
    func framesMatchTheCommittedReferences(name: String) throws {
        let frame = try #require(GoldenFrame.all.first { $0.name == name })
        let rendered = try frame.render(assets: assets, snapshot: SceneSnapshot())
        let reference = try Image.loadPNG(frame.path(assets: assets))
        #expect(rendered.width == reference.width && rendered.height == reference.height)
        let diff = ImageDiff(rendered, reference, threshold: GoldenFrame.threshold)
        #expect(diff.differingFraction <= GoldenFrame.allowedFraction,
                "\(name): \(diff.differingPixels) pixels differ (largest \(diff.largestDifference)); if intended, run make golden")
    }

    @Test func renderingIsDeterministic() throws {
        let snapshot = try SceneSnapshot()
        let a = try GoldenFrame.all[1].render(assets: assets, snapshot: snapshot)
        let b = try GoldenFrame.all[1].render(assets: assets, snapshot: SceneSnapshot())
        #expect(a == b)
    }

    @Test func aMovedSceneIsCaughtByTheComparison() throws {
        // The comparison must fail for a real change: the list one point further down.
        let snapshot = try SceneSnapshot()
        let scene = ListScene(cardCount: 200)
        let base = try snapshot.image(of: scene, at: 0)
        scene.axis.setOffset(1, at: 0)
        let moved = try snapshot.image(of: scene, at: 0)
        let diff = ImageDiff(base, moved, threshold: GoldenFrame.threshold)
        #expect(diff.differingFraction > GoldenFrame.allowedFraction)
    }

    @Test func diffCountsAndHighlights() {
        let a = Image(width: 2, height: 1, pixels: [10, 10, 10, 255, 0, 0, 0, 255])
        let b = Image(width: 2, height: 1, pixels: [10, 10, 10, 255, 0, 50, 0, 255])
        let diff = ImageDiff(a, b, threshold: 8)
        #expect(diff.differingPixels == 1 && diff.largestDifference == 50)
        #expect(abs(diff.meanDifference - 50.0 / 8) < 1e-12)
        let marked = ImageDiff.highlight(a, b, threshold: 8)
        #expect(marked.pixel(x: 1, y: 0) == (153, 0, 153, 255))
        #expect(marked.pixel(x: 0, y: 0).1 == marked.pixel(x: 0, y: 0).0)   // unchanged pixels are grey
    }

    @Test func pngRoundTripsAndBadFilesAreNamed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID()).png").path
        let image = Image(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 * 10) })
        try image.savePNG(path)
        #expect(try Image.loadPNG(path) == image)
        let text = path + ".txt"
        try "not a png".write(toFile: text, atomically: true, encoding: .utf8)
        let notPNG = #expect(throws: SDLError.self) { try Image.loadPNG(text) }
        #expect(notPNG?.description == "\(text) failed: is not a PNG file")
        let missing = #expect(throws: SDLError.self) { try Image.loadPNG("/nonexistent.png") }
        #expect(missing?.description == "/nonexistent.png: no such file")
    }
}

@Suite struct OffsetPlotTests {
    @Test func plotsBothSidesInTheirColours() throws {
        let a = (0..<240).map { Float($0) * 5 }, b = (0..<240).map { Float($0) * 2 }
        let image = try OffsetPlot.image([.init(label: "A", color: OffsetPlot.colors[0], values: a),
                                          .init(label: "B", color: OffsetPlot.colors[1], values: b)],
                                         seconds: 4, fonts: SceneSnapshot().fonts)
        #expect(image.width == 900 && image.height == 380)
        func count(_ color: Color) -> Int {
            var n = 0
            for y in 0..<image.height { for x in 0..<image.width {
                let (r, g, bl, _) = image.pixel(x: x, y: y)
                if abs(Int(r) - Int(color.r)) < 12, abs(Int(g) - Int(color.g)) < 12, abs(Int(bl) - Int(color.b)) < 12 { n += 1 }
            } }
            return n
        }
        #expect(count(OffsetPlot.colors[0]) > 200)
        #expect(count(OffsetPlot.colors[1]) > 200)
    }
}

@Suite struct PNGOutputTests {
    /// The temporary file was `<out>.partial-<pid>`, opened without O_EXCL: a symbolic link planted
    /// at that name made the write land in the file it points to.
    @Test func aPlantedLinkAtTheOldTemporaryNameIsNotFollowed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.png").path, victim = dir.appendingPathComponent("victim").path
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: out + ".partial-\(getpid())", withDestinationPath: victim)
        let image = Image(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 * 10) })
        try image.savePNG(out)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try Image.loadPNG(out) == image)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.png", "out.png.partial-\(getpid())", "victim"])
    }
}
