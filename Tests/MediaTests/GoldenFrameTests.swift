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

    /// A reference that starts before the touch-down (a whole recording once ran from −2 s, 300 pt
    /// below the gesture): the PNG draws none of it outside the offset chart's frame (it ran into
    /// the labels left of t = 0), and what is drawn is the part from 0 s, on a scale the part
    /// outside does not stretch.
    @Test func aReferenceIsDrawnInsideTheFrameOnly() throws {
        let times = (0..<240).map { Double($0) / 60 }
        let a = OffsetPlot.Series(
            label: "A", color: OffsetPlot.colors[0], times: times, offsets: times.map { 500 * (1 - exp(-2 * $0)) },
            velocities: times.map { 1000 * exp(-2 * $0) })
        let early = (0..<300).map { -2 + Double($0) / 60 }
        let reference = OffsetPlot.Series(
            label: "reference", color: OffsetPlot.referenceColor, times: early,
            offsets: early.map { $0 < 0 ? -300 - 1000 * $0 : 100 + 400 * (1 - exp(-2 * $0)) })
        let image = try OffsetPlot.image([a], reference: reference, fonts: SceneSnapshot().fonts)
        // The offset chart's frame (OffsetPlot.image's layout); the legend's swatches are below 552.
        let frame = (x: 80, y: 66, maxX: 980, maxY: 306)
        var inside = 0, outside: [(Int, Int)] = []
        for y in 0..<552 {
            for x in 0..<image.width {
                let (r, g, b, _) = image.pixel(x: x, y: y)
                let c = OffsetPlot.referenceColor
                guard abs(Int(r) - Int(c.r)) < 40, abs(Int(g) - Int(c.g)) < 40, abs(Int(b) - Int(c.b)) < 40 else {
                    continue
                }
                if x >= frame.x, x < frame.maxX, y >= frame.y, y < frame.maxY {
                    inside += 1
                } else {
                    outside.append((x, y))
                }
            }
        }
        #expect(inside > 200)
        #expect(outside.isEmpty, "\(outside.count) pixels outside, first \(outside.prefix(5))")
        // The geometry: every dot of every line whole inside the frame.
        var list = DrawList()
        let plot = Rect(x: 80, y: 66, width: 900, height: 240)
        OffsetPlot.chart(
            into: &list, plot, span: 4, title: "offset (pt)",
            lines: [(times, a.offsets, a.color), (reference.times, reference.offsets, reference.color)])
        var dots = 0, out: [(Double, Double)] = []
        for case let .circle(x, y, radius, _) in list.commands {
            dots += 1
            if x - radius < plot.x || x + radius > plot.maxX || y - radius < plot.y || y + radius > plot.maxY {
                out.append((x, y))
            }
        }
        #expect(dots > 1000 && out.isEmpty, "\(out.count) of \(dots) dots outside, first \(out.prefix(3))")
        // The scale is what is shown from 0 s: its lowest tick is 0, not one near −300.
        let labels = list.commands.compactMap { command -> String? in
            if case let .text(text, x, _, _, _, _, _) = command, x == 4 { return text }
            return nil
        }
        #expect(labels.first == "0", "\(labels)")
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
