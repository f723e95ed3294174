import ArgumentParser
import Foundation
import ScrollLabKit

/// `scrollab`: the playground and its headless tools.
///
/// Every bad file, flag or value ends with one line on standard error naming it and what is
/// allowed, and exit status 2 (not the argument parser's usage dump and status 64).
@main
struct Scrollab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollab",
        abstract: "A playground for iOS-style scroll physics: drag, rubber band, momentum, bounce, paging.",
        subcommands: [PlayCommand.self, ReplayCommand.self, RenderCommand.self, CompareCommand.self, ExportCommand.self, GoldenCommand.self, SoakCommand.self, FramesCommand.self, DemoCommand.self],
        defaultSubcommand: PlayCommand.self
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            fail(error.message)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)  // --help, --version: print and exit 0
            }
            let text = message(for: error)
            fail(text.isEmpty ? "\(error)" : text)
        }
    }

    /// Prints one line to standard error and exits with status 2.
    static func fail(_ message: String) -> Never {
        let line = message.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: " ")
        FileHandle.standardError.write(Data("scrollab: error: \(line)\n".utf8))
        Foundation.exit(2)
    }
}
