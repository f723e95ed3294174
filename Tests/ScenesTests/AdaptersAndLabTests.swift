import Drawing
import Testing
import ScrollPhysics
@testable import Scenes

@Suite struct AdaptersSceneTests {
    @Test func collisionsConserveMomentum() {
        #expect(AdaptersScene.collide(velocity: 1000, arriving: 1, struck: 2, elastic: false) == (0, 500))
        #expect(AdaptersScene.collide(velocity: 1000, arriving: 1, struck: 1, elastic: true) == (0, 1000))
        let (rebound, struck) = AdaptersScene.collide(velocity: 1000, arriving: 1, struck: 3, elastic: true)
        #expect(rebound == -500 && struck == 500)
        // Elastic: kinetic energy is conserved too.
        #expect(abs(1 * rebound * rebound + 3 * struck * struck - 1 * 1000 * 1000) < 1e-6)
        #expect(AdaptersScene.collide(velocity: .nan, arriving: 1, struck: 1, elastic: true) == (0, 0))
    }

    @Test func momentumReachingTheEndContinuesInTheNextList() {
        let scene = AdaptersScene()
        scene.setControl("massRight", to: 2, at: 0)
        let end = scene.lists[0].bounds.upperBound
        scene.lists[0].setOffset(end - 300, at: 0)
        drag(scene, from: Point(x: 100, y: 700), to: Point(x: 100, y: 600), duration: 0.04)  // 2500 pt/s
        let handOff = scene.lists[0].motionEndTime!
        let arriving = scene.lists[0].velocity(at: handOff - 1e-9)
        scene.advance(to: handOff + 0.001)
        #expect(scene.lists[0].offset(at: handOff + 0.001) == end)
        #expect(abs(scene.lists[1].velocity(at: handOff) - arriving / 2) < 0.5)  // cue stick, m1/m2 = 1/2
        #expect(scene.lastTransfer == handOff)
        scene.advance(to: 6)
        #expect(scene.lists[1].offset(at: 6) > 50)
    }

    @Test func lighterListReboundsInAnElasticCollision() {
        let scene = AdaptersScene()
        scene.setControl("elastic", to: 1, at: 0)
        scene.setControl("massRight", to: 3, at: 0)
        let end = scene.lists[0].bounds.upperBound
        scene.lists[0].setOffset(end - 300, at: 0)
        drag(scene, from: Point(x: 100, y: 700), to: Point(x: 100, y: 600), duration: 0.04)
        scene.advance(to: 6)
        #expect(scene.lists[0].offset(at: 6) < end - 20)  // came back up
        #expect(scene.lists[1].offset(at: 6) > 20)
    }
}

@Suite struct LabSceneTests {
    @Test func pullingPastTheTopMeasuresSeedZerosLine() {
        let lab = LabScene()
        lab.handle(TimedInput(time: 0, event: .down(Point(x: 200, y: 400))))
        for i in 1...120 {
            lab.handle(TimedInput(time: Double(i) * 0.016, event: .move(Point(x: 200, y: 400 + Double(i) * 3))))
        }
        #expect(lab.points.count > 100)
        let line = try! #require(LabScene.fit(lab.points))
        let d = lab.listLength
        #expect(abs(line.b - 0.55) < 1e-6)
        #expect(abs(line.k - (-0.55 / d)) < 1e-9)
        #expect(lab.readout.first?.hasPrefix("fit over") == true)
    }

    /// Offsets past Int's range (a runaway pull reached −5.9e20 pt) draw no rows instead of
    /// trapping; in range the rows in view are drawn.
    @Test(arguments: [-1e21, -6e20, 1e21, -.infinity, .nan, 0.0, 640])
    func anyOffsetDraws(offset: Double) {
        let lab = LabScene()
        var list = DrawList()
        lab.drawContent(into: &list, offset: offset)
        let titles = Set((0..<47).map(Art.title))
        let rows = list.commands.filter {
            if case .text(let text, _, _, _, _, _, _) = $0 { return titles.contains(text) }; return false
        }
        #expect(offset.isFinite && abs(offset) < 1e4 ? rows.count > 5 : rows.isEmpty, "\(offset): \(rows.count) rows")
    }

    @Test func heightsTableMatchesTheModelAndSitsBesideTheSeed() {
        let lab = LabScene()
        lab.pressControl("heights", at: 0)
        #expect(lab.table.count == 5)
        for (row, seed) in zip(lab.table, LabScene.seedTable) {
            #expect(abs(row.k - (-0.55 / row.height)) < 1e-9)
            #expect(abs(row.b - 0.55) < 1e-9)
            #expect(abs(row.k - seed.k) / abs(seed.k) < 0.035)  // within the seed's measuring error
        }
        #expect(lab.readout.count == 2 + 1 + 5)
        lab.pressControl("clear", at: 0)
        #expect(lab.points.isEmpty)
        #expect(LabScene.fit([]) == nil)
    }

    /// The lab measures the feel it runs: Framer Motion's elastic pull shows a fixed share of
    /// the finger (g = dragElastic whatever f: k = 0), not UIKit's rubber band.
    @Test func theModelLineIsTheRunningFeels() throws {
        let framer = FramerModel()
        let elastic = try #require(framer.value(of: "dragElastic"))
        let lab = LabScene(feel: Feel(framer))
        lab.pressControl("heights", at: 0)
        for row in lab.table {
            #expect(abs(row.k) < 1e-9 && abs(row.b - elastic) < 1e-9, "\(row)")
        }
        #expect(
            lab.readout.contains { $0.hasPrefix("model: k = 0.0, b = \(LabScene.format(elastic, 4))") },
            "\(lab.readout)")
    }
}

@Suite struct CarouselInsetTests {
    @Test func everyCellLandsCentredWhateverTheInset() {
        let carousel = CarouselScene(cellWidth: 300, spacing: 12, cellCount: 5, sectionInset: 16)
        // the article “iOS UIScrollView paging effect”: target = i·312 − (195 − 150 − 16) = i·312 − 29.
        #expect(carousel.mainAxis.snapTargets.offsets == [-29, 283, 595, 907, 1219])
        #expect(carousel.mainAxis.bounds.lowerBound == -29)
        drag(carousel, from: Point(x: 300, y: 400), to: Point(x: 200, y: 400), duration: 0.05)
        carousel.advance(to: 3)
        let frame = carousel.cellFrame(1, offset: carousel.mainAxis.offset(at: 3))
        #expect(abs(frame.x + frame.width / 2 - 195) < 1e-9)
        carousel.setControl("spacing", to: 30, at: 3)
        carousel.advance(to: 6)
        let moved = carousel.cellFrame(1, offset: carousel.mainAxis.offset(at: 6))
        #expect(abs(moved.x + moved.width / 2 - 195) < 1e-9)  // re-centred after the change
    }
}
