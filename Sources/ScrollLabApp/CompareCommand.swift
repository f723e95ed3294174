import ArgumentParser
import Foundation
import Platform
import Media
import SafeOutput
import Formats

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two PNGs pixel by pixel.",
        discussion:
            "Exit status: 0 when they match within the tolerance, 1 when they do not, 2 on bad input (a missing file, "
            + "not a PNG, different sizes, more than 16384 pixels a side or 50 million in all, --diff naming one "
            + "of the inputs)."
    )

    @Argument(help: "The reference PNG.")
    var a: String

    @Argument(help: "The PNG to check.")
    var b: String

    @Option(help: "Write an image highlighting the differing pixels (magenta on grey).")
    var diff: String?

    enum Tolerance: WholeLimits { static let flag = "--tolerance", range = 0...255 }
    enum AllowedPixels: WholeLimits { static let flag = "--allowed-pixels", range = 0...Int.max }

    @Option(
        parsing: .unconditional, help: Tolerance.help("Channel difference up to which a pixel still counts as equal"))
    var tolerance = Whole<Tolerance>("0")

    @Option(parsing: .unconditional, help: AllowedPixels.help("How many differing pixels are still a match"))
    var allowedPixels = Whole<AllowedPixels>("0")

    func run() throws {
        let threshold = try tolerance.value()
        let allowed = try allowedPixels.value()
        if let diff { _ = try OutputFile.plan(diff, inputs: [a, b]) }
        let first: Image, second: Image
        do {
            first = try Image.loadPNG(a)
            second = try Image.loadPNG(b)
        } catch {
            throw InputError(error.reason.isEmpty ? error.operation : error.operation + ": " + error.reason)
        }
        guard first.width == second.width, first.height == second.height else {
            throw InputError(
                "\(a) is \(first.width)x\(first.height) but \(b) is \(second.width)x\(second.height); sizes must match")
        }
        let result = ImageDiff(first, second, threshold: threshold)
        if let diff {
            do { try ImageDiff.highlight(first, second, threshold: threshold).savePNG(diff, inputs: [a, b]) } catch {
                throw InputError("\(error)")
            }
        }
        let percent = String(format: "%.3f", result.differingFraction * 100)
        try Console.print(
            "\(result.differingPixels) of \(result.totalPixels) pixels differ (\(percent) %); largest channel "
                + "difference \(result.largestDifference), mean \(String(format: "%.3f", result.meanDifference))"
        )
        if result.differingPixels > allowed { throw ExitCode(1) }
    }
}
