import Foundation
import Testing
import Scenes
import ScrollPhysics
@testable import Playground
import SessionEffects

/// Sessions saved and opened, and Undo/Redo: each checked on what the next gesture does.
@Suite struct SessionDocumentTests {
    func session() throws -> TestSession {
        try TestSession(
            setups: SceneSetup.playground(with: .cards(count: 400)).setups, initial: 0, viewport: .phone,
            feel: .standard, tracePath: nil, realTime: 10)
    }

    /// The same drag as `SessionRequestTests.fling` (240 pt up in 80 ms) from real time `start`;
    /// every side's rest offset 30 s later, on fresh scenes (a scene switched away and back).
    func fling(_ s: TestSession, start: Double) -> [Double] {
        let scene = s.sceneIndex
        s.send([.switchScene(scene == 0 ? 1 : 0), .switchScene(scene)], at: start - 0.2)
        s.frame(at: start - 0.1)
        s.pointerDown(at: Point(x: 200, y: 700), time: start)
        for i in 1...10 { s.pointerMoved(to: Point(x: 200, y: 700 - 24 * Double(i)), time: start + 0.008 * Double(i)) }
        s.pointerUp(at: Point(x: 200, y: 460), time: start + 0.08)
        s.frame(at: start + 30)
        return s.sides.map { $0.scene.mainAxis.offset(at: s.sceneTime(at: start + 30)) }
    }

    /// A session with something in every field of the document.
    func busySession() throws -> (TestSession, reference: String) {
        let s = try session()
        let csv = temporaryPath("reference.csv")
        // A glide: 1,000 pt/s decaying at 2 /s, sampled at 60 Hz for a second.
        let rows = (0...60).map { k -> String in
            let t = Double(k) / 60; return "\(t),\(500 * (1 - exp(-2 * t)))"
        }
        try ("t,offset\n" + rows.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        s.send(
            [
                .switchScene(2), .setSceneControl(id: "cellWidth", value: 184), .switchScene(0), .setComparing(true),
                .edit(side: 1), .applyPreset(id: "floaty"), .setValue(key: "decelerationRate", value: .number(0.9965)),
                .edit(side: 0), .setValue(key: "rubberBandCoefficient", value: .number(0.4)), .setGhost(true),
                .setSlowMotion(rate: 0.25), .loadReference(path: csv), .setViewport(Size(width: 375, height: 667))
            ], at: 10)
        s.pointerDown(at: Point(x: 100, y: 500), time: 10.5)
        s.send([.startRecording], at: 10.6)
        s.pointerUp(at: Point(x: 100, y: 500), time: 10.6)
        s.pointerDown(at: Point(x: 100, y: 500), time: 10.7)
        s.pointerMoved(to: Point(x: 100, y: 400), time: 10.75)
        s.pointerUp(at: Point(x: 100, y: 400), time: 10.8)
        s.send([.stopRecording], at: 11)
        return (s, csv)
    }

    @Test func aSessionFileRoundTripsEveryField() throws {
        let (s, csv) = try busySession()
        let document = s.snapshot()
        #expect(s.reference != nil, "\(s.message?.text ?? "")")
        #expect(document.scene == "list")
        #expect(document.viewport == Size(width: 375, height: 667))
        #expect(document.sides.count == 2)
        #expect(document.sides[1].name == "Floaty")
        #expect(document.sides[1].feel.uikit.decelerationRate == 0.9965)
        #expect(document.sides[0].feel.uikit.rubberBandCoefficient == 0.4)
        #expect(document.editing == 0)
        #expect(document.ghost)
        #expect(document.slowMotion == 0.25)
        #expect(document.layouts == ["carousel": ["cellWidth": 184]])
        #expect(document.reference == csv)
        #expect(document.recording.count == 3)
        let text = SessionFile.encode(document)
        let read = try SessionFile.decode(text, file: "s.json")
        #expect(read == document)
        // The fields one by one, so a difference names itself.
        #expect(read.sides == document.sides)
        #expect(read.recording == document.recording)
        #expect(SessionFile.encode(read) == text)
    }

    @Test func openingASessionGivesTheSameNextFlingOnBothSides() throws {
        let (s, _) = try busySession()
        let path = temporaryPath("saved.json")
        s.send([.saveSession(path: path)], at: 12)
        #expect(s.message?.isError == false, "\(s.message?.text ?? "")")
        s.send([.setSlowMotion(rate: nil)], at: 12)
        let expected = fling(s, start: 20)

        let fresh = try session()
        fresh.send([.openSession(path: path)], at: 12)
        #expect(fresh.message?.isError == false, "\(fresh.message?.text ?? "")")
        #expect(fresh.snapshot().sides == s.snapshot().sides)
        #expect(fresh.viewport == Size(width: 375, height: 667))
        #expect(fresh.isComparing && fresh.showsGhost)
        #expect(fresh.sides.map(\.title) == s.sides.map(\.title))
        #expect(fresh.recorded == s.recorded)
        #expect(fresh.reference != nil)
        // The carousel keeps its narrow cells.
        fresh.send([.switchScene(2)], at: 13)
        #expect(fresh.scene.controlValue("cellWidth") == 184)
        fresh.send([.switchScene(0), .setSlowMotion(rate: nil)], at: 13)
        let got = fling(fresh, start: 20)
        #expect(got.count == 2)
        // Two different feels, each as saved.
        #expect(abs(got[0] - expected[0]) < 1e-6 && abs(got[1] - expected[1]) < 1e-6, "\(got) vs \(expected)")
        #expect(abs(got[0] - got[1]) > 10)
    }

    @Test func badSessionFilesNameWhatAndWhere() throws {
        let good = SessionFile.encode(try session().snapshot())
        func error(_ text: String) -> String {
            do { _ = try SessionFile.decode(text, file: "s.json"); return "" } catch { return error.message }
        }
        #expect(error("[1]").hasPrefix("s.json: expected a session"))
        #expect(error("{\"decelerationRate\": 0.99}").contains("unknown key \"decelerationRate\""))
        #expect(error("{\"scrollab\": \"session\", \"version\": 2}").contains("key \"version\""))
        #expect(
            error(good.replacingOccurrences(of: "\"scene\": \"list\"", with: "\"scene\": \"desk\"")).contains(
                "key \"scene\""))
        #expect(
            error(good.replacingOccurrences(of: "\"viewport\": [390, 844]", with: "\"viewport\": [0, 844]")).contains(
                "key \"viewport\""))
        #expect(
            error(good.replacingOccurrences(of: "\"decelerationRate\": 0.998", with: "\"decelerationRate\": 7"))
                .hasPrefix("s.json: sides[0].feel: "))
        #expect(
            error(good.replacingOccurrences(of: "\"editing\": \"A\"", with: "\"editing\": \"B\"")).contains(
                "key \"editing\""))
        #expect(
            error(good.replacingOccurrences(of: "\"slow_motion\": null", with: "\"slow_motion\": 0.3")).contains(
                "slow_motion"))
        #expect(
            error(
                good.replacingOccurrences(
                    of: "\"events\": [", with: "\"events\": [{\"t\": -1, \"type\": \"down\", \"x\": 0, \"y\": 0}")
            )
            .hasPrefix("s.json: recording"))
        // A session's scene must be one of the window's.
        let one = try TestSession(
            setups: [.cards(count: 10)], initial: 0, viewport: .phone, feel: .standard, tracePath: nil)
        var document = one.snapshot()
        document.scene = "pager"
        one.send([.open(document, source: "x.json")], at: 1)
        #expect(one.message?.isError == true)
        #expect(one.message?.text.hasPrefix("x.json: the scene \"pager\"") == true)
    }

    @Test func theKeptSessionLivesInTheStateFolder() {
        #expect(
            SessionFile.autosavePath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/scrollab/last-session.json")
        #expect(SessionFile.autosavePath(environment: ["HOME": "/h"]) == "/h/.local/state/scrollab/last-session.json")
        #expect(SessionFile.autosavePath(environment: ["XDG_STATE_HOME": "relative"]) == nil)
    }

    // MARK: Undo and redo

    @Test func undoTakesBackAPresetAndRedoDoesItAgain() throws {
        let s = try session()
        let standard = fling(s, start: 20)[0]
        s.send([.applyPreset(id: "floaty")], at: 60)
        let floaty = fling(s, start: 70)[0]
        #expect(abs(floaty - standard) > 10)
        s.send([.undo], at: 110)
        #expect(s.message?.text == "Undid preset Floaty.")
        #expect(s.sides[0].title == "A · UIKit normal")
        #expect(abs(fling(s, start: 120)[0] - standard) < 1e-6)
        s.send([.redo], at: 160)
        #expect(s.sides[0].title == "A · Floaty")
        #expect(abs(fling(s, start: 170)[0] - floaty) < 1e-6)
        s.send([.redo], at: 210)
        #expect(s.message?.text == "Nothing to redo.")
    }

    @Test func aSliderDragIsOneUndoStepAndTwoDragsAreTwo() throws {
        let s = try session()
        // One drag: sixty values in one second.
        for k in 0..<60 {
            s.send(
                [.setValue(key: "decelerationRate", value: .number(0.998 - Double(k) * 0.0001))],
                at: 10 + Double(k) / 60)
        }
        #expect(s.undoStack.count == 1)
        // A second drag of the same slider two seconds later, and one of another.
        s.send([.setValue(key: "decelerationRate", value: .number(0.99))], at: 13)
        s.send([.setValue(key: "rubberBandCoefficient", value: .number(0.3))], at: 13.1)
        #expect(s.undoStack.count == 3)
        #expect(
            s.undoLabel == "Rubber band coefficient"
                || s.undoLabel == ParameterSpec.named("rubberBandCoefficient")?.title)
        s.send([.undo, .undo], at: 14)
        #expect(s.feel.uikit.decelerationRate == 0.998 - 59 * 0.0001)
        s.send([.undo], at: 14)
        #expect(s.feel.uikit.decelerationRate == 0.998)
        #expect(s.feel == Feel.standard.on(s.display))
        s.send([.undo], at: 14)
        #expect(s.message?.text == "Nothing to undo.")
        // A new change after undoing forgets what could be redone.
        s.send([.redo], at: 15)
        s.send([.applyPreset(id: "floaty")], at: 16)
        s.send([.redo], at: 17)
        #expect(s.message?.text == "Nothing to redo.")
    }

    @Test func copySwapAndAPlatformComparisonAreUndone() throws {
        let s = try session()
        s.send([.setComparing(true), .edit(side: 1), .applyPreset(id: "floaty"), .copy(from: 1, to: 0)], at: 10)
        #expect(s.sides[0].title == "A · Floaty")
        s.send([.undo], at: 11)
        #expect(s.sides[0].title == "A · UIKit normal" && s.sides[1].title == "B · Floaty")
        s.send([.swapSides], at: 12)
        #expect(s.sides[0].title == "A · Floaty")
        s.send([.undo], at: 13)
        #expect(s.sides[0].title == "A · UIKit normal" && s.sides[1].title == "B · Floaty")
        // A comparison of platforms turned A/B on from one phone: Undo gives the one phone back.
        let one = try session()
        one.send([.compareModels(a: FeelZoo.uikit, b: AndroidModel.name)], at: 10)
        #expect(one.isComparing)
        one.send([.undo], at: 11)
        #expect(!one.isComparing)
        #expect(one.sides[0].title == "A · UIKit normal")
        one.send([.redo], at: 12)
        #expect(one.isComparing && one.sides[1].feel.name == AndroidModel.name)
    }

    @Test func requestsThatChangeNoFeelLeaveUndoAlone() throws {
        let s = try session()
        s.send(
            [
                .switchScene(1), .setSlowMotion(rate: 0.5), .setComparing(true), .edit(side: 1), .startRecording,
                .stopRecording,
                .setValue(key: "decelerationRate", value: .number(7))
            ], at: 10)
        #expect(s.undoStack.isEmpty)
        #expect(s.message?.isError == true)
    }
}
