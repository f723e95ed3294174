import Foundation
import Scenes
import Formats
import ScrollPhysics

/// One stop of the presentation tour: a scene, its feel (and B's for an A/B stop), the
/// gesture played on it, and one line saying what to look at.
public struct TourStep: Equatable, Sendable {
    public var setup: SceneSetup
    public var feel: Feel
    public var feelB: Feel?
    public var gesture: [TimedInput]
    public var caption: String

    public init(
        setup: SceneSetup, feel: Feel = .standard, feelB: Feel? = nil,
        gesture: [TimedInput], caption: String
    ) {
        self.setup = setup; self.feel = feel; self.feelB = feelB; self.gesture = gesture; self.caption = caption
    }

    /// A finger stroke: down at `from`, `steps` evenly spaced moves reaching `to` after
    /// `duration` s, then up there (a flick when short and fast, a drag when slow).
    public static func stroke(from: Point, to: Point, duration: Double, steps: Int = 12, start: Double = 0)
        -> [TimedInput]
    {
        var events = [TimedInput(time: start, event: .down(from))]
        for i in 1...max(1, steps) {
            let f = Double(i) / Double(max(1, steps))
            events.append(
                TimedInput(
                    time: start + duration * f,
                    event: .move(Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f))))
        }
        events.append(TimedInput(time: start + duration, event: .up(to)))
        return events
    }

    /// Each scene's signature gesture (its `SceneKind.tour` in the scene registry), for a
    /// viewport of `size` points.
    public static func builtIn(viewport size: Size) -> [TourStep] {
        let w = size.width, h = size.height
        func p(_ at: (x: Double, y: Double)) -> Point { Point(x: (w * at.x).rounded(), y: (h * at.y).rounded()) }
        return SceneSetup.registry.flatMap(\.tour).map { stroke in
            let gesture = self.stroke(
                from: p(stroke.from), to: p(stroke.to), duration: stroke.duration, steps: stroke.steps)
            guard let feels = stroke.feels else {
                return TourStep(setup: stroke.setup, gesture: gesture, caption: stroke.caption)
            }
            return TourStep(
                setup: stroke.setup, feel: feels.a, feelB: feels.b, gesture: gesture, caption: stroke.caption)
        }
    }
}

/// The tour file of `scrollab demo --tour`: a JSON list of steps,
///
///     [{"scene": "carousel", "gesture": "swipe.json", "caption": "Narrow cards land centred"},
///      {"scene": "list", "params": "normal.json", "paramsB": "fast.json", "gesture": "fling.json",
///       "caption": "Same finger, two feels"}]
///
/// `scene` one of the scene names (default content); `gesture` and the optional `params` and
/// `paramsB` are files in the formats `replay` reads, relative to the tour file's folder;
/// `caption` one line.
public enum TourFile {
    public static let keys: Set<String> = ["scene", "params", "paramsB", "gesture", "caption"]

    /// `readFile` reads a file the tour names (a gesture, a parameter file): the module that
    /// runs effects passes `TextFile.read` (`TourFile.load`), tests may pass a dictionary.
    public static func decode(
        _ text: String, file: String, folder: String, readFile: (String) throws(InputError) -> String
    ) throws(InputError) -> [TourStep] {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw InputError("\(file): not valid JSON: \(error)") }
        guard case .array(let items) = root else {
            throw InputError("\(file): expected a list of steps, found \(root.kindName)")
        }
        guard !items.isEmpty else { throw InputError("\(file): the tour has no steps") }
        guard items.count <= maximumSteps else {
            throw InputError("\(file): the tour has \(items.count) steps; at most \(maximumSteps)")
        }
        var steps: [TourStep] = []
        // Each file is read once however many steps name it, and all of them together at most
        // `TextFile.maximumSize` bytes: a short tour cannot make the program read gigabytes.
        var gestures: [String: [TimedInput]] = [:]
        var parameterFiles: [String: Feel] = [:]
        var bytesRead = 0
        func read(_ path: String, place: String) throws(InputError) -> String {
            let text: String
            do { text = try readFile(path) } catch { throw InputError("\(place): \(error.message)") }
            bytesRead += text.utf8.count
            guard bytesRead <= TextFile.maximumSize else {
                throw InputError(
                    "\(place): the tour's files come to more than \(TextFile.maximumSize >> 20) MB; at most that much "
                        + "is read"
                )
            }
            return text
        }
        func gesture(_ path: String, place: String) throws(InputError) -> [TimedInput] {
            if let known = gestures[path] { return known }
            let events: [TimedInput]
            do { events = try GestureFile.decode(try read(path, place: place), file: path) } catch {
                throw InputError(error.message.hasPrefix(place) ? error.message : "\(place): \(error.message)")
            }
            gestures[path] = events
            return events
        }
        func feel(_ path: String, place: String) throws(InputError) -> Feel {
            if let known = parameterFiles[path] { return known }
            let loaded: Feel
            do { loaded = try ParametersFile.decode(try read(path, place: place), file: path) } catch {
                throw InputError(error.message.hasPrefix(place) ? error.message : "\(place): \(error.message)")
            }
            parameterFiles[path] = loaded
            return loaded
        }
        for (position, item) in items.enumerated() {
            let place = "\(file): step \(position) (of \(items.count))"
            guard case .object(let fields) = item else {
                throw InputError("\(place): expected an object, found \(item.kindName)")
            }
            for field in fields where !keys.contains(field.key) {
                throw InputError(
                    "\(place): unknown key \"\(field.key)\"; allowed: \(keys.sorted().joined(separator: ", "))")
            }
            func string(_ key: String, required: Bool) throws(InputError) -> String? {
                guard let value = item[key] else {
                    if required { throw InputError("\(place): missing \"\(key)\"") }
                    return nil
                }
                guard case .string(let text) = value, !text.isEmpty else {
                    throw InputError("\(place): \"\(key)\" must be a non-empty string, found \(value.kindName)")
                }
                guard !text.contains("\u{0}") else {
                    throw InputError("\(place): \"\(key)\" contains a NUL character; no file name does")
                }
                return text
            }
            func path(_ name: String) -> String { name.hasPrefix("/") || folder.isEmpty ? name : folder + "/" + name }
            let name = try string("scene", required: true) ?? ""
            guard let index = SceneSetup.names.firstIndex(of: name) else {
                throw InputError(
                    "\(place): unknown scene \"\(name)\"; allowed: \(SceneSetup.names.joined(separator: ", "))")
            }
            let caption = try string("caption", required: true) ?? ""
            guard !caption.contains(where: \.isNewline) else {
                throw InputError("\(place): \"caption\" must be one line")
            }
            let events = try gesture(path(try string("gesture", required: true) ?? ""), place: place)
            let parametersA =
                try string("params", required: false).map { (file: String) throws(InputError) in
                    try feel(path(file), place: place)
                } ?? .standard
            let parametersB = try string("paramsB", required: false).map { (file: String) throws(InputError) in
                try feel(path(file), place: place)
            }
            steps.append(
                TourStep(
                    setup: SceneSetup.playground[index], feel: parametersA, feelB: parametersB,
                    gesture: events, caption: caption))
        }
        return steps
    }

    /// The most steps a tour file may have.
    public static let maximumSteps = 100

}

/// The presentation mode without a window: which step plays, its scenes and clock, and
/// whether a person has taken over.
///
/// Touring, each step's gesture is delivered at its times after the step's start plus `lead`; when every
/// side has rested for `restHold` s the next step begins (after the last, the first). Any
/// pointer input takes over: the scenes follow the person's finger from where they are. After
/// `idleResume` s without input the tour resumes with the next step. Times are real seconds.
public final class DemoTour {
    public enum Mode: Equatable, Sendable { case touring, live }

    /// What changed in a frame, for the caller to report.
    public enum Change: Equatable, Sendable {
        case started(step: Int)
        case tookOver
        case resumed(step: Int)
    }

    public let steps: [TourStep]
    public let viewport: Size
    public let idleResume: Double
    public let restHold: Double
    /// Seconds each step shows its scene at rest before the gesture begins.
    public let lead: Double
    public private(set) var index = 0
    public private(set) var mode = Mode.touring
    public private(set) var scenes: [any ScrollScene] = []
    /// Real time at which the step's scene clock reads 0.
    public private(set) var stepStart = 0.0
    private var nextEvent = 0
    private var restingSince: Double?
    private var lastInput = 0.0
    /// Where the finger is (viewport points) and whether it is down; the tour's or the person's.
    public private(set) var pointer: Point?
    public private(set) var pointerDown = false
    private var liftedAt = -Double.infinity

    public init(
        steps: [TourStep], viewport: Size, idleResume: Double = 10, restHold: Double = 1.5, lead: Double = 0.8,
        realTime: Double
    ) {
        precondition(!steps.isEmpty)
        self.steps = steps
        self.viewport = viewport
        self.idleResume = idleResume
        self.restHold = restHold
        self.lead = lead
        begin(0, at: realTime)
    }

    public var step: TourStep { steps[index] }

    /// Scene time (s) at `realTime`.
    public func sceneTime(at realTime: Double) -> Double { realTime - stepStart }

    /// The finger to draw at `realTime` and its strength (fades over 0.15 s after lifting).
    public func finger(at realTime: Double) -> (point: Point, alpha: Double)? {
        guard let pointer else { return nil }
        if pointerDown { return (pointer, 1) }
        let alpha = 1 - (sceneTime(at: realTime) - liftedAt) / 0.15
        return alpha > 0 ? (pointer, alpha) : nil
    }

    /// Starts step `index` (wrapping) with fresh scenes.
    private func begin(_ index: Int, at realTime: Double) {
        self.index = ((index % steps.count) + steps.count) % steps.count
        let step = steps[self.index]
        scenes = [step.feel].map { step.setup.makeScene(viewport: viewport, feel: $0) }
        if let b = step.feelB { scenes.append(step.setup.makeScene(viewport: viewport, feel: b)) }
        stepStart = realTime
        nextEvent = 0
        restingSince = nil
        pointer = nil
        pointerDown = false
        liftedAt = -.infinity
    }

    /// Advances to `realTime`: delivers the tour's due events, moves on after rest, resumes after idle.
    @discardableResult
    public func frame(at realTime: Double) -> Change? {
        var change: Change?
        if mode == .live, !pointerDown, realTime - lastInput >= idleResume {
            mode = .touring
            begin(index + 1, at: realTime)
            change = .resumed(step: index)
        }
        let t = sceneTime(at: realTime)
        if mode == .touring {
            let gesture = steps[index].gesture
            while nextEvent < gesture.count, gesture[nextEvent].time + lead <= t {
                deliver(TimedInput(time: gesture[nextEvent].time + lead, event: gesture[nextEvent].event))
                nextEvent += 1
            }
        }
        for scene in scenes { scene.advance(to: t) }
        if mode == .touring, nextEvent >= steps[index].gesture.count {
            if scenes.allSatisfy({ $0.isAtRest(at: t) }) {
                let since = restingSince ?? realTime
                restingSince = since
                if realTime - since >= restHold {
                    begin(index + 1, at: realTime)
                    change = .started(step: index)
                }
            } else {
                restingSince = nil
            }
        }
        return change
    }

    private func deliver(_ input: TimedInput) {
        for scene in scenes { scene.handle(input) }
        switch input.event {
        case .down(let p): pointer = p; pointerDown = true
        case .move(let p): if pointerDown { pointer = p }
        case .up(let p): pointer = p; pointerDown = false; liftedAt = input.time
        case .wheel, .wheelBegin, .wheelEnd: break
        }
    }

    /// A person's pointer event (viewport points) at `realTime`: takes over from the tour.
    /// Returns `.tookOver` when it did.
    @discardableResult
    public func input(_ event: InputEvent, at realTime: Double) -> Change? {
        lastInput = realTime
        var change: Change?
        if mode == .touring {
            // Stop the tour's finger where it is; a stroke it had begun ends here.
            if pointerDown, let pointer {
                for scene in scenes { scene.handle(TimedInput(time: sceneTime(at: realTime), event: .up(pointer))) }
            }
            pointerDown = false
            pointer = nil
            mode = .live
            change = .tookOver
        }
        switch event {
        case .down, .wheel, .wheelBegin, .wheelEnd: break
        case .move, .up: guard pointerDown else { return change }
        }
        deliver(TimedInput(time: sceneTime(at: realTime), event: event))
        return change
    }

    /// A key other than the scene steps takes over too.
    @discardableResult
    public func key(at realTime: Double) -> Change? {
        lastInput = realTime
        guard mode == .touring else { return nil }
        if pointerDown, let pointer {
            for scene in scenes { scene.handle(TimedInput(time: sceneTime(at: realTime), event: .up(pointer))) }
        }
        pointerDown = false
        pointer = nil
        mode = .live
        return .tookOver
    }

    /// ← / →: the previous or next step, touring again.
    @discardableResult
    public func step(by delta: Int, at realTime: Double) -> Change {
        mode = .touring
        begin(index + delta, at: realTime)
        return .started(step: index)
    }
}

extension DemoTour: FrameSubject {
    /// Motion, a finger down or fading, or a change that has come due (a scripted touch, the next
    /// step after the rest hold, the tour resuming).
    public func isBusy(at realTime: Double) -> Bool {
        let t = sceneTime(at: realTime)
        if pointerDown || finger(at: realTime) != nil || !scenes.allSatisfy({ $0.isAtRest(at: t) }) { return true }
        return nextChange(after: realTime).map { $0 <= realTime } == true
    }

    /// Touring: the next scripted touch, else the end of the rest hold (now, if the rest has not
    /// been seen yet); live: the idle time after the last input; and any scene timer.
    public func nextChange(after realTime: Double) -> Double? {
        var due: [Double] = []
        switch mode {
        case .touring:
            let gesture = steps[index].gesture
            if nextEvent < gesture.count {
                due.append(stepStart + gesture[nextEvent].time + lead)
            } else {
                due.append(restingSince.map { $0 + restHold } ?? realTime)
            }
        case .live:
            if !pointerDown { due.append(lastInput + idleResume) }
        }
        let t = sceneTime(at: realTime)
        due += scenes.compactMap { $0.nextTimer(after: t) }.map { stepStart + $0 }
        return due.min()
    }
}
