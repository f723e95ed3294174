import Foundation
import Testing
import Scenes
import Fitting
import Formats
import ScrollPhysics
@testable import Playground
import SessionEffects

/// Issue 11, in the window's logic: load a recorded trajectory as a reference, draw it on the
/// offset plot, and fit the sliders from it — checked on the next gesture, not on a flag.
@Suite struct ReferenceTests {
    func session() throws -> TestSession {
        try TestSession(
            setups: [.cards(count: 400)], initial: 0, viewport: .phone, feel: Feel(ScrollParameters()),
            tracePath: nil, realTime: 10)
    }

    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reference-\(UUID().uuidString).csv")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let recording =
        "t,offset\n0,-177\n0.05,-177\n0.1,-177\n0.116,-157\n0.167,-106\n0.267,-46\n0.4,-14\n0.6,-2\n0.9,0\n"

    /// A recording with the finger's samples fits through the pipeline: the panel's Fit finds the
    /// rate the flick glided with, on top of the side's own values, and the next flick glides so.
    @Test func aFingerRecordingFitsThroughThePipeline() throws {
        let s = try session()
        var truth = ScrollParameters()
        truth.decelerationRate = 0.995
        var axis = ScrollAxis(viewportLength: 844, bounds: 0...s.scene.mainAxis.bounds.upperBound, feel: Feel(truth))
        var rows = ["t,offset,finger"]
        for (i, y) in [600.0, 590, 560, 510, 440, 360].enumerated() {
            let t = Double(i) / 60
            if i == 0 { axis.beginDrag(at: t, pointer: y) } else { axis.dragMoved(at: t, pointer: y) }
            rows.append("\(t),\(axis.offset(at: t)),\(y)")
        }
        axis.endDrag(at: 0.1)
        for k in 0...150 {
            let t = 0.1 + Double(k) / 60; axis.advance(to: t); rows.append("\(t),\(axis.offset(at: t)),")
        }
        let path = try write(rows.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        s.send(
            [.setValue(key: "fastScrollDistance", value: .number(300)), .loadReference(path: path), .fitReference],
            at: 10)
        #expect(abs(s.feel.uikit.decelerationRate - 0.995) < 1e-5, "\(s.message?.text ?? "")")
        #expect(s.feel.uikit.fastScrollDistance == 300)  // the side's own values stay
        #expect(s.message?.text.contains("as a pipeline") == true, "\(s.message?.text ?? "")")
        // On another model, Fit says it switched the side to UIKit.
        s.send([.setModel(name: "swiper"), .fitReference], at: 20)
        #expect((s.feel.model.uikit != nil))
        #expect(
            s.message?.text.hasPrefix("A now runs UIKit (it ran Swiper (web carousel)): Fit fits UIKit's values.")
                == true,
            "\(s.message?.text ?? "")")
    }

    @Test func fitSetsTheSlidersAndTheNextReleaseReturnsAsRecorded() throws {
        let s = try session()
        let path = try write(Self.recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        s.send([.applyPreset(id: "seed-article")], at: 10)
        #expect(s.feel.uikit.edgeReturnRate == 0)
        s.send([.loadReference(path: path), .fitReference], at: 10)
        #expect(s.reference?.trace.samples.count == 9)
        #expect(abs(s.feel.uikit.edgeReturnRate - 7.3) < 0.1, "\(s.feel.uikit.edgeReturnRate)")
        #expect(abs(s.feel.uikit.bounceDamping - 10.9) < 0.1)
        #expect(s.feel.uikit.pageDamping == 50)  // what the recording cannot say stays as it was
        #expect(s.message?.isError == false && s.message?.text.contains("as a return") == true)
        // The next pull and release follows the recording: 177 pt held, 157 pt left 16 ms later.
        s.frame(at: 10.9)
        s.pointerDown(at: Point(x: 200, y: 200), time: 11)
        // 407.2 pt past the top shows 177 pt; 10 pt more for UIKit's pan hysteresis.
        for i in 1...40 {
            s.pointerMoved(to: Point(x: 200, y: 200 + 417.2 * Double(i) / 40), time: 11 + 0.01 * Double(i))
        }
        s.pointerUp(at: Point(x: 200, y: 617.2), time: 11.7)
        let axis = s.scene.mainAxis
        let held = axis.offset(at: s.sceneTime(at: 11.7))
        #expect(abs(held + 177) < 0.5)
        s.frame(at: 11.716)
        #expect(abs(axis.offset(at: s.sceneTime(at: 11.716)) + 157) < 1)
        s.frame(at: 11.767)
        #expect(abs(axis.offset(at: s.sceneTime(at: 11.767)) + 106) < 1)
    }

    @Test func aReferenceIsKeptUntilCleared() throws {
        let s = try session()
        let path = try write(Self.recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        s.send([.loadReference(path: path)], at: 10)
        // Drawn from its first row on the gesture's timeline (the panel's and the PNG's charts).
        let samples = try #require(s.reference?.trace.samples)
        #expect(samples.first?.offset == -177 && samples.last?.offset == 0)
        // What it is was found by an effect (least squares outside the reducer), and came back.
        #expect(s.reference?.landsAtEnd == true)
        // A return (no finger column) starts at the lift of the gesture it is compared with.
        var gesture = GestureTrace()
        gesture.begin(at: 20, offset: 0, velocity: 0)
        gesture.lift(at: 21.25, offset: -150, velocity: 0)
        let times = try #require(s.reference?.times(on: gesture))
        #expect(times.first == 1.25)
        #expect(abs((times.last ?? 0) - 1.25 - (samples.last!.t - samples.first!.t)) < 1e-12)
        s.send([.clearReference], at: 10)
        #expect(s.reference == nil)
    }

    @Test func badReferenceIsOneLineAndKeepsEverything() throws {
        let s = try session()
        let good = try write(Self.recording), bad = try write("t,offset\n0,1\n0.1,x\n0.2,3\n0.3,4\n")
        defer { try? FileManager.default.removeItem(atPath: good); try? FileManager.default.removeItem(atPath: bad) }
        s.send([.fitReference], at: 10)
        #expect(s.message?.isError == true)
        s.send([.loadReference(path: good), .loadReference(path: bad)], at: 10)
        let kept = URL(fileURLWithPath: good).lastPathComponent
        #expect(
            s.message
                == PlaygroundSession.Message(
                    text: ("\(bad): row 3, column 2 \"offset\": \"x\" is not a finite number. The reference is still "
                        + "\(kept)."),
                    isError: true))
        #expect(s.reference?.path == good)
        let before = s.feel.uikit
        s.send([.loadReference(path: "/nonexistent/ref.csv")], at: 10)
        #expect(s.message?.isError == true && s.feel.uikit == before && s.reference?.path == good)
    }

    /// After a file is refused as the reference, the panel's Reference field names the reference
    /// the session kept (the message says why the other was refused), not the path refused: Fit
    /// fits what the field names. Each refusal says so again, a second one of the same path too.
    @Test func aRefusedReferenceLeavesTheFieldNamingTheOneKept() throws {
        let s = try session()
        let good = try write(Self.recording), bad = try write("t,offset\n0,1\n0.1,x\n0.2,3\n0.3,4\n")
        defer { try? FileManager.default.removeItem(atPath: good); try? FileManager.default.removeItem(atPath: bad) }
        s.send([.loadReference(path: good)], at: 10)
        let loaded = s.panelState(at: 10)
        #expect(loaded.referenceFile == good)
        s.send([.loadReference(path: bad)], at: 10)
        let refused = s.panelState(at: 10)
        #expect(refused.referenceFile == good && s.reference?.path == good)
        #expect(refused.referenceRefusals == loaded.referenceRefusals + 1, "the field is set again")
        s.send([.loadReference(path: bad)], at: 11)
        #expect(s.panelState(at: 11).referenceRefusals == loaded.referenceRefusals + 2)
        // A good file after them is the reference, and what the field names.
        s.send([.loadReference(path: good)], at: 12)
        #expect(s.panelState(at: 12).referenceFile == good && s.message?.isError == false)
    }

    /// A CSV of a whole recording (the app-bar table's drawn offsets: rest, drag, glide, rest) is
    /// drawn as the video of it is: its glide from the lift, not the whole recording moved to end
    /// at the gesture's rest (which put its rest 1,441.6 pt below where the gesture rests and its
    /// drag before the touch-down); Fit still fits the whole recording.
    @Test func aWholeRecordingIsDrawnAsItsGlideFromTheLift() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Assets/recordings/appbar-table-offsets.csv").path
        let s = try session()
        s.send([.loadReference(path: path)], at: 10)
        let reference = try #require(s.reference)
        #expect(reference.trace.samples.count == 173, "Fit fits all of it")
        let drawn = try #require(reference.drawn, "the glide is drawn")
        #expect(!reference.landsAtEnd && reference.kind == nil)
        #expect(drawn.samples.count > 40 && drawn.samples.count < 100, "\(drawn.samples.count)")
        // The glide after the drag that starts 0.8 s in, to the rest at 1,441.6 pt: the frames the
        // video of it gives as its reference (`reference-track` appbar-table.mp4: 0.917–2.033 s,
        // 279.0 to 1,442.0 pt).
        let first = try #require(drawn.samples.first), last = try #require(drawn.samples.last)
        #expect(abs(first.t - 0.916667) < 1e-6 && abs(first.offset - 278.911) < 1e-9, "\(first)")
        #expect(abs(last.t - 2.033333) < 1e-6 && abs(last.offset - 1441.6) < 1e-9, "\(last)")
        #expect(zip(drawn.samples, drawn.samples.dropFirst()).allSatisfy { $0.offset <= $1.offset })
        // A flick at rest: lift at 0.25 s at 300 pt at 2,500 pt/s, then x = 300 + 500·(1 − e^(−5t)).
        var gesture = GestureTrace()
        gesture.begin(at: 0, offset: 0, velocity: 0)
        gesture.append(at: 0.1, offset: 100, velocity: 1000, atRest: false)
        gesture.lift(at: 0.25, offset: 300, velocity: 2500)
        for k in 1...300 {
            let t = Double(k) / 100
            gesture.append(
                at: 0.25 + t, offset: 300 + 500 * (1 - exp(-5 * t)), velocity: 2500 * exp(-5 * t), atRest: k == 300)
        }
        let line = try #require(reference.line(on: gesture))
        #expect(line.times.count == drawn.samples.count)
        #expect(line.times.allSatisfy { $0 >= 0.25 - 1.0 / 60 }, "from the lift: \(line.times.prefix(3))")
        #expect(line.offsets.allSatisfy { $0 >= 300 - 1 }, "from where it was let go: \(line.offsets.prefix(3))")
        // It passes through the gesture's curve where the gesture is as fast as its first step.
        let step = (drawn.samples[1].offset - first.offset) / (drawn.samples[1].t - first.t)
        let meet = log(2500 / step) / 5
        let x = 300 + 500 * (1 - exp(-5 * meet))
        let middle = (line.offsets[0] + line.offsets[1]) / 2, when = (line.times[0] + line.times[1]) / 2
        #expect(abs(when - 0.25 - meet) < 0.011 && abs(middle - x) < 2, "\(when) \(middle) \(meet) \(x)")
    }

    /// A reference without the finger's samples begins at the lift: while the finger is still
    /// down it has no place and is not drawn (drawn from 0 s at its own offsets, it set the
    /// chart's scale from 0 to 49,000 pt near the end of a long list, the live curve flat);
    /// before any gesture, and with the finger's samples, it is drawn as recorded.
    @Test func aReferenceIsNotDrawnBeforeTheLift() throws {
        let glide = PlaygroundSession.Reference(
            path: "g.csv",
            trace: FitTrace(samples: (0...20).map { FitTrace.Sample(t: Double($0) / 60, offset: 10 * Double($0)) }),
            shape: .glide)
        #expect(glide.line(on: GestureTrace())?.offsets.last == 200)
        var gesture = GestureTrace()
        gesture.begin(at: 5, offset: 49_000, velocity: 0)
        gesture.append(at: 5.2, offset: 49_120, velocity: 600, atRest: false)
        #expect(glide.line(on: gesture) == nil)
        gesture.lift(at: 5.3, offset: 49_180, velocity: 0)
        let placed = try #require(glide.line(on: gesture))
        #expect(abs(placed.times[0] - 0.3) < 1e-9 && placed.offsets.first == 49_180, "\(placed.times[0])")
        let finger = PlaygroundSession.Reference(
            path: "f.csv",
            trace: FitTrace(samples: [
                FitTrace.Sample(t: 0, offset: 10, finger: 500), FitTrace.Sample(t: 0.1, offset: 60)
            ]))
        var down = GestureTrace()
        down.begin(at: 1, offset: 0, velocity: 0)
        #expect(finger.line(on: down)?.offsets == [10, 60])
    }

    /// A recording without the finger starts at the lift: drawn from where the edited side's
    /// gesture was let go, not from the recording's own first offset (a video's is 0).
    @Test func aGlideIsDrawnFromTheLift() throws {
        let s = try session()
        let path = try write("t,offset\n0,0\n0.1,50\n0.2,80\n0.3,90\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        s.send([.loadReference(path: path)], at: 10)
        let reference = try #require(s.reference)
        #expect(reference.offsets(on: GestureTrace()) == [0, 50, 80, 90])
        var gesture = GestureTrace()
        gesture.begin(at: 20, offset: 300, velocity: 0)
        gesture.lift(at: 20.1, offset: 412.5, velocity: 2000)
        #expect(reference.offsets(on: gesture) == [412.5, 462.5, 492.5, 502.5])
        // With the finger's samples it starts at the touch-down, and is drawn as recorded.
        let finger = PlaygroundSession.Reference(
            path: "f.csv",
            trace: FitTrace(samples: [
                FitTrace.Sample(t: 0, offset: 10, finger: 500), FitTrace.Sample(t: 0.1, offset: 60)
            ]))
        #expect(finger.offsets(on: gesture) == [10, 60])
    }

    /// A glide recording starts where the gesture after the lift is as fast as the recording's
    /// first step, so a glide fitted to it lies on it: here the gesture glides as
    /// x = 400 + 300·(1 − e^(−5t)) after a lift at 1 s (v = 1500·e^(−5t)); the recording's first
    /// step, 0 → 10 pt over 0.01 s, is 1000 pt/s at its middle, which the gesture reaches at
    /// t = ln(1.5)/5 = 0.0811 s after the lift, at x = 400 + 300/3 = 500 pt.
    @Test func aGlideStartsWhereTheGestureIsAsFast() throws {
        var gesture = GestureTrace()
        gesture.begin(at: 0, offset: 300, velocity: 0)
        gesture.lift(at: 1, offset: 400, velocity: 1500)
        for k in 0...200 {
            let t = Double(k) / 1000
            gesture.append(
                at: 1 + t, offset: 400 + 300 * (1 - exp(-5 * t)), velocity: 1500 * exp(-5 * t), atRest: false)
        }
        let reference = PlaygroundSession.Reference(
            path: "g.csv",
            trace: FitTrace(samples: [
                FitTrace.Sample(t: 2, offset: 0), FitTrace.Sample(t: 2.01, offset: 10),
                FitTrace.Sample(t: 2.02, offset: 19)
            ]))
        let times = reference.times(on: gesture), offsets = reference.offsets(on: gesture)
        let meet = 1 + log(1.5) / 5
        #expect(abs(times[0] - (meet - 0.005)) < 1e-5, "\(times)")
        #expect(abs(times[2] - (meet + 0.015)) < 1e-5)
        #expect(abs(offsets[0] - (500 - 5)) < 0.01, "\(offsets)")
        #expect(abs(offsets[2] - (500 + 14)) < 0.01)
        // Slower than the recording from the lift on: it starts at the lift.
        var slow = GestureTrace()
        slow.begin(at: 0, offset: 300, velocity: 0)
        slow.lift(at: 1, offset: 400, velocity: 800)
        slow.append(at: 1.01, offset: 408, velocity: 790, atRest: false)
        #expect(reference.times(on: slow).first == 1)
        #expect(reference.offsets(on: slow) == [400, 410, 419])
    }

    /// UIKit's edge return runs only on UIKit's steps: fitted over a side whose power is not 1
    /// (left from an earlier fit), Fit sets the power to 1 and says so, so the fitted edgeDecay
    /// takes effect (it did nothing, the seed article's spring running instead).
    @Test func aReturnFitOverAnotherPowerSetsThePowerToOne() {
        let files = MemoryFiles(["r.csv": Self.recording])
        let s = PlaygroundSession(
            setups: [.cards(count: 400)], initial: 0, viewport: .phone, feel: .standard, realTime: 10)
        let driver = SessionDriver(files: files)
        driver.apply([.setValue(key: "decelerationPower", value: .number(0.8))], to: s, at: 10)
        #expect(!s.feel.uikit.followsUIKitSteps)
        driver.apply([.loadReference(path: "r.csv"), .fitReference], to: s, at: 11)
        #expect(s.feel.uikit.followsUIKitSteps && abs(s.feel.uikit.edgeDecay - 0.99) < 0.001, "\(s.feel.uikit)")
        #expect(s.message?.text.contains("decelerationPower 0.8 set to 1") == true, "\(s.message?.text ?? "")")
    }

    /// A CSV of a whole recording (the app-bar table's drawn offsets: rest, drag, glide, rest)
    /// given as the reference: Fit fits its glide, as `scrollab fit` does, and says it left the
    /// drag out (it fitted one return, 127 pt off, and set edgeDecay from it without a word);
    /// one model forced on it (a kind the tracker named) says in a warning that it does not
    /// explain it.
    @Test func aWholeRecordingIsFittedSegmentBySegmentAndSaysWhatItLeftOut() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent("Assets/recordings/appbar-table-offsets.csv").path
        let s = try session()
        s.send([.loadReference(path: path), .fitReference], at: 10)
        let text = s.message?.text ?? ""
        #expect(text.contains("as a whole recording, segment by segment (glide "), "\(text)")
        #expect(text.contains("Left out: drag "), "\(text)")
        #expect(abs(log(s.feel.uikit.decelerationRate) / log(0.997838) - 1) < 0.01, "\(s.feel.uikit.decelerationRate)")
        #expect(s.feel.uikit.edgeDecay == ScrollParameters().edgeDecay)
        // Fitted as one return: the warning is in the message.
        let trace = try #require(s.reference?.trace)
        let job = FitJob(
            side: 0, path: path, trace: trace, kind: .return, base: ScrollParameters(), viewport: 844,
            maxOffset: 10_000, was: nil)
        guard case let .result(.fitted(_, outcome)) = FitRunner.run(job) else {
            Issue.record("no fit")
            return
        }
        #expect(outcome.notes.first?.hasPrefix("Warning: one return does not explain this trace") == true)
        s.session.fitted(job, outcome, at: 12)
        #expect(s.message?.text.contains("Warning: one return does not explain this trace") == true)
    }

    /// Fit sets UIKit's values; a glide another model traces clearly closer (Android's spline,
    /// Swiper's) says so with both residuals. A glide UIKit's exponential traces as well (its own,
    /// Flutter's and Framer's exponential decays) says nothing of the kind.
    @Test(arguments: [
        ("android", true), ("swiper", true), ("framer", false), ("flutter-bouncing", false), ("uikit", false)
    ])
    func aGlideAnotherModelTracesCloserSaysSo(model name: String, closer: Bool) throws {
        let model = try #require(FeelZoo.models.first { $0.name == name })
        let motion = Feel(model).model.release(
            position: 200, velocity: 2400, extent: ModelExtent(minOffset: -1e9, maxOffset: 1e9, viewport: 844))
        let samples = (0..<90).map { FitTrace.Sample(t: Double($0) / 60, offset: motion.position(at: Double($0) / 60)) }
        let job = FitJob(
            side: 0, path: "glide.csv", trace: FitTrace(samples: samples), kind: .glide, base: ScrollParameters(),
            viewport: 844, maxOffset: 10_000, was: name == "uikit" ? nil : name)
        guard case let .result(.fitted(_, outcome)) = FitRunner.run(job) else {
            Issue.record("no fit")
            return
        }
        let said = outcome.notes.first { $0.contains("traces this glide closer than UIKit") }
        #expect((said != nil) == closer, "\(outcome.notes)")
        if let said {
            #expect(said.hasPrefix(Feel(model).title), "\(said)")
            #expect(said.contains("the model menu picks"), "\(said)")
        }
    }

    /// A picture given as the reference is no CSV and no recording: the message says what a
    /// reference can be; after Clear, Fit says a recording works too.
    @Test func aPictureSaysWhatAReferenceIs() throws {
        let s = try session()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString).png").path
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        s.send([.loadReference(path: path)], at: 10)
        #expect(
            s.message?.text == "\(path): is not UTF-8 text: a reference is a CSV (t,offset) or a screen recording "
                + "(MP4, MOV, GIF, WebM, …).", "\(s.message?.text ?? "")")
        s.send([.clearReference, .fitReference], at: 11)
        #expect(s.message?.text.contains("or a screen recording of any app") == true)
    }

    /// A return and a page settle land where they land whatever the finger did: drawn over a
    /// gesture that has come to rest, they end where it rests (the edge, the page), and a
    /// return's hold ends at the gesture's lift. Before the rest they are drawn from the lift.
    @Test func aReturnAndASettleEndWhereTheGestureRests() throws {
        var gesture = GestureTrace()
        gesture.begin(at: 0, offset: 0, velocity: 0)
        gesture.append(at: 0.3, offset: -120, velocity: 0, atRest: false)
        gesture.lift(at: 0.5, offset: -120, velocity: 0)
        let returnTrace = FitTrace(samples: [
            FitTrace.Sample(t: 0, offset: -177), FitTrace.Sample(t: 0.05, offset: -177),
            FitTrace.Sample(t: 0.1, offset: -177), FitTrace.Sample(t: 0.116, offset: -157),
            FitTrace.Sample(t: 0.167, offset: -106), FitTrace.Sample(t: 0.267, offset: -46),
            FitTrace.Sample(t: 0.4, offset: -14), FitTrace.Sample(t: 0.6, offset: -2),
            FitTrace.Sample(t: 0.9, offset: 0)
        ])
        // Until the effect has named it, a trace is not known to land at the end.
        let unshaped = PlaygroundSession.Reference(path: "r.csv", trace: returnTrace)
        #expect(unshaped.needsShape && !unshaped.landsAtEnd)
        // The effect's answer (`SessionEffect.shapeReference` runs `Fit.detect`): a return.
        let shape = Fit.detect(returnTrace).kind
        #expect(shape == .return)
        let ret = PlaygroundSession.Reference(path: "r.csv", trace: returnTrace, shape: shape)
        #expect(ret.landsAtEnd)
        #expect(ret.offsets(on: gesture).first == -120, "moving: from the lift")
        gesture.append(at: 0.8, offset: -20, velocity: -100, atRest: false)
        gesture.append(at: 1.5, offset: 0, velocity: 0, atRest: true)
        #expect(ret.offsets(on: gesture) == [-177, -177, -177, -157, -106, -46, -14, -2, 0])
        let times = ret.times(on: gesture)
        #expect(abs(times[2] - 0.5) < 1e-9 && abs(times[8] - 1.3) < 1e-9, "the hold ends at the lift: \(times)")
        // A settle tracked from a video lands on the page the gesture landed on.
        var swipe = GestureTrace()
        swipe.begin(at: 0, offset: 0, velocity: 0)
        swipe.lift(at: 0.1, offset: 200, velocity: 2000)
        swipe.append(at: 0.4, offset: 624, velocity: 0, atRest: true)
        let settle = PlaygroundSession.Reference(
            path: "pager.mp4",
            trace: FitTrace(
                samples: (0...12).map {
                    FitTrace.Sample(t: Double($0) / 60, offset: 400 + 444 * (1 - exp(-Double($0) / 4)))
                }),
            kind: .page)
        let drawn = settle.offsets(on: swipe)
        #expect(abs(drawn.last! - 624) < 1e-9 && abs(drawn.first! - (624 - 444 * (1 - exp(-3)))) < 1e-9, "\(drawn)")
    }

    /// Fit while a loaded video is still being tracked would fit the reference before it: it
    /// says so and changes nothing.
    @Test func fitWhileTrackingWaits() throws {
        let s = try session()
        let path = try write(Self.recording)
        defer { try? FileManager.default.removeItem(atPath: path) }
        s.send([.loadReference(path: path)], at: 10)
        let before = s.feel
        s.send([.loadReference(path: "clip.mp4"), .fitReference], at: 10)
        #expect(s.feel == before)
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(s.notice == .stillTracking(path: "clip.mp4", reference: name))
        #expect(s.message?.text == "Still tracking clip.mp4: Fit when it is done. The reference is still \(name).")
    }

    /// A tracked video's reference is fitted as what the tracker named it, as `fit --video` does,
    /// not decided again from the data: the same exponential landing is fitted as a page when
    /// named a settle, and as a glide when named a glide.
    @Test func aTrackedReferenceIsFittedAsItWasNamed() throws {
        let s = try session()
        let rows = (0...12).map { k -> FitTrace.Sample in
            let t = Double(k) / 60
            return FitTrace.Sample(t: t, offset: 312 - 86 * exp(-47 * t))
        }
        s.send([.loadReference(path: "clip.mp4")], at: 10)
        s.send(
            [
                .referenceTracked(path: "clip.mp4", trace: FitTrace(samples: rows), kind: .page, summary: "13 frames"),
                .fitReference
            ], at: 10)
        #expect(
            s.message?.text.contains("as a page: pageDamping 20, pageMotion decelerate") == true,
            "\(s.message?.text ?? "")")
        #expect(s.feel.uikit.pageMotion == .decelerate && s.feel.uikit.pageDamping == 20)
        s.send([.loadReference(path: "clip.mp4")], at: 11)
        s.send(
            [
                .referenceTracked(path: "clip.mp4", trace: FitTrace(samples: rows), kind: .glide, summary: "13 frames"),
                .fitReference
            ], at: 11)
        #expect(s.message?.text.contains("as a glide") == true, "\(s.message?.text ?? "")")
        #expect(abs(s.feel.uikit.decelerationRate - exp(-0.047)) < 0.001, "\(s.feel.uikit.decelerationRate)")
    }

    /// What the tracker warned of when a video became the reference is said again with the values
    /// Fit sets from it, as `fit --video` does: nothing uncertain is applied without saying so.
    @Test func aFitOfATrackedVideoRepeatsWhatTheTrackerWarnedOf() throws {
        let s = try session()
        let rows = (0...12).map { k -> FitTrace.Sample in
            let t = Double(k) / 60
            return FitTrace.Sample(t: t, offset: 312 - 86 * exp(-47 * t))
        }
        let warning = "2 frames left out (torn at 0.150 s, 0.167 s)"
        s.send([.loadReference(path: "clip.mp4")], at: 10)
        s.send(
            [
                .referenceTracked(
                    path: "clip.mp4", trace: FitTrace(samples: rows), kind: .glide,
                    summary: "13 frames; warnings: " + warning, warnings: [warning]),
                .fitReference
            ], at: 10)
        let text = s.message?.text ?? ""
        #expect(text.contains("as a glide") && text.contains("The tracking warned: \(warning)."), "\(text)")
        // A reference tracked without warnings says none.
        s.send([.loadReference(path: "clip.mp4")], at: 11)
        s.send(
            [
                .referenceTracked(path: "clip.mp4", trace: FitTrace(samples: rows), kind: .glide, summary: "13 frames"),
                .fitReference
            ], at: 11)
        #expect(s.message?.text.contains("The tracking warned") == false, "\(s.message?.text ?? "")")
    }
}
