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

    @Option(parsing: .unconditional, help: "Simulated seconds, 1 to 86400.")
    var seconds = "60"

    @Option(parsing: .unconditional, help: "Seed of the random use.")
    var seed = "1"

    func run() throws {
        let duration = try Flags.number(seconds, flag: "--seconds", range: 1...86_400)
        let seedValue = try Flags.integer(seed, flag: "--seed", range: 0...Int.max)
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
