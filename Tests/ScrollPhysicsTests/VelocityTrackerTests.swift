import Testing
@testable import ScrollPhysics

@Suite struct VelocityTrackerTests {
    @Test(arguments: [1000.0, -2500, 37])
    func constantSpeedIsExact(speed: Double) {
        var tracker = VelocityTracker()
        for i in 0..<20 { tracker.add(time: Double(i) * 0.008, position: 300 + speed * Double(i) * 0.008) }
        #expect(close(tracker.velocity(at: 19 * 0.008), speed, 1e-6))
    }

    @Test func onlyTheLastWindowCounts() {
        var tracker = VelocityTracker(window: 0.1, stillness: 0.04)
        var x = 0.0
        for i in 0...50 {  // 0.4 s fast (3000 pt/s), then 0.1 s slow (200 pt/s)
            let t = Double(i) * 0.01
            tracker.add(time: t, position: x)
            x += (t < 0.4 ? 3000 : 200) * 0.01
        }
        #expect(close(tracker.velocity(at: 0.5), 200, 1e-6))
    }

    @Test func pointerThatRestedBeforeReleaseHasNoVelocity() {
        var tracker = VelocityTracker()
        for i in 0..<10 { tracker.add(time: Double(i) * 0.01, position: Double(i) * 20) }
        tracker.add(time: 0.2, position: 180)  // held still 110 ms, then released
        #expect(tracker.velocity(at: 0.2) == 0)
        // Asking later than the stillness window after the last sample also gives zero.
        var moving = VelocityTracker()
        for i in 0..<10 { moving.add(time: Double(i) * 0.01, position: Double(i) * 20) }
        #expect(moving.velocity(at: 0.09 + 0.05) == 0)
    }

    @Test func sparseSamplesOfAMovingPointerStillFling() {
        var tracker = VelocityTracker()
        tracker.add(time: 0, position: 600)
        tracker.add(time: 0.05, position: 520)
        tracker.add(time: 0.1, position: 400)
        #expect(close(tracker.velocity(at: 0.1), -2000, 1e-6))
        tracker.add(time: 0.2, position: 400)  // then rests 100 ms and lifts in place
        #expect(tracker.velocity(at: 0.2) == 0)
    }

    @Test func duplicateAndOutOfOrderSamplesAreSurvived() {
        var tracker = VelocityTracker()
        tracker.add(time: 0, position: 0)
        tracker.add(time: 0, position: 5)
        #expect(tracker.velocity(at: 0) == 0)  // no time elapsed: no slope
        tracker.add(time: 0.01, position: 10)
        tracker.add(time: 0.005, position: 999)  // older than the newest: ignored
        tracker.add(time: 0.02, position: 20)
        let v = tracker.velocity(at: 0.02)
        #expect(v.isFinite && v > 500 && v < 1500)
        tracker.add(time: .nan, position: 1)
        tracker.add(time: 0.03, position: .infinity)
        #expect(tracker.velocity(at: 0.02).isFinite)
    }

    @Test func emptyAndSingleSampleGiveZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(at: 1) == 0)
        tracker.add(time: 1, position: 1)
        #expect(tracker.velocity(at: 1) == 0)
    }

    @Test func wrapsAroundItsFixedStorage() {
        var tracker = VelocityTracker(window: 10, stillness: 1)
        for i in 0..<100 { tracker.add(time: Double(i) * 0.001, position: Double(i) * 2) }
        #expect(close(tracker.velocity(at: 0.099), 2000, 1e-6))
    }
}
