import Testing
import Drawing
import ScrollPhysics
@testable import Scenes

/// Content pulled past an edge: moved under UIKit's rubber band, stretched under Android's edge
/// effect (pinned at the edge pulled, its far end moved by the overshoot).
@Suite struct StretchTests {
    /// Every text line of the list's content and where its top is (pt).
    func lines(_ scene: any ScrollScene, at t: Double) -> [String: Double] {
        var list = DrawList()
        scene.draw(into: &list, at: t)
        var found: [String: Double] = [:]
        for case let .text(text, _, y, _, _, _, _) in list.commands where found[text] == nil { found[text] = y }
        return found
    }

    /// A slow pull down from the top by 300 pt of finger, held.
    func pull(_ scene: any ScrollScene) -> Double {
        scene.handle(TimedInput(time: 0, event: .down(Point(x: 200, y: 200))))
        for i in 1...30 {
            scene.handle(TimedInput(time: Double(i) * 0.02, event: .move(Point(x: 200, y: 200 + Double(i) * 10))))
        }
        scene.advance(to: 0.6)
        return scene.mainAxis.offset(at: 0.6)
    }

    @Test(arguments: [false, true])
    func pulledContentIsMovedOrStretchedAsTheFeelDrawsIt(stretched: Bool) throws {
        let feel = stretched ? Feel(AndroidModel()) : Feel.standard
        let rest = lines(SceneSetup.cards(count: 50).makeScene(viewport: .phone, feel: feel), at: 0)
        let scene = SceneSetup.cards(count: 50).makeScene(viewport: .phone, feel: feel)
        let offset = pull(scene)
        #expect(offset < -5, "pulled to \(offset)")
        let over = -offset, length = 844.0
        let pulled = lines(scene, at: 0.6)
        let title = "Morning light over the bay"
        let y0 = try #require(rest[title]), y1 = try #require(pulled[title])
        if stretched {
            // Pinned at the top edge: a line at y moves by y·d/L (its middle), not by d.
            let middle = y0 + TextStyle.headline.lineHeight / 2
            #expect(abs((y1 - y0) - middle * over / length) < 1e-9, "moved \(y1 - y0) pt with \(over) pt of stretch")
            #expect(y1 - y0 < over / 2)
            #expect(scene.mainAxis.feel.overscrollDrawing == .stretched)
        } else {
            #expect(abs((y1 - y0) - over) < 1e-9, "moved \(y1 - y0) pt, pulled \(over) pt")
        }
    }

    @Test func aStretchMapsShapesAndMovesText() {
        let s = Stretch(axis: .y, pivot: 844, factor: 1.25)
        #expect(
            s.apply(.rect(Rect(x: 10, y: 744, width: 100, height: 40), fill: .solid(.white), cornerRadius: 8))
                == .rect(Rect(x: 10, y: 719, width: 100, height: 50), fill: .solid(.white), cornerRadius: 8))
        #expect(
            s.apply(.circle(centerX: 5, centerY: 844, radius: 3, color: .white))
                == .circle(centerX: 5, centerY: 844, radius: 3, color: .white))
        #expect(Stretch(axis: .x, pivot: 0, factor: .nan).factor == 1)
        let text = Stretch(axis: .x, pivot: 0, factor: 2).apply(
            .text("a", x: 10, y: 5, style: .body, color: .white, maxWidth: 50))
        #expect(text == .text("a", x: 20, y: 5, style: .body, color: .white, maxWidth: 100))
    }
}
