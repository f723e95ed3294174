import PropertyBased
import Testing
import ScrollPhysics
@testable import Scenes

/// One random input step: time to wait (s), pointer travel (pt), and what happens.
struct Step: Sendable, CustomStringConvertible {
    var wait: Double
    var travel: Double
    var kind: Int  // 0 down, 1 up, 2–6 move, 7 wheel, 8 move with no time passing, 9 long pause

    var description: String { "(\(kind), \(wait), \(travel))" }
}

/// Random parameters within their ranges, from fractions in [0, 1).
func parameters(_ fractions: [Double], policy: Int, limited: Bool) -> ScrollParameters {
    var p = ScrollParameters()
    for (spec, f) in zip(ParameterSpec.all, fractions) {
        spec.set(spec.range.lowerBound + f * (spec.range.upperBound - spec.range.lowerBound), in: &p)
    }
    if !limited { p.rubberBandLimit = nil }
    p.pageFlickDistanceThreshold = min(p.pageFlickDistanceThreshold, p.pageDistanceThreshold)
    p.pagePolicy = PagePolicy.allCases[policy % 3]
    return p
}

func scene(kind: Int, viewport: Size, content: Double, parameters: ScrollParameters) -> any ScrollScene {
    let pages = Int(min(content / max(viewport.height, 1), 200))
    switch kind % 3 {
    case 0: return ListScene(viewport: viewport, contentLength: content, feel: Feel(parameters))
    case 1: return PagerScene(viewport: viewport, pageCount: pages, feel: Feel(parameters))
    default:
        return CarouselScene(
            viewport: viewport, cellWidth: max(1, viewport.width * 0.7), spacing: 10, cellCount: pages,
            feel: Feel(parameters))
    }
}

/// Plays the steps at 60 fps and checks every frame; returns a failure description or nil.
func play(_ steps: [Step], on scene: any ScrollScene) -> String? {
    var t = 0.0, pointer = 400.0, down = false
    let axis0 = scene.mainAxis
    let limit = axis0.feel.overscrollLimit(extent: axis0.extent)
    func check(_ when: Double) -> String? {
        scene.advance(to: when)
        let axis = scene.mainAxis
        let x = axis.offset(at: when), v = axis.velocity(at: when)
        guard x.isFinite, v.isFinite else { return "non-finite offset \(x) or velocity \(v) at \(when)" }
        let beyond = max(axis.bounds.lowerBound - x, x - axis.bounds.upperBound, 0)
        guard beyond <= limit + 1e-6 else { return "\(beyond) pt past the bounds, limit \(limit), at \(when)" }
        return nil
    }
    var lastFrame = 0.0
    func frames(until end: Double) -> String? {
        while lastFrame + 1.0 / 60 <= end {
            lastFrame += 1.0 / 60
            if let failure = check(lastFrame) { return failure }
        }
        return nil
    }
    for step in steps {
        t += step.kind == 8 ? 0 : (step.kind == 9 ? 1.5 : step.wait)
        if let failure = frames(until: t) { return failure }
        let point = {
            Point(
                x: scene.orientation == .horizontal ? pointer : 195, y: scene.orientation == .vertical ? pointer : 300)
        }
        switch step.kind {
        case 0 where !down: down = true; scene.handle(TimedInput(time: t, event: .down(point())))
        case 1 where down: down = false; scene.handle(TimedInput(time: t, event: .up(point())))
        case 7: scene.handle(TimedInput(time: t, event: .wheel(dx: step.travel, dy: step.travel)))
        case 2...6, 8: pointer += step.travel; scene.handle(TimedInput(time: t, event: .move(point())))
        default: break
        }
        if let failure = check(t) { return failure }
    }
    if down { scene.handle(TimedInput(time: t, event: .up(Point(x: pointer, y: pointer)))) }
    // Every motion ends: frames for ten seconds, then straight to each planned end time (an
    // extreme but valid glide, rate 0.9999 with n = 1.8, lasts many minutes), and the scene rests.
    if let failure = frames(until: t + 10) { return failure }
    var end = lastFrame
    for _ in 0..<16 where !scene.isAtRest(at: end) {
        // A scene with several axes (nested) can still move on another axis after the main one
        // rests: its end time is not the main axis's, so look later and later.
        guard let planned = scene.mainAxis.motionEndTime ?? Optional(end * 2 + 60), planned.isFinite, planned < 1e7
        else {
            return "moving with no finite end time at \(end)"
        }
        end = max(end, planned) + 0.001
        if let failure = check(end) { return failure }
    }
    guard scene.isAtRest(at: end) else { return "still moving at \(end) s" }
    let axis = scene.mainAxis
    let x = axis.offset(at: end)
    guard x >= axis.bounds.lowerBound - 1e-9, x <= axis.bounds.upperBound + 1e-9 else {
        return "rests outside its bounds at \(x)"
    }
    if let index = axis.snapTargets.nearestIndex(to: x), axis.snapTargets[index] != x {
        return "rests at \(x), not on its target \(axis.snapTargets[index])"
    }
    return nil
}

@Suite struct RandomGestureTests {
    static let steps = zip(Gen.double(in: 0...0.05), Gen.double(in: -4000...4000), Gen.int(in: 0...9))
        .map { Step(wait: $0, travel: $1, kind: $2) }.array(of: 0...60)

    @Test(.shrinking(false)) func randomParametersAndGesturesNeverBreakThePhysics() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: 0..<1).array(of: 11), Gen.int(in: 0...2), Gen.bool(),
            Gen.int(in: 0...2), Gen.double(in: 1...2000), Gen.double(in: 0...50_000), Self.steps
        ) {
            fractions, policy, limited, kind, height, content, steps in
            let p = parameters(fractions, policy: policy, limited: limited)
            let viewport = Size(width: max(1, height * 0.46), height: height)
            let built = scene(kind: kind, viewport: viewport, content: content, parameters: p)
            let failure = play(steps, on: built)
            #expect(failure == nil, "\(failure ?? "") — \(built.name), viewport \(viewport), content \(content), \(p)")
        }
    }

    /// Random testing once found a ten-minute glide (rate ≈ 0.99985, n ≈ 1.67): valid
    /// parameters, and the motion must still end at a finite, planned time, at rest and in bounds.
    @Test func aVeryLongGlideStillEnds() {
        var p = ScrollParameters()
        p.decelerationRate = 0.99985
        p.decelerationPower = 1.67
        let list = ListScene(contentLength: 1_000_000, feel: Feel(p))
        let steps =
            [Step(wait: 0.01, travel: 0, kind: 0)] + (0..<6).map { _ in Step(wait: 0.008, travel: -30, kind: 2) }
            + [Step(wait: 0.008, travel: 0, kind: 1)]
        #expect(play(steps, on: list) == nil)
        let glide = FrictionSimulation(origin: 0, velocity: 3750, decelerationRate: 0.99985, power: 1.67)
        #expect(glide.settleTime > 300 && glide.settleTime < 2000)
    }

    @Test(.shrinking(false)) func burstsOfHugeMovesAtZeroTimeSteps() async {
        await propertyCheck(
            count: 100, input: Gen.int(in: 0...2), Gen.double(in: 1...30), Gen.double(in: -1e7...1e7).array(of: 1...40)
        ) {
            kind, height, travels in
            let built = scene(
                kind: kind, viewport: Size(width: height, height: height), content: height * 3,
                parameters: ScrollParameters())
            var steps = [Step(wait: 0.01, travel: 0, kind: 0)]
            steps += travels.map { Step(wait: 0, travel: $0, kind: 8) }
            steps.append(Step(wait: 0, travel: 0, kind: 1))
            let failure = play(steps, on: built)
            #expect(failure == nil, "\(failure ?? "")")
        }
    }

    @Test func emptyContentAndTinyViewports() {
        for kind in 0..<3 {
            for (height, content) in [(1.0, 0.0), (1, 1), (844, 0), (0.5, 3)] {
                let built = scene(
                    kind: kind, viewport: Size(width: max(height, 1), height: height), content: content,
                    parameters: ScrollParameters())
                let steps =
                    [Step(wait: 0.01, travel: 0, kind: 0)]
                    + (0..<6).map { _ in Step(wait: 0.008, travel: -300, kind: 2) }
                    + [Step(wait: 0.008, travel: 0, kind: 1)]
                #expect(play(steps, on: built) == nil, "\(built.name) \(height) \(content)")
            }
        }
    }
}
