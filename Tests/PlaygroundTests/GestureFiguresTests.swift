import Foundation
import Testing
import Scenes
import ScrollPhysics
@testable import Playground

/// The figures of the table under the plots, against the same quantities measured here from the
/// scroll views themselves, frame by frame: the glide is the distance the content travelled
/// from the lift to rest, the overshoot how far a scroll view went past an edge of its own
/// content.
@Suite struct GestureFiguresTests {
    /// A drag from `from` by `by` in 10 moves 8 ms apart from `start`, then frames at 60 Hz for
    /// `seconds`; `each` sees every frame's scene time.
    func flick(
        _ s: TestSession, from: Point, by: Point, start: Double, seconds: Double = 8,
        each: (Double) -> Void = { _ in }
    ) {
        s.frame(at: start - 0.1)
        s.pointerDown(at: from, time: start)
        for i in 1...10 {
            let f = Double(i) / 10
            s.pointerMoved(to: Point(x: from.x + by.x * f, y: from.y + by.y * f), time: start + 0.008 * Double(i))
        }
        s.pointerUp(at: Point(x: from.x + by.x, y: from.y + by.y), time: start + 0.08)
        var t = start + 0.08
        while t < start + seconds {
            t += 1.0 / 60
            s.frame(at: t)
            each(s.sceneTime(at: t))
        }
    }

    /// Distance travelled by the samples after the lift (from the lift's offset), pt.
    func travelled(_ g: GestureTrace) throws -> Double {
        let release = try #require(g.release)
        var last = release.offset, sum = 0.0
        for (t, x) in zip(g.times, g.offsets) where t > release.time {
            sum += abs(x - last)
            last = x
        }
        return sum
    }

    /// Momentum through the adapter: the left list glides to its end and the right one takes it
    /// on and bounces. The overshoot is the farthest either list went past an end of its own
    /// content (a bounce of some 25 pt), not the joined offset past the left list's end (the
    /// right list's whole offset, over 1,600 pt).
    @Test func theAdaptersOvershootIsEachListsOwn() throws {
        for (dy, elastic) in [(-420.0, false), (-300.0, false), (-420.0, true)] {
            let s = try TestSession(
                setups: [.adapters], initial: 0, viewport: .phone, feel: .standard, tracePath: nil, realTime: 10)
            if elastic { s.send([.setSceneControl(id: "elastic", value: 1)], at: 10) }
            let scene = try #require(s.scene as? AdaptersScene)
            var farthest = 0.0
            flick(s, from: Point(x: 100, y: 700), by: Point(x: 0, y: dy), start: 20, seconds: 12) { t in
                for axis in scene.lists {
                    let x = axis.offset(at: t)
                    farthest = max(farthest, axis.bounds.lowerBound - x, x - axis.bounds.upperBound)
                }
            }
            let summary = try #require(s.sides[0].gesture.summary)
            #expect(s.sides[0].gesture.restTime != nil)
            #expect(abs(summary.overshoot - farthest) < 1e-9, "dy \(dy): \(summary.overshoot) pt, lists \(farthest) pt")
            #expect(summary.overshoot < 200, "dy \(dy): \(summary.overshoot) pt")
        }
    }

    /// A list's bounce off its end reads the same as before: the farthest past the end.
    @Test func aListsOvershootIsItsBounce() throws {
        let s = try TestSession(
            setups: [.list(contentLength: 1500)], initial: 0, viewport: .phone, feel: .standard, tracePath: nil,
            realTime: 10)
        var farthest = 0.0
        flick(s, from: Point(x: 200, y: 700), by: Point(x: 0, y: -300), start: 20) { t in
            let axis = s.scene.mainAxis
            farthest = max(
                farthest, axis.bounds.lowerBound - axis.offset(at: t), axis.offset(at: t) - axis.bounds.upperBound)
        }
        let summary = try #require(s.sides[0].gesture.summary)
        #expect(farthest > 5)
        #expect(abs(summary.overshoot - farthest) < 1e-9)
    }

    /// The carousel: hard and soft flings both ways, and a long drag flung back. The glide is the
    /// distance travelled from the lift to rest, never negative: a fling that goes on and springs
    /// back to a cell behind the lift travelled both ways.
    @Test func theGlideIsTheDistanceTravelledAfterTheLift() throws {
        var springsBack = 0
        for (from, dx) in [(300.0, -360.0), (300.0, -120.0), (60.0, 320.0), (340.0, -40.0), (200.0, -200.0)] {
            let s = try TestSession(
                setups: [.carousel(cellWidth: 300, spacing: 12, cells: 10)], initial: 0, viewport: .phone,
                feel: .standard, tracePath: nil, realTime: 10)
            // Start from the third cell, so a fling either way has cells to go to.
            s.send([.pointer(.down(Point(x: 300, y: 400)))], at: 11)
            for i in 1...30 {
                s.send([.pointer(.move(Point(x: 300 - 20 * Double(i), y: 400)))], at: 11 + 0.05 * Double(i))
            }
            s.send([.pointer(.up(Point(x: -300, y: 400)))], at: 12.6)
            for i in 1...300 { s.frame(at: 12.6 + Double(i) / 60) }
            flick(s, from: Point(x: from, y: 400), by: Point(x: dx, y: 0), start: 20)
            let g = s.sides[0].gesture
            let summary = try #require(g.summary)
            let glide = try #require(summary.glideDistance)
            let travel = try travelled(g)
            let net = (g.offsets.last ?? 0) - (g.release?.offset ?? 0)
            if travel > abs(net) + 1 { springsBack += 1 }
            #expect(glide >= 0, "dx \(dx): glide \(glide) pt")
            #expect(abs(glide - travel) < 1e-6, "dx \(dx): glide \(glide) pt, travelled \(travel) pt, net \(net) pt")
        }
        #expect(springsBack > 0, "one fling goes on and comes back")
    }

    /// A on UIKit normal, B on UIKit fast, one fling, then Swap: the curves keep the names of the
    /// feels that made them, in the table (the panel's and the exported plot's) and the picture
    /// of both phones, which names what runs now and what made the last gesture.
    @Test func aSwapAfterAGestureRenamesThePhonesNotTheCurves() throws {
        let s = try TestSession(
            setups: [.cards(count: 400)], initial: 0, viewport: .phone, feel: .standard, tracePath: nil, realTime: 10)
        s.send([.setComparing(true), .edit(side: 1), .applyPreset(id: "uikit-fast")], at: 11)
        flick(s, from: Point(x: 200, y: 700), by: Point(x: 0, y: -240), start: 20, seconds: 10)
        let before = s.gestureTable
        let glides = try s.sides.map { try #require($0.gesture.summary?.glideDistance) }
        #expect(glides[0] > 4 * glides[1], "A glides \(glides[0]) pt, B \(glides[1]) pt")
        s.send([.swapSides], at: 31)
        #expect(s.sides.map(\.title) == ["A · UIKit fast", "B · UIKit normal"])
        #expect(s.sides.map(\.gestureTitle) == ["A · UIKit normal", "B · UIKit fast"])
        #expect(s.gestureTable == before)
        #expect(s.gestureTable.map(\.first) == ["", "A · UIKit normal", "B · UIKit fast"])
        #expect(s.panelState(at: 31).sides.map(\.gestureTitle) == ["A · UIKit normal", "B · UIKit fast"])
        #expect(
            s.sides.map(\.pictureTitle) == [
                "A · UIKit fast (last gesture: UIKit normal)", "B · UIKit normal (last gesture: UIKit fast)"
            ])
        // The next gesture is the new feels'.
        flick(s, from: Point(x: 200, y: 700), by: Point(x: 0, y: -240), start: 40, seconds: 10)
        #expect(s.sides.map(\.gestureTitle) == ["A · UIKit fast", "B · UIKit normal"])
        #expect(s.sides.map(\.pictureTitle) == s.sides.map(\.title))
        // A feel changed while a gesture runs: its curve names both.
        s.send([.edit(side: 0)], at: 50)
        flick(s, from: Point(x: 200, y: 700), by: Point(x: 0, y: -240), start: 60, seconds: 0.3)
        s.send([.applyPreset(id: "floaty")], at: 60.4)
        var t = 60.4
        while t < 70 { t += 1.0 / 60; s.frame(at: t) }
        #expect(s.sides[0].gestureTitle == "A · UIKit fast → Floaty")
    }
}
