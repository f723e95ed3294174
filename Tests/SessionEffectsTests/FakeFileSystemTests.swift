import Foundation
import Testing
import Scenes
import Fitting
import Formats
import ScrollPhysics
@testable import Playground
@testable import SessionEffects

/// Every request that reads or writes a file, run against a session whose files are in memory:
/// `apply` itself touches no disk (the folder below does not exist, so any real read or write
/// would fail), each effect's result comes back as a request, and the outcome is the same.
@Suite struct FakeFileSystemTests {
    static let folder = "/no-such-folder-\(UUID().uuidString)"

    func session(_ files: MemoryFiles, tracing: Bool = false) -> (PlaygroundSession, SessionDriver) {
        let s = PlaygroundSession(
            setups: [.cards(count: 400), .pager(pages: 4)], initial: 0, viewport: .phone, feel: .standard,
            tracing: tracing, realTime: 10)
        return (s, SessionDriver(files: files))
    }

    @Test func applyReturnsFileEffectsAndChangesNothingUntilTheResultComesBack() throws {
        let files = MemoryFiles()
        let (s, _) = session(files)
        let path = Self.folder + "/fast.json"
        #expect(s.apply([.loadParameters(path: path)], at: 11) == [.read(path: path, as: .parameters)])
        #expect(s.feel == .standard, "nothing is loaded before the text comes back")
        s.apply([.loaded(path: path, as: .parameters, text: "{\"decelerationRate\": 0.99}")], at: 11)
        #expect(s.feel.uikit.decelerationRate == 0.99)
        #expect(s.edited.named.name == "fast.json")
        #expect(s.message == .init(text: "Loaded \(path) into A.", isError: false))
        #expect(s.undoLabel == "load fast.json", "the load is one undo step")
        #expect(!FileManager.default.fileExists(atPath: Self.folder))
    }

    @Test func parametersSaveLoadAndFailThroughTheFakeFiles() {
        let files = MemoryFiles()
        let (s, driver) = session(files)
        let path = Self.folder + "/feel.json"
        driver.apply([.setValue(key: "decelerationRate", value: .number(0.99))], to: s, at: 10)
        #expect(s.hasUnsavedChanges)
        driver.apply([.saveParameters(path: path)], to: s, at: 11)
        #expect(!s.hasUnsavedChanges)
        #expect(files.files[path] == ParametersFile.encode(s.feel))
        #expect(s.message?.text == "Saved A's parameters to \(path).")
        driver.apply([.resetToDefaults, .loadParameters(path: path)], to: s, at: 12)
        #expect(s.feel.uikit.decelerationRate == 0.99, "a batch reads its files in order")
        // A bad file and a missing one: one line each, nothing changes.
        files.files[path] = "{\"decelerationRate\": 2}"
        driver.apply([.loadParameters(path: path)], to: s, at: 13)
        #expect(s.message?.isError == true && s.message?.text.hasPrefix("\(path): ") == true)
        #expect(s.feel.uikit.decelerationRate == 0.99)
        driver.apply([.loadParameters(path: Self.folder + "/none.json")], to: s, at: 14)
        #expect(
            s.message == .init(text: "\(Self.folder)/none.json: cannot open (No such file or directory)", isError: true)
        )
        // A refused write keeps the side unsaved.
        driver.apply([.setValue(key: "decelerationRate", value: .number(0.995))], to: s, at: 15)
        files.unwritable = [path]
        driver.apply([.saveParameters(path: path)], to: s, at: 16)
        #expect(s.hasUnsavedChanges)
        #expect(s.message == .init(text: "\(path): cannot write (Permission denied)", isError: true))
    }

    @Test func exportWritesBothFilesThenAsksForTheClipboard() throws {
        let files = MemoryFiles()
        let (s, driver) = session(files)
        let base = Self.folder + "/feel"
        let effects = driver.apply([.exportForEngineers(base: base)], to: s, at: 10)
        let snippet = try #require(files.files[base + ".swift"])
        #expect(effects == [.copyToClipboard(snippet)])
        #expect(snippet.contains("var decelerationRate: Double = 0.998"))
        #expect(files.files[base + ".json"] == ParametersFile.encode(.standard))
        #expect(
            s.message?.text == "Exported \(base).json and \(base).swift (the snippet is on the clipboard).")
        // Refused: no clipboard, one line.
        files.unwritable = [base + ".swift"]
        #expect(driver.apply([.exportForEngineers(base: base)], to: s, at: 11).isEmpty)
        #expect(s.message?.isError == true)
    }

    @Test func recordingSavedAndLoadedThroughTheFakeFiles() {
        let files = MemoryFiles()
        let (s, driver) = session(files)
        let path = Self.folder + "/gesture.json"
        driver.apply([.startRecording], to: s, at: 10)
        driver.apply([.pointer(.down(Point(x: 200, y: 700)))], to: s, at: 10.5)
        driver.apply([.pointer(.move(Point(x: 200, y: 600)))], to: s, at: 10.55)
        driver.apply([.pointer(.up(Point(x: 200, y: 600)))], to: s, at: 10.6)
        driver.apply([.saveRecording(path: path)], to: s, at: 11)
        #expect(s.message == .init(text: "Saved the gesture to \(path).", isError: false))
        let text = files.files[path] ?? ""
        #expect(text == GestureFile.encode(s.recorded) && s.recorded.count == 3)
        let (other, otherDriver) = session(files)
        otherDriver.apply([.loadRecording(path: path), .replay(.both)], to: other, at: 12)
        #expect(other.recorded == s.recorded)
        #expect(other.isReplaying)
    }

    @Test func referenceAndSessionsThroughTheFakeFiles() {
        let files = MemoryFiles()
        let (s, driver) = session(files)
        let csv = Self.folder + "/glide.csv"
        files.files[csv] = "t,offset\n0,0\n0.1,80\n0.2,140\n0.3,180\n"
        driver.apply([.loadReference(path: csv)], to: s, at: 10)
        #expect(s.reference?.trace.samples.count == 4)
        let sessionPath = Self.folder + "/session.json"
        driver.apply([.setComparing(true), .switchScene(1), .saveSession(path: sessionPath)], to: s, at: 11)
        #expect(s.message?.text.hasPrefix("Saved the session to \(sessionPath)") == true)
        let (fresh, freshDriver) = session(files)
        freshDriver.apply([.openSession(path: sessionPath)], to: fresh, at: 12)
        #expect(fresh.isComparing && fresh.scene.name == "pager")
        #expect(fresh.reference?.path == csv)
        #expect(fresh.undoLabel == "open session.json")
        // The session's reference gone: it opens, and says its reference was not loaded.
        files.files[csv] = nil
        let (third, thirdDriver) = session(files)
        thirdDriver.apply([.openSession(path: sessionPath)], to: third, at: 13)
        #expect(third.isComparing)
        #expect(third.message?.isError == true)
        #expect(third.message?.text.contains("Its reference was not loaded: \(csv): cannot open") == true)
        // The kept session at the next start, and a damaged one.
        let (kept, keptDriver) = session(files)
        keptDriver.apply([.openKeptSession(path: sessionPath)], to: kept, at: 14)
        #expect(kept.isComparing)
        files.files[sessionPath] = "{"
        let (damaged, damagedDriver) = session(files)
        damagedDriver.apply([.openKeptSession(path: sessionPath)], to: damaged, at: 15)
        #expect(damaged.message?.text.hasPrefix("The session kept at \(sessionPath) was not opened: ") == true)
        #expect(!damaged.isComparing)
    }

    /// A session whose reference is a video: opening it asks the window to track the video, and
    /// when the track comes back the message still says what was opened (and so does a failure).
    @Test func anOpenedSessionsVideoReferenceKeepsTheOpenedMessage() throws {
        let files = MemoryFiles()
        let (s, driver) = session(files)
        let path = Self.folder + "/with-video.json"
        driver.apply([.setComparing(true), .saveSession(path: path)], to: s, at: 10)
        files.files[path] = files.files[path]?.replacingOccurrences(
            of: "\"reference\": null", with: "\"reference\": \"clip.mp4\"")
        #expect(files.files[path]?.contains("clip.mp4") == true, "\(files.files[path] ?? "")")
        let (fresh, freshDriver) = session(files)
        let effects = freshDriver.apply([.openSession(path: path)], to: fresh, at: 11)
        #expect(effects == [.trackReference(path: "clip.mp4")])
        let trace = FitTrace(samples: (0...8).map { FitTrace.Sample(t: Double($0) / 60, offset: 100 * Double($0)) })
        freshDriver.apply(
            [.referenceTracked(path: "clip.mp4", trace: trace, kind: .glide, summary: "9 frames")], to: fresh, at: 12)
        #expect(fresh.reference?.path == "clip.mp4")
        #expect(
            fresh.message?.text.hasPrefix("Opened \(path):") == true
                && fresh.message?.text.hasSuffix("Its reference, clip.mp4, is tracked.") == true,
            "\(fresh.message?.text ?? "")")
        let (third, thirdDriver) = session(files)
        thirdDriver.apply([.openSession(path: path)], to: third, at: 13)
        thirdDriver.apply([.referenceFailed(path: "clip.mp4", reason: "clip.mp4: no such file")], to: third, at: 14)
        #expect(
            third.message?.text.hasPrefix("Opened \(path):") == true
                && third.message?.text.contains("Its reference was not loaded: clip.mp4: no such file") == true,
            "\(third.message?.text ?? "")")
    }

    @Test func theTraceIsAnEffectAndStopsOnAFailure() {
        final class FailingTrace: SessionFiles {
            var rows = 0
            func read(_ path: String) throws(InputError) -> (path: String, text: String) { throw InputError("no") }
            func write(_ text: String, to path: String) throws(InputError) {}
            func appendTrace(_ text: String) throws(InputError) {
                rows += 1
                if rows == 3 { throw InputError("trace.csv: No space left on device") }
            }
        }
        let files = MemoryFiles()
        let (s, driver) = session(files, tracing: true)
        let first = s.apply([.frame], at: 10.1)
        guard case .appendTrace(let text) = first.first, first.count == 1 else {
            Issue.record("a frame asks for its trace row: \(first)")
            return
        }
        #expect(text.hasPrefix("t,offset,velocity,phase") && text.contains("\n0.100000,0.0000,0.000,idle"))
        driver.apply([.frame, .frame], to: s, at: 10.2)
        #expect(files.trace.split(separator: "\n").count == 2, "a row a frame; the header only once")
        let failing = FailingTrace()
        let (t, failingDriver) = (session(files, tracing: true).0, SessionDriver(files: failing))
        for k in 1...5 { failingDriver.apply([.frame], to: t, at: 10 + Double(k) / 60) }
        #expect(failing.rows == 3, "no rows are asked for after the failure")
        #expect(!t.isTracing)
        #expect(t.message == .init(text: "Trace stopped: trace.csv: No space left on device", isError: true))
    }
}
