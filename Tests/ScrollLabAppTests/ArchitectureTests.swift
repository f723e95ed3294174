import Foundation
import Testing

/// ARCHITECTURE.md's map of the modules is made from `Package.swift`: which module may import
/// which is what the package lets it depend on, so the map cannot drift from the build.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every product target of `Package.swift` (not the tests) and the targets it depends on,
    /// in the order they are declared.
    static func modules(_ package: String) -> [(name: String, dependencies: [String])] {
        var modules: [(String, [String])] = []
        var rest = Substring(package)
        while let start = rest.range(of: #"\.(target|systemLibrary|executableTarget)\("#, options: .regularExpression) {
            // The call's text, to its closing parenthesis.
            var depth = 0
            var end = start.upperBound
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = rest.index(after: index)
                        break
                    }
                }
            }
            let call = rest[start.lowerBound..<end]
            rest = rest[end...]
            guard let name = call.firstMatch(of: /name: "([A-Za-z0-9]+)"/)?.1 else { continue }
            var dependencies: [String] = []
            if let list = call.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                // Names in quotes, and products by name: .product(name: "X", …) counts as X.
                dependencies = list.matches(of: /"([A-Za-z0-9]+)"/).map { String($0.1) }.filter {
                    !["swift-argument-parser", "swift-property-based"].contains($0)
                }
            }
            if name == "TestSupport" { continue }
            modules.append((String(name), dependencies))
        }
        return modules
    }

    /// The map: a Mermaid graph (an arrow from each module to what it may import) and, for readers
    /// of the text, the same as a list.
    static func map(_ modules: [(name: String, dependencies: [String])]) -> String {
        var text = "```mermaid\ngraph TD\n"
        for module in modules {
            for dependency in module.dependencies { text += "    \(module.name) --> \(dependency)\n" }
        }
        text += "```\n\n| module | may import |\n| --- | --- |\n"
        for module in modules {
            let list = module.dependencies.map { "`\($0)`" }.joined(separator: ", ")
            text += "| `\(module.name)` | \(list.isEmpty ? "—" : list) |\n"
        }
        return text
    }

    @Test func theMapOfModulesIsMadeFromThePackage() throws {
        let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let modules = Self.modules(package)
        #expect(modules.contains { $0.name == "ScrollPhysics" && $0.dependencies.isEmpty })
        #expect(modules.contains { $0.name == "Fitting" && $0.dependencies.contains("Formats") })
        let map = Self.map(modules)
        let path = Self.root.appendingPathComponent("ARCHITECTURE.md")
        let text = try String(contentsOf: path, encoding: .utf8)
        let begin = "<!-- modules: made from Package.swift by `make architecture` -->\n",
            end = "<!-- end of modules -->"
        let start = try #require(text.range(of: begin), "ARCHITECTURE.md has the marker \(begin)")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        if text[start.upperBound..<stop.lowerBound] != map,
            ProcessInfo.processInfo.environment["SCROLLAB_UPDATE_ARCHITECTURE"] == "1"
        {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: map).write(
                to: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            text[start.upperBound..<stop.lowerBound] == map,
            "ARCHITECTURE.md's map of the modules must read (make architecture writes it):\n\(map)")
    }
}
