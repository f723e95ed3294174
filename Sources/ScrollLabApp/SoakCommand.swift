import ArgumentParser
import Foundation
import Formats
import ScrollLabKit

struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract:
            "Simulate long use of every scene (random gestures, parameter and scene changes mid-motion) and check it "
            + "holds up.",
        discussion:
            "Exit status 0 when every frame was sound, the same fling moved the same at the start and the end (drift "
            + "under 0.001 pt) and resident memory grew by less than 8 MB after warm-up; 1 otherwise."
    )

    enum Seconds: NumberLimits { static let flag = "--seconds", range = 1.0...86_400 }
    enum Seed: WholeLimits { static let flag = "--seed", range = 0...Int.max }

    @Option(parsing: .unconditional, help: Seconds.help("Simulated seconds"))
    var seconds = Number<Seconds>("60")

    @Option(parsing: .unconditional, help: Seed.help("Seed of the random use"))
    var seed = Whole<Seed>("1")

    func run() throws {
        let duration = try seconds.value()
        let seedValue = try seed.value()
        let report = Soak(seconds: duration, seed: UInt64(seedValue)).run()
        let growth = report.residentAtEnd - report.residentAfterWarmUp
        try Console.print(
            "soak: \(report.frames) frames, \(report.gestures) gestures over \(Int(duration)) simulated s")
        try Console.print(
            "soak: resident \(report.residentAfterWarmUp) kB after warm-up, \(report.residentAtEnd) kB at the end "
                + "(\(growth >= 0 ? "+" : "")\(growth) kB)"
        )
        try Console.print("soak: drift of the reference fling \(String(format: "%.6f", report.drift)) pt")
        for failure in report.failures { try Console.print("soak: FAILED \(failure)") }
        if !report.failures.isEmpty || report.drift > 0.001 || growth > 8 * 1024 { throw ExitCode(1) }
    }
}
