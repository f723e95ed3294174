import Drawing
import Foundation
import Testing
@testable import BlindTest
@testable import Media

/// The staircase panel of the blind-test report: trial numbers under the points, and a legend
/// that names the fitted JND only when one is drawn.
@Suite struct BlindReportPlotTests {
    func texts(_ levels: [(Double, Bool)], fitted: Bool) -> [String] {
        let reversals = BlindReport.reversals(levels, down: 3)
        let stair = BlindReport.StaircaseResult(
            run: "r", participant: "p", model: "uikit", key: "decelerationRate", reference: 0.998, down: 3,
            levels: levels, reversals: reversals,
            fit: fitted ? PsychometricFit(trials: levels, target: 0.794) : nil, reversalMean: nil)
        var list = DrawList()
        BlindReportPlot.drawStaircase(stair, top: 0, width: 900, into: &list)
        return list.commands.compactMap { if case .text(let text, _, _, _, _, _, _) = $0 { text } else { nil } }
    }

    @Test func trialNumbersAndAnHonestLegend() {
        var track = Staircase(start: 0.4, down: 3, reversals: 8, minimum: 1e-4, maximum: 1)
        var answers = 0
        while !track.isFinished {
            answers += 1
            track.record(correct: answers % 4 != 0)
        }
        let levels = track.trials.map { ($0.level, $0.correct) }
        let shown = texts(levels, fitted: true)
        #expect(shown.contains("1") && shown.contains("10"), "trial numbers: \(shown)")
        #expect(shown.contains { $0.contains("green: fitted JND") })
        let short = texts(Array(levels.prefix(5)), fitted: false)
        #expect(!short.contains { $0.contains("green") })
        #expect(short.contains { $0.contains("no JND fitted") })
    }
}
