#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file being written by a command, whole or not at all, without harming what is at the path.
///
/// Where the output goes decides how it is written:
///
/// | target                           | how                                                        |
/// |----------------------------------|------------------------------------------------------------|
/// | `-`                              | standard output, directly                                  |
/// | absent                           | a new file made with `mkstemp` beside it, renamed at `commit` |
/// | regular file, one link           | the same, with the old file's mode (and owner, as root)    |
/// | regular file, several hard links | a temporary copy first; at `commit` copied into the file, so every link sees it
/// |
/// | symbolic link                    | what it points to, by the rules above (the link stays)     |
/// | device, FIFO                     | directly (`/dev/null`, `/dev/stdout`, a pipe)              |
/// | absent, `live`                   | created exclusively at the path (`O_EXCL`, links not followed) and written as
/// it goes, so it can be read while it grows |
/// | directory, read-only file, dangling link, one of the inputs | refused before anything is written |
///
/// Every `write`, `fsync`, `close` and `rename` is checked; a failure throws one line naming the
/// path and the system's reason. A temporary file is removed on every error, by `discard`, when
/// the value goes away uncommitted, and on SIGINT, SIGTERM and SIGHUP.
package final class OutputFile {
    /// The path as given (`-` for standard output).
    package let path: String
    private let plan: Plan
    private var descriptor: Int32
    private var temporary: String?
    private var buffer: [UInt8] = []
    private var finished = false
    private static let bufferSize = 1 << 16

    /// What `open` will do with a path, found without writing anything.
    package enum Plan: Equatable, Sendable {
        case standardOutput
        /// Write directly to a device or FIFO at this path.
        case direct(String)
        /// Write a temporary file in `folder`, then rename it to `target` with `mode`; `owner` and
        /// `group` are the existing file's (nil when the path is absent).
        case replace(target: String, folder: String, mode: UInt32?, owner: UInt32?, group: UInt32?)
        /// Write a temporary file, then copy it into `target` (a file with several hard links).
        case copyInto(target: String, folder: String)
    }

    /// Checks `path` as an output for the rules above, without creating anything; `inputs` are the
    /// files the command reads, which it must not overwrite.
    package static func plan(_ path: String, inputs: [String] = []) throws(OutputError) -> Plan {
        if path == "-" { return .standardOutput }
        guard !path.isEmpty else { throw OutputError("an output path is empty") }
        var info = stat()
        var target = path
        if lstat(path, &info) != 0 {
            let code = errno
            guard code == ENOENT else { throw OutputError(path, errno: code) }
            let folder = Self.folder(of: path)
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0 else {
                throw OutputError(path, reason: "cannot be written (folder \(folder): \(Self.reason(errno)))")
            }
            guard folderInfo.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(path, reason: "cannot be written (\(folder) is not a folder)")
            }
            // A new file gets the mode any new file gets here: 0666 less the umask (mkstemp's is 0600).
            let mask = umask(0)
            umask(mask)
            return .replace(target: path, folder: folder, mode: UInt32(0o666 & ~mask), owner: nil, group: nil)
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                throw OutputError(path, reason: "is a symbolic link to nothing (\(Self.reason(errno))); not followed")
            }
            target = String(cString: resolved)
            free(resolved)
            guard stat(target, &info) == 0 else { throw OutputError(path, errno: errno) }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw OutputError(path, reason: "is a directory, expected a file")
        case S_IFREG:
            for input in inputs {
                var other = stat()
                if stat(input, &other) == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino {
                    throw OutputError(
                        path, reason: "is also an input (\(input)); not overwritten, choose another output")
                }
            }
            guard info.st_mode & 0o222 != 0 else {
                throw OutputError(
                    path, reason: "is read-only (mode \(Self.octal(info.st_mode & 0o7777))); not replaced")
            }
            guard access(target, W_OK) == 0 else {
                // Writable by someone, not by us: the owner is the reason, not the mode.
                throw OutputError(
                    path,
                    reason:
                        "cannot be written by this user (it belongs to user \(info.st_uid), mode "
                        + "\(Self.octal(info.st_mode & 0o7777))); not replaced"
                )
            }
            let folder = Self.folder(of: target)
            if info.st_nlink > 1 { return .copyInto(target: target, folder: folder) }
            return .replace(
                target: target, folder: folder, mode: UInt32(info.st_mode & 0o7777),
                owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
        case S_IFSOCK:
            throw OutputError(path, reason: "is a socket, expected a file")
        default:
            return .direct(target)  // character or block device, FIFO
        }
    }

    /// Opens `path` for writing by `plan`'s rules; nothing at the path changes before `commit`.
    /// With `live`, an output that does not exist yet is created at once and every `flush` shows
    /// at the path (a trace a person or a script reads while the window runs); an existing file
    /// is still replaced only at `commit`.
    package init(_ path: String, inputs: [String] = [], live: Bool = false) throws(OutputError) {
        self.path = path
        var plan = try Self.plan(path, inputs: inputs)
        var info = stat()
        if live, case .replace(let target, _, _, _, _) = plan, lstat(target, &info) != 0, errno == ENOENT {
            let created = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o666)
            if created >= 0 {
                self.plan = .direct(target)
                descriptor = created
                buffer.reserveCapacity(Self.bufferSize)
                return
            }
            guard errno == EEXIST else { throw OutputError(path, errno: errno) }
            plan = try Self.plan(path, inputs: inputs)  // made meanwhile: the rules for an existing file
        }
        self.plan = plan
        switch plan {
        case .standardOutput:
            guard !StandardStreams.outputClosed else {
                throw OutputError(path, reason: "cannot be written (it is closed)")
            }
            descriptor = STDOUT_FILENO
        case .direct(let target):
            descriptor = try Self.openDirect(target, path: path)
        case .replace(let target, let folder, let mode, let owner, let group):
            (descriptor, temporary) = try Self.makeTemporary(for: target, in: folder, path: path)
            // The owner first: chown clears the set-user-ID and set-group-ID bits the mode then sets.
            if let owner, let group, getuid() == 0 { _ = fchown(descriptor, uid_t(owner), gid_t(group)) }
            if let mode, fchmod(descriptor, mode_t(mode)) != 0 {
                let code = errno
                discard()
                throw OutputError(path, errno: code)
            }
        case .copyInto(let target, let folder):
            (descriptor, temporary) = try Self.makeTemporary(for: target, in: folder, path: path)
        }
        buffer.reserveCapacity(Self.bufferSize)
    }

    deinit { if !finished { discard() } }

    /// The descriptor being written (a temporary file, a device), for a helper program that
    /// writes the output itself (it opens `/proc/self/fd/N` of this process); -1 once finished.
    package var fileDescriptor: Int32 { descriptor }

    /// Removes every temporary file still being written (for a process about to end abruptly).
    package static func removeTemporaryFiles() {
        for path in TemporaryFiles.paths { unlink(path); TemporaryFiles.forget(path) }
    }

    /// Writes the whole file: opened, written and committed, or nothing changed.
    package static func write(_ text: String, to path: String, inputs: [String] = []) throws(OutputError) {
        let file = try OutputFile(path, inputs: inputs)
        try file.write(text)
        try file.commit()
    }

    package static func write(bytes: [UInt8], to path: String, inputs: [String] = []) throws(OutputError) {
        let file = try OutputFile(path, inputs: inputs)
        try file.write(bytes: bytes)
        try file.commit()
    }

    package func write(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    package func write(bytes: [UInt8]) throws(OutputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    /// Bytes written so far, buffered ones included.
    package private(set) var count = 0

    /// Writes out the buffer; on failure the temporary file is removed and the output is finished.
    package func flush() throws(OutputError) {
        guard !finished else { throw OutputError(path, reason: "cannot be written (already finished)") }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        do {
            try Self.writeAll(pending, to: descriptor, path: path)
            count += pending.count
        } catch {
            discard()
            throw error
        }
    }

    /// Makes the output final: for a replaced file, `fsync`, `close` and `rename`.
    package func commit() throws(OutputError) {
        try flush()
        finished = true
        switch plan {
        case .standardOutput:
            return
        case .direct:
            guard close(descriptor) == 0 else { throw OutputError(path, errno: errno) }
        case .replace(let target, _, _, _, _):
            guard let temporary else { return }
            if fsync(descriptor) != 0 { let code = errno; cleanUp(); throw OutputError(path, errno: code) }
            if close(descriptor) != 0 {
                let code = errno; descriptor = -1; cleanUp(); throw OutputError(path, errno: code)
            }
            descriptor = -1
            guard rename(temporary, target) == 0 else {
                let code = errno; cleanUp(); throw OutputError(path, errno: code)
            }
            TemporaryFiles.forget(temporary)
            self.temporary = nil
        case .copyInto(let target, _):
            defer { cleanUp() }
            if fsync(descriptor) != 0 { throw OutputError(path, errno: errno) }
            let size = lseek(descriptor, 0, SEEK_END)
            guard size >= 0, lseek(descriptor, 0, SEEK_SET) == 0 else { throw OutputError(path, errno: errno) }
            // Not truncated first: the space for the new contents is reserved in the file before a
            // byte of it changes, so a full disk leaves every link with the old contents whole.
            let out = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard out >= 0 else { throw OutputError(path, errno: errno) }
            if size > 0 {
                let code = posix_fallocate(out, 0, size)
                if code != 0 {
                    close(out);
                    throw OutputError(path, reason: "cannot be written (\(Self.reason(code)); the file is unchanged)")
                }
            }
            var chunk = [UInt8](repeating: 0, count: Self.bufferSize)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }; let code = errno; close(out); throw OutputError(path, errno: code)
                }
                if n == 0 { break }
                do { try Self.writeAll(Array(chunk[0..<n]), to: out, path: path) } catch { close(out); throw error }
            }
            if ftruncate(out, size) != 0 { let code = errno; close(out); throw OutputError(path, errno: code) }
            if fsync(out) != 0 { let code = errno; close(out); throw OutputError(path, errno: code) }
            guard close(out) == 0 else { throw OutputError(path, errno: errno) }
        }
    }

    /// Gives up: the temporary file (if any) is removed and the target left as it was.
    package func discard() {
        finished = true
        buffer.removeAll()
        cleanUp()
    }

    private func cleanUp() {
        if descriptor > STDERR_FILENO, temporary != nil { close(descriptor) }
        if case .direct = plan, descriptor > STDERR_FILENO { close(descriptor) }
        descriptor = -1
        if let temporary {
            unlink(temporary)
            TemporaryFiles.forget(temporary)
            self.temporary = nil
        }
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(OutputError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError(path, errno: errno)
            }
            done += n
        }
    }

    private static func makeTemporary(for target: String, in folder: String, path: String) throws(OutputError) -> (
        Int32, String
    ) {
        let name = Self.temporaryStem(target.split(separator: "/").last.map(String.init) ?? "output")
        Self.removeAbandoned(prefix: ".\(name).partial-", in: folder)
        // The writer's process id in the name: a file whose writer is gone is known abandoned.
        var template = Array("\(folder)/.\(name).partial-\(getpid())-XXXXXX".utf8CString)
        TemporaryFiles.installHandlers()
        // O_CREAT | O_EXCL, mode 0600
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw OutputError(path, errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        TemporaryFiles.remember(temporary)
        return (descriptor, temporary)
    }

    /// Removes `PREFIX<pid>-XXXXXX` files in `folder` whose writing process no longer exists (one
    /// killed outright, SIGKILL, leaves its temporary file behind). Files of a live writer — a
    /// concurrent run writing the same target — are left alone, as are files named otherwise.
    static func removeAbandoned(prefix: String, in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = entryName(entry)
            guard name.hasPrefix(prefix) else { continue }
            let rest = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 1)
            guard rest.count == 2, rest[1].count == 6, let pid = Int32(rest[0]), pid > 0 else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { unlink("\(folder)/\(name)") }
        }
    }

    /// A directory entry's name, read up to its terminating NUL and no further. An entry is only
    /// as long as its name: the last one `readdir` filled its buffer with can end right before
    /// unmapped memory, and copying the entry's whole `d_name` array (256 bytes) read past it (a
    /// test run crashed there, writing into a temporary folder of many files).
    static func entryName(_ entry: UnsafePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    /// The target's name as it appears in `.NAME.partial-PID-XXXXXX`: cut (at a character boundary)
    /// to 200 bytes, so a name up to the system's 255 still has a temporary file beside it (the
    /// process id and the random part take at most 26 more).
    static func temporaryStem(_ name: String) -> String {
        guard name.utf8.count > 200 else { return name }
        var stem = ""
        for character in name where stem.utf8.count + character.utf8.count <= 200 { stem.append(character) }
        return stem
    }

    /// Opens a device or FIFO for writing. A FIFO is opened without blocking, tried again for up
    /// to `FIFOWait.seconds` while nobody reads it, then refused; the descriptor is made blocking.
    static func openDirect(_ target: String, path: String) throws(OutputError) -> Int32 {
        var waited = 0.0
        while true {
            let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)
            if descriptor >= 0 {
                let flags = fcntl(descriptor, F_GETFL)
                if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
                return descriptor
            }
            let code = errno
            if code == EINTR { continue }
            guard code == ENXIO else { throw OutputError(path, errno: code) }
            if waited >= FIFOWait.seconds {
                throw OutputError(
                    path, reason: "is a FIFO nobody is reading (waited \(FIFOWait.text) s); start the reader first")
            }
            usleep(50_000)
            waited += 0.05
        }
    }

    /// Whether `a` and `b` name the same file: the same device and inode when both exist, else
    /// the same folder (by device and inode) and name.
    package static func sameFile(_ a: String, _ b: String) -> Bool {
        if a == "-" || b == "-" { return a == b }
        var first = stat(), second = stat()
        let aExists = stat(a, &first) == 0, bExists = stat(b, &second) == 0
        if aExists && bExists { return first.st_dev == second.st_dev && first.st_ino == second.st_ino }
        if aExists != bExists { return false }
        // Neither exists yet: the same name in the same folder (links to a folder resolved by stat).
        func name(_ path: String) -> Substring { path.split(separator: "/").last ?? Substring(path) }
        guard name(a) == name(b) else { return false }
        var folderA = stat(), folderB = stat()
        guard stat(folder(of: a), &folderA) == 0, stat(folder(of: b), &folderB) == 0 else {
            return folder(of: a) == folder(of: b)
        }
        return folderA.st_dev == folderB.st_dev && folderA.st_ino == folderB.st_ino
    }

    /// Refuses outputs that are one of the inputs or each other (`fit r.csv --params r.csv`,
    /// `--params x --plot x`), before any work: `outputs` are (flag, path) pairs.
    package static func checkDistinct(outputs: [(flag: String, path: String)], inputs: [String]) throws(OutputError) {
        for (index, output) in outputs.enumerated() {
            if output.path == "-" { continue }
            for input in inputs where sameFile(output.path, input) {
                throw OutputError(
                    output.path, reason: "is also an input (\(input)); not overwritten, choose another output")
            }
            for other in outputs[..<index] where other.path != "-" && sameFile(output.path, other.path) {
                throw OutputError(
                    output.path,
                    reason: "is named by both \(other.flag) and \(output.flag); choose two different outputs")
            }
        }
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    static func octal(_ mode: mode_t) -> String {
        let text = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    static func reason(_ code: Int32) -> String {
        strerror(code).flatMap { String(validatingCString: $0) } ?? "error \(code)"
    }
}

/// An output that could not be written: one line naming the path and the reason.
package struct OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package init(_ path: String, reason: String) {
        message = "\(path == "-" ? "standard output" : path): \(reason)"
    }
    package init(_ path: String, errno code: Int32) {
        self.init(path, reason: "cannot be written (\(OutputFile.reason(code)))")
    }
    package var description: String { message }
}
