import Foundation
import Testing
import Drawing
import Platform
import Scenes
import ScrollPhysics
@testable import Media

let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Assets").path

@Suite(.serialized, .tags(.golden), .skipped(whenSkipping: .golden)) struct GoldenFrameTests {
    @Test(arguments: GoldenFrame.all.map(\.name))
    func framesMatchTheCommittedReferences(name: String) throws {
        let frame = try #require(GoldenFrame.all.first { $0.name == name })
        let rendered = try frame.render(assets: assets, snapshot: SceneSnapshot())
        let reference = try Image.loadPNG(frame.path(assets: assets))
        #expect(rendered.width == reference.width && rendered.height == reference.height)
        let diff = ImageDiff(rendered, reference, threshold: GoldenFrame.threshold)
        #expect(
            diff.differingFraction <= GoldenFrame.allowedFraction,
            "\(name): \(diff.differingPixels) pixels differ (largest \(diff.largestDifference)); make golden?"
        )
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
        #expect(marked.pixel(x: 0, y: 0).1 == marked.pixel(x: 0, y: 0).0)  // unchanged pixels are grey
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
    @Test func plotsBothSidesInTheirColoursWithTheReferenceAndTheTable() throws {
        let times = (0..<240).map { Double($0) / 60 }
        let a = OffsetPlot.Series(
            label: "A · UIKit normal", color: OffsetPlot.colors[0], times: times,
            offsets: times.map { 500 * (1 - exp(-2 * $0)) },
            velocities: times.map { 1000 * exp(-2 * $0) })
        let b = OffsetPlot.Series(
            label: "B · UIKit fast", color: OffsetPlot.colors[1], times: times,
            offsets: times.map { 100 * (1 - exp(-10 * $0)) },
            velocities: times.map { 1000 * exp(-10 * $0) })
        let reference = OffsetPlot.Series(
            label: "reference", color: OffsetPlot.referenceColor, times: times, offsets: times.map { 300 * $0 / 4 })
        let table = [["", "release"], ["A", "1,000 pt/s"], ["B", "1,000 pt/s"]]
        let image = try OffsetPlot.image([a, b], reference: reference, table: table, fonts: SceneSnapshot().fonts)
        // Charts, a legend of three lines and a table of three rows.
        let expectedHeight: Int = 66 + 240 + 56 + 150 + 40 + 3 * 24 + 14 + 3 * 26 + 16
        #expect(image.width == 1000 && image.height == expectedHeight)
        func count(_ color: Color) -> Int {
            var n = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let (r, g, bl, _) = image.pixel(x: x, y: y)
                    if abs(Int(r) - Int(color.r)) < 12, abs(Int(g) - Int(color.g)) < 12,
                        abs(Int(bl) - Int(color.b)) < 12
                    {
                        n += 1
                    }
                }
            }
            return n
        }
        #expect(count(OffsetPlot.colors[0]) > 200)
        #expect(count(OffsetPlot.colors[1]) > 200)
        #expect(count(OffsetPlot.referenceColor) > 200)
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
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == [
                "out.png", "out.png.partial-\(getpid())", "victim"
            ])
    }
}

@Suite struct SideBySideTests {
    @Test func bothPhonesUnderTheirNamesInOnePicture() throws {
        let snapshot = try SceneSnapshot()
        let scenes = [
            SceneSetup.cards(count: 20).makeScene(viewport: Size(width: 200, height: 300), feel: .standard),
            SceneSetup.cards(count: 20).makeScene(viewport: Size(width: 200, height: 300), feel: .standard)
        ]
        let image = try snapshot.sideBySide(
            scenes, labels: ["A · UIKit normal", "B · Floaty · modified"], at: 0, scale: 2)
        // ClipLayout: 3 margins of 16 and two phones wide, the label strip (36) and a margin over one phone tall.
        #expect(image.width == 2 * (3 * 16 + 400) && image.height == 2 * (36 + 300 + 16))
        // Each side's dot in its colour, left of its label.
        let dots: [Int] = [2 * (16 + 8), 2 * (2 * 16 + 200 + 8)]
        for (index, x) in dots.enumerated() {
            let (r, g, b, _) = image.pixel(x: x, y: 36)
            let colour = OffsetPlot.colors[index]
            #expect(
                abs(Int(r) - Int(colour.r)) < 10 && abs(Int(g) - Int(colour.g)) < 10 && abs(Int(b) - Int(colour.b)) < 10
            )
        }
    }
}
