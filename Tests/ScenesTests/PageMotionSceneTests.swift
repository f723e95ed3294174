import Foundation
import Testing
import ScrollPhysics
@testable import Scenes

/// Issue 11: every paged scene decelerates into its page after a release that points at it —
/// never faster than released, never past the page — and the edge return follows the recording.
@Suite struct PageMotionSceneTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var make: @Sendable () -> any ScrollScene
        /// The axis that carries the page (nested: the tabs).
        var axis: @Sendable (any ScrollScene) -> ScrollAxis
        var from: Point, to: Point, duration: Double
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "pager flick", make: { PagerScene() }, axis: { $0.mainAxis },
            from: Point(x: 195, y: 600), to: Point(x: 195, y: 480), duration: 0.06),
        Case(
            name: "carousel swipe", make: { CarouselScene() }, axis: { $0.mainAxis },
            from: Point(x: 300, y: 400), to: Point(x: 200, y: 400), duration: 0.04),
        Case(
            name: "carousel hard", make: { CarouselScene() }, axis: { $0.mainAxis },
            from: Point(x: 350, y: 400), to: Point(x: 100, y: 400), duration: 0.05),
        Case(
            name: "banner swipe", make: { BannerScene() }, axis: { $0.mainAxis },
            from: Point(x: 320, y: 220), to: Point(x: 150, y: 220), duration: 0.12),
        Case(
            name: "loop flick", make: { LoopScene() }, axis: { $0.mainAxis },
            from: Point(x: 195, y: 600), to: Point(x: 195, y: 480), duration: 0.06),
        Case(
            name: "nested tabs", make: { NestedScene() }, axis: { ($0 as! NestedScene).tabs },
            from: Point(x: 300, y: 650), to: Point(x: 180, y: 640), duration: 0.05)
    ]

    @Test(arguments: cases)
    func neverFasterThanReleasedNorPastThePage(_ c: Case) {
        let scene = c.make()
        drag(scene, from: c.from, to: c.to, duration: c.duration)
        let release = c.duration
        let axis0 = c.axis(scene)
        let v0 = axis0.velocity(at: release), x0 = axis0.offset(at: release)
        let target = axis0.restingOffset
        #expect(abs(v0) > 300, "\(c): a flick (\(v0) pt/s)")
        #expect((target - x0) * v0 > 0, "\(c): the release points at its page")
        var fastest = 0.0, farthest = 0.0
        for t in stride(from: release, through: release + 2, by: 0.001) {
            scene.advance(to: t)
            let axis = c.axis(scene)
            fastest = max(fastest, abs(axis.velocity(at: t)))
            farthest = max(farthest, (axis.offset(at: t) - target) * (v0 > 0 ? 1 : -1))
        }
        #expect(fastest <= abs(v0) + 1e-6, "\(c): \(fastest) pt/s after a \(abs(v0)) pt/s release")
        #expect(farthest <= 1e-6, "\(c): \(farthest) pt past the page")
        #expect(!c.axis(scene).isMoving)
    }

    @Test(arguments: cases)
    func independentOfFrameRate(_ c: Case) {
        func run(_ fps: Double) -> [Double] {
            let scene = c.make()
            drag(scene, from: c.from, to: c.to, duration: c.duration)
            var samples: [Double] = []
            for frame in 0...Int(1.5 * fps) {
                let t = c.duration + Double(frame) / fps
                scene.advance(to: t)
                if frame % Int(fps / 30) == 0 { samples.append(c.axis(scene).offset(at: t)) }
            }
            return samples
        }
        let reference = run(240)
        for fps in [30.0, 60, 120] {
            let samples = run(fps)
            #expect(samples.count == reference.count)
            let worst = zip(samples, reference).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 0.01, "\(c) at \(fps) fps: \(worst) pt")
        }
    }

    @Test func keyboardAndWheelPageStepsNeverPassThePage() {
        let pager = PagerScene()
        var farthest = -Double.infinity
        // Three quick Page Down presses: each re-aims the motion under way.
        for (i, t) in [0.0, 0.1, 0.15].enumerated() {
            pager.scroll(.pages(1), at: t)
            #expect(pager.mainAxis.restingOffset == Double(i + 1) * 844)
        }
        for t in stride(from: 0.15, through: 3, by: 0.002) {
            pager.advance(to: t)
            farthest = max(farthest, pager.mainAxis.offset(at: t))
        }
        #expect(farthest <= 3 * 844 + 1e-6)
        #expect(pager.mainAxis.offset(at: 3) == 3 * 844)
        let carousel = CarouselScene()
        carousel.scroll(.notches(1), at: 0)
        carousel.scroll(.notches(1), at: 0.05)
        var past = 0.0
        for t in stride(from: 0.05, through: 2, by: 0.002) {
            carousel.advance(to: t); past = max(past, carousel.mainAxis.offset(at: t) - 624)
        }
        #expect(past <= 1e-6)
    }

    /// The seed article's spring return with the 7.3 /s launch (the `spring` edge return law),
    /// without the pan hysteresis, as the recording was fitted.
    static var springReturn: ScrollParameters {
        var parameters = ScrollParameters()
        parameters.edgeReturn = .spring
        parameters.panHysteresis = 0
        return parameters
    }

    @Test(arguments: [120.0, 407.2, 3000])
    func listReleasedFromAHeldPullReturnsAsRecorded(pull: Double) {
        // Pull the list `pull` pt past its top, hold still, let go at 0.7 s.
        let list = ListScene(contentLength: 3000, feel: Feel(Self.springReturn))
        drag(list, from: Point(x: 195, y: 200), to: Point(x: 195, y: 200 + pull), duration: 0.4, hold: 0.3)
        let y0 = list.mainAxis.offset(at: 0.7)
        #expect(y0 < 0)
        // y(t) = y0·(1 + (δ − k)·t)·e^(−δt), δ = 10.9 /s, k = 7.3 /s; for y0 = −177 the recording:
        // 157, 106, 46, 14, 2 pt left after 16, 67, 167, 300, 500 ms.
        for t in [0.016, 0.067, 0.167, 0.3, 0.5] {
            list.advance(to: 0.7 + t)
            let expected = y0 * (1 + (10.9 - 7.3) * t) * exp(-10.9 * t)
            #expect(abs(list.mainAxis.offset(at: 0.7 + t) - expected) < 1e-6, "\(t) s")
        }
        if abs(pull - 407.2) < 1 {
            #expect(abs(y0 + 177) < 0.1)
            for (t, left) in [(0.016, 157.0), (0.067, 106), (0.167, 46), (0.3, 14), (0.5, 2)] {
                #expect(abs(list.mainAxis.offset(at: 0.7 + t) + left) < 0.3, "recording at \(t) s")
            }
        }
        // UIKit's own return: a finger held still leaves no velocity, so the excess decays by
        // 0.99 per ms from the release frame on (one 60 Hz frame already run at release).
        let uikit = ListScene()
        uikit.handle(TimedInput(time: 0, event: .down(Point(x: 195, y: 200))))
        for i in 1...50 {
            uikit.handle(
                TimedInput(time: 0.008 * Double(i), event: .move(Point(x: 195, y: 200 + pull * Double(i) / 50))))
        }
        let e0 = uikit.mainAxis.offset(at: 0.4)
        uikit.handle(TimedInput(time: 0.7, event: .up(Point(x: 195, y: 200 + pull))))
        #expect(e0 < 0)
        for t in [0.0, 0.016, 0.067, 0.167, 0.3] {
            uikit.advance(to: 0.7 + t)
            #expect(abs(uikit.mainAxis.offset(at: 0.7 + t) - e0 * pow(0.99, 1000 * t + 1000 / 60.0)) < 1e-6, "\(t) s")
        }
        // Re-grabbed mid-return, the content stays where it is and follows the finger.
        for parameters in [Self.springReturn, ScrollParameters()] {
            let again = ListScene(contentLength: 3000, feel: Feel(parameters))
            drag(again, from: Point(x: 195, y: 200), to: Point(x: 195, y: 200 + pull), duration: 0.4, hold: 0.3)
            again.advance(to: 0.8)
            let x = again.mainAxis.offset(at: 0.8)
            again.handle(TimedInput(time: 0.8, event: .down(Point(x: 195, y: 300))))
            #expect(abs(again.mainAxis.offset(at: 0.8) - x) < 1e-9)
            #expect(again.mainAxis.phase(at: 0.8) == .dragging)
            again.handle(TimedInput(time: 0.85, event: .move(Point(x: 195, y: 280))))
            #expect(again.mainAxis.offset(at: 0.85) > x)  // pushed back toward the edge (past the hysteresis)
        }
    }

    @Test func edgeReturnIsIndependentOfFrameRate() {
        func run(_ fps: Double) -> [Double] {
            let list = ListScene()
            drag(list, from: Point(x: 195, y: 200), to: Point(x: 195, y: 607), duration: 0.4, hold: 0.3)
            var samples: [Double] = []
            for frame in 0...Int(1.2 * fps) {
                let t = 0.7 + Double(frame) / fps
                list.advance(to: t)
                if frame % Int(fps / 30) == 0 { samples.append(list.mainAxis.offset(at: t)) }
            }
            return samples
        }
        let reference = run(240)
        #expect(reference.first! < -100 && reference.last! == 0)
        for fps in [30.0, 60, 120] {
            let worst = zip(run(fps), reference).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 0.01, "\(fps) fps: \(worst) pt")
        }
    }
}
