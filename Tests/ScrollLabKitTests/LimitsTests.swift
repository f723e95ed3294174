import Testing
import Scenes
import ScrollPhysics
@testable import Formats
@testable import ScrollLabKit

@Suite struct LimitsTests {
    /// Duplicate keys are found with a set: 250,000 keys (2.9 MB) took 190 s when every key was
    /// compared with every earlier one (against that code this test ran for minutes, until killed).
    @Test func manyKeysAreCheckedOnce() throws {
        var text = "{"
        for i in 0..<250_000 { text += "\"k\(i)\": \(i), " }
        text += "\"k17\": 0}"
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        #expect(error?.message == "duplicate key \"k17\"")
        #expect(error?.line == 1)
        let unique = try JSONParser.parse(String(text.dropLast(10)) + "\"last\": 1}")
        guard case .object(let members) = unique else { Issue.record("not an object"); return }
        #expect(members.count == 250_001)
    }

    /// An open-ended replay runs until rest or `openEndedLimit` after the last event and says
    /// which; a glide of 149 s (power 1.9 on a 1e9 pt list) now comes to rest inside the trace.
    @Test func openEndedReplaysRestOrAreCut() throws {
        var p = ScrollParameters()
        p.decelerationPower = 1.9
        let events =
            [TimedInput(time: 0, event: .down(Point(x: 195, y: 600)))]
            + (1...6).map {
                TimedInput(time: 0.008 * Double($0), event: .move(Point(x: 195, y: 600 - 60 * Double($0))))
            }
            + [TimedInput(time: 0.056, event: .up(Point(x: 195, y: 240)))]
        var last = 0.0
        let long = Replay(fps: 10).run(ListScene(contentLength: 1e9, feel: Feel(p)), events: events) { t in last = t }
        #expect(long == .complete)
        #expect(last > 100 && last < 600, "rested at \(last) s")
        let cut = Replay(fps: 10, openEndedLimit: 2).run(ListScene(contentLength: 1e9, feel: Feel(p)), events: events) {
            _ in
        }
        #expect(cut == .cut(at: 2.0))
        // A fixed duration is never "cut", moving or not.
        #expect(
            Replay(fps: 10, duration: 1).run(ListScene(contentLength: 1e9, feel: Feel(p)), events: events) { _ in }
                == .complete)
    }

    @Test func controlCharactersAreEscaped() {
        #expect(
            escapingControlCharacters("a\u{1B}[2J\r\n\t\u{0}\u{7F}\u{85}é")
                == "a\\u{1B}[2J\\r\\n\\t\\u{0}\\u{7F}\\u{85}é")
    }
}
