import Foundation
import Testing
import Playground
import ScrollPhysics
import Scenes
@testable import Formats
@testable import Fitting
@testable import ScrollLabKit
import SessionEffects

/// Fuzz targets for every parser (JSON, gesture, parameters, tour, CSV): the shipped files,
/// mutated by a seeded generator (bit flips, interesting bytes, deleted, repeated and spliced
/// ranges, tokens such as `1e999`, `"\uD800"`, deep nesting, numbers swapped for extremes),
/// parsed in this process. Each input must parse (and then round-trip, export or fit) or give
/// one line naming the file; a crash stops the run. The same seed gives the same inputs on any
/// machine: `make test` runs `SCROLLAB_FUZZ_ITERATIONS` (default 1000; CSV half as many, as
/// each accepted trace is also fitted) of each from `SCROLLAB_FUZZ_SEED` (default 20);
/// `SCROLLAB_FUZZ_LAST=PREFIX` keeps the input each target is trying in PREFIX-json.txt,
/// PREFIX-gesture.txt, …, so a crash leaves the input that caused it.
@Suite struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["SCROLLAB_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 1000
    static let seed = environment["SCROLLAB_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets")

    /// SplitMix64: small, and the same numbers on every platform (the standard library's
    /// generator is seeded from the system).
    /// The soak's SplitMix64 generator.
    typealias Generator = Soak.Random

    static let interestingBytes: [UInt8] =
        Array("\"\\,:[]{}-+.eE0 \n\r\t".utf8) + [0, 0x7F, 0xC3, 0xFF, 0xEF, 0xBB, 0xBF]
    static let interestingNumbers = [
        "0", "-0", "1e308", "-1e308", "1e999", "1e-400", "4.9e-324", "9007199254740993",
        "1e9", "-1e9", "1000000001", "1e10", "3600", "3600.0000001", "-1", "0.5",
        "NaN", "inf", "-Infinity", "0x10", "1_000", "１", "1e", "--1", ".5", "5."
    ]
    static let jsonTokens = [
        "null", "true", "false", "[]", "{}", "\"\"", "\"\\uD800\"", "\"\\uDC00\\u0041\"",
        "\"\\u0000\"", "\"\\ud83d\\ude00\"", "\"\u{FEFF}\"", ",", ":", "\"x\":", "[[[[[[[[",
        String(repeating: "[", count: 300), "\"events\"", "\"type\"", "\"model\"", "\"t\"",
        "\"down\"", "\"up\"", "\"move\"", "\"wheel\"", "\"wheel-begin\"", "\"wheel-end\"",
        "\"swiper\"", "\"framer\"", "\"android\"", "\"flutter-bouncing\"", "\"scene\"", "\"gesture\"",
        "\"caption\"", "\"params\"", "\"paramsB\"", "\"/dev/null\"", "\"..\"", "\"a\\nb\""
    ]
    static let csvTokens = [
        "t", "offset", "finger", "phase", "dragging", ",", ",,", "\n", "\r\n", "\n\n", " ", "t,offset\n",
        "t,offset,finger\n", "\"", "#"
    ]

    /// One to four mutations of `input`.
    static func mutate(_ input: [UInt8], corpus: [[UInt8]], tokens: [String], using g: inout Generator) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + g.below(4)) {
            let at = g.below(bytes.count + 1)
            switch g.below(9) {
            case 0 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] ^= 1 << UInt8(g.below(8))
            case 1 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] = interestingBytes[g.below(interestingBytes.count)]
            case 2:
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + g.below(16)))
            case 3:
                let end = min(bytes.count, at + 1 + g.below(32))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            case 4:
                bytes.insert(contentsOf: Array(tokens[g.below(tokens.count)].utf8), at: at)
            case 5, 6:
                // A number in the text (the n-th run of digits) becomes an extreme one.
                let runs = numberRuns(bytes)
                guard !runs.isEmpty else { continue }
                bytes.replaceSubrange(
                    runs[g.below(runs.count)], with: Array(interestingNumbers[g.below(interestingNumbers.count)].utf8))
            case 7:
                let other = corpus[g.below(corpus.count)]
                bytes = Array(bytes[..<at]) + other[g.below(other.count + 1)...]
            default:
                bytes.removeSubrange(at...)
            }
        }
        return bytes
    }

    /// The ranges of numbers (digits with a sign, point and exponent) in `bytes`.
    static func numberRuns(_ bytes: [UInt8]) -> [Range<Int>] {
        var runs: [Range<Int>] = [], start: Int?
        for (i, byte) in bytes.enumerated() {
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            let part =
                digit
                || (start != nil
                    && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "-")))
            if part, start == nil, digit { start = i == 0 || bytes[i - 1] != UInt8(ascii: "-") ? i : i - 1 }
            if !part, let s = start { runs.append(s..<i); start = nil }
        }
        if let s = start { runs.append(s..<bytes.count) }
        return runs
    }

    /// Runs `target` on `iterations` mutations of `corpus`; it returns the error's one line, or
    /// nil when the input was accepted (and passed the target's own checks).
    static func fuzz(
        _ name: String, corpus: [String], tokens: [String], salt: UInt64, share: Double = 1,
        sourceLocation: SourceLocation = #_sourceLocation, target: (String) -> String?
    ) {
        #expect(!corpus.isEmpty, sourceLocation: sourceLocation)
        let seeds = corpus.map { Array($0.utf8) }
        var g = Generator(seed: seed ^ salt)
        var accepted = 0, refused = 0
        for iteration in 0..<max(1, Int(Double(iterations) * share)) {
            let input = mutate(seeds[g.below(seeds.count)], corpus: seeds, tokens: tokens, using: &g)
            let text = String(decoding: input, as: UTF8.self)
            if let last = environment["SCROLLAB_FUZZ_LAST"] {
                try? text.write(toFile: "\(last)-\(name.lowercased()).txt", atomically: false, encoding: .utf8)
            }
            let replay =
                "\(name), SCROLLAB_FUZZ_SEED=\(seed) iteration \(iteration): "
                + "\(String(reflecting: String(text.prefix(300))))"
            guard let message = target(text) else { accepted += 1; continue }
            refused += 1
            // One line as shown (control characters from the file are escaped), naming the file.
            let shown = escapingControlCharacters(message)
            #expect(
                !shown.isEmpty && !shown.contains("\n") && !shown.contains("\r"), "\(shown) — \(replay)",
                sourceLocation: sourceLocation)
            #expect(
                shown.hasPrefix("fuzz.") || shown.hasPrefix("line "), "\(shown) — \(replay)",
                sourceLocation: sourceLocation)
        }
        // Both sides are reached: a fuzzer whose every input fails (or passes) tests little.
        #expect(
            accepted > 0 && refused > 0, "\(name): \(accepted) accepted, \(refused) refused",
            sourceLocation: sourceLocation)
    }

    static func files(_ folder: String, _ suffix: String) throws -> [String] {
        let dir = assets.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(suffix) }.sorted()
            .map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }
    }

    @Test func json() throws {
        let corpus =
            try Self.files("gestures", ".json") + Self.files("presets", ".json") + Self.files("tours", ".json")
            + [#"{"a": [1, -2.5e3, true, false, null, {"b": "\u00e9\n\ud83d\ude00"}], "c": {}}"#]
        Self.fuzz("JSON", corpus: corpus, tokens: Self.jsonTokens, salt: 1) { text in
            let value: JSONValue
            do throws(JSONSyntaxError) { value = try JSONParser.parse(text) } catch {
                #expect(error.line >= 1 && error.column >= 1)
                return error.description
            }
            // What is read back is what was written.
            #expect((try? JSONParser.parse(value.serialized())) == value, "\(String(reflecting: text))")
            return nil
        }
    }

    @Test func gesture() throws {
        Self.fuzz("gesture", corpus: try Self.files("gestures", ".json"), tokens: Self.jsonTokens, salt: 2) { text in
            let events: [TimedInput]
            do throws(InputError) { events = try GestureFile.decode(text, file: "fuzz.json") } catch {
                return error.message
            }
            #expect((try? GestureFile.decode(GestureFile.encode(events), file: "again.json")) == events)
            return nil
        }
    }

    @Test func parameters() throws {
        Self.fuzz("parameters", corpus: try Self.files("presets", ".json"), tokens: Self.jsonTokens, salt: 3) { text in
            let feel: Feel
            do throws(InputError) { feel = try ParametersFile.decode(text, file: "fuzz.json") } catch {
                return error.message
            }
            #expect((try? ParametersFile.decode(ParametersFile.encode(feel), file: "again.json")) == feel)
            #expect(!feel.model.exported.text.isEmpty)
            return nil
        }
    }

    @Test func tour() throws {
        let folder = Self.assets.appendingPathComponent("tours").path
        Self.fuzz("tour", corpus: try Self.files("tours", ".json"), tokens: Self.jsonTokens, salt: 4) { text in
            let steps: [TourStep]
            do throws(InputError) { steps = try TourFile.decode(text, file: "fuzz.json", folder: folder) } catch {
                return error.message
            }
            #expect(!steps.isEmpty && steps.count <= TourFile.maximumSteps)
            return nil
        }
    }

    @Test func csv() throws {
        // The recording, a trace as replay writes it, and a drag with its finger.
        var replayed = "t,offset,velocity,phase\n"
        for i in 0..<12 {
            replayed += "\(Double(i) / 60),\(-100 * exp(-8 * Double(i) / 60)),0,\(i < 3 ? "dragging" : "animating")\n"
        }
        let drag = "t,offset,finger\n0,0,0\n0.016,-10,-20\n0.033,-18,-40\n0.05,-24,-60\n0.066,-28,-80\n"
        let corpus = try Self.files("recordings", ".csv") + [replayed, drag]
        Self.fuzz("CSV", corpus: corpus, tokens: Self.csvTokens, salt: 5, share: 0.5) { text in
            let trace: FitTrace
            do throws(InputError) { trace = try FitTrace.parse(text, file: "fuzz.csv") } catch { return error.message }
            // A parsed trace fits, or says in one line why not, with finite numbers (`fit` puts
            // the file's name before the reason).
            let result: Fit.Result
            do throws(InputError) { result = try Fit.run(trace, kind: Fit.detect(trace).kind) } catch {
                return "fuzz.csv: " + error.message
            }
            #expect(result.values.allSatisfy { $0.value.isFinite }, "\(String(reflecting: text))")
            return nil
        }
    }
}
