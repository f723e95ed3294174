import Foundation
import Testing
import Scenes
import Formats
import ScrollPhysics
@testable import Playground
import SessionEffects

/// Every panel action as the request the panel returns, applied by the session, checked on the
/// next gesture: where a scripted fling comes to rest, not a flag.
@Suite struct SessionRequestTests {
    func session(trace: String? = nil) throws -> TestSession {
        try TestSession(
            setups: [.cards(count: 400), .pager(pages: 4), .loop(items: 5)],
            initial: 0, viewport: .phone, feel: Feel(ScrollParameters()), tracePath: trace, realTime: 10)
    }

    /// A 3,000 pt/s fling up the list starting at real time `start`: 10 moves of 24 pt, 8 ms
    /// apart (240 pt of drag), released on the last; then frames until `start + 30`. Returns
    /// side `side`'s rest offset and its velocity at release.
    @discardableResult
    func fling(_ s: TestSession, start: Double, side: Int = 0) -> (rest: Double, release: Double) {
        s.frame(at: start - 0.1)
        s.pointerDown(at: Point(x: 200, y: 700), time: start)
        for i in 1...10 { s.pointerMoved(to: Point(x: 200, y: 700 - 24 * Double(i)), time: start + 0.008 * Double(i)) }
        s.pointerUp(at: Point(x: 200, y: 460), time: start + 0.08)
        let axis = s.sides[side].scene.mainAxis
        let release = axis.velocity(at: s.sceneTime(at: start + 0.08))
        s.frame(at: start + 30)
        return (axis.offset(at: s.sceneTime(at: start + 30)), release)
    }

    /// Where a fling released at 240 pt with 3,000 pt/s rests under these parameters: the
    /// deceleration's closed form (Li's “UIScrollView drag conversion rate and paging” eq. 1 and its power-law fluid).
    func expectedRest(_ p: ScrollParameters, from start: Double = 0) -> Double {
        start + ExpectedGlide.rest(p, releasedAt: ExpectedGlide.dragged(p, travel: 240), velocity: 3000)
    }

    @Test(arguments: Preset.all.filter { ($0.feel.model.uikit != nil) }.map(\.id))
    func applyingAPresetChangesTheNextFling(_ id: String) throws {
        let s = try session()
        s.send([.applyPreset(id: id)], at: 10)
        let preset = try #require(Preset.all.first { $0.id == id })
        #expect(s.feel.uikit == preset.feel.uikit)
        let (rest, release) = fling(s, start: 11)
        #expect(abs(release - ExpectedGlide.speedAtRelease(preset.feel.uikit, velocity: 3000)) < 1e-6)
        #expect(abs(rest - expectedRest(preset.feel.uikit)) < 0.01, "\(id): rests at \(rest)")
        #expect(s.message?.text.hasPrefix("Preset \"\(preset.title)\" on A") == true)
    }

    @Test func presetsGlideAsTheirEquationsSay() {
        // The numbers themselves: UIKit normal v0/μ with μ = −1000·ln 0.998 = 2.002 /s → 1,498.5 pt; fast
        // μ = 10.05 /s → 298.5 pt (the glide stops when the speed reaches the 2 pt/s tolerance: within 1 pt).
        // UIKit: (3 − 0.01 pt/ms)·r/(1 − r) past 230 pt (240 pt less the 10 pt hysteresis), on the @3x grid.
        #expect(abs(expectedRest(Preset.all[0].feel.uikit) - 230 - 2.99 * 499) < 0.2)
        #expect(abs(expectedRest(Preset.all[1].feel.uikit) - 230 - 2.99 * 99) < 0.2)
    }

    @Test func requestsApplyInOrderWithinAFrame() throws {
        let s = try session()
        // A slider moved and a preset applied in the same frame: the later one wins, nothing is undone.
        s.send([.setValue(key: "decelerationRate", value: .number(0.99)), .applyPreset(id: "floaty")], at: 10)
        #expect(s.feel.uikit == Preset.all.first { $0.id == "floaty" }!.feel.uikit)
        s.send([.applyPreset(id: "floaty"), .setValue(key: "decelerationRate", value: .number(0.99))], at: 10)
        #expect(s.feel.uikit.decelerationRate == 0.99 && s.feel.uikit.decelerationPower == 0.85)
        var expected = Preset.all.first { $0.id == "floaty" }!.feel.uikit
        expected.decelerationRate = 0.99
        #expect(abs(fling(s, start: 11).rest - expectedRest(expected)) < 0.01)
    }

    @Test func setValueGoesThroughTheTable() throws {
        let s = try session()
        s.send(
            [
                .setValue(key: "pagePolicy", value: .string("spring")),
                .setValue(key: "maximumPagesPerFling", value: .number(3)),
                .setValue(key: "rubberBandLimit", value: .number(500))
            ], at: 10)
        #expect(
            s.feel.uikit.pagePolicy == .spring && s.feel.uikit.maximumPagesPerFling == 3
                && s.feel.uikit.rubberBandLimit == 500)
        #expect(s.scene.mainAxis.uikit == s.feel.uikit)
        // A bad value is one message and changes nothing.
        s.send([.setValue(key: "bounceDamping", value: .number(0))], at: 10)
        #expect(
            s.message
                == .init(
                    text: "model \"uikit\": key \"bounceDamping\": 0 is out of range; allowed range [1, 100] 1/s",
                    isError: true))
        #expect(s.feel.uikit.bounceDamping == 10.9)
        s.send([.setValue(key: "nope", value: .number(1))], at: 10)
        #expect(
            s.message?.isError == true
                && s.message?.text.hasPrefix(
                    "model \"uikit\": key \"nope\": unknown key; allowed keys: decelerationRate,") == true
        )
        // Lowering the distance threshold below the flick threshold takes the flick threshold with it.
        s.send([.setValue(key: "pageDistanceThreshold", value: .number(0.05))], at: 10)
        #expect(s.feel.uikit.pageDistanceThreshold == 0.05 && s.feel.uikit.pageFlickDistanceThreshold == 0.05)
    }

    @Test func resetAndRevertRestoreTheRightValues() throws {
        let s = try session()
        s.send([.applyPreset(id: "uikit-fast"), .setValue(key: "decelerationRate", value: .number(0.995))], at: 10)
        #expect(s.hasUnsavedChanges)
        s.send([.revert], at: 10)
        #expect(s.feel.uikit.decelerationRate == 0.99, "revert goes back to the preset last applied")
        #expect(abs(fling(s, start: 11).rest - expectedRest(s.feel.uikit)) < 0.01)
        s.send([.resetToDefaults], at: 50)
        #expect(s.feel.uikit == ScrollParameters())
        // The next fling from rest at the top after a scene switch: UIKit normal's distance.
        s.send([.switchScene(1), .switchScene(0)], at: 90)
        #expect(abs(fling(s, start: 91).rest - expectedRest(ScrollParameters())) < 0.01)
    }

    @Test func loadingAGoodFileAppliesItAndABadOneKeepsEverything() throws {
        let s = try session()
        let good = temporaryPath("good.json"), bad = temporaryPath("bad.json")
        try "{\"decelerationRate\": 0.99, \"pageDistanceThreshold\": 0.01}".write(
            toFile: good, atomically: true, encoding: .utf8)
        try "{\"decelerationRate\": 2}".write(toFile: bad, atomically: true, encoding: .utf8)
        s.send([.loadParameters(path: good)], at: 10)
        #expect(s.feel.uikit.decelerationRate == 0.99 && s.feel.uikit.pageFlickDistanceThreshold == 0.01)
        #expect(!s.hasUnsavedChanges)
        s.send([.loadParameters(path: bad)], at: 10)
        #expect(
            s.message
                == .init(
                    text: "\(bad): key \"decelerationRate\": 2 is out of range; allowed range [0.9, 0.9999] per ms",
                    isError: true))
        #expect(
            abs(fling(s, start: 11).rest - expectedRest(s.feel.uikit)) < 0.01 && s.feel.uikit.decelerationRate == 0.99)
        // Save, change, load: back to what was saved; a file that cannot be written changes nothing.
        let saved = temporaryPath("saved.json")
        s.send([.saveParameters(path: saved), .resetToDefaults, .loadParameters(path: saved)], at: 50)
        #expect(s.feel.uikit.decelerationRate == 0.99)
        s.send([.saveParameters(path: "/nonexistent/dir/x.json")], at: 50)
        #expect(s.message?.isError == true && s.feel.uikit.decelerationRate == 0.99)
    }

    @Test func swapExchangesAAndBAndCopyWorksBothWaysWhicheverSideIsEdited() throws {
        let s = try session()
        s.send(
            [
                .setComparing(true), .setValue(key: "decelerationRate", value: .number(0.993)),
                .edit(side: 1), .setValue(key: "decelerationRate", value: .number(0.998))
            ], at: 10)
        #expect(s.sides[0].feel.uikit.decelerationRate == 0.993 && s.sides[1].feel.uikit.decelerationRate == 0.998)
        s.send([.swapSides], at: 10)
        #expect(s.sides[0].feel.uikit.decelerationRate == 0.998 && s.sides[1].feel.uikit.decelerationRate == 0.993)
        // Both phones feel it on the next fling: each rests where its own rate says.
        let a = fling(s, start: 11, side: 0).rest
        let b = s.sides[1].scene.mainAxis.offset(at: s.sceneTime(at: 41))
        var pa = ScrollParameters(), pb = ScrollParameters()
        pa.decelerationRate = 0.998
        pb.decelerationRate = 0.993
        #expect(abs(a - expectedRest(pa)) < 0.01 && abs(b - expectedRest(pb)) < 0.01)
        for editing in [0, 1] {
            s.send([.edit(side: editing), .copy(from: 1, to: 0)], at: 50)
            #expect(
                s.sides[0].feel.uikit.decelerationRate == s.sides[1].feel.uikit.decelerationRate,
                "B → A while editing \(editing)")
            s.send([.edit(side: 1 - editing), .setValue(key: "decelerationRate", value: .number(0.95))], at: 50)
            s.send([.copy(from: 1 - editing, to: editing)], at: 50)
            #expect(
                s.sides[editing].feel.uikit.decelerationRate == 0.95,
                "copy onto the side not edited, then onto the edited one")
            s.send([.copy(from: 0, to: 1), .setValue(key: "decelerationRate", value: .number(0.998))], at: 50)
        }
        s.send(
            [.edit(side: 0), .setValue(key: "decelerationRate", value: .number(0.99)), .copy(from: 0, to: 1)], at: 50)
        #expect(s.message == .init(text: "Copied A's parameters to B.", isError: false))
        #expect(
            s.sides[1].feel.uikit.decelerationRate == 0.99 && s.sides[1].scene.mainAxis.uikit.decelerationRate == 0.99)
        s.send([.setGhost(true)], at: 50)
        #expect(s.showsGhost)
        s.send([.setComparing(false), .setGhost(true)], at: 50)
        #expect(!s.isComparing && !s.showsGhost && s.editing == 0)
    }

    @Test func slowMotionKeepsTheFingerOneToOneAndItsRealSpeed() throws {
        let s = try session()
        s.send([.toggleSlowMotion], at: 10)
        #expect(s.isSlowMotion)
        s.frame(at: 10.9)
        s.pointerDown(at: Point(x: 200, y: 700), time: 11)
        for i in 1...10 {
            let t = 11 + 0.008 * Double(i)
            s.pointerMoved(to: Point(x: 200, y: 700 - 24 * Double(i)), time: t)
            s.frame(at: t)
            // The content follows the finger 1:1 while it is down.
            #expect(
                abs(
                    s.scene.mainAxis.offset(at: s.sceneTime(at: t))
                        - ExpectedGlide.dragged(ScrollParameters(), travel: 24 * Double(i))) < 1e-9)
        }
        s.pointerUp(at: Point(x: 200, y: 460), time: 11.08)
        let released = s.sceneTime(at: 11.08)
        // The release velocity is the finger's real 3,000 pt/s, not ten times that.
        #expect(
            abs(
                s.scene.mainAxis.velocity(at: released)
                    - ExpectedGlide.speedAtRelease(ScrollParameters(), velocity: 3000)) < 1e-6)
        // After release the glide plays at 0.1×: one real second later, 0.1 s of glide has passed.
        s.frame(at: 12.08)
        #expect(abs(s.sceneTime(at: 12.08) - released - 0.1) < 1e-9)
        let glided = ExpectedGlide.offset(ScrollParameters(), releasedAt: 230, velocity: 3000, after: 0.1)
        #expect(abs(s.scene.mainAxis.offset(at: s.sceneTime(at: 12.08)) - glided) < 1e-6)
        // And it rests where a normal-speed fling rests.
        s.send([.toggleSlowMotion], at: 12.08)
        s.frame(at: 40)
        #expect(abs(s.scene.mainAxis.offset(at: s.sceneTime(at: 40)) - expectedRest(ScrollParameters())) < 0.01)
    }

    /// Slow motion at 0.5×, 0.25× or 0.1×; Space toggles at the speed last chosen.
    @Test(arguments: [0.5, 0.25, 0.1])
    func slowMotionPlaysAtTheChosenSpeed(rate: Double) throws {
        let s = try session()
        s.send([.setSlowMotion(rate: rate)], at: 10)
        #expect(
            s.slowMotionRate == rate && s.message?.text.contains("plays at \(PlaygroundSession.rateText(rate))") == true
        )
        s.frame(at: 11)
        #expect(abs(s.sceneTime(at: 13) - s.sceneTime(at: 11) - 2 * rate) < 1e-9)
        s.send([.toggleSlowMotion], at: 13)
        #expect(!s.isSlowMotion && abs(s.sceneTime(at: 14) - s.sceneTime(at: 13) - 1) < 1e-9)
        s.send([.toggleSlowMotion], at: 14)
        #expect(s.slowMotionRate == rate)
        s.send([.setSlowMotion(rate: 0.3)], at: 15)
        #expect(s.message?.isError == true && s.slowMotionRate == rate)
        s.send([.setSlowMotion(rate: nil)], at: 16)
        #expect(!s.isSlowMotion)
    }

    @Test func recordingKeepsTrueEventTimesAndStartsAtTheFirstTouch() throws {
        let s = try session()
        s.send([.startRecording], at: 10)
        s.frame(at: 11)
        // The frame at 11.3 ran before these events were read: they keep their own times.
        s.frame(at: 11.3)
        s.pointerDown(at: Point(x: 200, y: 700), time: 11.25)
        for i in 1...3 { s.pointerMoved(to: Point(x: 200, y: 700 - 30 * Double(i)), time: 11.25 + 0.012 * Double(i)) }
        s.frame(at: 11.33)
        s.pointerUp(at: Point(x: 200, y: 610), time: 11.3)
        s.send([.stopRecording], at: 12)
        let times = s.recorded.map(\.time)
        #expect(times.count == 5)
        let expected = [0, 0.012, 0.024, 0.036, 0.05]
        for (t, e) in zip(times, expected) { #expect(abs(t - e) < 1e-9, "\(times)") }
        #expect(s.message?.text == "Recorded 5 events over 0.05 s.")
    }

    @Test func aDragThatArrivesInABurstKeepsItsSpeed() throws {
        // A busy machine: the frame at 11.1 ran before any of the gesture was read.
        let s = try session()
        s.frame(at: 11)
        s.pointerDown(at: Point(x: 200, y: 700), time: 11.02)
        s.frame(at: 11.1)
        for i in 1...10 { s.pointerMoved(to: Point(x: 200, y: 700 - 24 * Double(i)), time: 11.02 + 0.008 * Double(i)) }
        s.pointerUp(at: Point(x: 200, y: 460), time: 11.1)
        #expect(
            abs(
                s.scene.mainAxis.velocity(at: s.sceneTime(at: 11.1))
                    - ExpectedGlide.speedAtRelease(ScrollParameters(), velocity: 3000)) < 1e-6)
        s.frame(at: 40)
        #expect(abs(s.scene.mainAxis.offset(at: s.sceneTime(at: 40)) - expectedRest(ScrollParameters())) < 0.01)
    }

    @Test func exportTypesTheValuesAndHandsTheSnippetToTheWindow() throws {
        let s = try session()
        let base = temporaryPath("feel")
        let window = s.send(
            [.applyPreset(id: "seed-article"), .exportForEngineers(base: base), .screenshot, .exportPlot], at: 10)
        #expect(window.count == 3 && window[1] == .screenshot && window[2] == .exportPlot)
        guard case .copyToClipboard(let snippet) = window[0] else {
            Issue.record("no snippet for the clipboard"); return
        }
        #expect(
            snippet.contains("var pageDamping: Double = 50.0")
                && snippet.contains("var pagePolicy: String = \"spring\""))
        #expect(try TextFile.read(base + ".swift") == snippet)
        #expect(try ParametersFile.load(base + ".json") == s.feel)
    }

    @Test func recordReplayRequestsReplayTheGestureOnTheChosenSides() throws {
        let s = try session()
        let path = temporaryPath("gesture.json")
        s.send([.startRecording], at: 10)
        fling(s, start: 11)
        s.send(
            [
                .stopRecording, .saveRecording(path: path), .setComparing(true), .edit(side: 1),
                .applyPreset(id: "uikit-fast"), .loadRecording(path: path), .replay(.both)
            ], at: 50)
        #expect(s.isReplaying)
        s.frame(at: 80)
        #expect(
            abs(s.sides[0].scene.mainAxis.offset(at: s.sceneTime(at: 80)) - expectedRest(ScrollParameters())) < 0.01)
        #expect(
            abs(s.sides[1].scene.mainAxis.offset(at: s.sceneTime(at: 80)) - expectedRest(Preset.all[1].feel.uikit))
                < 0.01)
        s.send([.replay(.b)], at: 80)
        s.frame(at: 110)
        #expect(
            abs(s.sides[1].scene.mainAxis.offset(at: s.sceneTime(at: 110)) - expectedRest(Preset.all[1].feel.uikit))
                < 0.01)
    }

    @Test func savingWhileRecordingSavesThatRecording() throws {
        let s = try session()
        let path = temporaryPath("gesture.json")
        // Nothing recorded: nothing written, and a message says what to do.
        s.send([.saveRecording(path: path)], at: 10)
        #expect(!FileManager.default.fileExists(atPath: path) && s.message?.isError == true)
        s.send([.startRecording], at: 10)
        fling(s, start: 11)
        s.send([.saveRecording(path: path)], at: 20)  // Save pressed before Stop
        #expect(!s.isRecording)
        let saved = try GestureFile.load(path)
        #expect(saved.count == s.recorded.count && saved.count >= 3, "the fling's events, not an empty list")
    }

    @Test func silentActionsSayWhatTheyDid() throws {
        let s = try session()
        s.send([.setComparing(true)], at: 10)
        #expect(s.message?.text.hasPrefix("A/B on") == true)
        s.send([.setGhost(true)], at: 10)
        #expect(s.message?.text == "Ghost of B drawn over A.")
        s.send([.toggleSlowMotion], at: 10)
        #expect(s.message?.text.hasPrefix("Slow motion") == true)
        s.send([.setComparing(false)], at: 10)
        #expect(s.message?.text.hasPrefix("A/B off") == true)
    }

    @Test func loopButtonsSayWhatHappenedAndCountTheItems() throws {
        let s = try session()
        s.send([.switchScene(2)], at: 10)
        s.frame(at: 10.5)
        s.send([.pressSceneControl(id: "append")], at: 10.5)
        #expect(s.message == .init(text: "Append 3 items: 8 items in the feed, showing item 1.", isError: false))
        s.send([.pressSceneControl(id: "delete")], at: 11)
        #expect(s.message == .init(text: "Delete this item: 7 items in the feed, showing item 1.", isError: false))
        // Another scene: the loop's message no longer stands; the new scene is named instead.
        s.send([.switchScene(0)], at: 12)
        #expect(s.message?.text.hasPrefix("Scene 1: \(s.scene.name).") == true, "\(s.message?.text ?? "no message")")
    }

    @Test func theTraceHasTheScenesColumnsAndSideB() throws {
        let path = temporaryPath("trace.csv")
        let s = try session(trace: path)
        s.frame(at: 10.1)
        s.send([.switchScene(2)], at: 10.1)
        s.frame(at: 10.2)
        s.send([.setComparing(true), .edit(side: 1), .applyPreset(id: "uikit-fast")], at: 10.2)
        s.frame(at: 10.3)
        try s.finishTrace()  // the trace replaces the file at its path only when finished
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "t,offset,velocity,phase,page",
                "0.100000,0.0000,0.000,idle,",
                "t,offset,velocity,phase,page,item,items",
                "0.200000,844.0000,0.000,idle,1,0,5",
                "t,offset,velocity,phase,page,item,items,b_offset,b_velocity,b_phase,b_page,b_item,b_items",
                "0.300000,844.0000,0.000,idle,1,0,5,844.0000,0.000,idle,1,0,5"
            ])
    }
}

/// The plots' history when the window sleeps at rest.
@Suite struct IdleHistoryTests {
}

/// The panel's example paths (`Assets/…`) load wherever the program was started from.
@Suite struct ReferencePathTests {
    @Test func relativePathsAreFoundAboveTheProgram() {
        let files: Set<String> = ["/p/Assets/r.csv", "here.csv"]
        let exists = { (path: String) in files.contains(path) }
        let program = "/p/.build/debug/scrollab"
        #expect(Disk.locate("Assets/r.csv", executable: program, exists: exists) == "/p/Assets/r.csv")
        #expect(Disk.locate("here.csv", executable: program, exists: exists) == "here.csv")
        #expect(Disk.locate("/abs/r.csv", executable: program, exists: exists) == "/abs/r.csv")
        #expect(Disk.locate("Assets/none.csv", executable: program, exists: exists) == "Assets/none.csv")
    }
}
