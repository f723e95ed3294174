import Testing
@testable import ScrollPhysics

@Suite struct SnapTargetsTests {
    @Test func nearestAndNeighbours() {
        let targets = SnapTargets([624, 0, 312, .nan])
        #expect(targets.offsets == [0, 312, 624])
        #expect(targets.nearestIndex(to: -50) == 0)
        #expect(targets.nearestIndex(to: 156) == 0)   // a tie takes the lower
        #expect(targets.nearestIndex(to: 157) == 1)
        #expect(targets.nearestIndex(to: 9999) == 2)
        #expect(targets.firstIndex(above: 312) == 2)
        #expect(targets.firstIndex(atOrAbove: 312) == 1)
        #expect(SnapTargets([]).nearestIndex(to: 0) == nil)
    }

    @Test func evenlySpacedScalesToManyTargets() {
        let targets = SnapTargets.evenlySpaced(count: 100_000, spacing: 312)
        #expect(targets.count == 100_000)
        #expect(targets.nearestIndex(to: 312 * 76_543 + 100) == 76_543)
        #expect(SnapTargets.evenlySpaced(count: 0, spacing: 10).isEmpty)
        #expect(SnapTargets.evenlySpaced(count: 3, spacing: 0).count == 1)
    }
}
