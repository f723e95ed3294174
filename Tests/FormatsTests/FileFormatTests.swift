import Testing
import Scenes
import ScrollPhysics
@testable import Formats

@Suite struct FileFormatTests {
    func gestureError(_ text: String) -> String? {
        do { _ = try GestureFile.decode(text, file: "g.json"); return nil } catch { return error.message }
    }

    func paramsError(_ text: String) -> String? {
        do { _ = try ParametersFile.decode(text, file: "p.json"); return nil } catch { return error.message }
    }

    @Test func gestureRoundTrips() throws {
        let events = [
            TimedInput(time: 0, event: .down(Point(x: 195, y: 600))),
            TimedInput(time: 0.008, event: .move(Point(x: 195, y: 590.5))),
            TimedInput(time: 0.008, event: .move(Point(x: -20, y: 2000))),
            TimedInput(time: 0.1, event: .up(Point(x: 195, y: 400))),
            TimedInput(time: 0.2, event: .wheel(dx: 0, dy: -3.25))
        ]
        #expect(try GestureFile.decode(GestureFile.encode(events), file: "x") == events)
    }

    @Test func gestureErrorsNameTheFileAndPosition() {
        #expect(
            gestureError("{\"events\": [")
                == "g.json: not valid JSON: line 1, column 13: unexpected end of file, expected a value")
        #expect(
            gestureError(
                ("{\"events\": [{\"t\": 0, \"type\": \"down\", \"x\": 1, \"y\": 2},\n {\"t\": -0.5, \"type\": \"up\", "
                    + "\"x\": 1, \"y\": 2}]}")
            )
                == "g.json: event 1 (of 2): \"t\" = -0.5 is out of range [0, 3600] s; a gesture lasts at most an hour")
        #expect(
            gestureError(
                ("{\"events\": [{\"t\": 0.2, \"type\": \"move\", \"x\": 1, \"y\": 2}, {\"t\": 0.1, \"type\": \"move\", "
                    + "\"x\": 1, \"y\": 2}]}")
            )
                == "g.json: event 1 (of 2): \"t\" = 0.1 is before the previous event's 0.2; times must not decrease")
        #expect(
            gestureError("{\"events\": [{\"t\": 0, \"type\": \"tap\"}]}")
                == "g.json: event 0 (of 1): \"type\" must be one of down, move, up, wheel, wheel-begin, wheel-end")
        #expect(
            gestureError("{\"events\": [{\"t\": 0, \"type\": \"down\", \"x\": 1}]}")
                == "g.json: event 0 (of 1): missing \"y\"")
        #expect(
            gestureError("{\"events\": [{\"t\": 0, \"type\": \"up\", \"x\": 1, \"y\": 1}]}")
                == "g.json: event 0 (of 1): \"up\" without a \"down\" before it")
        #expect(
            gestureError("{\"events\": [{\"t\": 0, \"type\": \"down\", \"x\": \"1\", \"y\": 1}]}")
                == "g.json: event 0 (of 1): \"x\" must be a number, found a string")
        #expect(
            gestureError("{\"events\": [{\"t\": 0, \"type\": \"wheel\", \"dy\": 1, \"x\": 3}]}")?.contains(
                "unknown key \"x\" for a wheel event") == true)
        #expect(gestureError("{\"gesture\": []}") == "g.json: unknown key \"gesture\"; the only key is \"events\"")
        #expect(gestureError("[]") == "g.json: expected an object with an \"events\" array, found an array")
        #expect(gestureError("{\"events\": []}") == nil)
    }

    @Test func parameterFilesRoundTripAndFailClearly() throws {
        var p = ScrollParameters()
        p.pageDamping = 50
        p.pagePolicy = .threshold
        #expect(try ParametersFile.decode(ParametersFile.encode(p), file: "x") == Feel(p))
        #expect(try ParametersFile.decode("{}", file: "x") == .standard)
        #expect(
            paramsError("{\"bounceDamping\": 500}")
                == "p.json: key \"bounceDamping\": 500 is out of range; allowed range [1, 100] 1/s")
        #expect(
            paramsError("{\"damping\": 5}")?.hasPrefix(
                "p.json: key \"damping\": unknown key; allowed keys: decelerationRate,") == true)
        #expect(
            paramsError("{\"pagePolicy\": 1}")
                == "p.json: key \"pagePolicy\": 1 is not one of: projection, spring, threshold, uikit")
        #expect(paramsError("{\"bounceDamping\": [1]}")?.contains("an array or object is not a number") == true)
        #expect(paramsError("{\"a\": 1, \"a\": 2}") == "p.json: not valid JSON: line 1, column 10: duplicate key \"a\"")
        #expect(paramsError("{\"decelerationRate\": 1e999}")?.contains("too large") == true)
        #expect(paramsError("nul") == "p.json: not valid JSON: line 1, column 1: invalid literal, expected 'null'")
    }

    @Test func jsonParserHandlesTheStandard() throws {
        let value = try JSONParser.parse(
            " {\"a\": [1, -2.5e3, true, false, null], \"s\": \"\\u00e9\\n\\ud83d\\ude00\"} ")
        #expect(value["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
        #expect(value["s"] == .string("é\n😀"))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{\"a\": 01}") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(String(repeating: "[", count: 1000)) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{\"a\": 1,}") }
    }
}

@Suite struct TouchpadPhaseFileTests {
    @Test func wheelBeginAndEndRoundTrip() throws {
        let text =
            #"{"events":[{"t":0,"type":"wheel-begin"},{"t":0.01,"type":"wheel","dx":0,"dy":5},"#
            + #"{"t":0.05,"type":"wheel-end"}]}"#
        let events = try GestureFile.decode(text, file: "g.json")
        #expect(events.map(\.event) == [.wheelBegin, .wheel(dx: 0, dy: 5), .wheelEnd])
        #expect(try GestureFile.decode(GestureFile.encode(events), file: "again.json") == events)
        #expect(throws: InputError.self) {
            try GestureFile.decode(#"{"events":[{"t":0,"type":"wheel-end","x":1}]}"#, file: "g.json")
        }
    }
}
