import SafeOutput

/// A trace CSV written row by row while something runs (the window), by `OutputFile`'s rules:
/// the rows go to a temporary file beside `path`, which replaces the file only at `finish`;
/// a device or FIFO is written directly. Errors are one line naming the path.
public final class TraceFile {
    public let path: String
    private let output: OutputFile
    private let live: Bool

    /// Opens the trace and writes its header; `inputs` are files it must not overwrite.
    /// With `live`, a new file grows at its path row by row (see `OutputFile`'s `live`).
    public init(_ path: String, header: String = Trace.header, inputs: [String] = [], live: Bool = false)
        throws(InputError)
    {
        self.path = path
        self.live = live
        do {
            output = try OutputFile(path, inputs: inputs, live: live)
            try output.write(header)
        } catch {
            throw InputError(error)
        }
    }

    /// Adds a row (buffered). After an error the trace is given up and nothing at `path` changes.
    public func append(_ row: String) throws(InputError) {
        do {
            try output.write(row)
            if live { try output.flush() }
        } catch { throw InputError(error) }
    }

    /// Writes out the last rows and puts the file in place.
    public func finish() throws(InputError) {
        do { try output.commit() } catch { throw InputError(error) }
    }
}
