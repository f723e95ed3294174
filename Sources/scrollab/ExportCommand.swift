import ArgumentParser
import Foundation
import Formats
import ScrollPhysics

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Print a parameter file as code for its platform: Swift for UIKit (each value commented with its UIKit or "
            + "seed equivalent), Dart for the Flutter models, Kotlin for android, JavaScript for swiper and framer."
    )

    @Option(help: "Parameter file (JSON); default: the defaults.")
    var params: String?

    @Option(help: "Write the snippet here instead of standard output.")
    var out: String?

    func run() throws {
        let snippet = try ParametersFile.load(params).model.exported.text
        try TextFile.write(snippet, to: out ?? "-", inputs: params.map { [$0] } ?? [])
    }
}
