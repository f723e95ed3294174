import ArgumentParser
import Foundation
import Platform
import Media
import SafeOutput
import Formats
import Scenes

struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Rewrite the reference frames under Assets/golden (run when a visual change is intended)."
    )

    @Option(help: "The Assets folder.")
    var assets = "Assets"

    @Option(help: ArgumentHelp("Rewrite only this scene's frames: " + SceneSetup.names.joined(separator: ", ") + "."))
    var only: String?

    func run() throws {
        if let only, !SceneSetup.names.contains(only) {
            throw InputError("--only: unknown scene \"\(only)\"; allowed: \(SceneSetup.names.joined(separator: ", "))")
        }
        let frames = GoldenFrame.of(scene: only)
        // Every frame's file is checked before any is rewritten: a set is never left half new.
        for frame in frames { _ = try OutputFile.plan(frame.path(assets: assets), inputs: []) }
        let snapshot = try SceneSnapshot()
        for frame in frames {
            do {
                try frame.render(assets: assets, snapshot: snapshot).savePNG(frame.path(assets: assets))
            } catch let error as SDLError {
                throw InputError("\(error)")
            }
            try Console.print("wrote \(frame.path(assets: assets))")
        }
    }
}
