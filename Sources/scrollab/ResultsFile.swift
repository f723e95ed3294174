import BlindTest
import Foundation
import SafeOutput
import Formats

/// A blind test's results file (JSON Lines): read and checked before the first trial, then one
/// line appended per answer. A regular file is rewritten whole through a temporary file each
/// time (a crash leaves every earlier line); standard output and devices get each new line.
final class ResultsFile {
    let path: String
    let inputs: [String]
    private var text: String
    private let appendsDirectly: Bool
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
            appendsDirectly = true
            text = ""
            earlier = []
        case .replace, .copyInto:
            appendsDirectly = false
            guard FileManager.default.fileExists(atPath: path) else {
                text = ""
                earlier = []
                return
            }
            text = try TextFile.read(path)
            earlier = try TrialRecord.records(in: text, file: path)
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        }
    }

    func append(_ record: TrialRecord) throws(InputError) {
        let line = record.jsonLine + "\n"
        if appendsDirectly {
            try TextFile.write(line, to: path, inputs: inputs)
        } else {
            try TextFile.write(text + line, to: path, inputs: inputs)
            text += line
        }
    }
}
