import Randomness
import Drawing
import Foundation
import Scenes
import ScrollPhysics

/// Simulated use for a long time: random gestures, taps, wheel streams, keys, scene controls and
/// parameter changes mid-motion across every scene, at 60 frames per second, each frame laid out
/// into a draw list as the window would. Checks every frame (finite values, never past the
/// rubber-band limit), that the same fling moves the same on a fresh list and on the list that
/// took the whole soak's share of use (no drift: no state left behind by gestures, parameter
/// changes or scene switches), and reports resident memory along the way.
public struct Soak {
    public struct Report: Sendable {
        public var frames = 0
        public var gestures = 0
        public var failures: [String] = []
        /// Resident set size (kB) after the first tenth and at the end.
        public var residentAfterWarmUp = 0
        public var residentAtEnd = 0
        /// Largest difference (pt) between the reference fling's offsets at the start and the end.
        public var drift = 0.0
    }

    public var seconds: Double
    public var seed: UInt64

    public init(seconds: Double, seed: UInt64 = 1) {
        self.seconds = seconds
        self.seed = seed
    }

    /// The soak's generator (also the fuzz tests').
    typealias Random = SeededGenerator

    /// Resident set size of this process in kB (Linux), or 0.
    public static func residentKilobytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// The offsets of one fixed fling on `scene`, from offset 0 with the default parameters,
    /// sampled for 2 s from `start`.
    static func referenceFling(on scene: ListScene, at start: Double) -> [Double] {
        scene.setFeel(.standard, at: start)
        scene.axis.setOffset(0, at: start)
        scene.advance(to: start)
        scene.handle(TimedInput(time: start, event: .down(Point(x: 195, y: 600))))
        for i in 1...6 {
            scene.handle(
                TimedInput(time: start + 0.008 * Double(i), event: .move(Point(x: 195, y: 600 - 40 * Double(i)))))
        }
        scene.handle(TimedInput(time: start + 0.048, event: .up(Point(x: 195, y: 360))))
        return (0...120).map { k -> Double in
            let t = start + 0.048 + Double(k) / 60
            scene.advance(to: t)
            return scene.mainAxis.offset(at: t)
        }
    }

    public func run() -> Report {
        var report = Report()
        var random = Random(seed: seed)
        var list = DrawList()
        let setups = SceneSetup.playground
        var parameters = ScrollParameters()
        // The feel running: UIKit with `parameters`, or another model of the zoo at its defaults.
        var zooModel: ZooModel?
        var feel: Feel { zooModel.map { Feel($0) } ?? Feel(parameters) }
        // One scene per setup for the whole run, as the window keeps them: switching back finds
        // the scene as it was left, so state left behind accumulates and the drift check sees it.
        var scenes: [Int: any ScrollScene] = [0: setups[0].makeScene(viewport: .phone, feel: feel)]
        var scene = scenes[0]!
        let before = Self.referenceFling(on: ListScene(cardCount: 200), at: 0)
        // Scenes moving on a state another model left (a feel switched mid-motion): that state may
        // lie outside the new model's own dynamics (a UIKit fling of 50,000 pt/s handed to
        // Flutter's spring, content past Flutter's reach), so its limit holds from the next rest.
        var carried = Set<ObjectIdentifier>()
        func switchFeel(of scene: any ScrollScene, at time: Double) {
            let before = scene.mainAxis.feel.name
            scene.setFeel(feel, at: time)
            if before != feel.name, !scene.isAtRest(at: time) { carried.insert(ObjectIdentifier(scene)) }
        }
        var t = 0.0
        let frame = 1.0 / 60
        var nextEvent = 0.5
        var pointer: Point?
        var target = Point(x: 195, y: 422)
        while t < seconds {
            t += frame
            // Input due this frame.
            while nextEvent <= t {
                let choice = random.int(100)
                if let p = pointer {
                    if choice < 70 {
                        let next = Point(x: p.x + (target.x - p.x) * 0.35, y: p.y + (target.y - p.y) * 0.35)
                        scene.handle(TimedInput(time: nextEvent, event: .move(next)))
                        pointer = next
                    } else {
                        scene.handle(TimedInput(time: nextEvent, event: .up(p)))
                        pointer = nil
                        report.gestures += 1
                    }
                    nextEvent += random.range(0.004, 0.03)
                    continue
                }
                switch choice {
                case 0..<50:
                    let start = Point(x: random.range(10, 380), y: random.range(60, 830))
                    target = Point(x: random.range(-200, 590), y: random.range(-300, 1100))
                    scene.handle(TimedInput(time: nextEvent, event: .down(start)))
                    pointer = start
                case 50..<60:
                    scene.tap(at: Point(x: random.range(0, 390), y: random.range(0, 844)), time: nextEvent)
                case 60..<70:
                    for k in 0..<random.int(12) {
                        scene.handle(
                            TimedInput(
                                time: nextEvent + Double(k) * 0.012,
                                event: .wheel(dx: random.range(-40, 40), dy: random.range(-40, 40))))
                    }
                case 70..<78:
                    let steps: [ScrollStep] = [.lines(1), .lines(-1), .pages(1), .pages(-1), .home, .end, .notches(2)]
                    scene.scroll(steps[random.int(steps.count)], at: nextEvent)
                case 78..<86:
                    // A parameter changes mid-motion.
                    let spec = ParameterSpec.all[random.int(ParameterSpec.all.count)]
                    spec.set(random.range(spec.range.lowerBound, spec.range.upperBound), in: &parameters)
                    parameters.pageFlickDistanceThreshold = min(
                        parameters.pageFlickDistanceThreshold, parameters.pageDistanceThreshold)
                    parameters.pagePolicy = PagePolicy.allCases[random.int(PagePolicy.allCases.count)]
                    // Now and then another feel of the zoo (or back to UIKit), mid-motion too.
                    if random.int(4) == 0 {
                        let model = FeelZoo.models[random.int(FeelZoo.models.count)]
                        zooModel = model.uikit != nil ? nil : model
                    }
                    switchFeel(of: scene, at: nextEvent)
                case 86..<92:
                    let controls = scene.controls
                    if !controls.isEmpty {
                        switch controls[random.int(controls.count)] {
                        case let .slider(id, _, range, _, _):
                            scene.setControl(id, to: random.range(range.lowerBound, range.upperBound), at: nextEvent)
                        case let .toggle(id, _, _): scene.setControl(id, to: Double(random.int(2)), at: nextEvent)
                        case let .button(id, _, _): scene.pressControl(id, at: nextEvent)
                        }
                    }
                case 92..<96:
                    // Switch scenes mid-motion, as a number key does.
                    if let p = pointer { scene.handle(TimedInput(time: nextEvent, event: .up(p))); pointer = nil }
                    let index = random.int(setups.count)
                    scene = scenes[index] ?? setups[index].makeScene(viewport: .phone, feel: feel)
                    scenes[index] = scene
                    switchFeel(of: scene, at: nextEvent)
                    scene.advance(to: nextEvent)
                default:
                    break
                }
                nextEvent += random.range(0.01, 0.6)
            }
            scene.advance(to: t)
            list.removeAll()
            scene.draw(into: &list, at: t)
            report.frames += 1
            let axis = scene.mainAxis
            let x = axis.offset(at: t), v = axis.velocity(at: t)
            if scene.isAtRest(at: t) { carried.remove(ObjectIdentifier(scene)) }
            if !x.isFinite || !v.isFinite {
                report.failures.append("\(scene.name) at \(t) s: offset \(x), velocity \(v)")
            } else if !carried.contains(ObjectIdentifier(scene)),
                max(axis.bounds.lowerBound - x, x - axis.bounds.upperBound) > axis.feel.overscrollLimit(
                    extent: axis.extent) + 1e-6
            {
                let limit = axis.feel.overscrollLimit(extent: axis.extent)
                report.failures.append(
                    "\(scene.name) at \(t) s (\(axis.feel.title)): \(x) is past the overscroll limit (\(limit) pt "
                        + "past \(axis.bounds)), velocity \(v), \(axis.phase(at: t))"
                )
            }
            if report.failures.count > 20 { break }
            if report.residentAfterWarmUp == 0, t >= seconds / 10 {
                report.residentAfterWarmUp = Self.residentKilobytes()
            }
        }
        report.residentAtEnd = Self.residentKilobytes()
        if let p = pointer { scene.handle(TimedInput(time: t, event: .up(p))) }
        let stressed = scenes[0] as? ListScene ?? ListScene(cardCount: 200)
        let after = Self.referenceFling(on: stressed, at: t + 1)
        report.drift = zip(before, after).map { abs($0 - $1) }.max() ?? 0
        return report
    }
}
