import Foundation
import Testing
import Drawing
import Platform
import Scenes
import ScrollPhysics
@testable import Media

/// A fling up: down at y 600, six moves of 40 pt 8 ms apart, up 8 ms later.
func flingUp(startingAt start: Double = 0) -> [TimedInput] {
    var events = [TimedInput(time: start, event: .down(Point(x: 195, y: 600)))]
    for i in 1...6 {
        events.append(TimedInput(time: start + 0.008 * Double(i), event: .move(Point(x: 195, y: 600 - 40 * Double(i)))))
    }
    events.append(TimedInput(time: start + 0.056, event: .up(Point(x: 195, y: 360))))
    return events
}

@Suite(.serialized) struct ClipTests {
    let fonts = try! FontLibrary()

    func script(
        _ setup: SceneSetup = .cards(count: 200), events: [TimedInput] = flingUp(),
        sides: [ScrollParameters] = [ScrollParameters()],
        fps: Double = 60, slow: Double = 1, scale: Double = 1, caption: String? = nil
    ) -> ClipScript {
        ClipScript(
            setup: setup, viewport: .phone, events: events,
            sides: sides.enumerated().map { ClipSide(label: $0.offset == 0 ? "A" : "B", feel: Feel($0.element)) },
            fps: fps, slow: slow, scale: scale, caption: caption)
    }

    /// Frame k of a one-phone clip is `render --at k/fps`, pixel for pixel, once the finger is gone.
    @Test(arguments: [(60.0, 1.0, [13, 40, 100]), (30.0, 1.0, [7, 33]), (50.0, 0.25, [60, 97])])
    func frameKIsTheSceneAtKOverFps(fps: Double, slow: Double, frames: [Int]) throws {
        let clip = try ClipRenderer(script: script(fps: fps, slow: slow), fonts: fonts)
        let snapshot = try SceneSnapshot()
        var k = 0
        while k <= frames.max()!, let frame = clip.next() {
            defer { k += 1 }
            guard frames.contains(k) else { continue }
            let time = Double(k) * slow / fps
            #expect(clip.sceneTime(ofFrame: k) == time)
            let reference = try snapshot.image(of: ListScene(cardCount: 200), events: flingUp(), at: time)
            let diff = ImageDiff(frame, reference)
            #expect(
                diff.differingPixels == 0,
                "frame \(k) at \(fps) fps, slow \(slow): \(diff.differingPixels) pixels differ")
        }
    }

    @Test func theFingerIsDrawnWhileDownAndFadesAfterTheUp() throws {
        let s = script()
        #expect(s.finger(at: -0.01) == nil)
        let during = try #require(s.finger(at: 0.02))
        #expect(during.point == Point(x: 195, y: 520) && during.alpha == 1)
        let after = try #require(s.finger(at: 0.056 + ClipScript.fingerFade / 2))
        #expect(after.point == Point(x: 195, y: 360) && abs(after.alpha - 0.5) < 1e-9)
        #expect(s.finger(at: 0.056 + ClipScript.fingerFade + 1e-6) == nil)
        // Frame 1 (t = 1/60 s, finger down at 195, 520): the dot lightens the pixel under it.
        let clip = try ClipRenderer(script: s, fonts: fonts)
        _ = clip.next()
        let frame = try #require(clip.next())
        let plain = try SceneSnapshot().image(of: ListScene(cardCount: 200), events: flingUp(), at: 1.0 / 60)
        let dot = frame.pixel(x: 195, y: 520), under = plain.pixel(x: 195, y: 520)
        #expect(Int(dot.0) + Int(dot.1) + Int(dot.2) != Int(under.0) + Int(under.1) + Int(under.2))
        #expect(frame.pixel(x: 20, y: 820) == plain.pixel(x: 20, y: 820))
    }

    @Test func theClipLastsUntilEverySideRestsPlusTheHold() throws {
        let normal = ScrollParameters()
        var fast = ScrollParameters()
        fast.decelerationRate = 0.99
        let ab = script(sides: [normal, fast])
        // Rest is where the slower side (normal) rests; the fast one rests much earlier.
        let restNormal = script(sides: [normal]).restTime(), restFast = script(sides: [fast]).restTime()
        #expect(restFast < restNormal - 1)
        #expect(ab.restTime() == restNormal)
        #expect(ab.frameCount() == Int(((restNormal + 0.5) * 60 - 1e-9).rounded(.up)))
        // The scene is moving one frame before rest and at rest at it.
        let scene = ListScene(cardCount: 200)
        for event in flingUp() { scene.handle(event) }
        scene.advance(to: restNormal - 1.0 / 60)
        #expect(!scene.isAtRest(at: restNormal - 1.0 / 60))
        scene.advance(to: restNormal)
        #expect(scene.isAtRest(at: restNormal))
        // Slower playback stretches the clip; a gesture starting later starts the clip later.
        let slow = script(slow: 0.25), restSlow = slow.restTime()
        #expect(restSlow <= restNormal && restSlow > restNormal - 1.0 / 60)
        #expect(slow.frameCount() == Int(((restSlow / 0.25 + 0.5) * 60 - 1e-9).rounded(.up)))
        let late = script(events: flingUp(startingAt: 2))
        #expect(late.start == 2 && abs(late.restTime() - (restNormal + 2)) < 1.0 / 60 + 1e-9)
    }

    @Test func emptyGesturesAndFixedDurations() throws {
        let empty = script(events: [])
        #expect(empty.restTime() == 0 && empty.frameCount() == 30)
        var fixed = script(events: [])
        fixed.duration = 0.1
        #expect(fixed.frameCount() == 6)
        fixed.duration = 0.001
        #expect(fixed.frameCount() == 1)
    }

    /// An A/B clip holds both phones: each phone's inside is that side rendered alone.
    @Test func anABClipHoldsBothPhonesSideBySide() throws {
        var fast = ScrollParameters()
        fast.decelerationRate = 0.99
        let clip = try ClipRenderer(
            script: script(sides: [ScrollParameters(), fast], caption: "Same finger, two feels"), fonts: fonts)
        let layout = clip.layout
        #expect(layout.phones.count == 2 && layout.phones[1].x == layout.phones[0].maxX + 16)
        #expect((clip.pixelWidth, clip.pixelHeight) == (828, 924))
        var frame: Image?
        for _ in 0...60 { frame = clip.next() }
        let shot = try #require(frame)
        let snapshot = try SceneSnapshot()
        for (index, parameters) in [ScrollParameters(), fast].enumerated() {
            let alone = try snapshot.image(
                of: ListScene(cardCount: 200, feel: Feel(parameters)), events: flingUp(), at: 1)
            let phone = layout.phones[index]
            var differing = 0
            for y in stride(from: 60, to: 780, by: 3) {
                for x in stride(from: 10, to: 380, by: 3)
                where shot.pixel(x: Int(phone.x) + x, y: Int(phone.y) + y) != alone.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "phone \(index)")
        }
        // The two sides differ at t = 1 s (the fast one has nearly stopped).
        #expect(
            shot.pixel(x: Int(layout.phones[0].x) + 100, y: 400) != shot.pixel(x: Int(layout.phones[1].x) + 100, y: 400)
                || shot.pixel(x: Int(layout.phones[0].x) + 60, y: 300)
                    != shot.pixel(x: Int(layout.phones[1].x) + 60, y: 300)
        )
    }

    @Test(arguments: [0.25, 0.5, 1.0, 2.0])
    func pixelSizesAreEvenAtEveryScale(scale: Double) throws {
        for viewport in Device.all.map(\.viewport) + [Size(width: 1, height: 1), Size(width: 375, height: 667)] {
            for sides in 1...2 {
                for caption in [false, true] {
                    let size = ClipLayout(viewport: viewport, sides: sides, caption: caption).pixelSize(scale: scale)
                    #expect(size.width % 2 == 0 && size.height % 2 == 0 && size.width >= 2 && size.height >= 2)
                }
            }
        }
    }
}
