import Foundation
import Testing
@testable import ScrollPhysics

/// UIKit's own paging (`pagePolicy: uikit`, `pageMotion: uikit`, the *SwiftUI paging* preset)
/// against a replica of UIScrollView's paging integrator written here from its equations (issue
/// 41: a decompile of iOS 26.1's UIKitCore), frame by frame, through a real pager axis.
@Suite struct UIKitPagingTests {
    /// The integrator as issue 41 states it, written independently of `UIKitPagingIntegrator`:
    /// positions shown after display frames 1, 2, … (the last is the target).
    static func replica(
        x0: Double, v0 vPerMs: Double, target: Double, width: Double, hz: Double, scale: Double,
        content: ClosedRange<Double>, truncates: Bool = true
    ) -> [Double] {
        let friction = width > 1024 ? 0.977 : 0.966818182 + 9.94318182e-6 * width
        let pull = width > 1024 ? 0.00017 : 0.000359090909 - 1.84659091e-7 * width
        let msPerFrame = 1000 / hz
        let n = truncates ? Int(floor(msPerFrame)) : Int(msPerFrame.rounded())
        var x = x0, v = vPerMs, last = x0
        var shown: [Double] = []
        for _ in 0..<100_000 {
            for _ in 0..<n {
                let d = target - x
                v = (v + d * pull) * friction
                x = x + v
            }
            let unrounded = x
            var r = floor(x) + ((x - floor(x)) * scale).rounded() / scale
            if r == last, r != target, abs(v) < 0.5 { r += target > r ? 1 / scale : -1 / scale }
            let leaves = content.contains(last) && !content.contains(r)
            let done = abs(v) < 0.01 && abs(target - unrounded) <= 1 && abs(r - target) <= 5
            if leaves || done {
                shown.append(target)
                return shown
            }
            x = r
            last = r
            shown.append(r)
        }
        return shown
    }

    /// A pager of `pages` pages `width` pt wide with the SwiftUI paging preset at `hz`, @3x.
    static func pager(width: Double, hz: Double, pages: Int = 5, page: Int = 1) -> ScrollAxis {
        var feel = Preset.all.first { $0.id == "swiftui-paging" }!.feel
        feel = Feel(feel.model.on(Display(refreshRate: hz, scale: 3)))
        return ScrollAxis(
            viewportLength: width, bounds: 0...(width * Double(pages - 1)),
            snapTargets: .evenlySpaced(count: pages, spacing: width), feel: feel, offset: width * Double(page))
    }

    /// A flick at `speed` pt/ms (content direction) from `t0`: touch events every 1/120 s, two
    /// drag updates after the pan's 10 pt, lifted at the last event. Returns the release.
    @discardableResult
    static func flick(_ axis: inout ScrollAxis, speed: Double, at t0: Double) -> AxisReport.Release? {
        let dt = 1.0 / 120, step = abs(speed) * dt * 1000
        let events = Int(floor(10 / step)) + 3
        var y = 500.0
        axis.beginDrag(at: t0, pointer: y)
        for i in 1...events {
            y -= speed > 0 ? step : -step
            axis.dragMoved(at: t0 + Double(i) * dt, pointer: y)
        }
        return axis.endDrag(at: t0 + Double(events) * dt).release
    }

    /// The model's frames from `release` at `hz` agree with `expected` within 0.01 pt, read in
    /// the middle of each display frame and just after it starts.
    static func agrees(_ axis: ScrollAxis, from release: Double, hz: Double, _ expected: [Double]) -> Bool {
        var ok = true
        for (k, x) in expected.enumerated() {
            for into in [0.5, 0.01, 0.99] {
                let t = release + (Double(k) + into) / hz
                let mine = axis.offset(at: t)
                if abs(mine - x) > 0.01 {
                    Issue.record("frame \(k + 1) of \(expected.count) at \(hz) Hz: \(mine) vs \(x)")
                    ok = false
                }
            }
            if !ok { return false }
        }
        let after = axis.offset(at: release + Double(expected.count + 2) / hz)
        return ok && abs(after - expected.last!) < 1e-9
    }

    /// The page UIKit picks at the lift: within ±0.3 pt/ms the nearest, else ceil or floor, clamped.
    static func expectedPage(offset x: Double, v: Double, width: Double, pages: Int) -> Int {
        let p = x / width
        let page = v > 0.3 ? ceil(p) : (v < -0.3 ? floor(p) : p.rounded())
        return min(max(Int(page), 0), pages - 1)
    }

    @Test(arguments: [320.0, 393, 834, 1366])
    func everyFlickFollowsTheIntegratorFrameByFrame(width: Double) {
        for hz in [60.0, 120] {
            for speed in [0.2, 0.31, 1, 5, -0.31, -5] {
                var axis = Self.pager(width: width, hz: hz)
                let release = try! #require(Self.flick(&axis, speed: speed, at: 1))
                #expect(abs(release.velocity - speed * 1000) < 1e-6, "released at \(release.velocity) pt/s")
                let page = Self.expectedPage(offset: release.offset, v: speed, width: width, pages: 5)
                #expect(release.targetIndex == page, "\(width) pt, \(hz) Hz, \(speed) pt/ms")
                let frames = Self.replica(
                    x0: release.offset, v0: speed, target: Double(page) * width, width: width, hz: hz, scale: 3,
                    content: 0...(4 * width))
                #expect(frames.count > 3)
                #expect(
                    Self.agrees(axis, from: release.time, hz: hz, frames), "\(width) pt, \(hz) Hz, \(speed) pt/ms")
            }
        }
    }

    @Test(arguments: [320.0, 393, 834, 1366])
    func aFlickAtTheLastPageStopsOnIt(width: Double) {
        for hz in [60.0, 120] {
            var axis = Self.pager(width: width, hz: hz, page: 3)
            let release = try! #require(Self.flick(&axis, speed: 5, at: 1))
            #expect(release.targetIndex == 4)
            let frames = Self.replica(
                x0: release.offset, v0: 5, target: 4 * width, width: width, hz: hz, scale: 3,
                content: 0...(4 * width))
            #expect(Self.agrees(axis, from: release.time, hz: hz, frames), "\(width) pt, \(hz) Hz")
            #expect(axis.offset(at: 10) == 4 * width)
        }
    }

    @Test(arguments: [320.0, 393, 834, 1366])
    func aFlickDuringARunningPageTurnAddsOnePage(width: Double) {
        for hz in [60.0, 120] {
            var axis = Self.pager(width: width, hz: hz, pages: 6, page: 0)
            let first = try! #require(Self.flick(&axis, speed: 1, at: 1))
            #expect(first.targetIndex == 1)
            // Caught 60 ms later, still on its way to page 1 (short of it): a flick the same way.
            let caughtAt = first.time + 0.06
            #expect(axis.offset(at: caughtAt) < width)
            let second = try! #require(Self.flick(&axis, speed: 1, at: caughtAt))
            #expect(second.offset < width, "a ceil would have chosen page 1")
            #expect(second.targetIndex == 2, "\(width) pt, \(hz) Hz: one page past the caught turn's target")
            let frames = Self.replica(
                x0: second.offset, v0: 1, target: 2 * width, width: width, hz: hz, scale: 3,
                content: 0...(5 * width))
            #expect(Self.agrees(axis, from: second.time, hz: hz, frames), "\(width) pt, \(hz) Hz")
        }
    }

    @Test func thePageChoiceTurnsAtExactlyPointThreePtPerMs() {
        var parameters = ScrollParameters()
        parameters.pagePolicy = .uikit
        let chooser = PageChooser(parameters: parameters, targets: .evenlySpaced(count: 5, spacing: 400))
        func page(_ pages: Double, _ v: Double) -> Int? {
            chooser.decide(PageRelease(offset: pages * 400, velocity: v * 1000, startIndex: 1))?.index
        }
        #expect(page(1.2, 0.3) == 1)  // ≤ 0.3: nearest
        #expect(page(1.2, 0.3 + 1e-9) == 2)  // > 0.3: ceil
        #expect(page(1.8, -0.3) == 2)
        #expect(page(1.8, -0.3 - 1e-9) == 1)  // < −0.3: floor
        #expect(page(2, 5) == 2)  // ceil of a whole page stays
        #expect(page(3.9, 5) == 4)
        #expect(page(4.2, 5) == 4)  // clamped to the content
        #expect(page(-0.2, -5) == 0)
    }

    @Test func theConstantsComeFromTheBoundsSize() {
        #expect(abs(UIKitPagingIntegrator.friction(boundsSize: 320) - 0.970) < 1e-9)
        #expect(abs(UIKitPagingIntegrator.pull(boundsSize: 320) - 0.000300) < 1e-9)
        #expect(abs(UIKitPagingIntegrator.friction(boundsSize: 1024) - 0.977) < 1e-9)
        #expect(abs(UIKitPagingIntegrator.pull(boundsSize: 1024) - 0.000170) < 1e-9)
        #expect(UIKitPagingIntegrator.friction(boundsSize: 1366) == 0.977)
        #expect(UIKitPagingIntegrator.stepsPerFrame(refreshRate: 120) == 8)
        #expect(UIKitPagingIntegrator.stepsPerFrame(refreshRate: 60) == 16)
    }

    /// Whole-millisecond steps: a display frame of 8.33 ms (16.67 ms) advances the turn by 8 ms
    /// (16 ms), so after k frames the turn is where the continuous integrator (one 1 ms step per
    /// real millisecond) was after 8·k ms (within 1 pt: the pixel grid feeds back), behind where it
    /// is after 8.33·k, and it ends later.
    @Test func theDroppedFractionOfEachMillisecondSlowsTheTurn() {
        for hz in [120.0, 60] {
            var axis = Self.pager(width: 393, hz: hz, page: 1)
            let release = try! #require(Self.flick(&axis, speed: 1, at: 1))
            let frames = Self.replica(
                x0: release.offset, v0: 1, target: 786, width: 393, hz: hz, scale: 3, content: 0...1572)
            #expect(Self.agrees(axis, from: release.time, hz: hz, frames))
            let friction = 0.966818182 + 9.94318182e-6 * 393, pull = 0.000359090909 - 1.84659091e-7 * 393
            var continuous = [release.offset]
            var x = release.offset, v = 1.0, stop: Int?
            for ms in 1...3000 {
                v = (v + (786 - x) * pull) * friction
                x += v
                continuous.append(x)
                if stop == nil, abs(v) < 0.01, abs(786 - x) <= 1 { stop = ms }
            }
            let n = hz == 120 ? 8 : 16
            var behind = 0
            for k in 1..<(frames.count - 1) {
                let shown = axis.offset(at: release.time + (Double(k) - 0.5) / hz)
                #expect(abs(shown - continuous[n * k]) < 1, "\(hz) Hz frame \(k): after \(n * k) ms of steps")
                let realTime = Int((1000 * Double(k) / hz).rounded(.down))
                if continuous[realTime] - shown > 1 { behind += 1 }
            }
            #expect(behind >= 5, "\(hz) Hz: \(behind) frames more than 1 pt behind the continuous turn")
            let stepped = Double(frames.count) / hz * 1000
            #expect(stepped > Double(stop!), "\(hz) Hz: \(stepped) ms vs continuous \(stop!) ms")
        }
    }

    @Test func theDecelerateMotionStaysSelectableAndTheDefault() {
        #expect(ScrollParameters().pageMotion == .decelerate)
        #expect(ScrollParameters().pagePolicy == .projection)
        var p = ScrollParameters()
        let policy = ScrollParameters.tunables.first { $0.key == "pagePolicy" }!
        try! policy.set(.string("uikit"), in: &p)
        #expect(p.pageMotion == .uikit, "choosing UIKit's page policy in the panel brings its integrator")
    }
}
