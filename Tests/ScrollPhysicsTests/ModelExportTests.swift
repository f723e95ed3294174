import Foundation
import Testing
import ScrollPhysics

/// Every platform snippet, checked as far as this machine allows: JavaScript is parsed and run
/// by node (`node --check`, then evaluated and its values compared); Dart and Kotlin have no
/// toolchain here, so their structure is checked (balanced brackets outside strings and
/// comments, the class and overrides present, each tuned value in its place, no NaN or inf).
@Suite struct ModelExportTests {
    /// Brackets balance, ignoring string literals and // and /* */ comments.
    static func balanced(_ code: String) -> Bool {
        var stack: [Character] = []
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        var chars = Array(code), i = 0
        var quote: Character?
        while i < chars.count {
            let c = chars[i]
            if let q = quote {
                if c == "\\" { i += 2; continue }
                if c == q { quote = nil }
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "/" {
                while i < chars.count && chars[i] != "\n" { i += 1 }
            } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
                i += 2
                while i + 1 < chars.count && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
                i += 1
            } else if c == "\"" || c == "'" {
                quote = c
            } else if "([{".contains(c) {
                stack.append(c)
            } else if let open = pairs[c] {
                guard stack.popLast() == open else { return false }
            }
            i += 1
        }
        chars = []
        return stack.isEmpty && quote == nil
    }

    static func node() -> String? {
        ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `node` on `source` (an ES module) and returns its standard output, or nil without node.
    static func runNode(_ source: String, check: Bool = false) throws -> (status: Int32, output: String)? {
        guard let node = node() else { return nil }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scrollab-export-\(UUID().uuidString).mjs")
        try source.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = check ? ["--check", url.path] : [url.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func swiperOptionsParseAndCarryTheValues() throws {
        var model = SwiperModel()
        model.values.resistanceRatio = 0.7
        model.values.longSwipesMs = 250
        model.values.momentumBounce = 0
        model.values.minimumVelocity = 0.05
        let snippet = model.exported
        #expect(snippet.language == "javascript" && snippet.fileExtension == "js")
        #expect(Self.balanced(snippet.text))
        let program = snippet.text + "\nconsole.log(JSON.stringify(swiperOptions));\n"
        guard let checked = try Self.runNode(program, check: true) else {
            #expect(snippet.text.contains("resistanceRatio: 0.7,"))
            return
        }
        #expect(checked.status == 0, "node --check: \(checked.output)")
        let run = try #require(try Self.runNode(program))
        #expect(run.status == 0, "\(run.output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["resistanceRatio"] as? Double == 0.7)
        #expect(object["longSwipesMs"] as? Double == 250)
        #expect(object["threshold"] as? Double == 5)
        #expect(object["resistance"] as? Bool == true)
        let freeMode = try #require(object["freeMode"] as? [String: Any])
        #expect(freeMode["momentumBounce"] as? Bool == false)
        #expect(freeMode["minimumVelocity"] as? Double == 0.05)
        #expect(freeMode["enabled"] as? Bool == true)
    }

    @Test func framerPropsParseAndCarryTheValues() throws {
        var model = FramerModel()
        model.values.power = 0.5
        model.values.timeConstant = 325
        model.values.dragElastic = 0.2
        model.values.panThreshold = 8
        let snippet = model.exported
        #expect(snippet.text.contains("panThreshold 8 px cannot be set"))
        let program = snippet.text + "\nconsole.log(JSON.stringify(framerDragProps));\n"
        guard let run = try Self.runNode(program) else {
            #expect(Self.balanced(snippet.text))
            return
        }
        #expect(try #require(try Self.runNode(program, check: true)).status == 0)
        #expect(run.status == 0, "\(run.output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["dragElastic"] as? Double == 0.2)
        #expect(object["dragMomentum"] as? Bool == true)
        let transition = try #require(object["dragTransition"] as? [String: Any])
        #expect(transition["power"] as? Double == 0.5)
        #expect(transition["timeConstant"] as? Double == 325)
        #expect(transition["bounceStiffness"] as? Double == 200)
        #expect(transition["bounceDamping"] as? Double == 40)
    }

    /// A broken snippet is refused by the same checks (so they can fail).
    @Test func theChecksRejectBrokenCode() throws {
        #expect(!Self.balanced("class A { void f() { }"))
        #expect(!Self.balanced("const a = { b: [1, 2 };"))
        #expect(Self.balanced("// }\nconst s = \"{\"; /* ( */"))
        if let checked = try Self.runNode("const o = { a: 1,, };", check: true) {
            #expect(checked.status != 0)
        }
    }

    @Test func dartBouncingSubclassCarriesTheValues() throws {
        var model = FlutterBouncingModel()
        model.values.frictionFactor = 0.4
        model.values.springStiffness = 250
        model.values.constantDeceleration = 1400
        model.values.minFlingVelocity = 60
        model.values.drag = 0.2
        let text = model.exported.text
        #expect(Self.balanced(text))
        #expect(text.contains("class ScrollLabBouncingPhysics extends BouncingScrollPhysics {"))
        #expect(text.contains("return 0.4 * math.pow(1 - overscrollFraction, 2);"))
        #expect(text.contains("stiffness: 250.0,"))
        #expect(text.contains("constantDeceleration: 1400.0,"))
        #expect(text.contains("double get minFlingVelocity => 60.0;"))
        #expect(text.contains("drag 0.2 per s cannot be set"))
        #expect(text.components(separatedBy: "@override").count - 1 == 9)
        #expect(!text.lowercased().contains("nan") && !text.contains("inf;"))
        // The default model says nothing about drag.
        #expect(!(FlutterBouncingModel().exported.text.contains("cannot be set: BouncingScrollSimulation")))
    }

    @Test func dartClampingSubclassCarriesTheFriction() throws {
        var model = FlutterClampingModel()
        model.values.friction = 0.03
        let text = model.exported.text
        #expect(Self.balanced(text))
        #expect(text.contains("class ScrollLabClampingPhysics extends ClampingScrollPhysics {"))
        #expect(text.contains("friction: 0.03,"))
    }

    @Test func kotlinSaysWhatCanAndCannotBeSet() throws {
        var model = AndroidModel()
        model.values.scrollFriction = 0.02
        model.values.maxFlingVelocity = 6000
        model.values.pagerMillisecondsPerInch = 60
        model.values.flywheel = 0
        let snippet = model.exported
        #expect(snippet.language == "kotlin" && snippet.fileExtension == "kt")
        let text = snippet.text
        #expect(Self.balanced(text))
        #expect(text.contains("const val SCROLL_FRICTION = 0.02f"))
        #expect(text.contains("const val MAX_FLING_VELOCITY_DP = 6000.0f"))
        #expect(text.contains("const val PAGER_MILLISECONDS_PER_INCH = 60.0f"))
        #expect(text.contains("Cannot be set:") && text.contains("NATURAL_FREQUENCY") && text.contains("Flywheel off"))
        #expect(text.contains("class ScrollLabPagerSnapHelper(private val context: Context) : PagerSnapHelper() {"))
    }

    @Test func everyModelHasASnippet() {
        for model in FeelZoo.models {
            #expect(!model.exported.text.isEmpty, "\(model.name)")
        }
    }
}
