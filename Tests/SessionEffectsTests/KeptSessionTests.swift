import Foundation
import Testing
import Formats
import Scenes
@testable import Playground
@testable import SessionEffects

#if canImport(Glibc)
    import Glibc
#endif

/// The kept session is never lost: set aside when it cannot be opened (never over an earlier
/// set-aside file), never followed or replaced when it is a link, copied before another session
/// replaces it, and opened read-only by a second window, which saves under a new name.
@Suite struct KeptSessionTests {
    /// A fresh state folder (`…/scrollab`) and its kept session's path.
    func folder() throws -> (folder: String, kept: String) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("scrollab").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder, folder + "/last-session.json")
    }

    func sessionText(scene: String = "pager") throws -> String {
        let s = PlaygroundSession(
            setups: SceneSetup.playground(with: .cards(count: 40)).setups, initial: 0, viewport: .phone,
            feel: .standard)
        var document = s.snapshot()
        document.scene = scene
        return SessionFile.encode(document)
    }

    func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test func aSessionThatCannotBeOpenedIsSetAsideNeverOverAnEarlierOne() throws {
        let (folder, kept) = try folder()
        let newer = try sessionText().replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        try newer.write(toFile: kept, atomically: true, encoding: .utf8)
        try "earlier".write(toFile: folder + "/last-session.unreadable.json", atomically: true, encoding: .utf8)
        let keeper = KeptSession(path: kept, claim: true)
        defer { keeper.release() }
        var said: [String] = []
        let requests = keeper.start(opening: true) { said.append($0) }
        let aside = folder + "/last-session.unreadable-2.json"
        #expect(text(aside) == newer, "moved aside whole")
        #expect(text(folder + "/last-session.unreadable.json") == "earlier", "the earlier one is untouched")
        #expect(!FileManager.default.fileExists(atPath: kept))
        let reason =
            "\(kept): key \"version\": this ScrollLab reads version 1. It is set aside at \(aside); this window "
            + "starts fresh."
        #expect(requests == [.failed(.read(path: kept, as: .keptSession, reason: reason))])
        #expect(said == ["the session kept at \(kept) was not opened: \(reason)"])
        // The window's own session is kept at quit, in its place.
        #expect(try keeper.save("{}\n") == kept)
        #expect(text(kept) == "{}\n")
    }

    @Test func aLinkIsNeitherFollowedNorReplaced() throws {
        let (folder, kept) = try folder()
        let target = folder + "/elsewhere.json"
        let original = try sessionText()
        try original.write(toFile: target, atomically: true, encoding: .utf8)
        #expect(symlink(target, kept) == 0)
        let keeper = KeptSession(path: kept, claim: true)
        defer { keeper.release() }
        #expect(keeper.found == .other("a symbolic link") && !keeper.owns)
        var said: [String] = []
        let requests = keeper.start(opening: true) { said.append($0) }
        let reason =
            "\(kept) is a symbolic link: it is neither followed nor replaced; at quit this window's session is saved "
            + "under a new name in \(folder)"
        #expect(requests == [.failed(.read(path: kept, as: .keptSession, reason: reason + "."))])
        #expect(said == ["the kept session \(reason)"])
        let saved = try keeper.save("{\"mine\": 1}\n", now: Date(timeIntervalSince1970: 0))
        #expect(saved.hasPrefix(folder + "/session-1970") && saved.hasSuffix(".json"), "\(saved)")
        #expect(text(saved) == "{\"mine\": 1}\n")
        #expect(text(target) == original, "the file the link points to is untouched")
        #expect(KeptSession.look(at: kept) == .other("a symbolic link"))
        #expect(throws: InputError.self) { try keeper.writeKept("{}") }
    }

    @Test func aSecondWindowOpensItReadOnlyAndSavesUnderANewName() throws {
        let (folder, kept) = try folder()
        let original = try sessionText()
        try original.write(toFile: kept, atomically: true, encoding: .utf8)
        let first = KeptSession(path: kept, claim: true)
        #expect(first.owns)
        let second = KeptSession(path: kept, claim: true)
        #expect(!second.owns)
        var said: [String] = []
        let requests = second.start(opening: true) { said.append($0) }
        let note =
            "Another ScrollLab window has the kept session open. This window opened it read-only; at quit this "
            + "window's session is saved under a new name in \(folder)."
        #expect(requests == [.openKept(try SessionFile.decode(original, file: kept), note: note)])
        #expect(said == [note])
        let date = Date(timeIntervalSince1970: 86_400)
        let a = try second.save("{\"a\": 1}\n", now: date)
        let b = try second.save("{\"b\": 2}\n", now: date)
        #expect(a != b && a.hasPrefix(folder + "/session-") && b == a.dropLast(5) + "-2.json", "\(a) \(b)")
        #expect(text(a) == "{\"a\": 1}\n" && text(b) == "{\"b\": 2}\n", "a name taken is never written over")
        #expect(text(kept) == original, "the first window's kept session is untouched")
        #expect(throws: InputError.self) { try second.writeKept("{}") }
        // The first window quits: the next one keeps the session again.
        #expect(try first.save("{\"first\": 1}\n") == kept)
        first.release()
        let third = KeptSession(path: kept, claim: true)
        defer { third.release() }
        #expect(third.owns)
    }

    @Test func aSessionNotOpenedIsCopiedBeforeItIsReplaced() throws {
        let (folder, kept) = try folder()
        let original = try sessionText()
        try original.write(toFile: kept, atomically: true, encoding: .utf8)
        let keeper = KeptSession(path: kept, claim: true)
        defer { keeper.release() }
        var said: [String] = []
        #expect(keeper.start(opening: false) { said.append($0) } == [])
        #expect(text(folder + "/previous-session.json") == original)
        #expect(said.count == 1 && said[0].contains("it is now at \(folder)/previous-session.json"), "\(said)")
        // A scripted run reads it and never copies, moves or writes it.
        try FileManager.default.removeItem(atPath: folder + "/previous-session.json")
        let scripted = KeptSession(path: kept, claim: false)
        #expect(scripted.start(opening: false) { _ in } == [])
        #expect(!FileManager.default.fileExists(atPath: folder + "/previous-session.json"))
        try "{".write(toFile: kept, atomically: true, encoding: .utf8)
        let requests = scripted.start(opening: true) { _ in }
        #expect(requests.count == 1 && text(kept) == "{", "not set aside by a scripted run")
    }

    /// A state folder that cannot be made says why (it said "No such file or directory").
    @Test func aFolderThatCannotBeMadeSaysWhy() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        // Read-only to everyone, root included: an immutable folder (root), or mode 0555.
        let immutable = getuid() == 0
        if immutable {
            try run("/usr/bin/chattr", ["+i", base.path])
        } else {
            chmod(base.path, 0o555)
        }
        defer {
            if immutable { try? run("/usr/bin/chattr", ["-i", base.path]) } else { chmod(base.path, 0o755) }
            try? FileManager.default.removeItem(at: base)
        }
        let kept = base.path + "/scrollab/last-session.json"
        let keeper = KeptSession(path: kept, claim: true)
        let reason = immutable ? "Operation not permitted" : "Permission denied"
        let line = "cannot make the folder \(base.path)/scrollab (\(reason))"
        #expect(keeper.folderFailure == line)
        #expect(throws: InputError(line)) { _ = try keeper.save("{}\n") }
    }

    func run(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments)")
    }
}

/// The autosave's thread: the window hands a document over and goes on; the latest is written.
@Suite struct SessionWriterTests {
    final class Box: @unchecked Sendable {
        let lock = NSLock()
        var written: [String] = []
        let gate = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)
    }

    func document(_ scene: String) -> SessionDocument {
        let s = PlaygroundSession(
            setups: SceneSetup.playground(with: .cards(count: 40)).setups, initial: 0, viewport: .phone,
            feel: .standard)
        var document = s.snapshot()
        document.scene = scene
        return document
    }

    @Test func submitReturnsWhileTheWriteIsUnderWayAndOnlyTheLatestWaitingIsWritten() throws {
        let box = Box()
        let writer = SessionWriter { text throws(InputError) in
            box.entered.signal()
            box.gate.wait()
            box.lock.withLock { box.written.append(text) }
        }
        defer { writer.stop() }
        writer.submit(document("list"))
        box.entered.wait()
        // The first write waits at the gate: these return at once, the last replacing the second.
        writer.submit(document("pager"))
        writer.submit(document("carousel"))
        #expect(box.lock.withLock { box.written.isEmpty })
        #expect(writer.takeOutcome() == nil)
        box.gate.signal()
        box.gate.signal()
        let outcome = writer.finish()
        #expect((try? outcome?.get()) != nil)
        let written = box.lock.withLock { box.written }
        #expect(written == [SessionFile.encode(document("list")), SessionFile.encode(document("carousel"))])
    }

    @Test func aFailedWriteIsReportedOnce() throws {
        let writer = SessionWriter { _ throws(InputError) in throw InputError("s.json: cannot write (Read-only)") }
        defer { writer.stop() }
        writer.submit(document("list"))
        #expect(
            writer.finish().map { if case .failure(let e) = $0 { e.message } else { "" } }
                == "s.json: cannot write (Read-only)")
        #expect(writer.takeOutcome() == nil)
    }
}
