import Foundation
import Testing
import Formats
import ScrollPhysics

/// The Swift an engineer pastes, and the docs' parameter table, both made from the parameter table.
@Suite struct ExportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func snippetTypesEveryValueAndNamesWhatToDoWithIt() {
        var p = ScrollParameters()
        p.pageDamping = 20  // a whole number: must still be a Double
        p.maximumPagesPerFling = 3
        let snippet = SwiftSnippet.make(p)
        #expect(snippet.contains("    var pageDamping: Double = 20.0\n"))
        #expect(snippet.contains("    var bounceDamping: Double = 10.9\n"))
        #expect(snippet.contains("    var maximumPagesPerFling: Int = 3\n"))
        #expect(snippet.contains("    var rubberBandLimit: Double? = nil\n"))
        #expect(snippet.contains("    var pagePolicy: String = \"projection\"\n"))
        // Every property has a "Use:" line: the UIKit property or the formula, with units.
        #expect(snippet.components(separatedBy: "    /// Use: ").count - 1 == ScrollParameters.tunables.count)
        #expect(snippet.contains("UISpringTimingParameters(mass: 1, stiffness: δ², damping: 2δ"))
        // UIKit only inside #if canImport(UIKit).
        let lines = snippet.split(separator: "\n", omittingEmptySubsequences: false)
        var depth = 0
        for line in lines {
            if line.hasPrefix("#if canImport(UIKit)") { depth += 1 } else if line.hasPrefix("#endif") { depth -= 1 }
            if line.contains("UIScrollView") && !line.contains("///") && !line.hasPrefix("//") {
                #expect(depth == 1, "outside #if canImport(UIKit): \(line)")
            }
        }
        #expect(
            snippet.contains(
                "scrollView.decelerationRate = UIScrollView.DecelerationRate(rawValue: CGFloat(decelerationRate))"))
        // Sources by title and author, never a bare seed number or file name.
        #expect(!snippet.contains("seed 0") && !snippet.contains("Seed 0") && !snippet.contains(".txt"))
        #expect(snippet.contains("Li's “UIScrollView drag conversion rate and paging”"))
    }

    /// Every preset's snippet, and one of whole-number values, compiled as pasted.
    @Test func snippetsTypeCheckWithSwiftc() throws {
        guard let swiftc = Self.executable("swiftc") else {
            print("snippetsTypeCheckWithSwiftc: skipped, no swiftc on PATH")
            return
        }
        var whole = ScrollParameters()
        whole.decelerationRate = 0.99
        whole.decelerationPower = 1
        whole.bounceDamping = 11
        whole.pageDamping = 50
        whole.rubberBandCoefficient = 1
        whole.rubberBandLimit = 1000
        whole.pageSwitchBias = 3
        whole.pageDistanceThreshold = 1
        whole.pageFlickDistanceThreshold = 0
        whole.minimumFlickVelocity = 300
        whole.maximumPagesPerFling = 5
        var file = ""
        var uses = "func useEverySnippet() {\n"
        let cases = Preset.all.map { ($0.id, $0.feel.uikit) } + [("whole", whole)]
        for (index, (_, parameters)) in cases.enumerated() {
            let name = "ScrollFeel\(index)"
            file += SwiftSnippet.make(parameters, typeName: name) + "\n"
            // What an engineer writes with it: Doubles are Doubles, counts are Ints.
            uses += "    let d\(index): Double = \(name)().pageDamping + \(name)().decelerationRate\n"
            uses += "    let n\(index): Int = \(name)().maximumPagesPerFling\n"
            uses += "    let l\(index): Double? = \(name)().rubberBandLimit\n"
            uses += "    _ = (d\(index), n\(index), l\(index))\n"
        }
        file += uses + "}\n"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Feel.swift")
        try file.write(to: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-typecheck", "-parse-as-library", "-swift-version", "6", path.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "swiftc -typecheck failed:\n\(output)")
        #expect(!output.contains("warning"), "\(output)")
    }

    static func executable(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// docs/parameters.md's table is the one `ParametersFile.markdownTable` makes from the definitions.
    @Test func parameterTableIsGeneratedFromTheDefinitions() throws {
        let page = Self.root.appendingPathComponent("docs/parameters.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let table = ParametersFile.markdownTable(ScrollParameters.self)
        if ProcessInfo.processInfo.environment["SCROLLAB_UPDATE_DOCS"] == "1", !text.contains(table),
            let start = text.range(of: "| key | default | range |"),
            let end = text.range(of: "\n\n", range: start.lowerBound..<text.endIndex)
                ?? text.range(of: "\n", options: .backwards, range: start.lowerBound..<text.endIndex)
        {
            // `make parameter-table`: the table is replaced in place, the line after it kept.
            let updated = text.replacingCharacters(
                in: start.lowerBound..<end.lowerBound,
                with: String(table.dropLast()))
            try updated.write(to: page, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            text.contains(table),
            "docs/parameters.md's table must read (make parameter-table writes it):\n\(table)")
    }
}
