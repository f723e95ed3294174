import ArgumentParser
import Foundation
import Platform
import Playground
import Scenes
import ScrollLabKit
import ScrollPhysics

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Open the playground window (the default command)."
    )

    @OptionGroup var sceneOptions: SceneOptions

    @Option(help: "Parameter file to start from (the replay format).")
    var params: String?

    @Flag(help: "Start in A/B mode: two phones, one drag drives both.")
    var compare = false

    @Option(help: "Parameter file for side B (implies --compare).")
    var paramsB: String?

    @Flag(help: "Overlay B's content as a ghost on A (implies --compare).")
    var ghost = false

    @Option(help: "Write the trace CSV (as replay's) while the window runs.")
    var trace: String?

    @Option(help: "Window size in points, WIDTHxHEIGHT.")
    var window = "1280x800"

    @Option(help: "Save the viewport as PNG to this file, at --screenshot-scale (with --screenshot-at).")
    var screenshot: String?

    @Option(help: "Save the whole window as PNG to this file (with --screenshot-at).")
    var windowScreenshot: String?

    @Option(help: "Pixels per viewport point of screenshots (S, the Screenshot button, --screenshot), 1 to 3, whatever the window's size.")
    var screenshotScale = "2"

    @Option(help: "Seconds after start at which to save --screenshot.")
    var screenshotAt = "1"

    @Option(help: "Quit by itself after this many seconds (for scripted sessions).")
    var exitAfter: String?

    func run() throws {
        let initial = try sceneOptions.setup(defaultList: .cards(count: 200))
        let viewport = try Flags.size(sceneOptions.viewport, flag: "--viewport")
        let windowSize = try Flags.size(window, flag: "--window")
        let shotTime = try Flags.number(screenshotAt, flag: "--screenshot-at", range: 0...3600)
        let shotScale = try Flags.number(screenshotScale, flag: "--screenshot-scale", range: 1...3)
        let quitTime = try exitAfter.map { try Flags.number($0, flag: "--exit-after", range: 0...86_400) }
        let parameters = try ParametersFile.load(params)
        let parametersB = try paramsB.map { try ParametersFile.load($0) }
        // Keys 1…8 switch between the scenes; the one asked for keeps its content flags.
        var setups = SceneSetup.playground
        let index = SceneSetup.names.firstIndex(of: initial.name) ?? 0
        setups[index] = initial

        let app: PlaygroundApp
        do {
            app = try PlaygroundApp(windowWidth: Int(windowSize.width), windowHeight: Int(windowSize.height))
        } catch {
            FileHandle.standardError.write(Data("scrollab: no display to open a window on (\(error)); the headless commands work anywhere: scrollab replay, scrollab render\n".utf8))
            Foundation.exit(1)
        }
        let session = try PlaygroundSession(setups: setups, initial: index, viewport: viewport, parameters: parameters,
                                            tracePath: trace, realTime: Window.now)
        if compare || parametersB != nil || ghost {
            session.setComparing(true, at: Window.now)
            if let parametersB {
                session.editing = 1
                session.setParameters(parametersB, at: Window.now)
                session.editing = 0
            }
            session.showsGhost = ghost
        }
        app.shotScale = shotScale
        app.run(session, screenshot: screenshot.map { ($0, shotTime) }, windowScreenshot: windowScreenshot.map { ($0, shotTime) },
                quitAfter: quitTime)
    }
}
