/// A command's outputs written together: each is opened and written out in full (a device
/// receives its bytes then), and only when all of them were written are they committed, so an
/// output that fails leaves every other target as it was (`--trace t.csv --plot /dev/full`
/// keeps the old `t.csv`).
package final class OutputGroup {
    private var files: [OutputFile] = []

    package init() {}

    /// An output already written by the caller (a trace streamed row by row): written out now.
    package func add(_ file: OutputFile) throws(OutputError) {
        try file.flush()
        files.append(file)
    }

    package func add(bytes: [UInt8], to path: String, inputs: [String] = []) throws(OutputError) {
        let file = try OutputFile(path, inputs: inputs)
        try file.write(bytes: bytes)
        try add(file)
    }

    package func add(_ text: String, to path: String, inputs: [String] = []) throws(OutputError) {
        try add(bytes: Array(text.utf8), to: path, inputs: inputs)
    }

    /// Makes every output final, in the order added; the uncommitted are discarded on a failure.
    package func commit() throws(OutputError) {
        defer { files.removeAll() }
        for file in files { try file.commit() }
    }
}
