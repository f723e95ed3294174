#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines added to the end of a file that other writers, in this process or others, add to as
/// well (a results file two blind tests share): each `append` opens the file, takes an exclusive
/// `flock` on it, writes at its end and `fsync`s, so no writer ever rewrites or loses what another
/// wrote. `whileShared` reads under a shared lock, so a reader never sees half of a line being
/// added. Every writer of such a file must append this way. A write that fails part way is cut
/// back, so the file holds whole lines only.
///
/// The output rules are `OutputFile.plan`'s: standard output, devices and FIFOs are written
/// directly; a symbolic link is followed to its file; a directory, a read-only file, a dangling
/// link or one of the inputs is refused before anything is written. A file that does not end in a
/// line break (a writer that crashed mid-line) gets one before the new text, so the new line
/// stays whole.
package enum AppendFile {
    /// Appends `text` (whole lines) to `path`, creating the file if it is absent.
    package static func append(_ text: String, to path: String, inputs: [String] = []) throws(OutputError) {
        let bytes = Array(text.utf8)
        switch try OutputFile.plan(path, inputs: inputs) {
        case .standardOutput:
            try OutputFile.writeAll(bytes, to: STDOUT_FILENO, path: path)
        case .direct(let target):
            let descriptor = try OutputFile.openDirect(target, path: path)
            defer { close(descriptor) }
            try OutputFile.writeAll(bytes, to: descriptor, path: path)
        case .replace(let target, _, _, _, _), .copyInto(let target, _):
            try appendLocked(bytes, to: target, path: path)
        }
    }

    /// Runs `body` while holding a shared lock on the regular file `path` (no lock when it is
    /// absent or not a regular file).
    package static func whileShared<Result, Failure: Error>(
        _ path: String, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let descriptor = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
        var info = stat()
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG { lock(descriptor, LOCK_SH) }
        return try body()
    }

    /// Opens the file at `target`, locks it, checks that it is still the file at `target` (not
    /// one renamed over it meanwhile), mends a last line left without its break, writes, syncs.
    private static func appendLocked(_ bytes: [UInt8], to target: String, path: String) throws(OutputError) {
        for _ in 0..<8 {
            let flags = O_APPEND | O_CREAT | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC
            // Read and write, to see the last byte; write only for a file this user cannot read.
            var descriptor = open(target, O_RDWR | flags, 0o666)
            if descriptor < 0, errno == EACCES { descriptor = open(target, O_WRONLY | flags, 0o666) }
            guard descriptor >= 0 else { throw OutputError(path, errno: errno) }
            defer { close(descriptor) }  // closing releases the lock
            lock(descriptor, LOCK_EX)
            var opened = stat(), current = stat()
            guard fstat(descriptor, &opened) == 0 else { throw OutputError(path, errno: errno) }
            guard opened.st_mode & S_IFMT == S_IFREG else {
                throw OutputError(path, reason: "is no longer a regular file; not appended to")
            }
            guard lstat(target, &current) == 0, current.st_dev == opened.st_dev, current.st_ino == opened.st_ino
            else { continue }  // replaced while we waited for the lock: open the file there now
            var text = bytes
            if opened.st_size > 0 {
                var last: UInt8 = 0
                let n = pread(descriptor, &last, 1, opened.st_size - 1)
                if n == 1, last != UInt8(ascii: "\n") { text.insert(UInt8(ascii: "\n"), at: 0) }
            }
            do {
                try OutputFile.writeAll(text, to: descriptor, path: path)
            } catch {
                _ = ftruncate(descriptor, opened.st_size)  // no half line left for the next writer
                throw error
            }
            guard fsync(descriptor) == 0 else { throw OutputError(path, errno: errno) }
            return
        }
        throw OutputError(path, reason: "kept being replaced while appending; not appended to")
    }

    private static func lock(_ descriptor: Int32, _ operation: Int32) {
        while flock(descriptor, operation) != 0, errno == EINTR {}
    }
}
