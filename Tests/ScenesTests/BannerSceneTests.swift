import Testing
import ScrollPhysics
@testable import Scenes

@Suite struct BannerSceneTests {
    let y = 200.0  // inside the banner
    /// UIKit's pan hysteresis: the first 10 pt of a drag are swallowed.
    let h = ScrollParameters().panHysteresis

    @Test func completesAtThirtyPercentAndRecyclesToTheMiddle() {
        let banner = BannerScene(itemCount: 5)
        #expect(banner.mainAxis.offset(at: 0) == 390)
        slowDrag(banner, from: Point(x: 300, y: y), to: Point(x: 300 - 0.31 * 390 - h, y: y))
        banner.advance(to: 5)
        #expect(banner.current == 1)
        #expect(banner.mainAxis.offset(at: 5) == 390)  // back in the middle slot, silently
        let back = BannerScene(itemCount: 5)
        slowDrag(back, from: Point(x: 100, y: y), to: Point(x: 100 + 0.29 * 390 + h, y: y))
        back.advance(to: 5)
        #expect(back.current == 0)
    }

    @Test func tenPercentWithAFlickAndWrapsBackwards() {
        let banner = BannerScene(itemCount: 5)
        drag(banner, from: Point(x: 100, y: y), to: Point(x: 100 + 0.11 * 390 + h, y: y), duration: 0.05)  // 858 pt/s
        banner.advance(to: 5)
        #expect(banner.current == 4)  // wrapped from the first item to the last
        let short = BannerScene(itemCount: 5)
        drag(short, from: Point(x: 100, y: y), to: Point(x: 100 + 0.09 * 390 + h, y: y), duration: 0.05)
        short.advance(to: 5)
        #expect(short.current == 0)
    }

    @Test func cancelledSwipeReturnsFromRest() {
        // Flicked away but short of 10 %: the spring back starts at rest, not with the flick.
        let banner = BannerScene(itemCount: 5)
        drag(banner, from: Point(x: 300, y: y), to: Point(x: 300 - 0.08 * 390, y: y), duration: 0.04)
        #expect(banner.mainAxis.phase(at: 0.04) == .settling)
        #expect(banner.mainAxis.velocity(at: 0.04) == 0)
        #expect(banner.mainAxis.velocity(at: 0.06) < 0)  // heading home, toward smaller offsets
    }

    @Test func usesTheThresholdPolicyWhateverTheParametersSay() {
        var parameters = ScrollParameters()
        parameters.pagePolicy = .spring
        let banner = BannerScene(itemCount: 5, feel: Feel(parameters))
        banner.setFeel(Feel(parameters), at: 0)
        #expect(banner.mainAxis.uikit.pagePolicy == .threshold)
        parameters.pageDistanceThreshold = 0.5
        banner.setFeel(Feel(parameters), at: 0)
        slowDrag(banner, from: Point(x: 300, y: y), to: Point(x: 300 - 0.4 * 390, y: y))
        banner.advance(to: 6)
        #expect(banner.current == 0)  // 40 % no longer completes
    }

    @Test func autoAdvancePausesWhileTouched() {
        let banner = BannerScene(itemCount: 3)
        banner.setControl("autoAdvance", to: 1, at: 0)
        banner.advance(to: 3.05)
        banner.advance(to: 5)
        #expect(banner.current == 1)
        // Held from 5.5 s to 12 s: no turn while touched, the next one 3 s after release.
        banner.handle(TimedInput(time: 5.5, event: .down(Point(x: 200, y: y))))
        for t in stride(from: 6.0, through: 12, by: 0.5) { banner.advance(to: t) }
        #expect(banner.current == 1)
        banner.handle(TimedInput(time: 12, event: .up(Point(x: 200, y: y))))
        banner.advance(to: 14.9)
        #expect(banner.current == 1)
        banner.advance(to: 15.05)
        banner.advance(to: 17)
        #expect(banner.current == 2)
    }
}

@Suite struct BannerHostileInputTests {
    /// A wheel delta far past the last slot, then a tap one frame later: the banner must still
    /// come to rest in the middle slot, with the item it shows recycled into it.
    @Test(arguments: [5e6, 4.2e6, 1e9, 2000])
    func hugeWheelThenTapRecyclesToTheMiddle(dx: Double) {
        let banner = BannerScene(itemCount: 5)
        banner.handle(TimedInput(time: 0, event: .wheel(dx: dx, dy: 0)))
        banner.handle(TimedInput(time: 0.016, event: .down(Point(x: 200, y: 200))))
        banner.handle(TimedInput(time: 0.032, event: .up(Point(x: 200, y: 200))))
        for t in stride(from: 0.05, through: 5, by: 1.0 / 60) { banner.advance(to: t) }
        #expect(banner.mainAxis.offset(at: 5) == 390)
        #expect(!banner.mainAxis.isMoving)
        #expect(banner.visibleItem(at: 5) == banner.current)
    }
}
