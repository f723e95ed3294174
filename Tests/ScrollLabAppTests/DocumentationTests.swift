import Foundation
import Testing
import Scenes

/// The documentation set (README.md, docs/, CONTRIBUTING.md, ARCHITECTURE.md) holds together: every
/// relative link leads to a file, the README stays short, and the command reference is the
/// commands' own help.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Markdown pages of the set, relative to the root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"] + docs
    }

    /// The targets of a page's inline links and images, `[text](target)` and `![alt](target)`,
    /// outside code blocks and code spans.
    static func linkTargets(_ text: String) -> [String] {
        var targets: [String] = []
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle() }
            if inBlock || line.hasPrefix("    ") { continue }
            // Code spans hold commands and paths, not links.
            let prose = line.replacing(/`[^`]*`/, with: "")
            for match in prose.matches(of: /\]\(([^)\s]+)(?:\s+"[^"]*")?\)/) { targets.append(String(match.1)) }
        }
        return targets
    }

    @Test func everyRelativeLinkLeadsToAFile() throws {
        var broken: [String] = []
        var count = 0
        for page in try Self.pages() {
            let url = Self.root.appendingPathComponent(page)
            let text = try String(contentsOf: url, encoding: .utf8)
            for target in Self.linkTargets(text) {
                if target.contains("://") || target.hasPrefix("mailto:") || target.hasPrefix("#") { continue }
                let path = String(target.split(separator: "#", maxSplits: 1)[0]).removingPercentEncoding ?? target
                let file = url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                count += 1
                if !FileManager.default.fileExists(atPath: file.path) { broken.append("\(page): \(target)") }
            }
        }
        #expect(count > 20, "only \(count) relative links found: is the link pattern still right?")
        #expect(broken.isEmpty, "links to no file:\n\(broken.joined(separator: "\n"))")
    }

    /// The link check sees links, and only links.
    @Test func theLinkPatternFindsLinksAndSkipsCode() {
        let text = """
            See [the zoo](docs/feel-zoo.md#models) and ![A picture](Assets/a.png "title").
            `[not](a-link.md)` in a code span
                [indented](code.md)
            ```
            [fenced](code.md)
            ```
            """
        #expect(Self.linkTargets(text) == ["docs/feel-zoo.md#models", "Assets/a.png"])
    }

    /// The README is the front page, not the manual: at most 250 lines, and it links every docs page.
    @Test func theReadmeIsShortAndLinksEveryPage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 250, "README.md has \(lines) lines; move detail to a page under docs/")
        let linked = Set(Self.linkTargets(readme).map { String($0.split(separator: "#")[0]) })
        let missing = try Self.pages().filter { $0.hasPrefix("docs/") && !linked.contains($0) }
        #expect(missing.isEmpty, "README.md does not link \(missing)")
    }

    /// docs/commands.md, made from `scrollab --help` and each listed subcommand's `--help`.
    static func commandReference() throws -> String {
        // The help is wrapped at COLUMNS when it is set: the page is made at 80, whatever the shell says.
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        environment["LINES"] = nil
        let top = try scrollab(["--help"], environment: environment)
        #expect(top.status == 0, "\(top.stderr)")
        // The subcommands as `--help` lists them: "  name" or "  name (default)" after "SUBCOMMANDS:".
        var names: [String] = []
        if let section = top.stdout.range(of: "SUBCOMMANDS:\n") {
            for line in top.stdout[section.upperBound...].split(separator: "\n") {
                guard let name = line.firstMatch(of: /^  ([a-z][a-z0-9-]*)(?: \(default\))?(?:\s|$)/)?.1 else {
                    continue
                }
                names.append(String(name))
            }
        }
        var text = """
            # Command reference

            Every command's own `--help`, as `scrollab` prints it. Generated, not written by hand:
            `make command-reference` rewrites this page from the built binary, and a test
            (`DocumentationTests.commandReferenceIsTheCommandsOwnHelp`) fails when it is stale. What the
            commands are for, with examples, is in the other pages: [the playground](playground.md),
            [commands without a display](headless.md), [tracking and fitting](tracking-and-fitting.md),
            [blind tests](blind-tests.md), [the web page](web.md), and the rules every command follows
            for its files in [output files, limits and bad input](output-files.md).


            """
        text += (["scrollab"] + names.map { "scrollab \($0)" }).map { name in
            "- [`\(name)`](#\(name.replacingOccurrences(of: " ", with: "-")))\n"
        }.joined()
        let sections =
            [("scrollab", top)]
            + (try names.map { ("scrollab \($0)", try scrollab([$0, "--help"], environment: environment)) })
        for (name, run) in sections {
            #expect(run.status == 0, "\(name) --help: \(run.stderr)")
            let help = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.replacing(/\s+$/, with: "") }.joined(separator: "\n")
                .trimmingCharacters(in: .newlines)
            text += "\n## \(name)\n\n```text\n\(help)\n```\n"
        }
        return text
    }

    @Test func commandReferenceIsTheCommandsOwnHelp() throws {
        let page = Self.root.appendingPathComponent("docs/commands.md")
        let reference = try Self.commandReference()
        #expect(reference.contains("## scrollab replay"), "no subcommands found in scrollab --help")
        if ProcessInfo.processInfo.environment["SCROLLAB_UPDATE_DOCS"] == "1" {
            try reference.write(to: page, atomically: true, encoding: .utf8)
            return
        }
        let committed = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
        let have = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let want = reference.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(have.count, want.count)).first { have[$0] != want[$0] } ?? min(have.count, want.count)
        #expect(
            committed == reference,
            """
            docs/commands.md is not the commands' help (run make command-reference); line \(line + 1) \
            reads "\(line < have.count ? have[line] : "")", the help gives "\(line < want.count ? want[line] : "")"
            """)
    }

    /// The README's scene table: one row per entry of the scene registry (its number key, name and
    /// caption), rewritten with SCROLLAB_UPDATE_DOCS=1 (`make command-reference`).
    static func sceneTable() -> String {
        var rows = ["| key | scene | what it shows |", "| --- | --- | --- |"]
        for (index, kind) in SceneSetup.registry.enumerated() {
            rows.append("| \(index + 1) | `\(kind.name)` | \(kind.caption) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    @Test func theReadmesSceneTableIsTheRegistry() throws {
        let url = Self.root.appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let header = "| key | scene | what it shows |\n"
        let start = try #require(readme.range(of: header), "README.md has no scene table")
        var end = start.lowerBound
        var rest = readme[start.lowerBound...]
        while let line = rest.firstIndex(of: "\n"), rest.hasPrefix("|") {
            end = readme.index(after: line)
            rest = readme[end...]
        }
        let table = String(readme[start.lowerBound..<end])
        if ProcessInfo.processInfo.environment["SCROLLAB_UPDATE_DOCS"] == "1" {
            try (readme.replacingCharacters(in: start.lowerBound..<end, with: Self.sceneTable()))
                .write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(table == Self.sceneTable(), "the README's scene table is not the registry's (make command-reference)")
    }
}
