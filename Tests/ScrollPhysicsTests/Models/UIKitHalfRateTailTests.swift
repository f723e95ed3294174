import Foundation
import Testing
@testable import ScrollPhysics

/// iOS 26's half-rate tail (`halfRateTail`): off by default; on, a glide that moves ≤ 0.75 pt a
/// display frame changes only every other frame, showing the glide's own position then.
@Suite struct UIKitHalfRateTailTests {
    func flung(hz: Double, halfRate: Bool) -> (ScrollAxis, Double) {
        var parameters = ScrollParameters()
        parameters.refreshRate = hz
        parameters.halfRateTail = halfRate ? 1 : 0
        var axis = ScrollAxis(viewportLength: 874, bounds: 0...20_000, feel: Feel(parameters))
        axis.beginDrag(at: 0, pointer: 800)
        var y = 800.0
        for i in 1...12 {
            y -= 20
            axis.dragMoved(at: Double(i) / 120, pointer: y)
        }
        let release = axis.endDrag(at: 12.0 / 120).release!
        return (axis, release.time)
    }

    @Test func offByDefaultTheGlideIsUIKitsOwnAtEveryInstant() {
        #expect(ScrollParameters().halfRateTail == 0)
        let (off, t0) = flung(hz: 120, halfRate: false)
        let release = off.latestRelease!
        let glide = UIKitGlide(
            from: release.offset, velocity: release.velocity, rate: 0.998, lead: 1.0 / 120, stopSpeed: 10,
            pixelsPerPoint: 3)
        for k in 0..<1200 {
            let t = Double(k) / 240 + 0.001
            #expect(abs(off.offset(at: t0 + t) - glide.position(at: t)) < 1e-9, "\(t) s after release")
        }
    }

    @Test(arguments: [120.0, 60])
    func underThreeQuartersOfAPointAFrameOnlyEveryOtherFrameChanges(hz: Double) {
        let (off, t0) = flung(hz: hz, halfRate: false)
        let (on, _) = flung(hz: hz, halfRate: true)
        func frame(_ axis: ScrollAxis, _ k: Int) -> Double { axis.offset(at: t0 + Double(k) / hz) }
        // The first frame whose step to the next is ≤ 0.75 pt, found on the plain glide.
        var kh = 0
        while abs(frame(off, kh + 1) - frame(off, kh)) > 0.75 { kh += 1 }
        #expect(kh > 10)
        for k in 0..<kh { #expect(frame(on, k) == frame(off, k), "frame \(k) before the tail") }
        var changes = 0, frames = 0
        let end = Int(off.restingOffset.isFinite ? 8 * hz : 0)
        for k in kh..<end {
            let shown = frame(on, k)
            let expected = frame(off, kh + 2 * ((k - kh) / 2))
            #expect(abs(shown - expected) < 1e-9, "frame \(k): \(shown) vs \(expected)")
            if (k - kh) % 2 == 1 { #expect(shown == frame(on, k - 1), "odd frame \(k) holds") }
            if shown != frame(on, k - 1) { changes += 1 }
            frames += 1
        }
        #expect(changes > 5 && changes <= frames / 2 + 1)
        #expect(on.offset(at: t0 + 20) == off.offset(at: t0 + 20), "the same rest")
    }
}
