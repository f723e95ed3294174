import Testing
@testable import Playground

@Suite struct EventTimesTests {
    @Test func aBurstKeepsTheServersSpacing() {
        var times = EventTimes()
        // Server clock 5,000 s behind SDL's. The first event read at once, then a burst of four
        // events 12 ms apart read together 60 ms late, all pumped at one time.
        #expect(abs(times.time(serverMilliseconds: 1_000, pumped: 5_001) - 5_001) < 1e-9)
        let burst = [1_100.0, 1_112, 1_124, 1_136].map { times.time(serverMilliseconds: $0, pumped: 5_001.2) }
        for (i, t) in burst.enumerated() { #expect(abs(t - (5_001.1 + 0.012 * Double(i))) < 1e-9) }
    }

    @Test func theLeastDelayedEventSetsTheOffsetAndTimesNeverExceedThePumpedTime() {
        var times = EventTimes()
        #expect(abs(times.time(serverMilliseconds: 2_000, pumped: 10.05) - 10.05) < 1e-9)  // read 50 ms late
        #expect(abs(times.time(serverMilliseconds: 2_100, pumped: 10.1) - 10.1) < 1e-9)  // read at once: better
        #expect(abs(times.time(serverMilliseconds: 2_000, pumped: 10.3) - 10.0) < 1e-9)
    }

    @Test func withoutAServerTimeOrAfterARestartThePumpedTimeCounts() {
        var times = EventTimes()
        #expect(times.time(serverMilliseconds: nil, pumped: 3) == 3)
        #expect(times.time(serverMilliseconds: -1, pumped: 3) == 3)
        #expect(times.time(serverMilliseconds: .nan, pumped: 3) == 3)
        _ = times.time(serverMilliseconds: 4_294_967_000, pumped: 100)
        // The 32-bit millisecond counter wrapped: estimate again rather than jump 49 days.
        #expect(abs(times.time(serverMilliseconds: 500, pumped: 101) - 101) < 1e-9)
    }
}
