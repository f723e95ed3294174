import BlindTest
import Drawing
import Foundation
import Platform
import Playground
import Media
import Scenes

/// A blind test in a window: the phones of each trial (each answers only the finger that starts
/// on it), the question, the answer buttons and keys; nothing names a feel until the end. Frames
/// are drawn while a phone moves or is held and shortly after input; otherwise it sleeps.
final class BlindApp {
    let window: Window
    let stage: BlindStage
    let results: ResultsFile
    private var running = true
    private var sceneList = DrawList()
    /// The phone a drag began on.
    private var pointerPhone: Int?
    /// Why the results could not be written, if they could not (the run stops).
    private(set) var failure: String?
    private var summary: [String] = []
    private var shotCounter = 0
    private var lastView: BlindView?

    init(window: Window, stage: BlindStage, results: ResultsFile) {
        self.window = window
        self.stage = stage
        self.results = results
    }

    /// Whether the run goes on (Esc, the window closed or results that cannot be written end it).
    var isRunning: Bool { running }

    /// Shows the first trial (its record is written).
    func start(at now: Double) { write(stage.start(at: now)) }

    /// The run's lines of result: the statistics once it finished, or what the answers so far
    /// show when it ended early.
    func finish() -> [String] {
        if summary.isEmpty, !stage.run.countedRecords.isEmpty { summary = Self.summary(of: stage.run) }
        return summary
    }

    /// Runs until Esc or the window closes (or `quitAfter` s); returns the run's lines of result.
    /// (`scrollab blind`; the playground runs the same frames one at a time inside its own loop.)
    @discardableResult
    func run(quitAfter: Double? = nil, windowScreenshot: (path: String, time: Double)? = nil) -> [String] {
        start(at: Window.now)
        let due = windowScreenshot.map { shot in
            [
                WindowLoop.Due(time: shot.time) {
                    do { try self.window.captureAll().savePNG(shot.path) } catch { self.failure = "\(error)" }
                }
            ]
        }
        WindowLoop.run(
            window, subject: stage, linger: 0.5, quitAfter: quitAfter, due: due ?? [], isRunning: { running }
        ) { now in
            frame(at: now)
        }
        return finish()
    }

    /// One frame: events, the phones and what is around them; returns whether it handled events.
    func frame(at now: Double) -> Bool {
        let (w, h) = window.size
        // Events hit what the last frame showed (its buttons and phones).
        let shown = lastView ?? BlindView(windowWidth: w, windowHeight: h, stage: stage, summary: summary)
        var sawEvent = false
        window.poll(raw: { _ in false }) { event in
            sawEvent = true
            self.handle(event, view: shown, at: now)
        }
        stage.advance(to: now)
        let view = BlindView(windowWidth: w, windowHeight: h, stage: stage, summary: summary)
        lastView = view
        window.clear(Color(hex: 0x1C1C1E))
        let ratio = window.pixelRatio
        window.canvas.scale = ratio
        window.canvas.originX = 0
        window.canvas.originY = 0
        window.canvas.draw(view.chrome, bounds: Rect(x: 0, y: 0, width: w, height: h))
        if !stage.isFinished {
            let bounds = Rect(x: 0, y: 0, width: stage.viewport.width, height: stage.viewport.height)
            for (index, phone) in stage.phones.enumerated() where index < view.layout.phones.count {
                let rect = view.layout.phones[index]
                sceneList.removeAll()
                sceneList.pixelsPerPoint = view.layout.scale * ratio
                phone.scene.draw(into: &sceneList, at: now)
                sceneList.append(PhoneChrome.cornerMask(bounds))
                window.canvas.scale = view.layout.scale * ratio
                window.canvas.originX = rect.x * ratio
                window.canvas.originY = rect.y * ratio
                window.canvas.draw(sceneList, bounds: bounds)
            }
        }
        reportWidgets(view)
        return sawEvent
    }

    private func handle(_ event: PlatformEvent, view: BlindView, at now: Double) {
        func local(_ x: Double, _ y: Double, _ phone: Int) -> Point {
            view.layout.viewportPoint(x: x, y: y, side: phone)
        }
        switch event {
        case .quit:
            running = false
        case let .pointerDown(x, y, time):
            if let button = view.buttons.first(where: { $0.rect.contains(x: x, y: y) }) {
                if let choice = button.answer { answer(choice, at: time) } else { stage.proceed(at: time) }
                return
            }
            guard let phone = view.layout.side(atX: x, y: y) else { return }
            pointerPhone = phone
            stage.pointerDown(phone: phone, at: local(x, y, phone), time: time)
        case let .pointerMoved(x, y, time):
            guard let phone = pointerPhone else { return }
            stage.pointerMoved(to: local(x, y, phone), time: time)
        case let .pointerUp(x, y, time):
            guard let phone = pointerPhone else { return }
            pointerPhone = nil
            stage.pointerUp(at: local(x, y, phone), time: time)
        case let .wheel(x, y, flipped, time):
            var mx: Int32 = 0, my: Int32 = 0
            SDLMouse.position(&mx, &my)
            guard let phone = view.layout.side(atX: Double(mx), y: Double(my)) else { return }
            stage.wheel(phone: phone, x: x, y: y, flipped: flipped, time: time)
        case let .key(key, time):
            let mode = stage.run.setup.mode
            switch key {
            case .escape: running = false
            case .space: stage.proceed(at: time)
            case .screenshot: saveWindow()
            case .left: answer(mode == .abx ? .xIsA : .left, at: time)
            case .right: answer(mode == .abx ? .xIsB : .right, at: time)
            // A and B name ABX's phones; in a preference they would read as the feels' names.
            case .letter("a"): answer(.xIsA, at: time)
            case .letter("b"): answer(.xIsB, at: time)
            case .letter("s"): answer(.same, at: time)
            case .letter("d"): answer(.different, at: time)
            default: break
            }
        case .resized, .exposed:
            break
        }
    }

    private func answer(_ answer: BlindAnswer, at time: Double) {
        guard stage.run.setup.mode.answers.contains(answer) else { return }
        write(stage.answer(answer, at: time))
        if stage.isFinished, summary.isEmpty { summary = Self.summary(of: stage.run) }
    }

    private func write(_ records: [TrialRecord]) {
        for record in records {
            do {
                try results.append(record)
            } catch {
                failure = "results not saved: \(error)"
                running = false
            }
        }
    }

    /// The run's result in plain words (shown when it is over; the blinding ends there).
    static func summary(of run: BlindRun) -> [String] {
        let report = BlindReport(run.countedRecords)
        var lines: [String] = []
        for comparison in report.comparisons {
            for row in comparison.rows { lines.append(row.verdict + ".") }
            // The phones' labels are roles: which of them ran which feel was drawn at random each trial.
            lines.append(
                "Feel A was \(comparison.feelA), feel B \(comparison.feelB); each trial drew at random which phone ran "
                    + "which.")
        }
        for stair in report.staircases { lines.append(stair.sentence) }
        return lines
    }

    /// F12: the whole window as PNG in the current folder.
    private func saveWindow() {
        shotCounter += 1
        let path = "scrollab-blind-\(Int(Date().timeIntervalSince1970))-\(shotCounter).png"
        do { try window.captureAll().savePNG(path) } catch { failure = "screenshot: \(error)" }
    }

    /// For `SCROLLAB_WIDGETS`: the headline as "message", "trials<TAB>N" (answers recorded), the
    /// phones and each button as "answer <title>".
    private var widgets = WidgetReport()

    private func reportWidgets(_ view: BlindView) {
        guard widgets.isOn else { return }
        var rows = [(label: "trials", x: Double(stage.run.records.count), y: 0.0, width: 0.0, height: 0.0)]
        if !stage.isFinished {
            rows += view.layout.phones.enumerated().map {
                (
                    label: "phone \($0.offset)", x: $0.element.x, y: $0.element.y,
                    width: $0.element.width, height: $0.element.height
                )
            }
        }
        rows += view.buttons.map {
            (label: "answer \($0.title)", x: $0.rect.x, y: $0.rect.y, width: $0.rect.width, height: $0.rect.height)
        }
        widgets.write(message: stage.headline, rows: rows)
    }
}
