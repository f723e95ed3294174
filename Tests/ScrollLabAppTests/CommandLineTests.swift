import Foundation
import Testing
import Scenes

@Suite(.serialized) struct CommandLineTests {
    let gesture =
        #"{"events":[{"t":0,"type":"down","x":195,"y":600},{"t":0.05,"type":"move","x":195,"y":520},"#
        + #"{"t":0.1,"type":"up","x":195,"y":400}]}"#

    @Test func replayWritesATraceFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = dir.appendingPathComponent("g.json"), out = dir.appendingPathComponent("trace.csv")
        try gesture.write(to: g, atomically: true, encoding: .utf8)
        let run = try scrollab([
            "replay", "--scene", "pager", "--pages", "3", "--gesture", g.path, "--fps", "30", "--trace", out.path
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let csv = try String(contentsOf: out, encoding: .utf8)
        #expect(csv.hasPrefix("t,offset,velocity,phase,page\n0.000000,0.0000,0.000,dragging,0\n"))
        #expect(csv.hasSuffix(",844.0000,0.000,idle,1\n"))
    }

    @Test(
        arguments: [
            (["replay", "--gesture", "/nonexistent/g.json"], "scrollab: error: /nonexistent/g.json: no such file\n"),
            (
                ["replay", "--gesture", "G", "--scene", "mosaic"],
                "scrollab: error: --scene: unknown scene \"mosaic\"; allowed: "
                    + SceneSetup.names.joined(separator: ", ") + "\n"
            ),
            (
                ["replay", "--gesture", "G", "--viewport", "wide"],
                "scrollab: error: --viewport: \"wide\" is not WIDTHxHEIGHT (for example 390x844)\n"
            ),
            (["replay", "--gesture", "G", "--fps", "0"], "scrollab: error: --fps: 0 is out of range [1, 1000]\n"),
            (
                ["replay", "--gesture", "G", "--pages", "3"],
                "scrollab: error: --pages applies to --scene pager only, not list\n"
            ),
            (
                ["replay", "--gesture", "G", "--params", "P"],
                "scrollab: error: P: key \"bounceDamping\": 0 is out of range; allowed range [1, 100] 1/s\n"
            ),
            (["replay"], nil),
            (["replay", "--gesture", "G", "--bogus"], nil),
            (["frobnicate"], nil)
        ] as [([String], String?)])
    func badInputGetsOneLineAndStatusTwo(arguments: [String], expected: String?) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = dir.appendingPathComponent("g.json"), p = dir.appendingPathComponent("p.json")
        let out = dir.appendingPathComponent("trace.csv")
        try gesture.write(to: g, atomically: true, encoding: .utf8)
        try "{\"bounceDamping\": 0}".write(to: p, atomically: true, encoding: .utf8)
        let resolved = arguments.map { $0 == "G" ? g.path : ($0 == "P" ? p.path : $0) } + ["--trace", out.path]
        let run = try scrollab(resolved)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("scrollab: error: "))
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "one line: \(run.stderr)")
        if let expected {
            #expect(run.stderr == expected.replacingOccurrences(of: "P:", with: p.path + ":"))
        }
        #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is half-written")
    }

    @Test func helpExitsZero() throws {
        let run = try scrollab(["replay", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--cell-width"))
    }

    @Test func existingTraceSurvivesAFailedRun() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let g = dir.appendingPathComponent("g.json"), out = dir.appendingPathComponent("trace.csv")
        try "{\"events\": [{\"t\": 1}]}".write(to: g, atomically: true, encoding: .utf8)
        try "keep me".write(to: out, atomically: true, encoding: .utf8)
        let run = try scrollab(["replay", "--gesture", g.path, "--trace", out.path])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "scrollab: error: \(g.path): event 0 (of 1): missing \"type\" (down, move, up, wheel, wheel-begin "
                + "or wheel-end)\n"
        )
        #expect(try String(contentsOf: out, encoding: .utf8) == "keep me")
    }
}

@Suite struct SoakTests {
    /// A simulated minute of random use in its own process (so its memory is its own); `make soak` runs an hour.
    @Test func aMinuteOfSimulatedUseHoldsUp() throws {
        let seconds = ProcessInfo.processInfo.environment["SCROLLAB_SOAK_SECONDS"] ?? "60"
        let run = try scrollab(["soak", "--seconds", seconds, "--seed", "3"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("drift of the reference fling 0.000000 pt"))
    }

    @Test func soakFlagsAreChecked() throws {
        let run = try scrollab(["soak", "--seconds", "0"])
        #expect(run.status == 2)
        #expect(run.stderr == "scrollab: error: --seconds: 0 is out of range [1, 86400]\n")
    }
}

@Suite struct CompareCommandTests {
    let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/golden")

    @Test func exitCodesAndDiffOutput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rest = golden.appendingPathComponent("list-rest.png").path,
            fling = golden.appendingPathComponent("list-fling.png").path
        let same = try scrollab(["compare", rest, rest])
        #expect(same.status == 0)
        #expect(same.stdout == "0 of 329160 pixels differ (0.000 %); largest channel difference 0, mean 0.000\n")
        let diff = dir.appendingPathComponent("diff.png").path
        let different = try scrollab(["compare", rest, fling, "--diff", diff])
        #expect(different.status == 1)
        // A scrolled feed differs almost everywhere (283,741 pixels when last rendered; the count moves with the art).
        let count = Int(different.stdout.prefix { $0.isNumber }) ?? 0
        #expect(count > 250_000 && count < 329_160 && different.stdout.contains("of 329160 pixels differ"))
        #expect(FileManager.default.fileExists(atPath: diff))
        let allowed = try scrollab(["compare", rest, fling, "--tolerance", "255"])
        #expect(allowed.status == 0)  // every difference within the tolerance
        let small = dir.appendingPathComponent("small.png").path
        _ = try scrollab(["render", "--scene", "pager", "--scale", "0.5", "--out", small])
        let sizes = try scrollab(["compare", rest, small])
        #expect(sizes.status == 2)
        #expect(sizes.stderr == "scrollab: error: \(rest) is 390x844 but \(small) is 195x422; sizes must match\n")
        let text = dir.appendingPathComponent("notes.png").path
        try "not an image".write(toFile: text, atomically: true, encoding: .utf8)
        let notPNG = try scrollab(["compare", rest, text])
        #expect(notPNG.status == 2 && notPNG.stderr == "scrollab: error: \(text): is not a PNG file\n")
        let missing = try scrollab(["compare", rest, "/nonexistent.png"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent.png"))
    }

    @Test func renderIsByteIdenticalRunToRun() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gesture = golden.deletingLastPathComponent().appendingPathComponent("gestures/fling-up.json").path
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        #expect(
            try scrollab(["render", "--scene", "list", "--gesture", gesture, "--at", "0.4", "--out", a]).status == 0)
        #expect(
            try scrollab(["render", "--scene", "list", "--gesture", gesture, "--at", "0.4", "--out", b]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }
}
