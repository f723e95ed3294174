import Foundation
import Testing
@testable import ScrollPhysics

/// UIKit's pipeline from touch samples to rest: the recognizer, the release rule, the release
/// frame, the glide, the edge return and fast scrolling, each against its own equation, and
/// two recorded gestures of a real UIScrollView frame by frame.
@Suite struct UIKitPipelineTests {
    /// A list of 6,000 pt in an 874 pt view at @3x, 60 Hz (the recordings' set-up).
    func list(_ configure: (inout ScrollParameters) -> Void = { _ in }) -> ScrollAxis {
        var parameters = ScrollParameters()
        configure(&parameters)
        return ScrollAxis(viewportLength: 874, bounds: 0...(6000 - 874), feel: Feel(parameters))
    }

    /// The glide's distance for `v` pt/ms over `ms` ms at rate r: v·r·(1 − r^T)/(1 − r).
    func step(_ v: Double, ms: Double, rate r: Double = 0.998) -> Double { v * r * (1 - pow(r, ms)) / (1 - r) }

    // MARK: Recorded gestures

    /// Medium flick: touch centroid y (pt) at t (s), recorded on a real UIScrollView at 60 Hz.
    static let mediumFlick: [(t: Double, y: Double)] = [
        (0.67618, 549), (0.78439, 548.667), (0.80110, 538.667), (0.81775, 522.667), (0.83440, 501.667),
        (0.85106, 466.667), (0.86771, 406.333), (0.88440, 329.667), (0.90107, 220.333)
    ]

    @Test func mediumFlickMatchesTheRecordingAtEveryFrameAndAtRest() {
        var axis = list()
        let events = Self.mediumFlick
        axis.beginDrag(at: events[0].t, pointer: events[0].y)
        var shown: [Double] = []
        for event in events.dropFirst() {
            axis.dragMoved(at: event.t, pointer: event.y)
            shown.append(axis.offset(at: event.t))
        }
        // The first event only travels 0.33 pt: the pan is not recognized yet (10 pt hysteresis).
        let recorded = [0, 0.33, 16.33, 37.33, 72.33, 132.67, 209.33, 318.67]
        for (mine, real) in zip(shown, recorded) { #expect(abs(mine - real) < 0.01, "\(mine) vs \(real)") }
        let report = axis.endDrag(at: 0.91777, pointer: 220.333)
        let release = try! #require(report.release)
        #expect(abs(release.velocity - 4110) < 1, "released at \(release.velocity)")
        #expect(abs(axis.offset(at: 0.91777) - 385.95) < 0.1, "release frame \(axis.offset(at: 0.91777))")
        #expect(abs(release.targetOffset - 2364.67) < 0.01, "rest \(release.targetOffset)")
        let end = try! #require(axis.motionEndTime)
        #expect(axis.advance(to: end + 1).rest?.offset == release.targetOffset)
        // On the pixel grid of a @3x screen.
        #expect(abs(release.targetOffset * 3 - (release.targetOffset * 3).rounded()) < 1e-9)
    }

    @Test func slowDragReleasesAt341AndGlides165() {
        // A 1.28 s drag of 397 pt whose last moves are steady at 0.341 pt/ms, one 60 Hz frame apart.
        var axis = list()
        let frame = 1.0 / 60
        axis.beginDrag(at: 0, pointer: 800)
        let frames = 77
        let perFrame = 0.341 * frame * 1000
        var y = 800.0 - 10  // the first move crosses the hysteresis exactly
        axis.dragMoved(at: frame, pointer: y - 0.0001)
        for i in 2...frames {
            y = 800 - 10 - 0.0001 - perFrame * Double(i - 1)
            axis.dragMoved(at: frame * Double(i), pointer: y)
        }
        let last = axis.offset(at: frame * Double(frames))
        let release = try! #require(axis.endDrag(at: frame * Double(frames + 1)).release)
        #expect(abs(release.velocity - 341) < 0.5, "\(release.velocity)")
        // One frame after the last drag frame: the release frame's whole step.
        let shown = axis.offset(at: frame * Double(frames + 1))
        #expect(abs(shown - last - step(release.velocity / 1000, ms: 1000 * frame)) < 1e-6)
        // 397 → 402.58 and a rest at 562.33 for a drag that ended at 397 (shifted to this drag's end).
        #expect(abs(step(0.341, ms: 1000 / 60.0) - 5.58) < 0.01)
        let glide = (0.341 - 0.01) * 0.998 / 0.002
        #expect(abs(release.targetOffset - ((last + glide) * 3).rounded() / 3) < 1e-9)
    }

    // MARK: The recognizer and the release rule

    @Test func recognizerBlendsTheNewestSampleAtOneFifth() {
        var pan = UIKitPanVelocity()
        pan.begin(at: 0, position: 0)
        pan.add(time: 0.010, position: 10, isDragUpdate: true)  // s = 1 pt/ms, the first: V = 0.2
        #expect(close(pan.recognizerVelocity, 0.2))
        pan.add(time: 0.020, position: 30, isDragUpdate: true)  // s = 2: V = 0.2·2 + 0.8·1
        #expect(close(pan.recognizerVelocity, 1.2))
        #expect(close(pan.previousUpdate, 0.2) && close(pan.latestUpdate, 1.2))
        // Release: 0.75·0.2 + 0.25·1.2.
        #expect(close(pan.releaseVelocity, 0.45))
        var weighted = UIKitPanVelocity(sampleWeight: 0.5, releaseBlend: 1, minimumGlide: 0.25, frameInterval: 1.0 / 60)
        weighted.begin(at: 0, position: 0)
        weighted.add(time: 0.010, position: 10, isDragUpdate: true)
        weighted.add(time: 0.020, position: 30, isDragUpdate: true)
        #expect(close(weighted.releaseVelocity, 1.5))
    }

    @Test func releaseGlidesOnlyFromAQuarterPointPerMillisecond() {
        func release(latestSample s: Double) -> Double {
            var pan = UIKitPanVelocity(sampleWeight: 1, releaseBlend: 0.25, minimumGlide: 0.25, frameInterval: 1.0 / 60)
            pan.begin(at: 0, position: 0)
            pan.add(time: 0.016, position: 16 * 0.4, isDragUpdate: true)
            pan.add(time: 0.032, position: 16 * 0.4 + 16 * s, isDragUpdate: true)
            return pan.releaseVelocity
        }
        #expect(release(latestSample: 0.2499) == 0)
        #expect(close(release(latestSample: 0.25), 0.75 * 0.4 + 0.25 * 0.25))
        #expect(release(latestSample: -0.2499) == 0)
        // A single drag update: the raw latest, not a quarter of it.
        var single = UIKitPanVelocity()
        single.begin(at: 0, position: 0)
        single.add(time: 0.016, position: 3, isDragUpdate: false)
        single.add(time: 0.032, position: 99, isDragUpdate: true)
        #expect(single.updates == 1 && single.previousUpdate == 0)
        #expect(close(single.releaseVelocity, single.latestUpdate))
    }

    @Test func aPointerHeldStillDoesNotFling() {
        var axis = list()
        axis.beginDrag(at: 0, pointer: 600)
        for i in 1...12 { axis.dragMoved(at: Double(i) / 60, pointer: 600 - 30 * Double(i)) }  // 1.8 pt/ms
        // Held for 0.2 s (no events, as a mouse), then lifted where it stood. While held, the
        // readout says what a lift would give: the finger's speed at first, 0 after three frames.
        #expect(abs(axis.velocity(at: 12.0 / 60 + 0.01) - 1800) < 1)
        #expect(axis.velocity(at: 12.0 / 60 + 0.1) == 0)
        let held = axis.endDrag(at: 12.0 / 60 + 0.2, pointer: 600 - 360)
        #expect(held.release?.velocity == 0)
        // Released at once, the same drag flings.
        var flung = list()
        flung.beginDrag(at: 0, pointer: 600)
        for i in 1...12 { flung.dragMoved(at: Double(i) / 60, pointer: 600 - 30 * Double(i)) }
        #expect(abs(try! #require(flung.endDrag(at: 13.0 / 60).release).velocity - 1800) < 1)
        // Two frames of rest are not a hold.
        var brief = list()
        brief.beginDrag(at: 0, pointer: 600)
        for i in 1...12 { brief.dragMoved(at: Double(i) / 60, pointer: 600 - 30 * Double(i)) }
        #expect(try! #require(brief.endDrag(at: 14.0 / 60).release).velocity > 1700)
    }

    @Test func velocityIsTheFingersEvenPastAnEdge() {
        // Dragged 300 pt past the bottom, then flicked back: the release points away from the
        // edge at the finger's speed, not at the rubber band's.
        var axis = list()
        axis.setOffset(6000 - 874, at: 0)
        axis.beginDrag(at: 0, pointer: 800)
        var y = 800.0
        for i in 1...20 { y -= 16; axis.dragMoved(at: Double(i) / 60, pointer: y) }
        #expect(axis.offset(at: 20.0 / 60) > 6000 - 874 + 100)
        for i in 21...26 { y += 40; axis.dragMoved(at: Double(i) / 60, pointer: y) }
        let release = try! #require(axis.endDrag(at: 27.0 / 60).release)
        #expect(abs(release.velocity + 2400) < 1, "\(release.velocity)")
    }

    // MARK: The release frame and the glide

    @Test func releaseFrameStepsOneWholeDisplayFrame() {
        for hz in [60.0, 120.0] {
            var axis = list {
                $0.refreshRate = hz; $0.panHysteresis = 0
            }
            axis.setOffset(1000, at: 0)
            axis.beginDrag(at: 0, pointer: 600)
            for i in 1...6 { axis.dragMoved(at: Double(i) / hz, pointer: 600 - 20 * Double(i)) }
            let x0 = axis.offset(at: 6 / hz)
            let v = try! #require(axis.endDrag(at: 6 / hz + 0.004).release).velocity / 1000
            #expect(close(v, 20 * hz / 1000, 1e-9))
            // Whatever the time since the last event, the content jumps one frame of glide at once.
            #expect(close(axis.offset(at: 6 / hz + 0.004), x0 + step(v, ms: 1000 / hz), 1e-6))
        }
    }

    @Test func glideIsTheSumOfUIKitsStepsAtAnyFrameRate() {
        let glide = UIKitGlide(from: 100, velocity: 3000, rate: 0.998, multiplier: 1.5, lead: 1.0 / 60, stopSpeed: 10)
        for frames in [30.0, 60.0, 120.0, 240.0] {
            var x = 100.0, v = 3.0, tau = 1000.0 / 60
            x += v * 0.998 * (1 - pow(0.998, tau)) / 0.002 * 1.5
            v *= pow(0.998, tau)
            for i in 1...Int(frames) {  // one second of frames
                let T = 1000 / frames
                x += v * 0.998 * (1 - pow(0.998, T)) / 0.002 * 1.5
                v *= pow(0.998, T)
                #expect(close(glide.position(at: Double(i) / frames), x, 1e-6))
            }
        }
        // It ends when v falls to 0.01 pt/ms: (3 − 0.01)·r/(1 − r)·m past the start.
        #expect(close(glide.unsnappedRest, 100 + 2.99 * 499 * 1.5, 1e-6))
        #expect(close(glide.duration, log(0.01 / 3) / log(0.998), 1e-9))
        // Zero velocity: no glide; a zero time step changes nothing.
        let still = UIKitGlide(from: 5, velocity: 0, rate: 0.998)
        #expect(still.settleTime == 0 && still.position(at: 0) == 5 && still.position(at: 1e9) == 5)
        #expect(glide.position(at: 0.25) == glide.position(at: 0.25 + 0))
        // Huge velocity: finite everywhere.
        let huge = UIKitGlide(from: 0, velocity: 1e12, rate: 0.9999, stopSpeed: 10)
        #expect(huge.restPosition.isFinite && huge.position(at: 3).isFinite && huge.velocity(at: 3).isFinite)
        #expect(UIKitGlide(from: 0, velocity: .nan, rate: 0.998).restPosition == 0)
    }

    // MARK: Past an edge

    @Test func edgeReturnIsUIKitsDecayingStepInClosedForm() {
        // Released 177 pt past the top with 0.49 pt/ms still outward: the recording's
        // 157/106/46/14/2 pt after 16/67/167/300/500 ms.
        let back = UIKitEdgeReturn(from: -177, velocity: -490, edge: 0, rate: 0.998, settleDistance: 0.5 / 3)
        for (ms, left) in [(16.0, 157.0), (67, 106), (167, 46), (300, 14), (500, 2)] {
            #expect(abs(-back.position(at: ms / 1000) - left) < 0.5, "\(ms) ms: \(-back.position(at: ms / 1000))")
        }
        // Stepped as UIKit does, at uneven frames, it is the same.
        var e = 177.0, w = 0.49, t = 0.0
        for T in [16.7, 8.3, 33.4, 16.6, 4.0, 50.0, 16.7] {
            e = pow(0.99, T) * e + w * 0.998 * (1 - pow(0.998, T)) / 0.002 * pow(0.99, T)
            w *= pow(0.998, T) * pow(0.99, T)
            t += T
            #expect(close(-back.position(at: t / 1000), e, 1e-9))
        }
        // Settles within half a pixel, then rests exactly on the edge.
        #expect(abs(back.position(at: back.settleTime - 1e-6)) <= 0.5 / 3 + 1e-4)
        #expect(back.position(at: back.settleTime) == 0)
        // A fixed 10.05 /s decay whatever the deceleration rate: from rest, e = e0·0.99^τ.
        for rate in [0.99, 0.998] {
            let rest = UIKitEdgeReturn(from: 6000 - 874 + 100, velocity: 0, edge: 6000 - 874, rate: rate)
            #expect(close(rest.position(at: 0.1) - (6000 - 874), 100 * pow(0.99, 100), 1e-9))
        }
    }

    @Test func aGlideCrossingAnEdgeInsideTheReleaseFrameUsesTheReturnForTheRest() {
        let edge = 6000.0 - 874
        var axis = list { $0.panHysteresis = 0 }
        axis.setOffset(edge - 220, at: 0)
        axis.beginDrag(at: 0, pointer: 600)
        for i in 1...4 { axis.dragMoved(at: Double(i) / 60, pointer: 600 - 50 * Double(i)) }  // 3 pt/ms
        let start = axis.offset(at: 4.0 / 60)
        #expect(close(start, edge - 20, 1e-9))
        let w = try! #require(axis.endDrag(at: 4.0 / 60).release).velocity / 1000
        #expect(close(w, 3, 1e-9))
        // Glide exactly to the edge (τc ≈ 6.7 ms), then the return for the rest of the frame,
        // starting from the glide's own velocity there.
        let tauC = log(1 - 20 * 0.002 / (w * 0.998)) / log(0.998)
        let frame = 1000.0 / 60
        #expect(tauC > 0 && tauC < frame)
        let wc = w * pow(0.998, tauC)
        let rest = frame - tauC
        let excess = pow(0.99, rest) * wc * 0.998 * (1 - pow(0.998, rest)) / 0.002
        #expect(close(axis.offset(at: 4.0 / 60) - edge, excess, 1e-6))
        #expect(axis.phase(at: 4.0 / 60) == .bouncing)
        // And it comes back to rest on the edge.
        let end = try! #require(axis.motionEndTime)
        #expect(axis.advance(to: end).rest?.offset == edge)
    }

    @Test func aFastFlickIntoTheEdgeMovesOnTheReleaseFrameItself() {
        var axis = list()
        let edge = 6000.0 - 874
        axis.setOffset(edge - 1500, at: 0)
        axis.beginDrag(at: 0, pointer: 800)
        for i in 1...8 { axis.dragMoved(at: Double(i) / 60, pointer: 800 - 10 - 80 * Double(i)) }  // 4.8 pt/ms
        let before = axis.offset(at: 8.0 / 60)
        _ = axis.endDrag(at: 9.0 / 60)
        #expect(axis.offset(at: 9.0 / 60) - before > 75)
    }

    // MARK: Fast scrolling

    /// A flick of `distance` pt at 3 pt/ms, released at once; returns the release.
    func flick(_ axis: inout ScrollAxis, at start: Double, distance: Double = 300, upward: Bool = true) -> AxisReport
        .Release?
    {
        let frames = Int(distance / 50)
        let sign = upward ? -1.0 : 1.0
        axis.beginDrag(at: start, pointer: 500)
        axis.dragMoved(at: start + 0.001, pointer: 500 + sign * 10.0001)  // past the hysteresis
        for i in 1...frames {
            axis.dragMoved(at: start + 0.001 + Double(i) / 60, pointer: 500 + sign * (10.0001 + 50 * Double(i)))
        }
        return axis.endDrag(at: start + 0.001 + Double(frames) / 60).release
    }

    @Test func fiveFlicksInARowBuildTheMultiplier() {
        var axis = ScrollAxis(viewportLength: 874, bounds: 0...1e7, feel: Feel(ScrollParameters()))
        axis.setOffset(1e6, at: 0)
        var multipliers: [Double] = []
        var t = 0.0
        for _ in 0..<5 {
            _ = flick(&axis, at: t)
            multipliers.append(axis.streak.multiplier)
            t += 0.3  // caught mid-glide, well within 1 s
        }
        #expect(axis.streak.count == 5)
        // Flicks 1–3 have no multiplier; the fourth drag (count 3): 1 + 1·min(300/240, 0.9);
        // the fifth (count 4): that + 1.5·0.9.
        #expect(multipliers[0] == 1 && multipliers[1] == 1 && multipliers[2] == 1)
        #expect(close(multipliers[3], 1.9, 1e-9))
        #expect(close(multipliers[4], 1.9 + 1.5 * 0.9, 1e-9))
        // It scales the glide's distance, not the velocity.
        var plain = ScrollAxis(viewportLength: 874, bounds: 0...1e7, feel: Feel(ScrollParameters()))
        plain.setOffset(1e6, at: 0)
        let single = try! #require(flick(&plain, at: 0))
        var streaked = axis
        let fifthStart = t
        let sixth = try! #require(flick(&streaked, at: fifthStart))
        #expect(close(sixth.velocity, single.velocity, 1e-9))
        let m = streaked.streak.multiplier
        #expect(m > multipliers[4])
        #expect(abs((sixth.targetOffset - sixth.offset) / (single.targetOffset - single.offset) - m) < 0.01)
        // Never above the cap.
        var capped = ScrollAxis(viewportLength: 874, bounds: 0...1e9, feel: Feel(ScrollParameters()))
        capped.setOffset(1e8, at: 0)
        for i in 0..<40 { _ = flick(&capped, at: Double(i) * 0.3, distance: 600) }
        #expect(capped.streak.multiplier == 16)
    }

    @Test func eachResetEndsTheStreak() {
        func streak(after reset: (inout ScrollAxis, Double) -> Void) -> FastScrollStreak {
            var axis = ScrollAxis(viewportLength: 874, bounds: 0...1e7, feel: Feel(ScrollParameters()))
            axis.setOffset(1e6, at: 0)
            for i in 0..<3 { _ = flick(&axis, at: Double(i) * 0.3) }
            #expect(axis.streak.count == 3)
            reset(&axis, 0.9)
            return axis.streak
        }
        // A touch more than 1 s after the last counted release.
        #expect(streak { axis, t in axis.beginDrag(at: t + 1.1, pointer: 500) }.count == 0)
        #expect(streak { axis, t in axis.beginDrag(at: t + 0.5, pointer: 500) }.count == 3)
        // A gliding release slower than 0.6 pt/ms.
        #expect(
            streak { axis, t in
                axis.beginDrag(at: t, pointer: 500)
                // 0.3 pt/ms
                for i in 1...6 { axis.dragMoved(at: t + Double(i) / 60, pointer: 500 - 10 - 5 * Double(i)) }
                axis.endDrag(at: t + 6.0 / 60)
            }.count == 0)
        // A direction reversal during the drag.
        #expect(
            streak { axis, t in
                axis.beginDrag(at: t, pointer: 500)
                for i in 1...4 { axis.dragMoved(at: t + Double(i) / 60, pointer: 500 - 10 - 50 * Double(i)) }
                for i in 5...8 { axis.dragMoved(at: t + Double(i) / 60, pointer: 300 + 50 * Double(i - 4)) }
            }.count == 0)
        // Slowing below 0.13 pt/ms after moving faster.
        #expect(
            streak { axis, t in
                axis.beginDrag(at: t, pointer: 500)
                var y = 490.0
                for i in 1...4 { y -= 50; axis.dragMoved(at: t + Double(i) / 60, pointer: y) }
                for i in 5...12 { y -= 1; axis.dragMoved(at: t + Double(i) / 60, pointer: y) }
            }.count == 0)
        // The glide settles.
        #expect(streak { axis, t in axis.advance(to: t + 60) }.count == 0)
        // A glide that reaches an edge: caught in its return, well within 1 s of the last flick.
        var edge = ScrollAxis(viewportLength: 874, bounds: 0...2400, feel: Feel(ScrollParameters()))
        for i in 0..<3 { _ = flick(&edge, at: Double(i) * 0.3) }
        #expect(edge.streak.count == 3)
        let lastFlick = edge.streak.lastFlick
        let returning = try! #require(
            stride(from: lastFlick, to: lastFlick + 0.9, by: 0.001).first { edge.phase(at: $0) == .bouncing })
        var caughtGliding = edge
        caughtGliding.beginDrag(at: lastFlick + 0.01, pointer: 500)
        #expect(caughtGliding.streak.count == 3)
        edge.beginDrag(at: returning + 0.01, pointer: 500)
        #expect(edge.streak.count == 0)
        // Paging views never count.
        var pager = ScrollAxis(
            viewportLength: 874, bounds: 0...(874 * 9), snapTargets: SnapTargets((0..<10).map { Double($0) * 874 }),
            feel: Feel(ScrollParameters()))
        for i in 0..<4 { _ = flick(&pager, at: Double(i) * 0.3) }
        #expect(pager.streak.count == 0)
    }

    // MARK: Trackpad

    @Test func touchpadStreamsUseTheTrackpadRubberBand() {
        var axis = list()
        axis.beginDrag(at: 0, pointer: 0, input: .touchpad)
        axis.dragScrolled(at: 0.01, by: -200)  // 200 pt past the top: no hysteresis for streams
        let c = 0.715, d = 874.0
        #expect(close(axis.offset(at: 0.01), -c * 200 / (1 + c * 200 / d), 1e-9))
        var finger = list { $0.panHysteresis = 0 }
        finger.beginDrag(at: 0, pointer: 0)
        finger.dragMoved(at: 0.01, pointer: 200)
        #expect(close(finger.offset(at: 0.01), -0.55 * 200 / (1 + 0.55 * 200 / d), 1e-9))
    }

    @Test func aStreamThatRestsBeforeTheLiftDoesNotGlide() {
        func stream(liftAfter rest: Double) -> Double {
            var axis = list()
            axis.setOffset(1000, at: 0)
            axis.beginDrag(at: 0, pointer: 0, input: .touchpad)
            for i in 1...10 { axis.dragScrolled(at: Double(i) / 60, by: 40) }
            return axis.endScrollStream(at: 10.0 / 60 + rest, lastEventTime: 10.0 / 60, lifted: true).release?.velocity
                ?? .nan
        }
        #expect(abs(stream(liftAfter: 1.0 / 60) - 2400) < 1)
        #expect(stream(liftAfter: 0.2) == 0)
    }

    // MARK: Frame-rate independence

    @Test func tracesAgreeAtEveryFrameRate() {
        func trace(fps: Double) -> [Double] {
            var axis = list()
            axis.setOffset(4000, at: 0)
            axis.beginDrag(at: 0, pointer: 300)
            // into the bottom edge
            for i in 1...8 { axis.dragMoved(at: Double(i) / 60, pointer: 290 - 60 * Double(i)) }
            axis.endDrag(at: 9.0 / 60)
            var samples: [Double] = []
            var t = 9.0 / 60
            while t < 4 {
                t += 1 / fps
                axis.advance(to: t)
                samples.append(axis.offset(at: t))
            }
            return samples
        }
        let reference = trace(fps: 240)
        for fps in [30.0, 60.0, 120.0] {
            let samples = trace(fps: fps)
            let ratio = Int(240 / fps)
            for (i, x) in samples.enumerated() where (i + 1) * ratio - 1 < reference.count {
                #expect(abs(x - reference[(i + 1) * ratio - 1]) <= 0.05)
            }
        }
        #expect(reference.allSatisfy { $0.isFinite })
    }
}

@Suite struct UIKitEdgeCrossingTests {
    /// A glide toward either edge reaches it at the exact time of UIKit's sum, then returns,
    /// and never passes the rubber band's limit, however hard the flick.
    @Test(arguments: [-1.0, 1.0], [800.0, 13_000, 60_000])
    func glidesCrossEitherEdgeAndReturn(direction: Double, speed: Double) {
        var axis = ScrollAxis(viewportLength: 844, bounds: 0...3000, feel: Feel(ScrollParameters()))
        axis.setOffset(direction > 0 ? 2900 : 100, at: 0)  // 100 pt from the edge it heads for
        axis.fling(at: 0, velocity: direction * speed)
        let edge = direction > 0 ? 3000.0 : 0
        var sawReturn = false
        var t = 0.0
        while t < 6 {
            axis.advance(to: t)
            let x = axis.offset(at: t)
            #expect(x >= -844 - 1e-9 && x <= 3844 + 1e-9, "\(x) at \(t) s")
            if axis.phase(at: t) == .bouncing { sawReturn = true }
            t += 1.0 / 240
        }
        #expect(sawReturn)
        #expect(axis.offset(at: 6) == edge)
    }
}

@Suite struct ScrollToTopTests {
    /// UIKit's scroll-to-top: a critically damped spring of response 0.6 s, ω = 2π/0.6 s.
    @Test func scrollToTopIsACriticallyDampedSpringOfResponseSixTenths() {
        var axis = ScrollAxis(viewportLength: 844, bounds: 0...20_000, feel: Feel(ScrollParameters()))
        axis.setOffset(5000, at: 0)
        axis.scrollToTop(at: 1)
        let omega = 2 * Double.pi / 0.6
        for t in [0.1, 0.3, 0.6, 0.9] {
            #expect(abs(axis.offset(at: 1 + t) - 5000 * (1 + omega * t) * exp(-omega * t)) < 1e-6, "\(t) s")
        }
        // 5,000 pt to about a point in 1.04 s
        #expect(axis.offset(at: 1 + 1.04) < 1.2 && axis.offset(at: 1 + 1.1) < 0.7)
        #expect(axis.phase(at: 1.5) == .settling)
        var slow = ScrollAxis(
            viewportLength: 844, bounds: 0...20_000,
            feel: Feel(
                {
                    var p = ScrollParameters(); p.scrollToTopResponse = 1.2; return p
                }()))
        slow.setOffset(5000, at: 0)
        slow.scrollToTop(at: 0)
        #expect(slow.offset(at: 0.6) > axis.offset(at: 1.6))
    }
}
