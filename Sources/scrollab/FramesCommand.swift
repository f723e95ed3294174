import ArgumentParser
import Drawing
import Foundation
import Platform
import Rendering
import Scenes
import ScrollLabKit

/// Runs a moving scene for a number of frames, for profilers (valgrind, perf): the same frame
/// path as the window, without a window.
struct FramesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frames",
        abstract: "Run frames of a moving scene offscreen, for profiling (allocations, instructions).",
        shouldDisplay: false
    )

    @OptionGroup var sceneOptions: SceneOptions

    @Option(parsing: .unconditional, help: "Frames to run after 240 warm-up frames.")
    var count = "300"

    @Flag(help: "Lay out only; do not draw with the canvas.")
    var layoutOnly = false

    func run() throws {
        let frames = try Flags.integer(count, flag: "--count", range: 0...10_000_000)
        let scene = try sceneOptions.setup(defaultList: .cards(count: 1000)).makeScene(viewport: .phone, parameters: .init())
        let canvas = layoutOnly ? nil : try OffscreenCanvas(width: 1280, height: 800, fonts: try FontLibrary())
        var list = DrawList()
        var t = 0.0
        for frame in 0..<(240 + frames) {
            t += 1.0 / 60
            if scene.isAtRest(at: t) { ScriptedFling.perform(on: scene, at: t, forward: frame / 300 % 2 == 0) }
            scene.advance(to: t)
            list.removeAll()
            scene.draw(into: &list, at: t)
            canvas?.draw(list, viewport: Rect(x: 0, y: 0, width: 390, height: 844), scale: 800.0 / 844, x: 455)
        }
        try Console.print("\(list.count)")
    }
}
