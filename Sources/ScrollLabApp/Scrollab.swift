import ArgumentParser
import Foundation
import Platform
import SafeOutput
import Formats

/// `scrollab`: the playground and its headless tools.
///
/// Every bad file, flag or value ends with one line on standard error naming it and what is
/// allowed, and exit status 2 (not the argument parser's usage dump and status 64). So does an
/// output that cannot be written, standard output included. The executable's `main.swift` calls
/// `Scrollab.main()`; everything else lives here, in a library tests can import.
package struct Scrollab: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "scrollab",
        abstract: "A playground for iOS-style scroll physics: drag, rubber band, momentum, bounce, paging.",
        subcommands: [
            PlayCommand.self, ReplayCommand.self, RenderCommand.self, CompareCommand.self, ExportCommand.self,
            GoldenCommand.self, SoakCommand.self, FramesCommand.self, FitCommand.self, TrackCommand.self,
            DemoCommand.self, BlindCommand.self, StaircaseCommand.self, ReferenceTrackCommand.self
        ],
        defaultSubcommand: PlayCommand.self
    )

    package init() {}

    package static func main() {
        StandardStreams.prepare()
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
            if let hint = dashValueHint(text, arguments: Array(CommandLine.arguments.dropFirst())) { fail(hint) }
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
        let bytes = Array("scrollab: error: \(shortened(line))\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        Foundation.exit(2)
    }

    /// A message with every quoted value over 60 characters, and every other run without spaces
    /// over 256 (a number of a million digits), cut to its start and its length: a line quotes a
    /// short prefix of what was wrong, never a whole 10 MB value.
    static func shortened(_ line: String) -> String {
        guard line.count > 120 else { return line }
        var out = ""
        var run = ""
        var quoted = false
        func flush(limit: Int) {
            out += run.count > limit ? String(run.prefix(limit)) + "…(\(run.count) characters)" : run
            run = ""
        }
        for character in line {
            if character == "\"" {
                flush(limit: quoted ? 60 : 256)
                quoted.toggle()
                out.append(character)
            } else if character == " " && !quoted {
                flush(limit: 256)
                out.append(character)
            } else {
                run.append(character)
            }
        }
        flush(limit: quoted ? 60 : 256)
        return out
    }

    /// A value that starts with '-' (`fit --video -x.mp4`) is read as a flag, and the flag before
    /// it as missing its value: say how to give it.
    static func dashValueHint(_ message: String, arguments: [String]) -> String? {
        if message.contains("Missing expected argument"),
            let name = arguments.first(where: { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0.count > 2 })
        {
            // `track -clip.mp4`: a file named like a flag is given after `--`.
            let shown = name.count > 80 ? String(name.prefix(80)) + "…" : name
            return "\"\(shown)\" starts with '-' and is read as a flag; give a file named so after --, as in "
                + "scrollab \(arguments.first ?? "") -- \(shown)"
        }
        guard let start = message.range(of: "Missing value for '--") else { return nil }
        let flag = "--" + message[start.upperBound...].prefix { $0 != " " && $0 != "'" }
        guard let at = arguments.firstIndex(of: flag), at + 1 < arguments.count, arguments[at + 1].hasPrefix("-"),
            arguments[at + 1] != "-"
        else { return nil }
        let value = arguments[at + 1]
        let shown = value.count > 80 ? String(value.prefix(80)) + "…" : value
        return "\(flag): \"\(shown)\" starts with '-' and is read as a flag; give it as \(flag)=\(shown)"
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
