import ArgumentParser
import Foundation
import Platform
import SafeOutput
import Formats

/// `scrollab`: the playground and its headless tools.
///
/// Every bad file, flag or value ends with one line on standard error naming it and what is
/// allowed, and exit status 2 (not the argument parser's usage dump and status 64). So does an
/// output that cannot be written, standard output included.
@main
struct Scrollab: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrollab",
        abstract: "A playground for iOS-style scroll physics: drag, rubber band, momentum, bounce, paging.",
        subcommands: [
            PlayCommand.self, ReplayCommand.self, RenderCommand.self, CompareCommand.self, ExportCommand.self,
            GoldenCommand.self, SoakCommand.self, FramesCommand.self, FitCommand.self, TrackCommand.self,
            DemoCommand.self, BlindCommand.self, ReferenceTrackCommand.self
        ],
        defaultSubcommand: PlayCommand.self
    )

    static func main() {
        if let problem = nonUTF8Argument() ?? emptyAttachedValue() { fail(problem) }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            fail(error.message)
        } catch let error as OutputError {
            fail(error.message)
        } catch let error as SDLError {
            fail(error.description)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)  // --help, --version: print and exit 0
            }
            let text = message(for: error)
            fail(text.isEmpty ? "\(error)" : text, multiline: true)
        }
    }

    /// Prints one line to standard error and exits with status 2. Control characters from files
    /// or arguments are shown escaped; the argument parser's several lines are joined into one.
    static func fail(_ message: String, multiline: Bool = false) -> Never {
        let line =
            multiline
            ? message.split(separator: "\n", omittingEmptySubsequences: true).map {
                escapingControlCharacters(String($0))
            }.joined(separator: " ")
            : escapingControlCharacters(message)
        let bytes = Array("scrollab: error: \(line)\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        Foundation.exit(2)
    }

    /// `--fps=` with nothing after the '=' would take the next argument (`--trace`) as its value.
    static func emptyAttachedValue() -> String? {
        for argument in CommandLine.arguments.dropFirst() {
            if argument == "--" { break }
            if argument.hasPrefix("--"), argument.hasSuffix("="), argument.count > 3 {
                let flag = argument.dropLast()
                return "\(argument): no value after '='; give \(flag)=VALUE or \(flag) VALUE"
            }
        }
        return nil
    }

    /// Arguments reach Swift as `String`, which replaces bytes that are not UTF-8: such a file
    /// name would name another file. It is refused instead, naming the argument.
    static func nonUTF8Argument() -> String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: raw) == nil {
                let bytes = UnsafeBufferPointer(
                    start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
                let shown = bytes.map {
                    $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true)
                }.joined()
                return "argument \(index) (\(shown)) is not UTF-8; file names and values must be UTF-8"
            }
        }
        return nil
    }
}
