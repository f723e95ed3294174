import PropertyBased
import Testing
import ScrollPhysics
@testable import Scenes

/// Random valid gestures (drags, flicks, wheel streams, pauses, moves with no time passing) with
/// random parameters on every scene of the playground, at the phone's viewport: every frame finite
/// and within the rubber-band limit, and at the end a rest on a page where paged, in the idle phase.
@Suite struct EverySceneTests {
    @Test(.shrinking(false), arguments: SceneSetup.playground.map(\.name))
    func randomGesturesOnEveryScene(name: String) async {
        let setup = SceneSetup.playground.first { $0.name == name }!
        await propertyCheck(
            count: 60, input: Gen.double(in: 0..<1).array(of: 11), Gen.int(in: 0...2), Gen.bool(),
            RandomGestureTests.steps
        ) {
            fractions, policy, limited, steps in
            let p = parameters(fractions, policy: policy, limited: limited)
            let built = setup.makeScene(viewport: .phone, feel: Feel(p))
            let failure = play(steps, on: built) ?? finalPhase(of: built)
            #expect(failure == nil, "\(failure ?? "") — \(name), \(steps), \(p)")
        }
    }

    /// The phase after `play` brought the scene to rest (at its planned end time).
    func finalPhase(of scene: any ScrollScene) -> String? {
        let axis = scene.mainAxis
        let end = max(axis.motionEndTime ?? 0, 0) + 1000
        scene.advance(to: end)
        let phase = scene.mainAxis.phase(at: end)
        return phase == .idle ? nil : "final phase \(phase.rawValue), expected idle"
    }
}
