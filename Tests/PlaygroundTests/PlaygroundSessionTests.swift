import Foundation
import Testing
import Scenes
import Formats
import ScrollLabKit
import ScrollPhysics
@testable import Playground

@Suite struct PlaygroundSessionTests {
    func session(trace: String? = nil) throws -> TestSession {
        try TestSession(
            setups: [.cards(count: 50), .pager(pages: 4), .carousel(cellWidth: 300, spacing: 12, cells: 6)],
            initial: 0, viewport: .phone, feel: Feel(ScrollParameters()), tracePath: trace, realTime: 10)
    }

    @Test func badParameterFileShowsItsErrorAndKeepsTheValues() throws {
        let s = try session()
        var tuned = ScrollParameters()
        tuned.bounceDamping = 30
        s.session.setFeel(Feel(tuned), at: 10)
        let path = temporaryPath("bad.json")
        try "{\"bounceDamping\": \"stiff\"}".write(toFile: path, atomically: true, encoding: .utf8)
        s.send([.loadParameters(path: path)], at: 11)
        #expect(
            s.message
                == .init(
                    text: "\(path): key \"bounceDamping\": \"stiff\" is not a number; allowed range [1, 100] 1/s",
                    isError: true))
        #expect(s.feel.uikit.bounceDamping == 30)
        s.send([.loadParameters(path: "/nonexistent.json")], at: 11)
        #expect(s.message?.text == "/nonexistent.json: no such file")
        #expect(s.feel.uikit.bounceDamping == 30)
    }

    @Test func saveLoadRevertAndPresets() throws {
        let s = try session()
        let path = temporaryPath("feel.json")
        var tuned = ScrollParameters()
        tuned.pageDamping = 42
        s.session.setFeel(Feel(tuned), at: 10)
        #expect(s.hasUnsavedChanges)
        s.send([.saveParameters(path: path)], at: 10)
        #expect(!s.hasUnsavedChanges)
        s.send([.applyPreset(id: "uikit-fast")], at: 11)
        #expect(s.feel.uikit.decelerationRate == 0.99)
        s.send([.loadParameters(path: path)], at: 12)
        #expect(s.feel.uikit == tuned)
        s.send([.resetToDefaults], at: 13)
        s.send([.revert], at: 13)
        #expect(s.feel.uikit == tuned)
        #expect(s.scene.mainAxis.uikit == tuned)  // applied to the live scene too
    }

    /// A 240 pt drag in 48 ms starting at real time `start` (scene time = real − 10).
    func fling(_ s: TestSession, start: Double, x: Double = 200) {
        s.pointerDown(at: Point(x: x, y: 600), time: start)
        for i in 1...6 { s.pointerMoved(to: Point(x: x, y: 600 - 40 * Double(i)), time: start + 0.008 * Double(i)) }
        s.pointerUp(at: Point(x: x, y: 360), time: start + 0.048)
    }

    @Test func parameterChangeDuringMotionDoesNotJump() throws {
        let s = try session()
        fling(s, start: 10)
        s.frame(at: 10.3)
        let before = s.scene.mainAxis.offset(at: 0.3)
        var fast = s.feel.uikit
        fast.decelerationRate = 0.99
        s.session.setFeel(Feel(fast), at: 10.3)
        #expect(abs(s.scene.mainAxis.offset(at: 0.3) - before) < 1e-9)
    }

    @Test func abModeDrivesBothSidesWithTheSameSamples() throws {
        let s = try session()
        s.send([.setComparing(true)], at: 10)
        #expect(s.sides.count == 2)
        s.send([.edit(side: 1)], at: 10)
        var floaty = ScrollParameters()
        floaty.decelerationRate = 0.999
        s.session.setFeel(Feel(floaty), at: 10)
        #expect(s.sides[0].feel.uikit == ScrollParameters() && s.sides[1].feel.uikit == floaty)
        s.pointerDown(at: Point(x: 200, y: 600), time: 10)
        for i in 1...6 {
            s.pointerMoved(to: Point(x: 200, y: 600 - 40 * Double(i)), time: 10 + 0.008 * Double(i))
            s.frame(at: 10 + 0.008 * Double(i))
            // While dragging both follow the same samples exactly, whatever their parameters.
            #expect(
                s.sides[0].scene.mainAxis.offset(at: 0.008 * Double(i))
                    == s.sides[1].scene.mainAxis.offset(at: 0.008 * Double(i)))
        }
        s.pointerUp(at: Point(x: 200, y: 360), time: 10.048)
        // Both released at the finger's 5,000 pt/s (read one release frame into each side's glide).
        #expect(
            abs(
                s.sides[0].scene.mainAxis.velocity(at: 0.048)
                    - ExpectedGlide.speedAtRelease(ScrollParameters(), velocity: 5000)) < 1e-6)
        #expect(
            abs(s.sides[1].scene.mainAxis.velocity(at: 0.048) - ExpectedGlide.speedAtRelease(floaty, velocity: 5000))
                < 1e-6)
        s.frame(at: 16)
        // floaty glides farther
        #expect(s.sides[1].scene.mainAxis.offset(at: 6) > s.sides[0].scene.mainAxis.offset(at: 6) + 500)
        s.send([.swapSides], at: 16)
        #expect(s.sides[0].feel.uikit == floaty && s.sides[1].feel.uikit == ScrollParameters())
        s.send([.copy(from: 0, to: 1)], at: 16)
        #expect(s.sides[1].feel.uikit == floaty)
        s.send([.setComparing(false)], at: 16)
        #expect(s.sides.count == 1 && s.editing == 0)
    }

    @Test func recordSaveLoadReplayReproducesTheTrace() throws {
        let s = try session()
        s.frame(at: 11)
        s.send([.startRecording], at: 11)
        // The gesture arrives between frames, as it would in the window.
        var gesture: [(Double, () -> Void)] = [(11.2, { s.pointerDown(at: Point(x: 200, y: 600), time: 11.2) })]
        for i in 1...6 {
            let t = 11.2 + 0.008 * Double(i)
            gesture.append((t, { s.pointerMoved(to: Point(x: 200, y: 600 - 40 * Double(i)), time: t) }))
        }
        gesture.append((11.248, { s.pointerUp(at: Point(x: 200, y: 360), time: 11.248) }))
        var live: [Double] = []
        var next = 0
        for k in 0...120 {
            let real = 11 + Double(k) / 60
            while next < gesture.count, gesture[next].0 <= real { gesture[next].1(); next += 1 }
            s.frame(at: real)
            live.append(s.scene.mainAxis.offset(at: real - 10))
        }
        s.send([.stopRecording], at: 12)
        #expect(s.recorded.count == 8)
        #expect(s.recorded[0].time == 0, "the recording starts at the first touch")
        let path = temporaryPath("gesture.json")
        s.send([.saveRecording(path: path)], at: 12)

        // The saved file replayed headless gives the same offsets at the same times ...
        let events = try GestureFile.decode(try TextFile.read(path), file: path)
        #expect(events == s.recorded)
        var offline: [Double] = []
        let scene = ListScene(cardCount: 50)
        Replay(fps: 60, duration: 2).run(scene, events: events) { t in offline.append(scene.mainAxis.offset(at: t)) }
        // (the live gesture began 0.2 s = 12 frames after the recording did)
        for (a, b) in zip(live.dropFirst(12), offline) { #expect(abs(a - b) < 1e-6) }

        // ... and so does replaying it in the window, on a fresh scene.
        let other = try session()
        other.send([.loadRecording(path: path)], at: 20)
        other.frame(at: 20)
        other.send([.replay(.both)], at: 20)
        #expect(other.isReplaying)
        var replayed: [Double] = []
        for k in 0...120 {
            let real = 20 + Double(k) / 60
            other.frame(at: real)
            replayed.append(other.scene.mainAxis.offset(at: real - 10))
        }
        for (a, b) in zip(live.dropFirst(12), replayed) { #expect(abs(a - b) < 1e-6) }
        #expect(!other.isReplaying)
        #expect(
            other.message?.text.hasPrefix("Replayed ") == true,
            "the message says the replay is done: \(other.message?.text ?? "none")")
    }

    @Test func replayWithoutARecordingSaysSo() throws {
        let s = try session()
        s.send([.replay(.both)], at: 10)
        #expect(s.message == .init(text: "Nothing recorded yet.", isError: true))
        s.send([.startRecording], at: 10)
        s.send([.replay(.both)], at: 10)
        #expect(
            s.message
                == .init(text: "Still recording: press Stop first, then Replay plays what was recorded.", isError: true)
        )
        s.send([.stopRecording], at: 12)
        s.send([.loadRecording(path: "/nonexistent.json")], at: 10)
        #expect(s.message == .init(text: "/nonexistent.json: no such file", isError: true))
    }

    @Test func exportWritesJSONAndASwiftSnippet() throws {
        let s = try session()
        let base = temporaryPath("feel")
        let effects = s.send([.exportForEngineers(base: base)], at: 10)
        guard case .copyToClipboard(let snippet) = try #require(effects.first) else {
            Issue.record("the snippet goes to the clipboard: \(effects)")
            return
        }
        #expect(snippet.contains("var decelerationRate: Double = 0.998"))
        #expect(snippet.contains("var bounceDamping: Double = 10.9"))
        #expect(try ParametersFile.decode(TextFile.read(base + ".json"), file: base) == .standard)
        #expect(try TextFile.read(base + ".swift") == snippet)
    }

    @Test func switchingScenesAndTracing() throws {
        let path = temporaryPath("trace.csv")
        let s = try session(trace: path)
        for i in 0..<5 { s.frame(at: 10 + Double(i) / 60) }
        s.send([.switchScene(1)], at: 10.1)
        #expect(s.scene.name == "pager")
        s.frame(at: 10.2)
        s.send([.switchScene(9)], at: 10.2)  // no such scene: ignored
        #expect(s.sceneIndex == 1)
        // A new trace grows while the window runs, row by row.
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 7,
            "a new trace is readable while it grows")
        try s.finishTrace()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "t,offset,velocity,phase,page")
        #expect(lines.count == 7)
        #expect(lines.last == "0.200000,0.0000,0.000,idle,0")
    }

    @Test func anExistingTraceIsReplacedOnlyWhenFinished() throws {
        let path = temporaryPath("trace.csv")
        try "an earlier trace\n".write(toFile: path, atomically: false, encoding: .utf8)
        let s = try session(trace: path)
        for i in 0..<5 { s.frame(at: 10 + Double(i) / 60) }
        #expect(
            try String(contentsOfFile: path, encoding: .utf8) == "an earlier trace\n",
            "kept until the trace is finished")
        try s.finishTrace()
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 6)
    }

    @Test func unwritableTraceIsAOneLineError() {
        #expect(
            throws: InputError(
                "/nonexistent/dir/trace.csv: cannot be written (folder /nonexistent/dir: No such file or directory)")
        ) {
            _ = try TestSession(
                setups: [.pager(pages: 2)], initial: 0, viewport: .phone, feel: Feel(ScrollParameters()),
                tracePath: "/nonexistent/dir/trace.csv")
        }
    }

    @Test func presetFilesMatchThePresets() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for preset in Preset.all {
            let path = root.appendingPathComponent("Assets/presets/\(preset.id).json").path
            #expect(try ParametersFile.decode(TextFile.read(path), file: path) == preset.feel, "\(preset.id)")
        }
    }
}
