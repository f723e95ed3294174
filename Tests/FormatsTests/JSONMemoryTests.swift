import Foundation
import Testing
@testable import Formats

/// M1: the memory a JSON input takes, measured as the peak resident set of the real command. A 64 MB file of nested
/// arrays once peaked at 2.77 GB (every value a
/// heap box, every array grown by doubling); the bound is 10 times the file over an empty run.
@Suite struct JSONMemoryTests {
    /// The shapes that cost most per byte: deep nesting, numbers, strings, keys, small objects.
    static let shapes: [(name: String, head: String, unit: @Sendable (Int) -> String, tail: String)] = [
        ("nested", "[", { _ in String(repeating: "[", count: 100) + String(repeating: "]", count: 100) }, "]"),
        ("numbers", "[", { _ in "0" }, "]"),
        ("strings", "[", { _ in "\"\"" }, "]"),
        ("keys", "{", { "\"\(String($0, radix: 16))\":0" }, "}"),
        ("objects", "[", { _ in "{\"a\":0,\"b\":1}" }, "]")
    ]

    static func write(
        _ shape: (name: String, head: String, unit: @Sendable (Int) -> String, tail: String), bytes: Int,
        to path: String
    ) throws {
        var parts: [String] = [], size = shape.head.utf8.count + shape.tail.utf8.count
        while true {
            let unit = shape.unit(parts.count)
            guard size + unit.utf8.count + 1 <= bytes else { break }
            size += unit.utf8.count + 1
            parts.append(unit)
        }
        try (shape.head + parts.joined(separator: ",") + shape.tail).write(
            toFile: path, atomically: false, encoding: .utf8)
    }

    /// The peak resident set (bytes) of `scrollab` run with `arguments`, and its exit status, as
    /// GNU time reports it. (A child spawned from this process directly would report this
    /// process's peak: Linux keeps the larger of the two across `exec` after a `vfork`.)
    static func peakMemory(_ arguments: [String], in dir: URL) throws -> (bytes: Int, status: Int32) {
        let report = dir.appendingPathComponent("time.txt").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["-f", "%M", "-o", report, scrollabBinary().path] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let kilobytes = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last.flatMap {
            Int($0)
        }
        return ((kilobytes ?? -1) * 1024, process.terminationStatus)
    }

    static let time = "/usr/bin/time"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: time), "GNU time missing (make test installs it)"))
    func everyShapeTakesAtMostTenTimesItsSize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.json").path
        try "{\"events\": []}".write(toFile: empty, atomically: false, encoding: .utf8)
        let base = try Self.peakMemory(["replay", "--gesture", empty, "--trace", "/dev/null"], in: dir)
        #expect(base.status == 0)
        let size = 4 << 20
        for shape in Self.shapes {
            let path = dir.appendingPathComponent(shape.name + ".json").path
            try Self.write(shape, bytes: size, to: path)
            let run = try Self.peakMemory(["replay", "--gesture", path, "--trace", "/dev/null"], in: dir)
            #expect(run.status == 2)  // parsed whole, then refused: not a gesture
            let ratio = Double(run.bytes - base.bytes) / Double(size)
            #expect(
                ratio <= 10,
                "\(shape.name): \(run.bytes >> 20) MB peak, \(base.bytes >> 20) MB for an empty gesture: \(ratio)×"
            )
        }
    }

    /// The tape reads back what the text says: nested values, escapes, keys, order and equality.
    @Test func documentsReadBackExactly() throws {
        let text =
            #"{"a": [1, -2.5e3, [[], {}], {"x": null}], "s\u0041": "\u00e9\n\ud83d\ude00\"/", "t": true, "f": false}"#
        let value = try JSONParser.parse(text)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "sA", "t", "f"])
        #expect(
            value["a"]
                == .array([.number(1), .number(-2500), .array([.array([]), .object([:])]), .object(["x": .null])]))
        #expect(value["sA"] == .string("é\n😀\"/"))
        #expect(value["t"] == .bool(true) && value["f"] == .bool(false) && value["missing"] == nil)
        #expect(try JSONParser.parse(value.serialized()) == value)
        guard case .array(let items) = value["a"] else { Issue.record("not an array"); return }
        #expect(items.count == 4 && items.map(\.kindName) == ["a number", "a number", "an array", "an object"])
        // A key spelled with an escape is the same key, in small objects and in large ones.
        let small = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(#"{"a": 1, "\u0061": 2}"#) }
        #expect(small?.description == "line 1, column 10: duplicate key \"a\"")
        let keys = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{" + keys + #", "\u006b7": 0}"#) }
        #expect(large?.message == "duplicate key \"k7\"")
        #expect(try JSONParser.parse("{" + keys + "}")["k19"] == .number(19))
    }
}
