import BlindTest
import Foundation
import SafeOutput
import Formats

/// A blind test's results file (JSON Lines): read and checked before the first trial, then one
/// line appended per answer, under an exclusive lock on the file (`AppendFile`): several blind
/// tests may append to one file at once and none rewrites or loses another's lines. Standard
/// output and devices get each new line directly.
final class ResultsFile: Sendable {
    let path: String
    let inputs: [String]
    private let isFile: Bool
    /// The records already there when the test began.
    let earlier: [TrialRecord]

    /// Checks `path` (not one of `inputs`; an existing file must be a results file).
    init(_ path: String, inputs: [String]) throws(InputError) {
        self.path = path
        self.inputs = inputs
        let plan: OutputFile.Plan
        do { plan = try OutputFile.plan(path, inputs: inputs) } catch { throw InputError(error) }
        switch plan {
        case .standardOutput, .direct:
            isFile = false
            earlier = []
        case .replace, .copyInto:
            isFile = true
            guard FileManager.default.fileExists(atPath: path) else {
                earlier = []
                return
            }
            earlier = try AppendFile.whileShared(path) { () throws(InputError) in
                try TrialRecord.records(in: try TextFile.read(path), file: path)
            }
        }
    }

    func append(_ record: TrialRecord) throws(InputError) {
        do { try AppendFile.append(record.jsonLine + "\n", to: path, inputs: inputs) } catch { throw InputError(error) }
    }

    /// The answers in the file now (every writer's; nil for standard output or a device).
    func count() throws(InputError) -> Int? {
        guard isFile else { return nil }
        return try AppendFile.whileShared(path) { () throws(InputError) in
            try TextFile.read(path).split(separator: "\n").count { !$0.allSatisfy(\.isWhitespace) }
        }
    }
}
