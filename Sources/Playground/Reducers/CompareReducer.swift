import Scenes
import ScrollPhysics

/// A/B: a second phone driven by the same finger, which side is edited, copy and swap, the
/// ghost, two platforms side by side, and a blind test of the two.
extension PlaygroundSession {
    func reduce(_ request: CompareRequest, at realTime: Double) -> [SessionEffect] {
        switch request {
        case let .setComparing(on): setComparing(on, at: realTime)
        case let .compareModels(a, b): compareModels(a, b, at: realTime)
        case let .edit(side): editing = side
        case let .copy(from, to): copy(from: from, to: to, at: realTime)
        case .swapSides: swapSides(at: realTime)
        case let .setGhost(on):
            showsGhost = on && isComparing
            notice = .ghost(showsGhost)
        case let .startBlindTest(request):
            if let plan = blindTestPlan(request) { return [.runBlindTest(plan)] }
        }
        return []
    }

    /// Turns A/B mode on (B starts as a copy of A's feel; both phones start afresh at the start of
    /// the scene, so that one drag moves two phones from the same place) or off.
    func setComparing(_ on: Bool, at realTime: Double) {
        guard on != isComparing else { return }
        if on {
            let a = sides[0]
            var b = PlaygroundSide(
                label: "B", scene: makeScene(feel: a.feel, at: clock.sceneTime(at: realTime)),
                feel: a.feel, name: a.named.name)
            b.named = a.named
            sides.append(b)
            rebuild(0..<1, at: realTime)
            notice = .comparing(true)
        } else {
            sides.removeLast()
            editing = 0
            showsGhost = false
            notice = .comparing(false)
        }
    }

    /// Copies one side's feel onto the other (0 = A, 1 = B), whichever side is edited.
    func copy(from source: Int, to target: Int, at realTime: Double) {
        guard isComparing, sides.indices.contains(source), sides.indices.contains(target), source != target else {
            return
        }
        apply(sides[source].feel, to: target, at: realTime)
        sides[target].named = sides[source].named
        notice = .copied(from: sides[source].label, to: sides[target].label)
    }

    /// Exchanges the sides' feels with everything that names them: what each is called and what
    /// Revert returns to (the edited side's preset menu and Revert then follow the feel, not the
    /// side).
    func swapSides(at realTime: Double) {
        guard isComparing else { return }
        let a = sides[0], b = sides[1]
        apply(b.feel, to: 0, at: realTime)
        apply(a.feel, to: 1, at: realTime)
        (sides[0].named, sides[1].named) = (b.named, a.named)
        (sides[0].savedFeel, sides[1].savedFeel) = (b.savedFeel, a.savedFeel)
        (sides[0].savedName, sides[1].savedName) = (b.savedName, a.savedName)
        notice = .swapped
    }

    /// A/B with A on model `a` and B on model `b`: the same finger on two platforms.
    func compareModels(_ a: String, _ b: String, at realTime: Double) {
        guard let pa = modelFeel(a), let pb = modelFeel(b) else {
            notice = .noModel(name: modelFeel(a) == nil ? a : b)
            return
        }
        setComparing(true, at: realTime)
        apply(pa, to: 0, at: realTime)
        apply(pb, to: 1, at: realTime)
        sides[0].name(Self.modelTitle(a), for: pa, saved: true)
        sides[1].name(Self.modelTitle(b), for: pb, saved: true)
        notice = .comparingModels(a: Self.modelTitle(a), b: Self.modelTitle(b))
    }

    /// A blind test of the two sides (or a staircase on the edited side's feel), or nil with a message.
    func blindTestPlan(_ request: BlindRequest) -> BlindTestPlan? {
        let a = request.staircaseKey == nil ? sides[0] : edited
        let b = sides.count > 1 && request.staircaseKey == nil ? sides[1] : a
        if request.staircaseKey == nil {
            guard isComparing else {
                notice = .blindTestNeedsAB
                return nil
            }
            guard a.feel != b.feel else {
                notice = .blindTestSameFeel
                return nil
            }
        }
        return BlindTestPlan(
            request: request, feelA: a.feel, feelB: b.feel, nameA: a.named.name + (a.isModified ? " (modified)" : ""),
            nameB: b.named.name + (b.isModified ? " (modified)" : ""), scene: setups[sceneIndex], viewport: viewport,
            layout: sceneLayouts[sceneIndex] ?? [:])
    }
}
