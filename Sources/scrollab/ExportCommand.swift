import ArgumentParser
import Foundation
import ScrollLabKit
import ScrollPhysics

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print a parameter file as a Swift snippet for an app, each value commented with its UIKit or seed equivalent."
    )

    @Option(help: "Parameter file (JSON); default: the defaults.")
    var params: String?

    @Option(help: "Write the snippet here instead of standard output.")
    var out: String?

    func run() throws {
        let parameters = try ParametersFile.load(params)
        let snippet = SwiftSnippet.make(parameters)
        try TextFile.write(snippet, to: out ?? "-", inputs: params.map { [$0] } ?? [])
    }
}
