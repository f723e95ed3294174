#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a command's input whole, with a size limit and without waiting forever.
///
/// Regular files larger than the limit are refused from their size; pipes, FIFOs and standard
/// input are read up to the limit and refused past it. A FIFO is opened without blocking and
/// waited on for at most `FIFOWait.seconds`: a FIFO nobody writes to is one line, not a hang.
package enum InputFile {
    /// The file's bytes, or an error naming `path` and the reason. `-` is standard input.
    package static func read(_ path: String, limit: Int) throws(OutputError) -> [UInt8] {
        guard !path.isEmpty else { throw OutputError("an input path is empty") }
        let name = path == "-" ? "standard input" : path
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
            guard descriptor >= 0 else { throw OutputError(name, reason: describe(errno)) }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw OutputError(name, reason: "cannot be read (\(OutputFile.reason(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw OutputError(name, reason: "is a directory, expected a file")
        case S_IFSOCK: throw OutputError(name, reason: "is a socket, expected a file")
        case S_IFREG where Int(info.st_size) > limit:
            throw OutputError(
                name, reason: "is \(megabytes(Int(info.st_size))) MB; at most \(megabytes(limit)) MB is read")
        case S_IFIFO where descriptor != STDIN_FILENO:
            try waitForWriter(descriptor, path: path)
        default: break
        }
        if descriptor != STDIN_FILENO {
            let flags = fcntl(descriptor, F_GETFL)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        }
        var bytes: [UInt8] = []
        if info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputError("\(name): cannot be read (\(OutputFile.reason(errno)))")
            }
            if n == 0 { break }
            guard bytes.count + n <= limit else {
                throw OutputError("\(name): is larger than \(megabytes(limit)) MB; at most that much is read")
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// Why `open` failed, as the rest of a one-line message.
    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "cannot be read (permission denied)"
        case ELOOP: return "cannot be read (a loop of symbolic links)"
        default: return "cannot be read (\(OutputFile.reason(code)))"
        }
    }

    static func megabytes(_ bytes: Int) -> Int { bytes >> 20 }

    /// Waits until a FIFO opened without blocking has data or its writer has come and gone.
    private static func waitForWriter(_ descriptor: Int32, path name: String) throws(OutputError) {
        var waited = 0.0
        let step = 0.05
        while true {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(step * 1000))
            if ready < 0, errno != EINTR {
                throw OutputError(name, reason: "cannot be read (\(OutputFile.reason(errno)))")
            }
            if ready > 0 { return }
            waited += step
            if waited >= FIFOWait.seconds {
                throw OutputError(
                    name, reason: "is a FIFO nobody is writing to (waited \(FIFOWait.text) s); start the writer first")
            }
        }
    }
}

/// How long a FIFO with nobody at its other end is waited for before giving up: 3 s, or
/// `SCROLLAB_FIFO_WAIT` seconds (0 to 3600) from the environment.
package enum FIFOWait {
    package static var seconds: Double {
        if let text = getenv("SCROLLAB_FIFO_WAIT").flatMap({ String(validatingCString: $0) }),
            let value = Double(text), value >= 0, value <= 3600
        {
            return value
        }
        return 3
    }

    static var text: String {
        let value = seconds
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
