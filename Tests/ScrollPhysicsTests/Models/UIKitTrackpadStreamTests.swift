import Foundation
import Testing
@testable import ScrollPhysics

/// A touchpad stream through UIKit's recognizer: every event is a sample (several in one display
/// frame each count), against a replica of the recognizer written here.
@Suite struct UIKitTrackpadStreamTests {
    /// Event times (s) and content deltas (pt): three or four events in each 16.7 ms frame,
    /// unevenly spaced and sized, speeding up then easing.
    static let events: [(t: Double, delta: Double)] = [
        (0.0020, 3), (0.0070, 5), (0.0150, 4), (0.0190, 6), (0.0230, 7), (0.0290, 9), (0.0330, 8),
        (0.0360, 9), (0.0410, 12), (0.0460, 10), (0.0490, 11), (0.0540, 13), (0.0580, 9), (0.0650, 14),
        (0.0680, 8), (0.0720, 10), (0.0790, 12), (0.0810, 5), (0.0850, 9), (0.0880, 7)
    ]

    /// UIKit's recognizer, per event: s = Δx/Δt (pt/ms), V = 0.2·s + 0.8·s_previous; the release
    /// blends the last two drag updates' V as 0.25 latest + 0.75 previous (pt/ms).
    static func replicaRelease(_ events: [(t: Double, delta: Double)], from t0: Double) -> Double {
        var lastT = t0, x = 0.0, lastS = 0.0
        var vs: [Double] = []
        for event in events {
            x += event.delta
            let s = event.delta / ((event.t - lastT) * 1000)
            vs.append(0.2 * s + 0.8 * lastS)
            lastS = s
            lastT = event.t
        }
        let latest = vs[vs.count - 1], previous = vs[vs.count - 2]
        return abs(latest) < 0.25 ? 0 : 0.75 * previous + 0.25 * latest
    }

    @Test func severalEventsInOneFrameEachCountInTheReleaseVelocity() {
        var axis = ScrollAxis(viewportLength: 874, bounds: 0...20_000, feel: Feel(ScrollParameters()))
        axis.beginDrag(at: 0, pointer: 0, input: .touchpad)
        for event in Self.events { axis.dragScrolled(at: event.t, by: event.delta) }
        let last = Self.events.last!.t
        let release = try! #require(axis.endScrollStream(at: last + 0.005, lastEventTime: last, lifted: true).release)
        let expected = Self.replicaRelease(Self.events, from: 0)
        #expect(abs(release.velocity / 1000 - expected) < 1e-9, "\(release.velocity / 1000) vs \(expected) pt/ms")
        // Read once per 60 Hz frame instead (the events of a frame summed at its end), the
        // release would differ by more than 10 %: the per-event reading is what is tested.
        var frames: [(t: Double, delta: Double)] = []
        for event in Self.events {
            let end = (event.t * 60).rounded(.up) / 60
            if let i = frames.firstIndex(where: { $0.t == end }) {
                frames[i].delta += event.delta
            } else {
                frames.append((end, event.delta))
            }
        }
        let perFrame = Self.replicaRelease(frames, from: 0)
        #expect(abs(perFrame - expected) > 0.1 * expected, "per frame \(perFrame) vs per event \(expected)")
    }
}
