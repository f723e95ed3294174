#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files being written, removed when SIGINT, SIGTERM or SIGHUP ends the process.
///
/// The table is a fixed array of C strings so the handler only reads memory and calls `unlink`,
/// both allowed in a signal handler. When a handler was installed before ours (SDL's, which turns
/// Ctrl-C into a quit event), it is called instead: the program then ends normally and removes or
/// commits its files itself.
enum TemporaryFiles {
    static let capacity = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 3)
        previous.initialize(repeating: sigaction(), count: 3)
        return previous
    }()
    nonisolated(unsafe) static var installed = false
    /// Outputs are written from more than one thread (a clip encoding in the background while
    /// the window writes its trace): the table is changed under this lock. The signal handler
    /// only reads it.
    nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    static func installHandlers() {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard !installed else { return }
        installed = true
        _ = slots
        _ = previous
        // A parent may have left these blocked (a thread of a test runner spawning us): a blocked
        // SIGTERM would wait until the end and the temporary file could not be removed on it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for (index, signal) in signals.enumerated() {
            sigaction(signal, nil, previous + index)
            if let current = previous[index].__sigaction_handler.sa_handler, unsafeBitCast(current, to: Int.self) == 1 {
                continue  // ignored (nohup): stays ignored
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = temporaryFilesSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + index)
        }
    }

    static func remember(_ path: String) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return
        }
    }

    static func forget(_ path: String) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for i in 0..<capacity {
            if let slot = slots[i], String(cString: slot) == path {
                slots[i] = nil
                free(slot)
            }
        }
    }

    /// The paths remembered now (for tests).
    static var paths: [String] {
        (0..<capacity).compactMap { slots[$0].map { String(cString: $0) } }
    }
}

private func temporaryFilesSignalHandler(_ signal: Int32) {
    let index = signal == SIGINT ? 0 : signal == SIGTERM ? 1 : 2
    let earlier = TemporaryFiles.previous[index].__sigaction_handler.sa_handler
    if let earlier, unsafeBitCast(earlier, to: Int.self) != 1 {  // 1 = SIG_IGN
        earlier(signal)
        return
    }
    for i in 0..<TemporaryFiles.capacity {
        if let slot = TemporaryFiles.slots[i] { unlink(slot) }
    }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = nil  // SIG_DFL
    sigaction(signal, &action, nil)
    raise(signal)
}
