import Testing
@testable import ScrollPhysics

@Suite struct SnapTargetsTests {
    @Test func nearestAndNeighbours() {
        let targets = SnapTargets([624, 0, 312, .nan])
        #expect(targets.offsets == [0, 312, 624])
        #expect(targets.nearestIndex(to: -50) == 0)
        #expect(targets.nearestIndex(to: 156) == 0)  // a tie takes the lower
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

    /// Evenly spaced targets are computed, not stored: every look-up agrees with bisecting the
    /// same targets as a list, at targets, between them, outside, and for NaN and infinities.
    @Test(arguments: [(0.0, 844.0, 1), (-29.0, 312.0, 5), (-41.3, 312.7, 7), (12.5, 0.1, 1000), (-1e6, 3.3, 333)])
    func computedTargetsAgreeWithAList(first: Double, spacing: Double, count: Int) {
        let computed = SnapTargets.evenlySpaced(count: count, spacing: spacing, first: first)
        let listed = SnapTargets((0..<count).map { first + Double($0) * spacing })
        #expect(computed == listed && listed == computed)
        #expect(computed.count == count && computed.offsets == listed.offsets)
        var probes: [Double] = [
            .nan, .infinity, -.infinity, -1e300, 1e300, first - spacing, first, first + spacing * Double(count)
        ]
        for i in stride(from: 0, to: count, by: max(1, count / 50)) {
            let target = listed[i]
            probes += [
                target, target.nextUp, target.nextDown, target + spacing / 2, target - spacing / 2,
                target + spacing * 0.37
            ]
        }
        for offset in probes {
            #expect(computed.firstIndex(atOrAbove: offset) == listed.firstIndex(atOrAbove: offset), "≥ \(offset)")
            #expect(computed.firstIndex(above: offset) == listed.firstIndex(above: offset), "> \(offset)")
            #expect(computed.nearestIndex(to: offset) == listed.nearestIndex(to: offset), "nearest \(offset)")
        }
    }

    /// A trillion cells cannot be stored: making, comparing and searching them must be arithmetic.
    @Test func aTrillionTargetsCostNothing() {
        let count = 1_000_000_000_000
        let targets = SnapTargets.evenlySpaced(count: count, spacing: 312, first: -29)
        #expect(targets.count == count)
        #expect(targets[count - 1] == -29 + 312 * Double(count - 1))
        #expect(targets.nearestIndex(to: -29 + 312 * 765_432_109 + 150) == 765_432_109)
        #expect(targets.firstIndex(above: 1e300) == count)
        #expect(targets == SnapTargets.evenlySpaced(count: count, spacing: 312, first: -29))
        #expect(targets != SnapTargets.evenlySpaced(count: count, spacing: 313, first: -29))
        #expect(targets != SnapTargets.evenlySpaced(count: count - 1, spacing: 312, first: -29))
    }

    @Test func degenerateSpacingAndCounts() {
        #expect(SnapTargets.evenlySpaced(count: 3, spacing: .nan).offsets == [0])
        #expect(SnapTargets.evenlySpaced(count: 3, spacing: -5, first: 7).offsets == [7])
        #expect(SnapTargets.evenlySpaced(count: -2, spacing: 5).isEmpty)
        #expect(SnapTargets.evenlySpaced(count: 2, spacing: 5, first: .infinity).isEmpty)
        #expect(
            SnapTargets.evenlySpaced(count: 1, spacing: 5, first: 3)
                == SnapTargets.evenlySpaced(count: 1, spacing: 9, first: 3))
    }
}
