import Foundation
import Testing

/// `scrollab staircase`: a run from given answers prints PsychoPy's numbers as one JSON object;
/// bad input is one line and exit 2.
@Suite struct StaircaseCommandTests {
    struct Output: Decodable {
        var intensities: [Double]
        var reversalTrials: [Int]
        var reversalIntensities: [Double]
        var finished: Bool
        var target: Double
    }

    func run(_ arguments: [String]) throws -> (Run, Output?) {
        let result = try scrollab(["staircase"] + arguments)
        return (result, try? JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8)))
    }

    /// PsychoPy's `test_StairHandlerDb` (project PsychoPy, `test_StairHandlers.py`) from the command
    /// line, with four answers more than the run takes: they are ignored and counted.
    @Test func psychoPysDecibelCaseFromTheCommandLine() throws {
        let answers = Array(repeating: "1,1,1,1,0,0,0,0", count: 3).joined(separator: ",")
        let (result, output) = try run([
            "--start", "0.8", "--up", "1", "--down", "3", "--steps", "0.4,0.2,0.2,0.1", "--step-type", "db", "--min",
            "0", "--max", "1", "--reversals", "4", "--trials", "20", "--answers", answers
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let out = try #require(output)
        #expect(out.intensities.count == 20 && out.finished)
        #expect(abs(out.intensities[5] - 0.680910431) < 1e-9 && abs(out.intensities[19] - 0.738057142) < 1e-9)
        #expect(out.reversalTrials == [4, 10, 12, 18])
        #expect(out.reversalIntensities == out.reversalTrials.map { out.intensities[$0] })
        #expect(abs(out.target - pow(0.5, 1.0 / 3)) < 1e-9)
        #expect(result.stderr.contains("4 answer(s) after the run finished were ignored"))
    }

    @Test func aSimulatedObserverRunsUntilTheRunEnds() throws {
        let (result, output) = try run([
            "--start", "1", "--steps", "0.3,0.15", "--step-type", "log", "--reversals", "12", "--observer", "0.1",
            "--seed", "7"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let out = try #require(output)
        #expect(out.finished && out.reversalTrials.count == 12)
        // The track has come down from 10× the observer's threshold to around it.
        let last = out.reversalIntensities.suffix(6)
        let mean = exp(last.map(log).reduce(0, +) / Double(last.count))
        #expect(mean > 0.03 && mean < 0.3, "reversal mean \(mean)")
    }

    @Test(arguments: [
        (["--start", "0", "--steps", "1", "--step-type", "log", "--answers", "1"], "--start: 0 must be above 0"),
        (["--start", "1", "--steps", "1", "--answers", "1,2"], "--answers: answer 2 is \"2\""),
        (["--start", "1", "--steps", "1,-1", "--answers", "1"], "--steps: -1 is out of range"),
        (["--start", "1", "--steps", "1", "--step-type", "dB", "--answers", "1"], "--step-type: \"dB\" is not one of"),
        (["--start", "1", "--steps", "1", "--min", "2", "--max", "1", "--answers", "1"], "--min 2.0 is above --max"),
        (["--start", "1", "--steps", "1"], "give --answers"),
        (["--start", "1", "--steps", "1", "--answers", "1", "--observer", "1"], "give one of them"),
        (["--start", "1", "--steps", "1", "--up", "1", "--down", "1", "--observer", "1"], "converges on 50.0 %"),
        (["--start", "5", "--steps", "1", "--max", "1", "--answers", "1"], "--start 5 is above --max 1.0")
    ])
    func badInputIsOneLineAndExitTwo(_ arguments: [String], _ message: String) throws {
        let (result, _) = try run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
