#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, output and error as the process found them.
///
/// A descriptor 0, 1 or 2 that was closed when the program started (`>&-`, `2>&-`) is opened on
/// `/dev/null`, so that no file or pipe opened later takes its number (a pipe to FFmpeg that
/// became descriptor 1 made FFmpeg's frames look damaged); output meant for a closed standard
/// output is still refused (`OutputFile` says "standard output is closed"), while notes meant
/// for a closed standard error are dropped. A write to a pipe whose reader is gone fails with
/// EPIPE instead of ending the program (SIGPIPE ignored).
package enum StandardStreams {
    /// Whether standard output was closed at start (set by `prepare`).
    nonisolated(unsafe) package private(set) static var outputClosed = false

    /// Call first thing in `main`.
    package static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
            if descriptor == STDOUT_FILENO { outputClosed = true }
        }
    }
}
