import Foundation
import Testing
import Playground
import Scenes
import ScrollPhysics
@testable import Formats
@testable import SessionEffects

/// Fuzz targets for sessions, with `FuzzTests`' seeded mutations (`SCROLLAB_FUZZ_SEED`,
/// `SCROLLAB_FUZZ_ITERATIONS`): the session reader, and the kept session at a window's start.
@Suite struct SessionFuzzTests {
    /// Session files as the window writes them: one side, A/B with layouts, slow motion, a
    /// reference and a recording.
    static func corpus() -> [String] {
        let setups = SceneSetup.playground(with: .cards(count: 40)).setups
        let s = PlaygroundSession(setups: setups, initial: 0, viewport: .phone, feel: .standard)
        var documents = [s.snapshot()]
        var busy = s.snapshot()
        busy.scene = "carousel"
        busy.viewport = Size(width: 744, height: 1133)
        busy.sides.append(SessionDocument.Side(feel: Feel(AndroidModel()), name: "Android", savedName: "Android"))
        busy.editing = 1
        busy.ghost = true
        busy.slowMotion = 0.25
        busy.layouts = ["carousel": ["cellWidth": 184, "spacing": 12]]
        busy.reference = "Assets/recordings/uikit-return-177.csv"
        busy.recording = [
            TimedInput(time: 0, event: .down(Point(x: 195, y: 600))),
            TimedInput(time: 0.016, event: .move(Point(x: 195, y: 560))),
            TimedInput(time: 0.05, event: .up(Point(x: 195, y: 500)))
        ]
        documents.append(busy)
        let texts = documents.map(SessionFile.encode)
        // The same files with the values a hostile file sets: viewports in and out of the
        // window's range, names and reference paths of every length.
        var g = FuzzTests.Generator(seed: FuzzTests.seed ^ 10)
        let sizes = ["1", "99", "100", "390", "2048", "2049", "100000", "1e9", "-5"]
        var variants: [String] = []
        for _ in 0..<24 {
            var text = texts[g.below(texts.count)]
            let size = "[\(sizes[g.below(sizes.count)]), \(sizes[g.below(sizes.count)])]"
            text = text.replacingOccurrences(of: "[390, 844]", with: size)
            text = text.replacingOccurrences(of: "[744, 1133]", with: size)
            let name = String(repeating: "n", count: [1, 400, 401, 2000][g.below(4)])
            text = text.replacingOccurrences(of: "\"name\": \"UIKit normal\"", with: "\"name\": \"\(name)\"")
            let path = "/" + String(repeating: "p", count: [10, 4095, 4096, 5000][g.below(4)])
            text = text.replacingOccurrences(of: "\"reference\": null", with: "\"reference\": \"\(path)\"")
            variants.append(text)
        }
        return texts + variants
    }

    static let tokens =
        FuzzTests.jsonTokens + [
            "\"session\"", "\"version\"", "\"viewport\"", "[1, 1]", "[100000, 100000]", "[2048, 2048]", "\"sides\"",
            "\"name\"", "\"saved_name\"", "\"reference\"", "\"recording\"", "\"layouts\"", "\"B\"", "0.1",
            "\"" + String(repeating: "n", count: 2000) + "\"", "\"/" + String(repeating: "p", count: 5000) + "\""
        ]

    @Test func sessionReader() throws {
        let setups = SceneSetup.playground(with: .cards(count: 40)).setups
        let window = PlaygroundSession(setups: setups, initial: 0, viewport: .phone, feel: .standard)
        FuzzTests.fuzz("session", corpus: Self.corpus(), tokens: Self.tokens, salt: 11, share: 0.5) { text in
            let document: SessionDocument
            do throws(InputError) { document = try SessionFile.decode(text, file: "fuzz.json") } catch {
                return error.message
            }
            // What is read is what the window can show and draw, and reads back the same.
            let range = WindowLayout.viewportRange
            #expect(range.contains(document.viewport.width) && range.contains(document.viewport.height))
            #expect(document.sides.allSatisfy { $0.name.count <= 400 && $0.savedName.count <= 400 })
            #expect((document.reference?.utf8.count ?? 0) <= 4096)
            #expect((try? SessionFile.decode(SessionFile.encode(document), file: "again.json")) == document)
            window.apply([.open(document, source: "fuzz.json")], at: 1)
            #expect(window.viewport == document.viewport && window.sides.count == document.sides.count)
            return nil
        }
    }

    /// The kept session at start, whatever it holds: it opens, or it is set aside whole under a
    /// name no earlier one has and the window starts fresh; no file is lost or changed.
    @Test func keptSessionStart() throws {
        let corpus = Self.corpus().prefix(2).map { Array($0.utf8) }
        var g = FuzzTests.Generator(seed: FuzzTests.seed ^ 12)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("kept-fuzz-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("scrollab").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let kept = folder + "/last-session.json"
        var opened = 0, setAside = 0
        for iteration in 0..<max(1, FuzzTests.iterations / 5) {
            let input = FuzzTests.mutate(
                corpus[g.below(corpus.count)], corpus: corpus, tokens: Self.tokens, using: &g)
            try Data(input).write(to: URL(fileURLWithPath: kept))
            let before = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
                $0 != "last-session.json" && $0 != "last-session.lock"
            }
            let keeper = KeptSession(path: kept, claim: true)
            defer { keeper.release() }
            var said: [String] = []
            let requests = keeper.start(opening: true) { said.append($0) }
            let replay = "kept session, SCROLLAB_FUZZ_SEED=\(FuzzTests.seed) iteration \(iteration)"
            let after = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0 != "last-session.lock" }
            switch requests.first {
            case .document(.openKept(let document, nil))? where requests.count == 1:
                opened += 1
                #expect(said.isEmpty, "\(replay)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == Data(input), "\(replay): left as it was")
                #expect(WindowLayout.viewportRange.contains(document.viewport.width), "\(replay)")
            case .result(.failed(.read(let path, .keptSession, let reason)))? where requests.count == 1:
                setAside += 1
                #expect(path == kept && !reason.contains("\n") && said.count == 1, "\(replay): \(reason)")
                let new = Set(after).subtracting(before)
                #expect(new.count == 1 && !after.contains("last-session.json"), "\(replay): \(after)")
                if let name = new.first {
                    #expect(name.hasPrefix("last-session.unreadable") && reason.contains(name), "\(replay)")
                    let moved = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
                    #expect(moved == Data(input), "\(replay): set aside whole")
                }
            default:
                Issue.record("\(replay): \(requests)")
            }
            #expect(Set(before).isSubset(of: Set(after)), "\(replay): an earlier file went")
        }
        #expect(opened > 0 && setAside > 0, "\(opened) opened, \(setAside) set aside")
    }
}
