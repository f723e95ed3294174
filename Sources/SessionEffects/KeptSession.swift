import Foundation
import Formats
import Playground

#if canImport(Glibc)
    import Glibc
#endif

/// The session the window keeps for the next start (`last-session.json` in the state folder,
/// `SessionFile.autosavePath`), never lost and never written through a link:
///
/// - one window at a time keeps it: the first to start holds a lock on `last-session.lock`
///   beside it (`flock`, released by the system when the window exits or crashes); a second
///   window opens it read-only, says so, and at quit saves its own session under a new name;
/// - a kept session that cannot be opened (damaged, from a newer release, too large) is set
///   aside under a name no earlier set-aside file has, and the window starts fresh and says where;
/// - a kept session that is a symbolic link (or anything but a file) is neither followed nor
///   replaced: the window's session is saved under a new name at quit.
///
/// Its fields are fixed when it is made, so the autosave thread may write through it.
public final class KeptSession: @unchecked Sendable {
    /// The kept session's path and its folder.
    public let path: String
    public let folder: String
    /// Whether this window writes its session at all (a scripted run does not).
    public let claimed: Bool
    /// Whether this window keeps the session (it holds the lock and the path is a plain file or
    /// absent): it may replace `path`. Otherwise its session goes under a new name at quit.
    public var owns: Bool { state.withLock { ownsPath } }
    /// Why this window does not keep the session at `path`, when it does not.
    public var notKeptReason: String? { state.withLock { reason } }
    private let state = NSLock()
    private var ownsPath: Bool
    private var reason: String?
    /// The folder could not be made (a read-only state folder): why, as the system says it.
    public let folderFailure: String?
    private let lock: Int32

    /// What was at `path` when the window started.
    public enum Found: Equatable {
        case nothing
        case file
        /// A symbolic link, a folder, a device…: never read, never replaced.
        case other(String)
    }
    public let found: Found

    /// Makes the state folder, takes the lock (`claim`: this window writes the kept session at
    /// quit; a scripted run does not) and looks at what is at `path`.
    public init(path: String, claim: Bool) {
        self.path = path
        folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        found = Self.look(at: path)
        folderFailure = claim ? Self.makeFolder(folder) : nil
        var descriptor: Int32 = -1
        var busy = false
        if claim, folderFailure == nil {
            descriptor = open(
                URL(fileURLWithPath: path).deletingPathExtension().path + ".lock",
                O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o644)
            if descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                busy = errno == EWOULDBLOCK
                if !busy {
                    close(descriptor)
                    descriptor = -1
                }
            }
        }
        lock = busy ? -1 : descriptor
        if busy { close(descriptor) }
        claimed = claim
        switch found {
        case .other(let what):
            ownsPath = false
            reason = "\(path) is \(what): it is neither followed nor replaced"
        case .nothing, .file:
            ownsPath = claim && !busy
            reason =
                busy
                ? "another ScrollLab window has the kept session open" : claim ? nil : "a scripted run keeps nothing"
        }
    }

    /// This window will not replace the kept session after all (it could not be copied or set
    /// aside): its session goes under a new name at quit, for `why`.
    public func leaveAlone(because why: String) {
        state.withLock {
            ownsPath = false
            reason = why
        }
    }

    deinit { if lock >= 0 { close(lock) } }

    /// Lets the lock go (a window quitting; the system does the same if it crashes).
    public func release() {
        if lock >= 0 { flock(lock, LOCK_UN) }
    }

    /// What the window does with the kept session at start, as requests for its first frame
    /// (`say` tells standard error the same): open it (`opening`), or keep a copy of it when this
    /// window's session will replace it. One that cannot be opened is set aside, never lost; a
    /// link is neither followed nor replaced; with another window keeping it, it opens read-only.
    public func start(opening: Bool, say: (String) -> Void) -> [SessionRequest] {
        let keeper = self
        let elsewhere = "at quit this window's session is saved under a new name in \(keeper.folder)"
        switch keeper.found {
        case .nothing: return []
        case .other:
            let reason = (keeper.notKeptReason ?? "") + (keeper.claimed ? "; " + elsewhere : "")
            say("the kept session \(reason)")
            return [.failed(.read(path: path, as: .keptSession, reason: reason + "."))]
        case .file: break
        }
        guard opening else {
            // Not opened, and this window's session replaces it at quit: the earlier one is kept
            // beside it, not lost.
            guard keeper.owns else { return [] }
            do throws(InputError) {
                let copy = try keeper.copyPrevious()
                say(
                    "the session kept when the window last quit was not opened; it is now at \(copy) "
                        + "(`scrollab play --session \(copy)` opens it), since this window's session is kept at quit")
            } catch {
                keeper.leaveAlone(because: "the kept session could not be copied")
                say(
                    "the session kept when the window last quit could not be copied (\(error.message)), so it stays "
                        + "as it is; \(elsewhere)")
            }
            return []
        }
        do throws(InputError) {
            let document = try keeper.read()
            let note =
                keeper.owns || !keeper.claimed
                ? nil
                : "\(sentence(capitalized(keeper.notKeptReason ?? ""))) This window opened it read-only; \(elsewhere)."
            if let note { say(note) }
            return [.openKept(document, note: note)]
        } catch {
            // A damaged session, or one from a newer release: set aside (by the window that
            // keeps it), and the window starts fresh.
            var reason = sentence(error.message)
            if keeper.owns {
                do throws(InputError) {
                    reason += " It is set aside at \(try keeper.setAside()); this window starts fresh."
                } catch {
                    keeper.leaveAlone(because: "the kept session could not be set aside")
                    reason += " It could not be set aside (\(error.message)), so it stays as it is; \(elsewhere)."
                }
            } else {
                reason += " This window starts fresh" + (keeper.claimed ? "; \(elsewhere)." : ".")
            }
            say("the session kept at \(path) was not opened: \(reason)")
            return [.failed(.read(path: path, as: .keptSession, reason: reason))]
        }
    }

    private func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    private func sentence(_ text: String) -> String {
        text.isEmpty || text.hasSuffix(".") ? text : text + "."
    }

    static func look(at path: String) -> Found {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .nothing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFLNK: return .other("a symbolic link")
        case S_IFDIR: return .other("a folder")
        default: return .other("not a file")
        }
    }

    /// Makes `folder` and the folders above it; nil, or why it could not (the system's reason
    /// for the folder that failed, not a later "No such file").
    static func makeFolder(_ folder: String) -> String? {
        var made = ""
        for part in folder.split(separator: "/") {
            made += "/" + part
            var info = stat()
            if stat(made, &info) == 0 {
                if info.st_mode & S_IFMT == S_IFDIR { continue }
                return "cannot make the folder \(folder) (\(made) is not a folder)"
            }
            if mkdir(made, 0o755) != 0, errno != EEXIST {
                return "cannot make the folder \(made) (\(reason(errno)))"
            }
        }
        return nil
    }

    static func reason(_ code: Int32) -> String {
        strerror(code).flatMap { String(validatingCString: $0) } ?? "error \(code)"
    }

    /// The kept session, read and checked (`SessionFile`'s rules, at most `SessionFile.maximumSize`).
    public func read() throws(InputError) -> SessionDocument {
        try SessionFile.load(path)
    }

    /// Moves the kept session aside, to `last-session.unreadable.json` or, when that is taken,
    /// `…unreadable-2.json`, `-3`, … (never over an earlier one); returns where it went.
    public func setAside() throws(InputError) -> String {
        let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + ".unreadable"
        for n in 1...10_000 {
            let candidate = folder + "/" + base + (n == 1 ? "" : "-\(n)") + ".json"
            // A hard link never replaces what is there; then the old name goes.
            if link(path, candidate) == 0 {
                unlink(path)
                return candidate
            }
            guard errno == EEXIST else {
                throw InputError("\(path): could not be set aside as \(candidate) (\(Self.reason(errno)))")
            }
        }
        throw InputError("\(path): could not be set aside (10000 set-aside files already in \(folder))")
    }

    /// Copies the kept session, which this window's session replaces at quit, to
    /// `previous-session.json` beside it; returns the copy's path.
    public func copyPrevious() throws(InputError) -> String {
        let previous = folder + "/previous-session.json"
        try TextFile.write(try TextFile.read(path), to: previous)
        return previous
    }

    /// Writes `text` as the kept session (this window keeps it): whole or not at all, never
    /// through a link that appeared meanwhile.
    public func writeKept(_ text: String) throws(InputError) {
        if let folderFailure { throw InputError(folderFailure) }
        guard owns else { throw InputError("\(path): not replaced (\(notKeptReason ?? "kept by another window"))") }
        if case .other(let what) = Self.look(at: path) {
            throw InputError("\(path) is \(what) now: it is neither followed nor replaced")
        }
        try TextFile.write(text, to: path)
    }

    /// Writes `text` where this window's session goes at quit: the kept session when this window
    /// keeps it, else a new file `session-<date>-<time>.json` in the state folder (`-2`, `-3`, …
    /// when taken; never over another file). Returns the path written.
    public func save(_ text: String, now: Date = Date()) throws(InputError) -> String {
        let replaceable: Bool
        switch Self.look(at: path) {
        case .nothing, .file: replaceable = true
        case .other: replaceable = false
        }
        if owns, folderFailure == nil, replaceable {
            try writeKept(text)
            return path
        }
        if let folderFailure { throw InputError(folderFailure) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return try Self.writeNew(text, base: "session-" + formatter.string(from: now), in: folder)
    }

    /// Writes `text` to `folder/base.json`, or `base-2.json`, … : the first name free, taken
    /// with a hard link so no file that appeared meanwhile is replaced.
    static func writeNew(_ text: String, base: String, in folder: String) throws(InputError) -> String {
        let temporary = folder + "/.\(base)-\(getpid()).partial"
        try TextFile.write(text, to: temporary)
        defer { unlink(temporary) }
        for n in 1...10_000 {
            let candidate = folder + "/" + base + (n == 1 ? "" : "-\(n)") + ".json"
            if link(temporary, candidate) == 0 { return candidate }
            guard errno == EEXIST else {
                throw InputError("\(candidate): cannot be written (\(reason(errno)))")
            }
        }
        throw InputError("\(folder): no free name for \(base).json")
    }
}
