import Foundation
import Testing
@testable import ScrollPhysics

/// Drags the pointer from `from` to `to` along the axis at constant speed over `duration`,
/// sampling every 8 ms, and releases; returns what the release reported.
@discardableResult
func fling(_ axis: inout ScrollAxis, from: Double, to: Double, start: Double = 0, duration: Double = 0.08) -> AxisReport
{
    axis.beginDrag(at: start, pointer: from)
    let steps = Int((duration / 0.008).rounded())
    for i in 1...steps {
        let f = Double(i) / Double(steps)
        axis.dragMoved(at: start + duration * f, pointer: from + (to - from) * f)
    }
    return axis.endDrag(at: start + duration)
}

@Suite struct ScrollAxisTests {
    func list(length: Double = 3000, viewport: Double = 844, _ configure: (inout ScrollParameters) -> Void = { _ in })
        -> ScrollAxis
    {
        var parameters = ScrollParameters.seedMechanics
        configure(&parameters)
        return ScrollAxis(viewportLength: viewport, bounds: 0...max(0, length - viewport), feel: Feel(parameters))
    }

    @Test func dragIsOneToOneInsideAndRubberBandedOutside() {
        var axis = list()
        axis.beginDrag(at: 0, pointer: 500)
        axis.dragMoved(at: 0.1, pointer: 380)
        #expect(axis.offset(at: 0.1) == 120)
        #expect(axis.phase(at: 0.1) == .dragging)
        axis.dragMoved(at: 0.2, pointer: 700)  // 200 pt past the top
        #expect(close(axis.offset(at: 0.2), -0.55 * 200 / (1 + 0.55 * 200 / 844), 1e-9))
        var tight = list {
            $0.rubberBandCoefficient = 0.3; $0.rubberBandLimit = 100
        }
        tight.beginDrag(at: 0, pointer: 0)
        tight.dragMoved(at: 0.1, pointer: 1000)
        #expect(close(tight.offset(at: 0.1), -0.3 * 1000 / (1 + 0.3 * 1000 / 100), 1e-9))
        // Past the trailing edge too: bounds end at 2156.
        var bottom = list()
        bottom.setOffset(2156, at: 0)
        bottom.beginDrag(at: 0, pointer: 800)
        bottom.dragMoved(at: 0.1, pointer: 500)
        #expect(close(bottom.offset(at: 0.1), 2156 + 0.55 * 300 / (1 + 0.55 * 300 / 844), 1e-9))
    }

    @Test func releaseDeceleratesByTheClosedForm() {
        var axis = list(length: 100_000)
        fling(&axis, from: 600, to: 400)  // 2500 pt/s
        let x0 = axis.offset(at: 0.08), v0 = axis.velocity(at: 0.08)
        #expect(close(x0, 200, 1e-9))
        #expect(close(v0, 2500, 1e-6))
        let mu = -1000 * log(0.998)
        for t in [0.1, 0.5, 1.0, 2.0] {
            #expect(close(axis.offset(at: 0.08 + t), 200 + 2500 / mu * (1 - exp(-mu * t)), 1e-6))
            #expect(axis.phase(at: 0.08 + t) == .decelerating)
        }
        let end = try! #require(axis.motionEndTime)
        axis.advance(to: end + 0.01)
        #expect(axis.phase(at: end + 0.01) == .idle)
        #expect(close(axis.offset(at: end + 0.01), 200 + (2500 - 2) / mu, 1e-6))
    }

    @Test(arguments: [0.998, 0.99])
    func bounceStartsAtTheExactCrossingTime(rate: Double) {
        var axis = list(length: 1200, viewport: 844) { $0.decelerationRate = rate }  // max offset 356
        let released = fling(&axis, from: 700, to: 500, duration: 0.05)  // 4000 pt/s from offset 200
        #expect(released.release?.targetOffset == 356)
        #expect(close(released.release?.velocity ?? 0, 4000, 1e-6))
        #expect(released.rest == nil && released.handOff == nil)
        let mu = -1000 * log(rate)
        // Crossing: 200 + (v0/μ)(1 − e^(−μt)) = 356 → e^(−μt) = 1 − 156μ/4000.
        let tc = -log(1 - 156 * mu / 4000) / mu
        let vc = 4000 - mu * 156
        #expect(close(axis.offset(at: 0.05 + tc), 356, 1e-6))
        #expect(axis.phase(at: 0.05 + tc - 1e-4) == .decelerating)
        #expect(axis.phase(at: 0.05 + tc + 1e-4) == .bouncing)
        #expect(close(axis.velocity(at: 0.05 + tc + 1e-9), vc, 1e-3))
        // Farthest point of the bounce: vc/(δ·e) past the edge, 1/δ after the crossing.
        #expect(close(axis.offset(at: 0.05 + tc + 1 / 10.9), 356 + vc / (10.9 * M_E), 1e-6))
        let end = try! #require(axis.motionEndTime)
        #expect(axis.advance(to: end - 1e-3).isEmpty)
        let report = axis.advance(to: 10)
        #expect(axis.offset(at: 10) == 356)
        // the exact end, not the frame
        #expect(report.rest == AxisReport.Rest(time: end, offset: 356, index: nil, previousIndex: nil))
        #expect(report.handOff == nil && report.release == nil)
        #expect(axis.advance(to: 11).isEmpty)  // reported once
    }

    @Test func regrabbingMidBounceDoesNotJump() {
        var axis = list()
        axis.beginDrag(at: 0, pointer: 300)
        axis.dragMoved(at: 0.2, pointer: 700)
        axis.endDrag(at: 0.5)  // rested: springs back from about −173
        let before = axis.offset(at: 0.55)
        #expect(before < 0 && axis.phase(at: 0.55) == .bouncing)
        let caught = axis.beginDrag(at: 0.55, pointer: 100)
        #expect(caught)
        #expect(close(axis.offset(at: 0.55), before, 1e-9))
        // Moving on uses the inverse rubber band: 10 pt more pull adds f(x + 10) − f(x).
        axis.dragMoved(at: 0.6, pointer: 110)
        let band = axis.uikit.rubberBand(viewportLength: axis.viewportLength)
        let pull = band.pull(forOvershoot: -before)
        #expect(close(axis.offset(at: 0.6), -band.overshoot(forPull: pull + 10), 1e-6))
    }

    @Test func flickBackOutOfOverscrollTravelsIntoContent() {
        var axis = list(length: 5000)
        axis.beginDrag(at: 0, pointer: 300)
        axis.dragMoved(at: 0.3, pointer: 500)  // pulled 200 pt down: offset ≈ −95.5
        for i in 1...6 { axis.dragMoved(at: 0.3 + Double(i) * 0.008, pointer: 500 - Double(i) * 24) }  // quick flick up
        axis.endDrag(at: 0.348)
        #expect(axis.offset(at: 0.348) < 0)
        axis.advance(to: 5)
        #expect(axis.offset(at: 5) > 100, "travelled into the content: \(axis.offset(at: 5))")
    }

    @Test func pagerLandsExactlyOnItsPage() {
        var axis = ScrollAxis(
            viewportLength: 844, bounds: 0...(844 * 4), snapTargets: .evenlySpaced(count: 5, spacing: 844))
        fling(&axis, from: 600, to: 500, duration: 0.05)  // 2000 pt/s flick
        #expect(axis.pageIndex(at: 0.05) == 1)
        #expect(axis.phase(at: 0.1) == .settling)
        let end = try! #require(axis.motionEndTime)
        let report = axis.advance(to: end)
        #expect(report.rest?.index == 1 && report.rest?.previousIndex == 0 && report.rest?.pageChanged == true)
        #expect(axis.offset(at: end) == 844)
        #expect(axis.velocity(at: end) == 0)
        #expect(axis.phase(at: end) == .idle)
        #expect(axis.pageIndex(at: end) == 1)
    }

    /// Offset, velocity, phase and page are closed forms at any t: read past the motion's end
    /// before the clock has been advanced there (the web page keeps its clock behind the frame),
    /// the page is the one the motion rests on, not the one it started from.
    /// A flick on a carousel of a trillion cells, and a recycling shift of its content, cost what
    /// they cost for five: the page rule sees the targets moved to start at 0 and the shift moves
    /// them, without listing them (each listed every target in an array: a million cells made a
    /// cell-width slider move cost 16 ms, a trillion could not run at all).
    @Test func aFlickAndAShiftOnATrillionTargetsListNone() {
        let count = 1_000_000_000_000
        var axis = ScrollAxis(
            viewportLength: 390, bounds: 0...(312 * Double(count - 1)),
            snapTargets: .evenlySpaced(count: count, spacing: 312))
        axis.setOffset(312 * 700_000_000, at: 0)
        fling(&axis, from: 300, to: 200, duration: 0.05)  // 2000 pt/s to the left of the screen: the next cell
        let end = try! #require(axis.motionEndTime)
        axis.advance(to: end)
        #expect(axis.pageIndex(at: end) == 700_000_001)
        #expect(axis.offset(at: end) == 312 * 700_000_001)
        axis.shiftContent(by: -312, at: end)
        #expect(axis.snapTargets[0] == -312 && axis.snapTargets.count == count)
        #expect(axis.offset(at: end) == 312 * 700_000_000 && axis.pageIndex(at: end) == 700_000_001)
    }

    @Test func pageReadPastTheMotionsEndBeforeAdvancingIsTheRestingPage() {
        var axis = ScrollAxis(
            viewportLength: 844, bounds: 0...(844 * 4), snapTargets: .evenlySpaced(count: 5, spacing: 844))
        fling(&axis, from: 600, to: 500, duration: 0.05)
        let end = try! #require(axis.motionEndTime)
        #expect(axis.phase(at: end + 1) == .idle)
        #expect(axis.offset(at: end + 1) == 844)
        #expect(axis.pageIndex(at: end + 1) == 1)
        axis.advance(to: end + 1)
        #expect(axis.pageIndex(at: end + 1) == 1)
    }

    @Test func chainedEdgeHandsOffTheExactLeftoverVelocity() {
        var axis = list(length: 1200)  // max 356
        axis.setChained(true, edge: .trailing)
        fling(&axis, from: 700, to: 500, duration: 0.05)
        let mu = -1000 * log(0.998)
        let tc = -log(1 - 156 * mu / 4000) / mu
        let report = axis.advance(to: 3)
        let handOff = try! #require(report.handOff)
        #expect(report.rest?.time == handOff.time)
        #expect(handOff.edge == .trailing)
        #expect(close(handOff.time, 0.05 + tc, 1e-9))
        #expect(close(handOff.velocity, 4000 - mu * 156, 1e-6))
        #expect(axis.offset(at: 3) == 356)
        // The receiving view continues with that velocity at that time.
        var inner = list(length: 100_000)
        inner.fling(at: handOff.time, velocity: handOff.velocity)
        #expect(close(inner.velocity(at: handOff.time), handOff.velocity, 1e-9))
    }

    @Test func retargetAfterReleaseRestsExactlyThere() {
        var axis = list(length: 100_000)
        let released = fling(&axis, from: 600, to: 430)
        let proposed = try! #require(released.release?.targetOffset)
        let rounded = (proposed / 100).rounded() * 100  // land on multiples of 100
        let retargeted = axis.retarget(to: rounded)
        #expect(retargeted.release?.targetOffset == rounded)
        // keeps the release velocity: no jump
        #expect(close(axis.velocity(at: 0.08), released.release!.velocity, 1e-9))
        axis.advance(to: 10)
        let rest = axis.offset(at: 10)
        #expect(rest == rounded && rest > 500)
        // Retargeting backwards uses the snap spring and still lands exactly.
        var back = list(length: 100_000)
        fling(&back, from: 600, to: 430)
        back.retarget(to: 50)
        back.advance(to: 10)
        #expect(back.offset(at: 10) == 50)
    }

    @Test func parameterChangeMidMotionKeepsOffsetAndVelocity() {
        var axis = list(length: 100_000)
        fling(&axis, from: 600, to: 400)
        let x = axis.offset(at: 0.5), v = axis.velocity(at: 0.5)
        var faster = axis.uikit
        faster.decelerationRate = 0.99
        axis.setFeel(Feel(faster), at: 0.5)
        #expect(close(axis.offset(at: 0.5), x, 1e-9))
        #expect(close(axis.velocity(at: 0.5), v, 1e-9))
        // From there it decays at the new rate: rests (v − 2)/μ further.
        axis.advance(to: 20)
        #expect(close(axis.offset(at: 20), x + (v - 2) / (-1000 * log(0.99)), 1e-6))
    }

    @Test func pressOnAMovingListCatchesIt() {
        var axis = list(length: 100_000)
        fling(&axis, from: 600, to: 400)
        let x = axis.offset(at: 0.4)
        let caughtMoving = axis.beginDrag(at: 0.4, pointer: 300)
        #expect(caughtMoving)
        #expect(axis.offset(at: 0.4) == x)
        axis.endDrag(at: 0.6)  // held still: no velocity, stays
        axis.advance(to: 2)
        #expect(axis.offset(at: 2) == x)
        let caughtResting = axis.beginDrag(at: 3, pointer: 300)
        #expect(!caughtResting)  // at rest: nothing caught
    }

    @Test func haltStopsAndSpringsBackOnlyWhenOutside() {
        var axis = list(length: 100_000)
        fling(&axis, from: 600, to: 400)
        let halted = axis.halt(at: 0.3)
        #expect(!axis.isMoving)
        let resting = axis.offset(at: 0.3)
        #expect(halted.rest?.offset == resting && halted.rest?.time == 0.3)
        axis.advance(to: 5)
        #expect(axis.offset(at: 5) == resting)
        // Outside: a fling over the top edge, halted mid-bounce, springs back to the edge.
        var top = list(length: 100_000)
        top.setOffset(50, at: 0)
        fling(&top, from: 400, to: 600, start: 0, duration: 0.05)  // 4000 pt/s toward the top
        let outside = try! #require(stride(from: 0.06, through: 0.5, by: 0.002).first { top.offset(at: $0) < -20 })
        let x = top.offset(at: outside)
        top.halt(at: outside)
        #expect(top.isMoving)
        #expect(top.offset(at: outside) == x)  // no jump
        #expect(top.phase(at: outside + 0.01) == .bouncing)
        top.advance(to: 5)
        #expect(top.offset(at: 5) == 0)
    }

    @Test func emptyContentAndTinyViewportsStayFinite() {
        for (length, viewport) in [(0.0, 844.0), (0, 1), (10, 1), (1, 1e-9)] {
            var axis = list(length: length, viewport: viewport)
            fling(&axis, from: 0, to: -500, duration: 0.01)
            fling(&axis, from: 0, to: 5000, start: 0.02, duration: 0.01)
            for t in stride(from: 0.0, through: 5, by: 0.01) {
                axis.advance(to: t)
                let x = axis.offset(at: t), v = axis.velocity(at: t)
                #expect(x.isFinite && v.isFinite)
                #expect(
                    abs(x) <= axis.uikit.rubberBand(viewportLength: axis.viewportLength).limit
                        + max(0, length - viewport) + 1e-9)
            }
            #expect(!axis.isMoving)
        }
    }

    @Test func hugeVelocitiesStayWithinTheRubberBandLimit() {
        var axis = list(length: 2000)
        fling(&axis, from: 1e6, to: -1e6, duration: 0.008)  // 2.5e8 pt/s
        var farthest = 0.0
        for t in stride(from: 0.008, through: 10, by: 0.001) { farthest = max(farthest, axis.offset(at: t)) }
        #expect(farthest <= 1156 + 844 + 1e-6)
        axis.advance(to: 10)
        #expect(axis.offset(at: 10) == 1156)
    }

    @Test func zeroAndBackwardTimeStepsChangeNothing() {
        var axis = list()
        fling(&axis, from: 600, to: 400)
        axis.advance(to: 0.5)
        let x = axis.offset(at: 0.5)
        axis.advance(to: 0.5)
        axis.advance(to: 0.2)
        axis.advance(to: .nan)
        #expect(axis.offset(at: 0.5) == x)
        #expect(axis.time == 0.5)
    }
}

@Suite struct ShrinkingBoundsTests {
    /// Bounds that shrink under content far past the new edge (a carousel relaid out mid-settle):
    /// the content is brought within the rubber band's limit, never left beyond it.
    @Test(arguments: [true, false])
    func contentPastShrunkBoundsStaysWithinTheRubberBand(moving: Bool) {
        var axis = ScrollAxis(viewportLength: 390, bounds: 0...2733, feel: Feel(ScrollParameters()))
        axis.setOffset(2146, at: 0)
        if moving { axis.fling(at: 0, velocity: 40) }
        axis.setBounds(-61...1571, at: 0.01)
        let limit = axis.uikit.rubberBand(viewportLength: axis.viewportLength).limit
        var t = 0.01
        while t < 5 {
            axis.advance(to: t)
            let x = axis.offset(at: t)
            #expect(x.isFinite && x <= 1571 + limit + 1e-9, "\(x) at \(t) s")
            t += 1.0 / 240
        }
        #expect(axis.offset(at: 5) == 1571)
    }
}
