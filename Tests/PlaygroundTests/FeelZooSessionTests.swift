import Foundation
import Testing
import Scenes
import ScrollPhysics
@testable import Playground

/// The platform models in the playground: a preset or a side switched to a model changes the
/// next gesture exactly as that model's own equations say.
@Suite struct FeelZooSessionTests {
    func session() throws -> TestSession {
        try TestSession(
            setups: [.cards(count: 400), .pager(pages: 4)], initial: 0, viewport: .phone,
            feel: Feel(ScrollParameters()), tracePath: nil, realTime: 10)
    }

    /// The same fling as SessionRequestTests: 10 moves of 24 pt, 8 ms apart (3,000 pt/s).
    func fling(_ s: TestSession, start: Double, side: Int = 0) -> Double {
        s.frame(at: start - 0.1)
        s.pointerDown(at: Point(x: 200, y: 700), time: start)
        for i in 1...10 { s.pointerMoved(to: Point(x: 200, y: 700 - 24 * Double(i)), time: start + 0.008 * Double(i)) }
        s.pointerUp(at: Point(x: 200, y: 460), time: start + 0.08)
        s.frame(at: start + 30)
        return s.sides[side].scene.mainAxis.offset(at: s.sceneTime(at: start + 30))
    }

    @Test func flutterPresetFlingsAsFlutter() throws {
        let s = try session()
        s.send([.applyPreset(id: "flutter-bouncing")], at: 10)
        #expect(s.feel.name == "flutter-bouncing")
        let rest = fling(s, start: 11)
        // 18 pt of touch slop swallowed: released at 222 pt; the iOS estimator reads 3,000 pt/s;
        // Flutter's friction rests where |v| falls to 1/(0.05·3) pt/s.
        let glide = FlutterFrictionSimulation(drag: 0.135, position: 222, velocity: 3000, velocityTolerance: 1 / 0.15)
        #expect(abs(rest - glide.restPosition) < 1e-6, "rests at \(rest), Flutter says \(glide.restPosition)")
    }

    @Test func androidAndSwiperPresetsFlingAsTheirPlatforms() throws {
        let s = try session()
        s.send([.applyPreset(id: "android")], at: 10)
        // 8 pt slop swallowed (release at 232 pt); LSQ2 on a straight line reads 3,000 pt/s.
        let android = SplineFling(position: 232, velocity: 3000, density: 2.625)
        #expect(abs(fling(s, start: 11) - android.restPosition) < 1e-6)
        let s2 = try session()
        s2.send([.applyPreset(id: "swiper")], at: 10)
        // 5 px threshold swallowed (235); half the last segment's speed, 1,500 px/s, for 1 s.
        #expect(abs(fling(s2, start: 11) - (235 + 1500)) < 1e-6)
    }

    /// The panel's model picker, its sliders and the one-click comparisons, as requests.
    @Test func pickerSlidersAndComparisons() throws {
        let s = try session()
        s.send([.setModel(name: "swiper"), .setValue(key: "momentumRatio", value: .number(0.5))], at: 10)
        #expect(s.feel.model.value(of: "momentumRatio") == 0.5)
        #expect(abs(fling(s, start: 11) - (235 + 750)) < 1e-6)  // half the glide
        s.send([.setValue(key: "decelerationRate", value: .number(0.99))], at: 50)
        #expect(
            s.message?.isError == true
                && s.message?.text.hasPrefix("model \"swiper\": key \"decelerationRate\": unknown key") == true)
        s.send([.setModel(name: "flutter")], at: 50)
        #expect(s.message?.isError == true && s.feel.name == "swiper")
        s.send([.setModel(name: "uikit")], at: 50)
        #expect((s.feel.model.uikit != nil))
        s.send([.compareModels(a: "uikit", b: "android")], at: 50)
        #expect(s.isComparing && (s.sides[0].feel.model.uikit != nil) && s.sides[1].feel.name == "android")
        #expect(s.notice == .comparingModels(a: "UIKit (UIScrollView pipeline)", b: "Android (OverScroller + stretch)"))
        #expect(
            s.message?.text
                == "A: UIKit (UIScrollView pipeline); B: Android (OverScroller + stretch). Flick once and compare the "
                + "plots."
        )
    }

    @Test func aModelPresetOnBLeavesAAlone() throws {
        let s = try session()
        s.send([.setComparing(true), .edit(side: 1), .applyPreset(id: "framer")], at: 10)
        #expect(s.sides[1].feel.name == "framer" && (s.sides[0].feel.model.uikit != nil))
        let restA = fling(s, start: 11, side: 0)
        #expect(abs(restA - ExpectedGlide.rest(ScrollParameters(), releasedAt: 230, velocity: 3000)) < 0.01)
    }
}

@Suite struct FeelZooStartTests {
    @Test func aModelGivenAtStartSwallowsItsSlop() throws {
        let s = try TestSession(
            setups: [.cards(count: 400)], initial: 0, viewport: .phone, feel: Feel(FlutterBouncingModel()),
            tracePath: nil, realTime: 10)
        s.frame(at: 10.9)
        s.pointerDown(at: Point(x: 200, y: 700), time: 11)
        for i in 1...6 { s.pointerMoved(to: Point(x: 200, y: 700 - 12 * Double(i)), time: 11 + 0.05 * Double(i)) }
        s.frame(at: 11.3)
        #expect(abs(s.sides[0].scene.mainAxis.offset(at: s.sceneTime(at: 11.3)) - 54) < 1e-9)
    }
}
