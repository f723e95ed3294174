import Formats
import Scenes
import ScrollPhysics
import Testing

@testable import Playground

/// In the spirit of The Composable Architecture's `TestStore`: send one request, and compare the
/// whole `SessionState` after it with the state before it changed by exactly what the request
/// should change (and the effects it returns with the expected ones). A change nobody expected,
/// anywhere in the state, fails the test. One test per request domain.
@Suite struct SessionStateTests {
    func session() -> PlaygroundSession {
        PlaygroundSession(
            setups: [.cards(count: 400), .pager(pages: 4)], initial: 0, viewport: .phone,
            feel: Feel(ScrollParameters()), realTime: 10)
    }

    /// Applies `request` at `time` (no driver: the effects come back as they are) and expects the
    /// state to be the one before it, changed by `update`, and the effects to be `effects`.
    func send(
        _ s: PlaygroundSession, _ request: SessionRequest, at time: Double, effects: [SessionEffect] = [],
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout SessionState) -> Void = { _ in }
    ) {
        var expected = s.state
        update(&expected)
        let returned = s.apply([request], at: time)
        #expect(returned == effects, sourceLocation: sourceLocation)
        #expect(s.state == expected, sourceLocation: sourceLocation)
    }

    /// The sides as an undo step keeps them.
    func undoSides(_ state: SessionState) -> [SessionDocument.Side] {
        state.sides.map {
            SessionDocument.Side(
                feel: $0.feel, name: $0.named.name, namedFeel: $0.named.feel, savedFeel: $0.savedFeel,
                savedName: $0.savedName)
        }
    }

    /// What the reducers used to compose inline is a `Notice` now: tests compare the value, and
    /// `Notice.text` makes the sentence (here, the one the window showed before).
    @Test func noticesAreValuesAndTheirSentences() throws {
        let s = session()
        s.apply([.setViewport(Size(width: 375, height: 667))], at: 11)
        #expect(s.notice == .viewport(width: 375, height: 667, refreshRate: 60, scale: 2))
        #expect(s.message == .init(text: "Viewport 375×667 pt, 60 Hz, @2x.", isError: false))
        s.apply([.setViewport(Size(width: 500, height: 700))], at: 12)
        #expect(s.notice == .viewport(width: 500, height: 700, refreshRate: nil, scale: nil))
        #expect(s.message?.text == "Viewport 500×700 pt.")
        // Below the window's smallest viewport nothing changes.
        s.apply([.setViewport(Size(width: 99, height: 700))], at: 13)
        #expect(s.viewport == Size(width: 500, height: 700))

        var document = s.snapshot()
        document.scene = "nested"
        s.apply([.loaded(path: "s.json", as: .session, text: SessionFile.encode(document))], at: 14)
        #expect(s.notice == .sceneNotInWindow(source: "s.json", scene: "nested", scenes: ["list", "pager"]))
        #expect(
            s.message
                == .init(
                    text: #"s.json: the scene "nested" is not in this window (scenes: list, pager)."#, isError: true))

        s.apply([.blindTestFinished(answered: 1, path: "r.jsonl", findings: ["A was B."])], at: 15)
        #expect(s.notice == .blindTestFinished(answered: 1, path: "r.jsonl", findings: ["A was B."]))
        #expect(s.message?.text == "Blind test: 1 trial answered, saved to r.jsonl. A was B.")
        s.apply([.saved(paths: ["a.png", "a-AB.png"], as: .screenshot(detail: " (@2x)."))], at: 16)
        #expect(s.notice == .savedScreenshot(paths: ["a.png", "a-AB.png"], detail: " (@2x)."))
        #expect(s.message?.text == "Saved a.png (@2x).")

        // The feel, A/B, the blind test and the reference.
        s.apply([.setModel(name: "nope")], at: 17)
        #expect(s.notice == .noModel(name: "nope"))
        #expect(s.message?.text.hasPrefix(#"No model named "nope"; models: uikit, "#) == true)
        s.apply([.compareModels(a: "uikit", b: "nope")], at: 18)
        #expect(s.notice == .noModel(name: "nope") && s.message?.isError == true && !s.isComparing)
        s.apply([.setValue(key: "decelerationRate", value: .number(2))], at: 19)
        #expect(s.message?.isError == true && s.message?.text.contains("decelerationRate") == true)
        let blind = BlindRequest(mode: .abx, trials: 4, practice: 0, participant: "p", path: "r.jsonl")
        s.apply([.startBlindTest(blind)], at: 20)
        #expect(s.notice == .blindTestNeedsAB)
        #expect(
            s.message?.text
                == "A blind test compares A and B: turn on A/B and give B another feel first (or measure a JND).")
        s.apply([.setComparing(true), .startBlindTest(blind)], at: 21)
        #expect(s.notice == .blindTestSameFeel && s.message?.isError == true)
        s.apply([.setFeel(.standard, name: "Plain")], at: 22)
        #expect(s.notice == .bothRun(a: "Plain", b: "UIKit normal"))
        #expect(s.message?.text == "A runs Plain, B UIKit normal; one drag drives both.")
        s.apply([.fitReference], at: 23)
        #expect(s.notice == .noReference)
        #expect(
            s.message?.text == "Load a reference first: a CSV (t,offset[,finger]) or a screen recording of any app.")
    }

    @Test func inputAPointerDownHoldsThePointerAndBeginsAGesture() {
        let s = session()
        send(s, .input(.pointer(.down(Point(x: 200, y: 600)))), at: 11) {
            $0.pointerHeld = true
            // Scene time 1 s after the clock started at real time 10.
            $0.sides[0].gesture.begin(
                at: 1, offset: 0, velocity: 0, feel: $0.sides[0].feel, feelName: $0.sides[0].named.name)
        }
    }

    @Test func frameTheFirstNotesTheViewportAndAsksForNoTraceRow() {
        let s = session()
        send(s, .frame, at: 10.5) { $0.startViewport = .phone }
        send(s, .frame, at: 10.6)
    }

    @Test func feelAPresetSetsTheFeelItsNamesAndAnUndoStep() throws {
        let s = session()
        let preset = try #require(Preset.all.first { $0.feel.uikit != ScrollParameters() })
        let before = s.state
        send(s, .feel(.applyPreset(id: preset.id)), at: 11) {
            let feel = preset.feel.on($0.display)
            $0.sides[0].feel = feel
            $0.sides[0].named = NamedFeel(name: preset.title, feel: feel)
            $0.sides[0].savedFeel = feel
            $0.sides[0].savedName = preset.title
            $0.notice = .preset(title: preset.title, side: "A", summary: preset.summary)
            $0.undoStack = [
                UndoEntry(
                    label: "preset \(preset.title)", sides: undoSides(before), editing: 0, display: before.display)
            ]
        }
    }

    /// A number typed into a parameter's field outside its range (the deceleration rate's is
    /// 0.9…0.9999 /ms) is clamped into it and said in one line: the parameter, the value typed, the
    /// range and the value applied. In range it is set as typed, with no message.
    @Test func feelATypedValueOutOfRangeIsClampedAndSaidSo() throws {
        let s = session()
        let before = s.state
        var clamped = ScrollParameters()
        clamped.decelerationRate = 0.9999
        send(s, .typeValue(key: "decelerationRate", value: 2), at: 11) {
            $0.sides[0].feel = Feel(clamped)
            $0.notice = .valueClamped(
                parameter: "Deceleration rate", typed: 2, range: "[0.9, 0.9999] per ms", applied: 0.9999)
            $0.undoStack = [
                UndoEntry(label: "Deceleration rate", sides: undoSides(before), editing: 0, display: before.display)
            ]
            $0.lastUndoMerge = .init(key: "0 decelerationRate", time: 11)
        }
        #expect(
            s.message
                == .init(
                    text: "Deceleration rate: 2 is outside its range [0.9, 0.9999] per ms; 0.9999 applied.",
                    isError: true))
        // Below the range, and huge: the other end, each said.
        s.apply([.typeValue(key: "decelerationRate", value: -5)], at: 12)
        #expect(s.feel.uikit.decelerationRate == 0.9)
        #expect(s.message?.text == "Deceleration rate: -5 is outside its range [0.9, 0.9999] per ms; 0.9 applied.")
        s.apply([.typeValue(key: "decelerationRate", value: 1e300)], at: 13)
        #expect(s.feel.uikit.decelerationRate == 0.9999)
        #expect(s.message?.text.hasPrefix("Deceleration rate: 1e+300 is outside") == true, "\(s.message?.text ?? "")")
        // A number too large for a Double ("1e400" typed) arrives infinite: said as such, not "inf".
        s.apply([.typeValue(key: "decelerationRate", value: .infinity)], at: 13.5)
        #expect(
            s.message?.text
                == "Deceleration rate: ∞ (a number too large) is outside its range [0.9, 0.9999] per ms; "
                + "0.9999 applied."
        )
        // In range: as typed (not rounded to the slider's steps), and the red line about the value
        // before it goes (it no longer describes the panel).
        s.apply([.typeValue(key: "decelerationRate", value: 0.99812)], at: 14)
        #expect(s.feel.uikit.decelerationRate == 0.99812)
        #expect(s.message == nil, "\(s.message?.text ?? "")")
        // Not a number: nothing changes, and it is said.
        s.apply([.typeValue(key: "decelerationRate", value: .nan)], at: 15)
        #expect(s.feel.uikit.decelerationRate == 0.99812)
        #expect(s.message?.text == "Deceleration rate: the value typed is not a number; nothing changed.")
        // A slider moved after it: the value is set and the red line goes too.
        s.apply([.setValue(key: "decelerationRate", value: .number(0.995))], at: 16)
        #expect(s.message == nil, "\(s.message?.text ?? "")")
    }

    /// A number typed into a scene slider's field (the carousel's cell width, 120…390 pt) outside
    /// its range is clamped and said, as a parameter's is; in range it is set and the line goes.
    @Test func sceneATypedControlValueOutOfRangeIsClampedAndSaidSo() {
        let s = PlaygroundSession(
            setups: [.carousel(cellWidth: 300, spacing: 12, cells: 10)], initial: 0, viewport: .phone,
            feel: Feel(ScrollParameters()), realTime: 10)
        s.apply([.typeSceneControl(id: "cellWidth", value: 5000)], at: 11)
        #expect(s.scene.controlValue("cellWidth") == 390)
        #expect(
            s.message == .init(text: "Cell width: 5000 is outside its range [120, 390]; 390 applied.", isError: true))
        s.apply([.typeSceneControl(id: "cellWidth", value: -20)], at: 12)
        #expect(s.scene.controlValue("cellWidth") == 120)
        #expect(s.message?.text == "Cell width: -20 is outside its range [120, 390]; 120 applied.")
        s.apply([.typeSceneControl(id: "cellWidth", value: .nan)], at: 13)
        #expect(s.scene.controlValue("cellWidth") == 120)
        #expect(s.message?.text == "Cell width: the value typed is not a number; nothing changed.")
        s.apply([.typeSceneControl(id: "cellWidth", value: 250)], at: 14)
        #expect(s.scene.controlValue("cellWidth") == 250)
        #expect(s.message == nil, "\(s.message?.text ?? "")")
    }

    @Test func compareABOnAddsBAsACopyOfA() {
        let s = session()
        send(s, .compare(.setComparing(true)), at: 11) {
            var b = PlaygroundSide(label: "B", scene: s.scene, feel: $0.sides[0].feel, name: $0.sides[0].named.name)
            b.named = $0.sides[0].named
            $0.sides.append(b)
            $0.notice = .comparing(true)
        }
        send(s, .compare(.edit(side: 1)), at: 12) { $0.editing = 1 }
        send(s, .compare(.setGhost(true)), at: 13) {
            $0.showsGhost = true
            $0.notice = .ghost(true)
        }
    }

    /// After Swap the preset menu names the preset of the feel now on the edited side, whichever
    /// side is edited, and none when that feel is a preset's no longer (changed since).
    @Test func compareSwapMovesThePresetMenuWithTheFeels() throws {
        let s = session()
        let index = { (id: String) in Preset.all.firstIndex { $0.id == id } }
        let normal = try #require(index("uikit-normal")), fast = try #require(index("uikit-fast"))
        let floaty = try #require(index("floaty"))
        s.apply([.setComparing(true), .edit(side: 1), .applyPreset(id: "uikit-fast")], at: 11)
        #expect(s.panelState(at: 11).preset == fast)
        send(s, .compare(.swapSides), at: 12) {
            $0.sides[0].feel = s.sides[1].feel
            $0.sides[1].feel = s.sides[0].feel
            $0.sides[0].named = s.sides[1].named
            $0.sides[1].named = s.sides[0].named
            $0.sides[0].savedFeel = s.sides[1].savedFeel
            $0.sides[1].savedFeel = s.sides[0].savedFeel
            $0.sides[0].savedName = s.sides[1].savedName
            $0.sides[1].savedName = s.sides[0].savedName
            $0.notice = .swapped
            $0.undoStack.append(
                UndoEntry(label: "swap", sides: undoSides(s.state), editing: 1, display: s.state.display))
        }
        #expect(s.panelState(at: 12).preset == normal, "B runs UIKit normal now")
        s.apply([.edit(side: 0)], at: 13)
        #expect(s.panelState(at: 13).preset == fast, "A runs UIKit fast now")
        // A Floaty changed since: after the swap the menu names no preset on B (it named Floaty).
        s.apply([.applyPreset(id: "floaty"), .setValue(key: "decelerationRate", value: .number(0.9971))], at: 14)
        #expect(s.panelState(at: 14).preset == nil)
        s.apply([.swapSides], at: 15)
        #expect(s.panelState(at: 15).preset == normal, "A runs B's UIKit normal")
        s.apply([.edit(side: 1)], at: 16)
        #expect(s.panelState(at: 16).preset == nil, "B runs a changed Floaty")
        // Revert on B goes back to the Floaty it carries, not to what B ran before the swap.
        s.apply([.revert], at: 17)
        #expect(s.panelState(at: 17).preset == floaty)
    }

    @Test func recordingStartsEmptyAndStopKeepsWhatWasRecorded() {
        let s = session()
        send(s, .recording(.recordClip(format: "mp4")), at: 10.5) { $0.notice = .nothingToClip }
        send(s, .recording(.start), at: 11) {
            $0.recording = []
            $0.notice = .recordingStarted
        }
        let touch = Point(x: 200, y: 600)
        send(s, .pointer(.down(touch)), at: 11.5) {
            $0.recording = [TimedInput(time: 0, event: .down(touch))]
            $0.recordingStart = 11.5
            $0.pointerHeld = true
            $0.sides[0].gesture.begin(
                at: 1.5, offset: 0, velocity: 0, feel: $0.sides[0].feel, feelName: $0.sides[0].named.name)
        }
        send(s, .recording(.stop), at: 12) {
            $0.recording = nil
            $0.recorded = [TimedInput(time: 0, event: .down(touch))]
            $0.notice = .recorded(events: 1, seconds: 0)
        }
        send(
            s, .recording(.save(path: "gesture.json")), at: 13,
            effects: [
                .write([FileWrite(path: "gesture.json", text: GestureFile.encode(s.state.recorded))], as: .recording)
            ])
    }

    @Test func referenceAVideoIsHandedToTheWindowToTrack() {
        let s = session()
        send(s, .reference(.load(path: "flick.mp4")), at: 11, effects: [.trackReference(path: "flick.mp4")]) {
            $0.trackingReference = "flick.mp4"
            $0.notice = .tracking(path: "flick.mp4")
        }
        send(s, .reference(.load(path: "flick.csv")), at: 12, effects: [.read(path: "flick.csv", as: .reference)])
        send(s, .reference(.clear), at: 13) { $0.trackingReference = nil }
    }

    @Test func sceneSlowMotionAtAQuarterIsKeptAsTheChosenRate() {
        let s = session()
        send(s, .scene(.setSlowMotion(rate: 0.25)), at: 11) {
            $0.slowMotionRate = 0.25
            $0.chosenSlowRate = 0.25
            $0.notice = .slowMotion(rate: 0.25)
        }
        send(s, .scene(.setSlowMotion(rate: 0.3)), at: 12) {
            $0.notice = .slowMotionRefused(rate: 0.3)
        }
    }

    @Test func phoneServingKeepsTheLinkItsAddressAndAcknowledgements() throws {
        let s = session()
        let content = s.phoneContent()
        // The page's list is as long as the window's (400 cards), so a flick ends where it ends here.
        #expect(content.geometry.contentLength == s.scene.mainAxis.bounds.upperBound + 844)
        #expect(content.geometry.contentLength > 10_000)
        send(s, .phone(.serve(true)), at: 11, effects: [.startPhoneServer(content)]) { $0.phone = PhoneLink() }
        // Once it listens, the page is sent what the window shows now: update 1.
        let first = s.phoneContent(sequence: 1)
        send(
            s, .phone(.serving(url: "http://10.0.0.2:8080/t/", qr: nil)), at: 12, effects: [.publishToPhone(first)]
        ) {
            $0.phone?.status = .serving(url: "http://10.0.0.2:8080/t/", qr: nil)
            $0.phone?.published = first
            $0.notice = .phoneServing(url: "http://10.0.0.2:8080/t/")
        }
        // An acknowledgement of a change never sent changes nothing; of the one sent, it is kept.
        send(s, .phone(.acknowledged(sequence: 5, shown: true, note: nil)), at: 13)
        send(s, .phone(.acknowledged(sequence: 1, shown: false, note: "no banner")), at: 13) {
            $0.phone?.acknowledged = 1
            $0.phone?.shown = false
            $0.phone?.note = "no banner"
        }
        send(s, .phone(.serve(false)), at: 14, effects: [.stopPhoneServer]) {
            $0.phone = nil
            $0.notice = .phoneStopped
        }
    }

    @Test func historyUndoPutsTheSidesBackAndKeepsARedoStep() throws {
        let s = session()
        let preset = try #require(Preset.all.first { $0.feel.uikit != ScrollParameters() })
        let original = s.state
        s.apply([.feel(.applyPreset(id: preset.id))], at: 11)
        let changed = s.state
        send(s, .history(.undo), at: 12) {
            $0.sides = original.sides
            $0.undoStack = []
            $0.redoStack = [
                UndoEntry(
                    label: "preset \(preset.title)", sides: undoSides(changed), editing: 0, display: changed.display)
            ]
            $0.notice = .undid("preset \(preset.title)")
        }
    }

    @Test func documentSavingParametersAsksForTheFileAndChangesNothing() {
        let s = session()
        let feel = s.feel
        send(
            s, .document(.saveParameters(path: "mine.json")), at: 11,
            effects: [
                .write(
                    [FileWrite(path: "mine.json", text: ParametersFile.encode(feel))],
                    as: .parameters(side: 0, feel: feel))
            ])
        send(s, .document(.screenshot), at: 12, effects: [.screenshot])
    }

    @Test func documentAKeptSessionIsAskedToBeWrittenWhenItChanged() {
        let s = session()
        send(s, .document(.keepSession), at: 10) { $0.keepsSession = true }
        let document = s.snapshot()
        send(s, .frame, at: 10.5, effects: [.keep(document)]) {
            $0.startViewport = .phone
            $0.kept = document
            $0.keptAt = 10.5
        }
        // Unchanged: nothing to write, nothing due.
        send(s, .frame, at: 13)
        #expect(s.nextChange(after: 13) == nil)
        s.apply([.scene(.setSlowMotion(rate: 0.5))], at: 13.2)
        var slowed = document
        slowed.slowMotion = 0.5
        send(s, .frame, at: 13.3, effects: [.keep(slowed)]) {
            $0.kept = slowed
            $0.keptAt = 13.3
        }
        // Changed again within `keepInterval` of the last write: due then, written then.
        s.apply([.scene(.setSlowMotion(rate: 0.25))], at: 13.4)
        send(s, .frame, at: 14)
        #expect(s.nextChange(after: 14) == 13.3 + PlaygroundSession.keepInterval)
        slowed.slowMotion = 0.25
        send(s, .frame, at: 15.3, effects: [.keep(slowed)]) {
            $0.kept = slowed
            $0.keptAt = 15.3
        }
    }

    @Test func resultParametersSavedNameTheSideAfterTheFile() {
        let s = session()
        let feel = s.feel
        send(s, .result(.saved(paths: ["/tmp/mine.json"], as: .parameters(side: 0, feel: feel))), at: 11) {
            $0.sides[0].named = NamedFeel(name: "mine.json", feel: feel)
            $0.sides[0].savedFeel = feel
            $0.sides[0].savedName = "mine.json"
            $0.notice = .savedParameters(side: "A", path: "/tmp/mine.json")
        }
        let progress = ClipProgress(path: "clip.mp4", done: 3, total: 10, elapsed: 0.5)
        send(s, .result(.clipProgress(progress)), at: 12) { $0.clip = progress }
    }

    @Test func referenceFitIsAnEffectAndItsResultSetsTheSide() throws {
        let s = session()
        let csv = "t,offset\n0,0\n0.05,40\n0.1,70\n0.2,100\n0.4,120\n0.8,125\n"
        s.apply([.result(.loaded(path: "r.csv", as: .reference, text: csv))], at: 11)
        let reference = try #require(s.state.reference)
        let job = FitJob(
            side: 0, path: "r.csv", trace: reference.trace, kind: nil, base: ScrollParameters(),
            viewport: s.mainAxisViewportLength, maxOffset: s.scene.mainAxis.bounds.upperBound, was: nil)
        // Asking changes nothing: the least squares run outside, in the effect runner.
        send(s, .reference(.fit), at: 12, effects: [.fit(job)])
        var fitted = ScrollParameters()
        fitted.decelerationRate = 0.99
        let outcome = FitOutcome(
            parameters: fitted, kind: "glide", values: ["decelerationRate 0.99"], maximumResidual: 0.5,
            meanResidual: 0.25, notes: [])
        let before = s.state
        send(s, .result(.fitted(job, outcome)), at: 13) {
            $0.sides[0].feel = Feel(fitted)
            $0.sides[0].named = NamedFeel(name: "fitted to r.csv", feel: Feel(fitted))
            $0.undoStack = [UndoEntry(label: "fit", sides: undoSides(before), editing: 0, display: before.display)]
            $0.notice = .fitted(
                side: "A", path: "r.csv", kind: "glide", values: ["decelerationRate 0.99"], maximumResidual: 0.5,
                meanResidual: 0.25, switchedFrom: nil, notes: [])
        }
    }

    /// The one formatter: a notice's text is the sentence the window showed before notices
    /// were values (the window shows `session.message`, made from it).
    @Test func noticesFormatAsTheWindowShowsThem() {
        #expect(Notice.slowMotion(rate: 0.25).text.hasSuffix("motion after release plays at 0.25×."))
        #expect(Notice.slowMotion(rate: nil).text == "Normal speed.")
        #expect(Notice.slowMotionRefused(rate: 0.3).isError)
        #expect(Notice.recorded(events: 3, seconds: 0.126).text == "Recorded 3 events over 0.13 s.")
        let s = session()
        s.apply([.recording(.start)], at: 11)
        #expect(s.message == SessionState.Message(text: "Recording… drag on the phone, then Stop.", isError: false))
    }
}
