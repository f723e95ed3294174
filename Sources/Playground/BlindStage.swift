import BlindTest
import Drawing
import Scenes
import ScrollPhysics

/// A blind test on screen, without the screen: the phones of the trial under way (each a scene
/// with its own input, driven only by the finger that starts on it, so X can be told from A and
/// B by feel alone, never by matching positions), the run, and what to draw around them.
/// Actions go through the run; the stage carries out its effects except writing records, which
/// it returns for the window to write. Times are real seconds (no slow motion in a blind test).
public final class BlindStage {
    public let viewport: Size
    public let scene: SceneSetup
    public private(set) var run: BlindRun
    public private(set) var phones: [(scene: any ScrollScene, input: InputTranslator)] = []
    /// Whether the run has ended (all trials answered).
    public private(set) var isFinished = false
    /// The phone a held pointer started on.
    private var held: Int?

    /// The scene's layout values (cell width, spacing, …) applied to every phone.
    public let layout: [String: Double]

    public init(run: BlindRun, scene: SceneSetup, viewport: Size, layout: [String: Double] = [:]) {
        self.run = run
        self.scene = scene
        self.viewport = viewport
        self.layout = layout
    }

    /// Shows the first trial; returns the records to append (none yet).
    public func start(at time: Double) -> [TrialRecord] { apply(.start(at: time)) }

    /// Sends an action to the run and carries out its effects; returns the records to append.
    @discardableResult
    public func apply(_ action: BlindAction) -> [TrialRecord] {
        var records: [TrialRecord] = []
        for effect in run.apply(action) {
            switch effect {
            case .showTrial(let feels):
                // Fresh scenes at their start: nothing of the last trial (a position, a motion) remains.
                phones = feels.map { feel in
                    let made = scene.makeScene(viewport: viewport, feel: feel)
                    for (id, value) in layout.sorted(by: { $0.key < $1.key }) { made.setControl(id, to: value, at: 0) }
                    return (made, InputTranslator())
                }
                held = nil
            case .record(let record):
                records.append(record)
            case .finished:
                isFinished = true
                held = nil
            }
        }
        return records
    }

    /// An answer at real time `time`; ignored while a finger is down (a key pressed mid-drag).
    @discardableResult
    public func answer(_ answer: BlindAnswer, at time: Double) -> [TrialRecord] {
        guard held == nil, case .trial = run.phase else { return [] }
        return apply(.answer(answer, at: time))
    }

    /// After a practice trial's feedback.
    public func proceed(at time: Double) {
        guard case .feedback = run.phase else { return }
        apply(.proceed(at: time))
    }

    // MARK: Input, to one phone

    public func pointerDown(phone: Int, at point: Point, time: Double) {
        guard case .trial = run.phase, phones.indices.contains(phone), held == nil else { return }
        held = phone
        phones[phone].input.pointerDown(at: point, time: time, scene: phones[phone].scene)
    }

    public func pointerMoved(to point: Point, time: Double) {
        guard let held, phones.indices.contains(held) else { return }
        phones[held].input.pointerMoved(to: point, time: time, scene: phones[held].scene)
    }

    /// Ends the gesture; its release speed (the scene's velocity just after the lift) is recorded.
    public func pointerUp(at point: Point, time: Double) {
        guard let phone = held, phones.indices.contains(phone) else { return }
        held = nil
        let side = phones[phone]
        side.input.pointerUp(at: point, time: time, scene: side.scene)
        side.scene.advance(to: time)
        apply(.released(speed: side.scene.liveReading(at: time).velocity))
    }

    public func wheel(phone: Int, x: Double, y: Double, flipped: Bool, time: Double) {
        guard case .trial = run.phase, phones.indices.contains(phone) else { return }
        _ = phones[phone].input.wheel(x: x, y: y, flipped: flipped, time: time, scene: phones[phone].scene)
    }

    /// Moves every phone to `time`.
    public func advance(to time: Double) {
        for (index, phone) in phones.enumerated() where held != index { phone.scene.advance(to: time) }
    }

    /// Whether anything moves or is held, or a scene timer has come due.
    public func isBusy(at time: Double) -> Bool {
        held != nil || phones.contains { !$0.scene.isAtRest(at: time) || $0.input.isPressed }
            || nextChange(after: time).map { $0 <= time } == true
    }

    /// The next scene timer (the banner's auto-advance), if any.
    public func nextChange(after time: Double) -> Double? {
        phones.compactMap { $0.scene.nextTimer(after: time) }.min()
    }

    // MARK: What is shown around the phones

    /// The line above the phones: the question, the feedback after a practice answer, or the end.
    /// It names no feel and shows no number while a trial runs.
    public var headline: String {
        switch run.phase {
        case .notStarted: return ""
        case .trial(_, let practice):
            return (practice ? "Practice (not counted). " : "") + run.setup.mode.question
        case .feedback(let correct, _):
            guard let correct else {
                return "Practice done: in the test, answer what you feel. Press Space or click Continue."
            }
            let truth = run.assignment.correctAnswer(in: run.setup.mode)?.title ?? ""
            return (correct ? "Right: " : "Not this time: ") + truth + ". Press Space or click Continue."
        case .finished:
            return "Done: thank you. The results are saved. Press Esc to close."
        }
    }

    /// The answers offered now (none outside a trial; Continue after practice feedback).
    public var buttons: [(title: String, keys: String, answer: BlindAnswer?)] {
        switch run.phase {
        case .trial: return run.setup.mode.answers.map { ($0.title, $0.keys, $0) }
        case .feedback: return [("Continue", "Space", nil)]
        default: return []
        }
    }
}

extension BlindStage: FrameSubject {}
