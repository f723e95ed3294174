import Testing
import Scenes
import ScrollPhysics
import Formats
@testable import ScrollLabApp

/// The command line's own parsing of flags: one-line errors, and each numeric option's range declared once.
@Suite struct OptionTests {
    @Test func flagsParseWithOneLineErrors() throws {
        #expect(try Flags.size("390x844", flag: "--viewport") == Size(width: 390, height: 844))
        #expect(throws: InputError("--viewport: \"390\" is not WIDTHxHEIGHT (for example 390x844)")) {
            try Flags.size("390", flag: "--viewport")
        }
        #expect(throws: InputError("--viewport: 0x844 is out of range; each side must be in [1, 100000] points")) {
            try Flags.size("0x844", flag: "--viewport")
        }
        #expect(throws: InputError("--fps: 0 is out of range [1, 1000]")) {
            try Flags.number("0", flag: "--fps", range: 1...1000)
        }
        #expect(throws: InputError("--fps: \"fast\" is not a number; allowed range [1, 1000]")) {
            try Flags.number("fast", flag: "--fps", range: 1...1000)
        }
        #expect(throws: InputError("--pages: \"2.5\" is not a whole number; allowed range [0, 10]")) {
            try Flags.integer("2.5", flag: "--pages", range: 0...10)
        }
    }

    /// A numeric option's range is declared once: its help states it and its value is checked
    /// against it, so the two cannot disagree.
    @Test func anOptionsHelpAndCheckReadOneRange() throws {
        #expect(RenderCommand.Scale.help("Pixels per point").abstract == "Pixels per point, 0.25 to 4.")
        #expect(try Number<RenderCommand.Scale>("0.25").value() == 0.25)
        #expect(throws: InputError("--scale: 4.5 is out of range [0.25, 4]")) {
            try Number<RenderCommand.Scale>("4.5").value()
        }
        #expect(
            VideoOptions.FPS.help("--video: frames per second", " (…).").abstract
                == "--video: frames per second, 1 to 120 (…).")
        #expect(throws: InputError("--fps: 121 is out of range [1, 120]")) {
            try Number<VideoOptions.FPS>("121").value()
        }
        // A scene's content flag: its help and its check read the scene registry's one definition.
        #expect(SceneOptions.help("--pages").abstract == "pager: number of pages, 0 to 1000000 (default 5).")
        var options = try SceneOptions.parse(["--scene", "pager", "--pages", "7"])
        #expect(try options.setup(defaultList: .cards(count: 1)) == .pager(pages: 7))
        options = try SceneOptions.parse(["--scene", "pager", "--pages", "7.5"])
        #expect(throws: InputError("--pages: \"7.5\" is not a whole number; allowed range [0, 1000000]")) {
            try options.setup(defaultList: .cards(count: 1))
        }
    }
}
