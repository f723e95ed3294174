import BlindTest
import Foundation
import Formats
import PhoneServer
import ScrollPhysics

/// `scrollab blind --serve`: the trials run on a phone, no desktop window opens. The served page
/// shows each trial's phones under their roles (A, B, X; Left, Right), the question and the
/// answer buttons; the participant flicks and answers there. The run is the same reducer as the
/// window's (`BlindRun`), its records appended to the same results file under its lock. The page
/// is sent no feel's name, title or file: only each phone's role and the values its physics
/// needs; `window.scrollLab.config` is not set during a blind run.
final class BlindServe {
    private(set) var run: BlindRun
    private let results: ResultsFile
    private let scene: String
    private let coreFolder: String
    private var sequence = 0
    private var shown: [Feel] = []
    /// Why the run stopped early, if it did.
    private(set) var failure: String?

    init(setup: BlindSetup, results: ResultsFile, scene: String, coreFolder: String) {
        run = BlindRun(setup)
        self.results = results
        self.scene = scene
        self.coreFolder = coreFolder
    }

    /// Serves the page on `address`:`port` until the run ends, `quitAfter` s pass or the page stops
    /// being answered for `idle` s; returns the records answered.
    func serve(address: String, port: UInt16, quitAfter: Double?, say: (String) -> Void) throws -> [TrialRecord] {
        let start = Self.now
        handle(run.apply(.start(at: 0)))
        let wake = DispatchSemaphore(value: 0)
        let page = try WebPage.html(
            scene: scene, sides: sides(), coreFolder: coreFolder, live: true, blind: blindState())
        let server: PhoneServer
        do {
            server = try PhoneServer(host: address, port: port, page: page, onMessage: { wake.signal() })
        } catch {
            throw InputError("--serve: \(error)")
        }
        defer { server.stop() }
        let host = address == "0.0.0.0" ? PhoneServer.localAddress() ?? "127.0.0.1" : address
        let url = server.url(on: host)
        say("serving the blind test at \(url) (no window opens; Ctrl+C ends it, answered trials are kept)")
        if let code = QRCode(url) { say("\n" + code.terminalText) }
        publish(to: server)
        while run.phase != .finished, failure == nil {
            if let quitAfter, Self.now - start >= quitAfter { break }
            _ = wake.wait(timeout: .now() + 0.25)
            for message in server.takeMessages() {
                let time = Self.now - start
                // A new trial, feedback or the end is sent to the page; a flick's speed is only noted.
                switch message {
                case let .answer(text):
                    guard let answer = BlindAnswer(rawValue: text) else { continue }
                    handle(run.apply(.answer(answer, at: time)))
                    publish(to: server)
                case .proceed:
                    handle(run.apply(.proceed(at: time)))
                    publish(to: server)
                case .released(let speed): _ = run.apply(.released(speed: speed))
                case .acknowledged, .gesture: continue
                }
            }
        }
        // The page hears that it is over before the server closes.
        publish(to: server)
        Thread.sleep(forTimeInterval: 0.5)
        return run.records
    }

    private static var now: Double { ProcessInfo.processInfo.systemUptime }

    private func handle(_ effects: [BlindEffect]) {
        for effect in effects {
            switch effect {
            case .showTrial(let feels): shown = feels
            case .record(let record):
                do { try results.append(record) } catch { failure = "results not saved: \(error)" }
            case .finished: break
            }
        }
    }

    /// Each phone under its role, with every value but the refresh rate (the phone's display sets it).
    private func sides() -> [WebPage.Side] {
        let labels = run.setup.mode.phoneLabels
        return shown.enumerated().map { index, feel in
            WebPage.Side(
                label: index < labels.count ? labels[index] : "", feel: feel,
                stated: Set(feel.pairs.map(\.key)).subtracting(["refreshRate"]))
        }
    }

    /// What the page asks and offers now: the question, the answers, the trial, feedback, the end.
    private func blindState() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("question", .string(run.setup.mode.question)),
            (
                "answers",
                .array(
                    JSONArray(
                        run.setup.mode.answers.map { answer in
                            .object(JSONObject([("id", .string(answer.rawValue)), ("title", .string(answer.title))]))
                        }))
            )
        ]
        switch run.phase {
        case .notStarted: break
        case let .trial(number, practice):
            members.append(("trial", .number(Double(number))))
            members.append(("practice", .bool(practice)))
            if !practice, run.setup.staircase == nil { members.append(("of", .number(Double(run.setup.trials)))) }
        case let .feedback(correct, _):
            let text = correct.map { $0 ? "Right." : "Not this time." } ?? "Noted."
            members.append(("feedback", .string(text + " A practice trial: it does not count.")))
        case .finished:
            members.append(("finished", .bool(true)))
        }
        return .object(JSONObject(members))
    }

    private func publish(to server: PhoneServer) {
        sequence += 1
        let config = WebPage.config(scene: scene, sides: sides(), live: true, blind: blindState())
        server.publish(
            JSONValue.object(JSONObject([("sequence", .number(Double(sequence))), ("config", config)])).serialized())
    }
}

extension QRCode {
    /// The code for a terminal: two rows of modules a line, in half blocks, light on dark as
    /// terminals draw text (a reader sees the dark modules as the light ones: the quiet zone is
    /// printed too, so either way round it reads).
    var terminalText: String {
        var lines: [String] = []
        for row in stride(from: -2, to: size + 2, by: 2) {
            var line = ""
            for column in -2..<(size + 2) {
                let top = !isDark(row: row, column: column), bottom = !isDark(row: row + 1, column: column)
                line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
