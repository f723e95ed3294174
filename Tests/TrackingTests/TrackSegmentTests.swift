import Foundation
import Testing
@testable import Tracking

@Suite struct TrackSegmentTests {
    static func frames(_ offsets: [Double], fps: Double = 60) -> [TrackedFrame] {
        offsets.enumerated().map { TrackedFrame(t: Double($0.offset) / fps, offset: $0.element, confidence: 1) }
    }

    @Test func flingIsDragGlideRest() {
        // Rest, a drag speeding up to frame 13, a glide decaying, rest.
        var offsets = [Double](repeating: 0, count: 10)
        for k in 1...4 { offsets.append(Double(k * k) * 5) }  // 5, 20, 45, 80: speeding up
        let released = offsets.last!
        for k in 1...60 { offsets.append(released + 400 * (1 - exp(-Double(k) / 10))) }
        offsets += [Double](repeating: offsets.last!, count: 12)
        let kinds = TrackSegment.find(in: Self.frames(offsets)).map(\.kind)
        #expect(kinds == [.rest, .drag, .glide, .rest], "\(kinds)")
        let glide = TrackSegment.find(in: Self.frames(offsets)).first { $0.kind == .glide }!
        #expect(glide.first == 13 || glide.first == 14, "release at frame \(glide.first)")
    }

    /// A drag whose drawing stalls for one frame and catches up (the chart GIF's third fling at 25
    /// fps: 72 pt, then 21 and 23, then 34 and 67 under one finger) is one drag and one glide: the
    /// content was never free of the finger (it was a drag, a glide of one frame, and a second
    /// drag). Let go for 0.2 s before the next push, it is two flings.
    @Test func aDrawStallInADragIsNoNewTouch() {
        var offsets = [Double](repeating: 0, count: 12)
        for step in [72.0, 21, 23, 34, 67] { offsets.append(offsets.last! - step) }
        let released = offsets.last!
        for k in 1...16 { offsets.append(released - 345 * (1 - exp(-Double(k) / 4))) }
        offsets += [Double](repeating: offsets.last!, count: 8)
        let kinds = TrackSegment.find(in: Self.frames(offsets, fps: 25)).map(\.kind)
        #expect(kinds == [.rest, .drag, .glide, .rest], "\(kinds)")
        // A lift: after the first push the content glides for 0.2 s (5 frames), then is pushed on.
        var lifted = [Double](repeating: 0, count: 12)
        for step in [72.0, 60, 45, 34, 26, 20, 80, 90] { lifted.append(lifted.last! - step) }
        let second = lifted.last!
        for k in 1...16 { lifted.append(second - 345 * (1 - exp(-Double(k) / 4))) }
        lifted += [Double](repeating: lifted.last!, count: 8)
        let two = TrackSegment.find(in: Self.frames(lifted, fps: 25)).map(\.kind)
        #expect(two == [.rest, .drag, .glide, .drag, .glide, .rest], "\(two)")
    }

    /// A finger at a steady 2,880 pt/s drawn in whole pixels (steps of 47 and 48 px, the first a
    /// little faster than the last), let go and landing on a page: the glide starts after the
    /// last steady step, not at the step that happened to read fastest.
    @Test func aSteadyDragEndsAtItsLastSteadyFrame() {
        var offsets: [Double] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        for step in [48.0, 47, 47, 48, 47, 47] { offsets.append(offsets.last! + step) }
        let lift = offsets.count - 1, landed = offsets.last!
        for k in 1...12 { offsets.append(landed + 86 * (1 - exp(-47 * Double(k) / 60))) }
        offsets += [Double](repeating: offsets.last!, count: 12)
        let segments = TrackSegment.find(in: Self.frames(offsets))
        #expect(segments.map(\.kind) == [.rest, .drag, .glide, .rest])
        #expect(segments[2].first == lift, "release at frame \(segments[2].first), the finger lifted at \(lift)")
        // A glide at UIKit's normal rate slows 3.3 % a frame at 60 fps: its first frame is not
        // taken for the finger's.
        var glide: [Double] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        for k in 1...4 { glide.append(Double(k * k) * 5) }
        let released = glide.count - 1
        for k in 1...150 { glide.append(80 + 2000 / 2 * (1 - pow(0.998, 1000 * Double(k) / 60))) }
        glide += [Double](repeating: glide.last!, count: 12)
        let found = TrackSegment.find(in: Self.frames(glide)).first { $0.kind == .glide }
        #expect(found?.first == released || found?.first == released + 1, "\(String(describing: found))")
    }

    @Test func pullHoldAndReleaseIsDragReturnRest() {
        var offsets = [Double](repeating: 0, count: 10)
        offsets += (1...20).map { -Double($0) * 4 }  // pulled past the top
        offsets += [Double](repeating: -80, count: 8)  // held
        for k in 1...40 { offsets.append(-80 * exp(-Double(k) / 6)) }  // let go: back to 0
        offsets += [Double](repeating: 0, count: 10)
        let kinds = TrackSegment.find(in: Self.frames(offsets)).map(\.kind)
        #expect(kinds == [.rest, .drag, .return, .rest], "\(kinds)")
    }

    /// The lift can pull the content one last step further out (the finger's last sample
    /// through the rubber band) before it comes back: the hold just before that step still
    /// makes it a drag and a return, not a drag, a glide and a return. The offsets are a track
    /// of a clip of the pull past the top (the rubber band slowing the content as it is pulled).
    @Test func aHoldBeforeALastStepOutIsStillAHold() {
        let offsets: [Double] = [
            0.000, -2.024, -8.993, -15.991, -22.994, -29.994, -37.005, -43.005, -50.004, -56.005,
            -63.004, -69.004, -78.004, -83.993, -90.003, -95.993, -101.993, -106.992, -113.005,
            -117.993, -123.992, -129.014, -134.005, -139.005, -147.016, -152.016, -157.003, -162.030,
            -166.005, -170.982, -176.015, -179.992, -185.006, -189.000, -193.993, -198.015, -202.027,
            -202.023, -202.011, -202.011, -202.011, -202.011, -202.011, -202.011, -202.011, -202.011,
            -202.011, -201.993, -204.010, -195.016, -175.014, -149.981, -125.993, -103.038, -83.016,
            -66.017, -52.035, -41.025, -31.991, -24.001, -18.988, -13.990, -11.007, -7.991, -5.991,
            -4.991, -3.991, -3.014, -1.990, -1.013, -1.013, -0.996, -1.001, -0.013, 0.010, -0.013,
            -0.013, -0.013, -0.013, -0.013, -0.001, -0.001, -0.001, -0.001, -0.001, -0.001, -0.001,
            -0.001, -0.001
        ]
        let kinds = TrackSegment.find(in: Self.frames(offsets)).map(\.kind)
        #expect(kinds == [.rest, .drag, .return, .rest] || kinds == [.drag, .return, .rest], "\(kinds)")
    }

    /// A return whose last steps creep a hair past where it rests (−0.98 pt before resting at
    /// −0.996, as a tracked pixel-quantised return does) is still a return from the hold, not a
    /// drag and a glide: which side it comes from is read from the last frame clearly away from
    /// the rest.
    @Test func aReturnEndingWithAPixelsCreepIsAReturn() {
        var offsets = [Double](repeating: 0, count: 10)
        offsets += (1...20).map { -Double($0) * 10 }  // pulled 200 pt past the top
        offsets += [Double](repeating: -200, count: 12)  // held 0.2 s
        for k in 1...20 { offsets.append(-2 - 198 * exp(-Double(k) / 4)) }  // let go
        offsets += [-2, -0.98, -0.99, -0.985] + [Double](repeating: -0.996, count: 12)
        let kinds = TrackSegment.find(in: Self.frames(offsets)).map(\.kind)
        #expect(kinds == [.rest, .drag, .return, .rest], "\(kinds)")
    }

    /// The end of a glide a browser draws in whole pixels now and then: rests with steps of a few
    /// points between them are one rest, not drags and glides of their own.
    @Test func stepsBetweenRestsAreRest() {
        var offsets = [Double](repeating: 0, count: 10)
        for k in 1...40 { offsets.append(300 * (1 - exp(-Double(k) / 8))) }
        let end = offsets.last!
        offsets +=
            [Double](repeating: end, count: 15) + [Double](repeating: end + 4.7, count: 15)
            + [Double](repeating: end + 6.7, count: 15)
        let kinds = TrackSegment.find(in: Self.frames(offsets)).map(\.kind)
        #expect(kinds == [.rest, .drag, .glide, .rest], "\(kinds)")
        // A real motion between two rests stays one.
        let nudge =
            [Double](repeating: 0, count: 15) + (1...10).map { Double($0) * 2 } + [Double](repeating: 20, count: 15)
        #expect(TrackSegment.find(in: Self.frames(nudge)).map(\.kind).contains(.drag))
    }

    @Test func emptyAndSingleFrame() {
        #expect(TrackSegment.find(in: []).isEmpty)
        #expect(TrackSegment.find(in: Self.frames([3])).map(\.kind) == [.rest])
    }
}
