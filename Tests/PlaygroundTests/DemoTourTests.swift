import Foundation
import Testing
import Scenes
import Formats
import ScrollPhysics
@testable import Playground
import SessionEffects

@Suite struct DemoTourTests {
    let flick = TourStep.stroke(from: Point(x: 195, y: 600), to: Point(x: 195, y: 480), duration: 0.1, steps: 10)

    func twoSteps() -> [TourStep] {
        [
            TourStep(setup: .pager(pages: 5), gesture: flick, caption: "one"),
            TourStep(setup: .cards(count: 50), gesture: flick, caption: "two")
        ]
    }

    /// Runs frames at 60 fps from `from` to `to` (real s), returning the changes reported.
    @discardableResult
    func run(_ demo: DemoTour, from: Double, to: Double) -> [(Double, DemoTour.Change)] {
        var changes: [(Double, DemoTour.Change)] = []
        var t = from
        while t <= to + 1e-9 {
            if let change = demo.frame(at: t) { changes.append((t, change)) }
            t += 1.0 / 60
        }
        return changes
    }

    /// The demo's window sleeps while nothing on it changes: it asks for frames only while the
    /// tour's finger or the content moves, and wakes for the next scripted touch, the next step
    /// after the rest hold, and the tour resuming after idle time.
    @Test func theTourIsBusyOnlyWhileSomethingMovesAndSaysWhenItNextChanges() throws {
        let demo = DemoTour(
            steps: twoSteps(), viewport: .phone, idleResume: 10, restHold: 1.5, lead: 0.8, realTime: 100)
        // Before the first touch: at rest, woken at the touch (lead 0.8 s after the step's start).
        #expect(!demo.isBusy(at: 100.2))
        #expect(demo.nextChange(after: 100.2) == 100.8)
        #expect(demo.isBusy(at: 100.8), "the touch is due")
        run(demo, from: 100, to: 101)
        #expect(demo.isBusy(at: 101), "the pager moves")
        // Run until the pager rests: then idle until 1.5 s after the rest was seen.
        var t = 101.0
        while demo.isBusy(at: t), t < 110 {
            demo.frame(at: t)
            t += 1.0 / 60
        }
        let due = try #require(demo.nextChange(after: t))
        #expect(demo.index == 0 && due > t && due <= t + 1.5 + 1e-9, "the next step at \(due), now \(t)")
        // A person takes over; at rest the window waits for the tour to resume 10 s later.
        demo.input(.down(Point(x: 195, y: 600)), at: 120)
        #expect(demo.isBusy(at: 120.1), "a finger is down")
        demo.input(.up(Point(x: 195, y: 600)), at: 120.2)
        t = 120.2
        while demo.isBusy(at: t), t < 125 {
            demo.frame(at: t)
            t += 1.0 / 60
        }
        #expect(t < 125 && demo.mode == .live)
        #expect(demo.nextChange(after: t) == 130.2)
        #expect(demo.isBusy(at: 130.2))
    }

    @Test func theStrokeIsEvenlySpacedAndEndsWithTheUp() {
        let events = TourStep.stroke(
            from: Point(x: 0, y: 100), to: Point(x: 0, y: 0), duration: 0.2, steps: 4, start: 1)
        #expect(events.count == 6)
        #expect(events[0] == TimedInput(time: 1, event: .down(Point(x: 0, y: 100))))
        #expect(events[2] == TimedInput(time: 1.1, event: .move(Point(x: 0, y: 50))))
        #expect(events[5] == TimedInput(time: 1.2, event: .up(Point(x: 0, y: 0))))
    }

    @Test func theTourPlaysEachStepsGestureThenMovesOnAndWraps() throws {
        let demo = DemoTour(steps: twoSteps(), viewport: .phone, restHold: 1.5, lead: 0.8, realTime: 100)
        #expect(demo.index == 0 && demo.mode == .touring)
        run(demo, from: 100, to: 100.7)
        #expect(demo.finger(at: 100.7) == nil)
        #expect(demo.scenes[0].mainAxis.offset(at: 0.7) == 0)
        run(demo, from: 100.7 + 1.0 / 60, to: 100.84)
        demo.frame(at: 100.855)
        // The finger is down 0.055 s into the stroke, past its fifth move: y = 600 − 60.
        let finger = try #require(demo.finger(at: 100.855))
        #expect(finger.alpha == 1 && abs(finger.point.y - 540) < 1e-9)
        // The pager turns one page (844 pt) and rests; 1.5 s later the next step starts.
        let changes = run(demo, from: 100.85 + 1.0 / 60, to: 106)
        #expect(changes.count >= 1)
        let first = try #require(changes.first)
        #expect(first.1 == .started(step: 1))
        #expect(demo.index == 1 || demo.index == 0)
        // The switch came 1.5 s (±1 frame) after the pager's rest.
        let pager = PagerScene(pageCount: 5)
        for event in flick { pager.handle(TimedInput(time: event.time + 0.8, event: event.event)) }
        var rest = 0.9
        while !{
            pager.advance(to: rest); return pager.isAtRest(at: rest)
        }() { rest += 1.0 / 600 }
        #expect(pager.mainAxis.offset(at: rest) == 844)
        #expect(abs(first.0 - (100 + rest + 1.5)) < 2.0 / 60)
        // After the second step comes the first again.
        let later = run(demo, from: 106 + 1.0 / 60, to: 118)
        #expect(later.map(\.1).contains(.started(step: 0)))
    }

    @Test func inputTakesOverAndIdleResumesWithTheNextStep() throws {
        let demo = DemoTour(steps: twoSteps(), viewport: .phone, idleResume: 10, lead: 0.8, realTime: 0)
        run(demo, from: 0, to: 0.85)
        // Mid-stroke, a person presses: the tour's finger lifts, the person's drag moves the list.
        #expect(demo.input(.down(Point(x: 100, y: 700)), at: 0.86) == .tookOver)
        #expect(demo.mode == .live)
        let before = demo.scenes[0].mainAxis.offset(at: 0.86)
        #expect(demo.input(.move(Point(x: 100, y: 650)), at: 0.9) == nil)
        demo.frame(at: 0.9)
        #expect(abs(demo.scenes[0].mainAxis.offset(at: 0.9) - (before + 50 - ScrollParameters().panHysteresis)) < 1e-6)
        // Held down, it never resumes, however long.
        #expect(run(demo, from: 0.92, to: 20).isEmpty)
        #expect(demo.input(.up(Point(x: 100, y: 650)), at: 20.5) == nil)
        // 10 s after the last input the tour resumes with the next step.
        let changes = run(demo, from: 20.5, to: 31)
        let resumed = try #require(changes.first)
        #expect(resumed.1 == .resumed(step: 1))
        #expect(abs(resumed.0 - 30.5) < 1.0 / 60 + 1e-9)
        #expect(demo.mode == .touring && demo.index == 1)
        // The tour's events after the takeover were never delivered: a key takes over too.
        #expect(demo.key(at: 31.2) == .tookOver)
        #expect(demo.key(at: 31.3) == nil)
    }

    @Test func arrowsStepBothWaysAndWrap() {
        let demo = DemoTour(
            steps: twoSteps() + [TourStep(setup: .nested, gesture: flick, caption: "three")], viewport: .phone,
            realTime: 0)
        #expect(demo.step(by: -1, at: 1) == .started(step: 2))
        #expect(demo.step.caption == "three" && demo.scenes[0].name == "nested")
        #expect(demo.step(by: 1, at: 2) == .started(step: 0))
        #expect(demo.step(by: 1, at: 3) == .started(step: 1))
        #expect(demo.sceneTime(at: 3.5) == 0.5)
    }

    /// Every built-in step, on every device, moves its scene and comes to rest; the A/B step has two phones.
    @Test(arguments: [Size.phone] + Device.all.map(\.viewport))
    func theBuiltInTourMovesEverySceneAndRests(viewport: Size) throws {
        let steps = TourStep.builtIn(viewport: viewport)
        #expect(Set(steps.map(\.setup.name)) == Set(SceneSetup.names))
        for step in steps {
            let scenes = ([step.feel] + (step.feelB.map { [$0] } ?? [])).map {
                step.setup.makeScene(viewport: viewport, feel: $0)
            }
            var moved = false
            var t = 0.0
            var next = 0
            while t < 15 {
                while next < step.gesture.count, step.gesture[next].time <= t {
                    for scene in scenes { scene.handle(step.gesture[next]) }
                    next += 1
                }
                for scene in scenes {
                    scene.advance(to: t)
                    if scene.mainAxis.offset(at: t) != 0
                        || scene.extraTraceValues(at: t) != scenes[0].extraTraceValues(at: 0)
                    {
                        moved = true
                    }
                }
                if next == step.gesture.count, scenes.allSatisfy({ $0.isAtRest(at: t) }) { break }
                t += 1.0 / 60
            }
            #expect(moved, "\(step.setup.name) at \(viewport): the gesture moved nothing")
            #expect(t < 15, "\(step.setup.name) at \(viewport): still moving after 15 s")
            #expect(step.caption.count <= 100 && !step.caption.contains("\n"))
        }
        #expect(steps.filter { $0.feelB != nil }.count == 1)
    }

    @Test func aTourFileNamesScenesGesturesAndCaptions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("g"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try GestureFile.encode(flick).write(
            to: dir.appendingPathComponent("g/flick.json"), atomically: true, encoding: .utf8)
        try "{\"decelerationRate\": 0.99}".write(
            to: dir.appendingPathComponent("fast.json"), atomically: true, encoding: .utf8)
        let tour = dir.appendingPathComponent("tour.json").path
        try """
        [{"scene": "carousel", "gesture": "g/flick.json", "caption": "Cards land centred"},
         {"scene": "list", "paramsB": "fast.json", "gesture": "g/flick.json", "caption": "Two feels"}]
        """.write(toFile: tour, atomically: true, encoding: .utf8)
        let steps = try TourFile.load(tour)
        #expect(steps.count == 2)
        #expect(
            steps[0].setup == .carousel(cellWidth: 300, spacing: 12, cells: 10) && steps[0].gesture == flick
                && steps[0].feelB == nil)
        #expect(steps[1].feelB?.uikit.decelerationRate == 0.99 && steps[1].feel == .standard)

        let cases: [(String, String)] = [
            ("{}", "expected a list of steps, found an object"),
            ("[]", "the tour has no steps"),
            (
                "[{\"scene\": \"mosaic\", \"gesture\": \"g/flick.json\", \"caption\": \"x\"}]",
                "step 0 (of 1): unknown scene \"mosaic\"; allowed: " + SceneSetup.names.joined(separator: ", ")
            ),
            ("[{\"scene\": \"list\", \"gesture\": \"g/flick.json\"}]", "step 0 (of 1): missing \"caption\""),
            (
                "[{\"scene\": \"list\", \"gesture\": \"g/flick.json\", \"caption\": \"x\", \"speed\": 2}]",
                "step 0 (of 1): unknown key \"speed\"; allowed: caption, gesture, params, paramsB, scene"
            ),
            (
                "[{\"scene\": \"list\", \"gesture\": 3, \"caption\": \"x\"}]",
                "step 0 (of 1): \"gesture\" must be a non-empty string, found a number"
            )
        ]
        for (text, message) in cases {
            #expect(throws: InputError("\(tour): \(message)")) {
                try TourFile.decode(text, file: tour, folder: dir.path)
            }
        }
        // A file's error names the tour and the step too.
        #expect(throws: InputError("\(tour): step 0 (of 1): \(dir.path)/g/none.json: no such file")) {
            try TourFile.decode(
                "[{\"scene\": \"list\", \"gesture\": \"g/none.json\", \"caption\": \"x\"}]", file: tour,
                folder: dir.path)
        }
        #expect(throws: InputError("\(tour): step 0 (of 1): \"gesture\" contains a NUL character; no file name does")) {
            try TourFile.decode(
                "[{\"scene\": \"list\", \"gesture\": \"g/flick.json\\u0000x\", \"caption\": \"x\"}]", file: tour,
                folder: dir.path)
        }
    }

    /// A short tour naming a large gesture in many steps reads it once, and a tour is capped in
    /// steps and in the bytes of the files it names (a 2.5 KB tour once read 2.6 GB).
    @Test func toursAreCappedAndShareTheirFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrollab-tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tour = dir.appendingPathComponent("tour.json").path
        let step = "{\"scene\": \"list\", \"gesture\": \"big.json\", \"caption\": \"x\"}"
        // 33 MB of gesture (white space after a small one): once is allowed, twice would not be.
        let gesture = GestureFile.encode(flick)
        try (gesture + String(repeating: " ", count: 33 << 20)).write(
            to: dir.appendingPathComponent("big.json"), atomically: true, encoding: .utf8)
        let forty = try TourFile.decode(
            "[" + Array(repeating: step, count: 40).joined(separator: ",") + "]", file: tour, folder: dir.path)
        #expect(forty.count == 40 && forty.allSatisfy { $0.gesture == flick })
        try gesture.write(to: dir.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        try (gesture + String(repeating: " ", count: 33 << 20)).write(
            to: dir.appendingPathComponent("big2.json"), atomically: true, encoding: .utf8)
        let two = "[" + step + "," + step.replacingOccurrences(of: "big.json", with: "big2.json") + "]"
        #expect(
            throws: InputError(
                "\(tour): step 1 (of 2): the tour's files come to more than 64 MB; at most that much is read")
        ) {
            try TourFile.decode(two, file: tour, folder: dir.path)
        }
        let many =
            "["
            + Array(repeating: step.replacingOccurrences(of: "big.json", with: "other.json"), count: 101).joined(
                separator: ",") + "]"
        #expect(throws: InputError("\(tour): the tour has 101 steps; at most 100")) {
            try TourFile.decode(many, file: tour, folder: dir.path)
        }
    }
}

@Suite struct DemoCaptionTests {
    /// The A/B step's caption says A glides five times as far as B: μ = −1000·ln(rate) is
    /// 2.002 /s for 0.998 and 10.05 /s for 0.99, and the glide after release is v/μ.
    @Test func theABCaptionIsTrue() throws {
        let step = try #require(TourStep.builtIn(viewport: .phone).first { $0.feelB != nil })
        #expect(step.caption.contains("five times as far"))
        var glides: [Double] = []
        for feel in [step.feel, try #require(step.feelB)] {
            let scene = step.setup.makeScene(viewport: .phone, feel: feel)
            // From where the finger lifts (the release frame's step is part of the glide).
            for event in step.gesture.dropLast() { scene.handle(event) }
            let release = try #require(step.gesture.last?.time)
            scene.advance(to: release)
            let start = scene.mainAxis.offset(at: release)
            if let last = step.gesture.last { scene.handle(last) }
            scene.advance(to: 30)
            glides.append(scene.mainAxis.offset(at: 30) - start)
        }
        let ratio = glides[0] / glides[1]
        #expect(ratio > 4.5 && ratio < 5.5, "A glides \(glides[0]) pt, B \(glides[1]) pt")
    }
}

@Suite struct ExampleTourTests {
    /// The README's example tour loads: its files are found relative to it.
    @Test func theExampleTourLoads() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/tours/review.json").path
        let steps = try TourFile.load(path)
        #expect(steps.map(\.setup.name) == ["carousel", "carousel", "list", "pager"])
        #expect(steps[2].feelB?.uikit.decelerationRate == 0.992 && steps.allSatisfy { !$0.gesture.isEmpty })
    }
}
