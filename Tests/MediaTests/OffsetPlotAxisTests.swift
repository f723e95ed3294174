import Testing
import Drawing
@testable import Media

@Suite struct OffsetPlotAxisTests {
    @Test func ticksAreRoundAndTheirLabelsDistinct() {
        // The PNG that read "587 587 587 586 586": a range under 2 pt.
        let (values, step) = AxisTicks.ticks(from: 585.6, to: 587.4)
        #expect(step == 0.5 && values == [586, 586.5, 587])
        #expect(values.map { AxisTicks.label($0, step: step) } == ["586.0", "586.5", "587.0"])
        for (low, high) in [(0.0, 1.0), (-3.2, 7.9), (585.6, 587.4), (0, 2500), (-0.004, 0.013), (100, 100.5), (-4, 0)]
        {
            let (ticks, s) = AxisTicks.ticks(from: low, to: high)
            let labels = ticks.map { AxisTicks.label($0, step: s) }
            #expect(Set(labels).count == labels.count, "distinct labels for \(low)…\(high): \(labels)")
            #expect(ticks.count >= 2 && ticks.count <= 6, "\(low)…\(high): \(ticks)")
            #expect(ticks.allSatisfy { $0 >= low - 1e-9 && $0 <= high + 1e-9 })
        }
        #expect(AxisTicks.ticks(from: 0, to: 2500).values == [0, 500, 1000, 1500, 2000, 2500])
        // The time axis of the last 4 s, in seconds.
        let time = AxisTicks.ticks(from: -4, to: 0, count: 8)
        #expect(
            time.values.map { AxisTicks.label($0, step: time.step) } == [
                "-4.0", "-3.5", "-3.0", "-2.5", "-2.0", "-1.5", "-1.0", "-0.5", "0.0"
            ])
        // Degenerate ranges give one tick, never NaN.
        #expect(AxisTicks.ticks(from: 5, to: 5).values == [5])
        #expect(AxisTicks.ticks(from: .nan, to: 1).values == [0])
    }
}

/// The fit plot's ticks for ranges that once trapped (a NaN step turned into an Int): zero width
/// at a large magnitude, infinite or NaN ends.
@Suite struct FitPlotAxisTests {
    @Test(arguments: [
        (1e17, 1e17), (1e300, 1e300), (-5.0, -5.0), (0.0, 0.0), (-.infinity, .infinity), (.nan, 1.0), (-1e308, 1e308),
        (0.0, 10.0)
    ])
    func ticksAreFiniteAndIncreasing(low: Double, high: Double) {
        let ticks = FitPlot.axis(low, high)
        #expect(ticks.count >= 2 && ticks.count <= 22, "\(ticks)")
        #expect(ticks.allSatisfy(\.isFinite) && zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 }, "\(ticks)")
        if low.isFinite, high.isFinite, high - low < 1e300 {
            #expect(ticks.first! <= low && ticks.last! >= high, "\(ticks)")
        }
    }
}
