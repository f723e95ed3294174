import Foundation
import Testing
import Formats
import Scenes
import ScrollPhysics
@testable import Playground
import SessionEffects

/// What a session file may hold, stated once and refused past it in one line: a viewport the
/// window can show, names and a reference path the panel can draw, a size opened and kept in
/// well under a second.
@Suite struct SessionLimitsTests {
    func good() throws -> String {
        let s = try TestSession(
            setups: SceneSetup.playground(with: .cards(count: 40)).setups, initial: 0, viewport: .phone,
            feel: .standard, tracePath: nil, realTime: 10)
        return SessionFile.encode(s.snapshot())
    }

    func error(_ text: String) -> String {
        do { _ = try SessionFile.decode(text, file: "s.json"); return "" } catch { return error.message }
    }

    @Test func theViewportIsOneTheWindowCanShow() throws {
        let good = try good()
        #expect(WindowLayout.viewportRange == 100...2048)
        let refusal = "s.json: key \"viewport\": expected [width, height] in points, each 100 to 2048"
        for size in ["[1, 1]", "[99, 844]", "[390, 2049]", "[100000, 100000]"] {
            #expect(error(good.replacingOccurrences(of: "[390, 844]", with: size)) == refusal, "\(size)")
        }
        for size in ["[100, 100]", "[2048, 2048]", "[1024, 1366]"] {
            #expect(error(good.replacingOccurrences(of: "[390, 844]", with: size)) == "", "\(size)")
        }
    }

    @Test func longNamesAndPathsAreRefusedInOneLine() throws {
        let good = try good()
        let long = String(repeating: "n", count: 16_400)
        #expect(
            error(good.replacingOccurrences(of: "\"name\": \"UIKit normal\"", with: "\"name\": \"\(long)\""))
                == "s.json: sides[0].name: a name of 16400 characters; at most 400")
        #expect(
            error(
                good.replacingOccurrences(of: "\"saved_name\": \"UIKit normal\"", with: "\"saved_name\": \"\(long)\""))
                == "s.json: sides[0].saved_name: a name of 16400 characters; at most 400")
        let name400 = String(repeating: "é", count: 400)
        #expect(
            error(good.replacingOccurrences(of: "\"name\": \"UIKit normal\"", with: "\"name\": \"\(name400)\"")) == "")
        let path = "/" + String(repeating: "p", count: 99_999)
        #expect(
            error(good.replacingOccurrences(of: "\"reference\": null", with: "\"reference\": \"\(path)\""))
                == "s.json: key \"reference\": a path of 100000 bytes; at most 4096")
        let longest = "/" + String(repeating: "p", count: 4095)
        #expect(
            error(good.replacingOccurrences(of: "\"reference\": null", with: "\"reference\": \"\(longest)\"")) == "")
    }

    /// The longest name the window gives a side ("fitted to " and a 255-byte file name) is one
    /// a session file keeps.
    @Test func theNamesTheWindowMakesAreOnesItReads() throws {
        #expect(("fitted to " + String(repeating: "x", count: 255)).count <= SessionFile.maximumNameLength)
    }

    @Test func aSessionOver8MBIsRefusedReadOrWritten() throws {
        let good = try good()
        #expect(SessionFile.maximumSize == 8 << 20)
        // Spaces keep it valid JSON: the size alone refuses it.
        let large = good.replacingOccurrences(of: "{", with: "{" + String(repeating: " ", count: 9 << 20), count: 1)
        #expect(error(large) == "s.json: is 9.0 MB; a session file is at most 8 MB")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).json")
        try large.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: InputError("\(file.path): is 9 MB; at most 8 MB is read")) {
            _ = try SessionFile.load(file.path)
        }
        // A session whose recording would make a larger file is not written.
        var document = try SessionFile.decode(good, file: "s.json")
        // (The same rule with a limit of 0.1 MB keeps the test quick.)
        document.recording = (0..<5_000).map {
            TimedInput(time: Double($0) / 1000, event: .move(Point(x: 123.456789, y: Double($0) / 7)))
        }
        #expect(try SessionFile.encodeChecked(document) == SessionFile.encode(document))
        do {
            _ = try SessionFile.encodeChecked(document, limit: 100 << 10)
            Issue.record("a session over the limit was encoded")
        } catch {
            #expect(error.message.hasPrefix("the session is "), "\(error.message)")
            #expect(error.message.contains("over the 0.1 MB a session file may be (its recording has 5000 events"))
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String, count: Int) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
