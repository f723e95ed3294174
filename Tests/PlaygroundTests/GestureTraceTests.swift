import Foundation
import Testing
import Scenes
import ScrollPhysics
@testable import Playground

/// The plots' whole gesture, touch-down to rest, and the numbers of the table under them.
@Suite struct GestureTraceTests {
    func session(_ feel: Feel = .standard, comparing: Bool = false) throws -> TestSession {
        let s = try TestSession(
            setups: [.cards(count: 400)], initial: 0, viewport: .phone, feel: feel, tracePath: nil, realTime: 10)
        if comparing { s.send([.setComparing(true)], at: 10) }
        return s
    }

    /// A flick from (200, 700) by `dy` (negative: up) in 10 moves 8 ms apart from `start`, then
    /// frames at 60 Hz for `seconds`.
    func flick(_ s: TestSession, start: Double, dy: Double = -240, seconds: Double = 12) {
        s.frame(at: start - 0.1)
        s.pointerDown(at: Point(x: 200, y: 700), time: start)
        for i in 1...10 {
            s.pointerMoved(to: Point(x: 200, y: 700 + dy * Double(i) / 10), time: start + 0.008 * Double(i))
        }
        s.pointerUp(at: Point(x: 200, y: 700 + dy), time: start + 0.08)
        var t = start + 0.08
        while t < start + seconds { t += 1.0 / 60; s.frame(at: t) }
    }

    @Test func aFlickIsKeptWholeFromTouchDownToRest() throws {
        let s = try session()
        flick(s, start: 20)
        let g = s.sides[0].gesture
        let axis = s.sides[0].scene.mainAxis
        #expect(g.times.first == 0)
        let rest = try #require(g.restTime)
        #expect(g.times.last == rest)
        #expect(g.offsets.last == axis.offset(at: s.sceneTime(at: 32)))
        let summary = try #require(g.summary)
        let release = try #require(g.release)
        #expect(abs(release.time - 0.08) < 1e-9)
        // The finger's 240 pt in 80 ms as UIKit's recognizer measures it (smoothed): about 3,000 pt/s.
        let v = try #require(summary.releaseVelocity)
        #expect(v > 2700 && v < 3100, "released at \(v) pt/s")
        // The glide starts at the next frame (up to 16.7 ms later, at r^ms of the speed) and goes
        // v·r/(1 − r)/1000 = 0.499 s × v; it stops at 10 pt/s, ln(v/10)/μ s after (μ = 2.002 /s).
        let glide = try #require(summary.glideDistance)
        let r = 0.998
        #expect(
            glide <= v * r / (1 - r) / 1000 + 1 && glide >= v * pow(r, 16.7) * r / (1 - r) / 1000 - 5,
            "glide \(glide) pt from \(v) pt/s")
        let stop = log(v / 10) / (-1000 * log(r))
        #expect(
            rest - 0.08 > stop - 0.1 && rest - 0.08 < stop + 0.1,
            "at rest \(rest - 0.08) s after the lift, the equation says \(stop)")
        #expect(abs(try #require(summary.timeToRest) - (rest - 0.08)) < 1e-9)
        #expect(summary.peakVelocity >= v)
        #expect(summary.overshoot == 0)
        // Rest frames add nothing; the next touch starts a new gesture.
        let count = g.times.count
        s.frame(at: 40)
        #expect(s.sides[0].gesture.times.count == count)
        s.pointerDown(at: Point(x: 200, y: 600), time: 41)
        s.frame(at: 41.02)
        #expect(s.sides[0].gesture.times.count == 2)
        #expect(s.sides[0].gesture.restTime == nil)
    }

    @Test func aPullPastTheTopShowsItsOvershoot() throws {
        let s = try session()
        // Downward from the top: the rubber band, then the return.
        flick(s, start: 20, dy: 240, seconds: 4)
        let g = s.sides[0].gesture
        let summary = try #require(g.summary)
        let farthest = -(g.offsets.min() ?? 0)
        #expect(farthest > 20)
        #expect(summary.overshoot == farthest)
        #expect(g.restTime != nil)
        #expect(abs(g.offsets.last ?? 1) < 0.5)
    }

    @Test func bothSidesKeepTheirOwnGestureFromTheSameFinger() throws {
        let s = try session(comparing: true)
        s.send([.edit(side: 1), .applyPreset(id: "uikit-fast")], at: 11)
        flick(s, start: 20)
        let a = try #require(s.sides[0].gesture.summary), b = try #require(s.sides[1].gesture.summary)
        // One finger, one release velocity, whatever each feel does with it.
        #expect(a.releaseVelocity == b.releaseVelocity)
        let ratio = try #require(a.glideDistance) / (try #require(b.glideDistance))
        // 0.998/0.002 ÷ 0.99/0.01 = 5.04, times (0.998/0.99)^ms for the ms between the lift and
        // the release frame (0 to 16.7 ms at 60 Hz): 5.04 to 5.77.
        #expect(ratio > 5.0 && ratio < 5.8, "A glides \(ratio)× B")
        #expect(try #require(a.timeToRest) > (try #require(b.timeToRest)))
    }

    @Test func aWheelGestureHasNoLiftAndAnEmptySessionNoGesture() throws {
        let s = try session()
        #expect(s.sides[0].gesture.summary == nil)
        #expect(GestureTable.row("A", nil) == ["A", "–", "–", "–", "–", "–"])
        s.session.wheel(x: 0, y: -1, flipped: false, time: 20)
        var t = 20.0
        while t < 22 { t += 1.0 / 60; s.frame(at: t) }
        let summary = try #require(s.sides[0].gesture.summary)
        #expect(summary.releaseVelocity == nil)
        #expect(try #require(summary.glideDistance) > 0)
    }

    @Test func aGestureLongerThanItsCapacityKeepsItsStartAndItsRest() {
        var g = GestureTrace()
        g.begin(at: 5, offset: 0, velocity: 10)
        for k in 1...(GestureTrace.capacity + 500) {
            g.append(at: 5 + Double(k) / 60, offset: Double(k), velocity: 10, atRest: false)
        }
        #expect(g.times.count == GestureTrace.capacity)
        g.append(at: 200, offset: 7, velocity: 0, atRest: true)
        #expect(g.times.count == GestureTrace.capacity)
        #expect(g.times.last == 195 && g.offsets.last == 7 && g.restTime == 195)
        // Nothing after rest, nothing not finite, nothing backwards.
        g.append(at: 300, offset: 1, velocity: 0, atRest: false)
        #expect(g.times.last == 195)
        var h = GestureTrace()
        h.begin(at: 0, offset: 0, velocity: 0)
        h.append(at: .nan, offset: 1, velocity: 1, atRest: false)
        h.append(at: 1, offset: .infinity, velocity: 1, atRest: false)
        h.append(at: -1, offset: 1, velocity: 1, atRest: false)
        #expect(h.times == [0])
    }

    /// While the finger is down the trace keeps the content's own speed frame to frame: two moves
    /// a millisecond apart made the finger's estimate a one-frame needle (15,482 pt/s read for a
    /// slow pull) the content never moved at. After the lift the model's velocity is kept.
    @Test func aDragKeepsTheContentsSpeedNotTheFingersNeedle() {
        var g = GestureTrace()
        g.begin(at: 1, offset: 0, velocity: 0)
        // 5 pt a frame at 60 Hz is 300 pt/s; the finger's estimate spikes on the second frame.
        for (i, reported) in [300.0, 15482, 310, 295].enumerated() {
            g.append(
                at: 1 + Double(i + 1) / 60, offset: 5 * Double(i + 1), velocity: reported, atRest: false,
                dragging: true)
        }
        g.lift(at: 1 + 4 / 60, offset: 20, velocity: 320)
        g.append(at: 1 + 5 / 60, offset: 25, velocity: 318, atRest: false)
        for (kept, expected) in zip(g.velocities, [0.0, 300, 300, 300, 300, 318]) {
            #expect(abs(kept - expected) < 1e-6, "\(g.velocities)")
        }
        // The peak is the lift's speed, not the needle.
        #expect(g.summary?.peakVelocity == 320)
        // Without a finger down (a wheel's glide, a key) the model's own velocity is kept.
        var w = GestureTrace()
        w.begin(at: 0, offset: 0, velocity: 900)
        w.append(at: 1 / 60, offset: 14, velocity: 880, atRest: false)
        #expect(w.velocities == [900, 880])
    }

    @Test func theTableSaysNumbersAsAPersonReadsThem() {
        #expect(GestureTable.number(2056.3) == "2,056")
        #expect(GestureTable.number(-1234567) == "−1,234,567")
        #expect(GestureTable.number(12.34) == "12.3")
        #expect(GestureTable.number(.nan) == "–")
        let row = GestureTable.row(
            "A · Floaty",
            GestureTrace.Summary(
                releaseVelocity: 3000, glideDistance: 1498.5, timeToRest: 4.25,
                peakVelocity: 3100, overshoot: 0))
        #expect(row == ["A · Floaty", "3,000 pt/s", "1,499 pt", "4.25 s", "3,100 pt/s", "0.0 pt"])
    }
}
