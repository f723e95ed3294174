import Foundation
import Scenes
import ScrollLabKit
import ScrollPhysics

/// What a designer has open in the window, without the window: the scenes, the parameters
/// being tuned, the clock, the plot history, the trace being written and the last message.
///
/// Everything the panel and the keys do goes through here, so it is testable headless.
public final class PlaygroundSession {
    public struct Message: Equatable { public var text: String; public var isError: Bool }

    public let setups: [SceneSetup]
    public let viewport: Size
    public private(set) var sceneIndex: Int
    public private(set) var scene: any ScrollScene
    /// The parameters in use.
    public private(set) var parameters: ScrollParameters
    /// The parameters last loaded, saved or chosen as a preset ("Revert" returns here).
    public private(set) var savedParameters: ScrollParameters
    public private(set) var clock: SceneClock
    public let input = InputTranslator()
    public private(set) var offsetHistory: History
    public private(set) var velocityHistory: History
    public private(set) var message: Message?
    /// Milliseconds the last frame took to build (set by the window).
    public var frameMilliseconds = 0.0
    /// The window's trace keeps to the five contract columns: scenes can be switched mid-session.
    private var trace: FileHandle?
    public let tracePath: String?

    /// - Parameters: `setups` are the scenes keys 1, 2, 3… switch to; `initial` indexes them.
    public init(setups: [SceneSetup], initial: Int, viewport: Size, parameters: ScrollParameters, tracePath: String?,
                realTime: Double = 0, historySeconds: Double = 4, historyRate: Double = 60) throws(InputError) {
        precondition(!setups.isEmpty)
        self.setups = setups
        self.viewport = viewport
        self.parameters = parameters
        savedParameters = parameters
        sceneIndex = min(max(initial, 0), setups.count - 1)
        scene = setups[sceneIndex].makeScene(viewport: viewport, parameters: parameters)
        clock = SceneClock(realTime: realTime)
        let capacity = Int(historySeconds * historyRate)
        offsetHistory = History(capacity: capacity)
        velocityHistory = History(capacity: capacity)
        self.tracePath = tracePath
        if let tracePath {
            guard FileManager.default.createFile(atPath: tracePath, contents: Data(Trace.header.utf8)),
                  let handle = FileHandle(forWritingAtPath: tracePath) else {
                throw InputError("\(tracePath): cannot be written")
            }
            handle.seekToEndOfFile()
            trace = handle
        }
    }

    deinit { try? trace?.close() }

    // MARK: Time

    public func sceneTime(at realTime: Double) -> Double { clock.sceneTime(at: realTime) }

    /// Advances the scene to the frame's time, records the plots and writes the trace row.
    public func frame(at realTime: Double) {
        let t = clock.sceneTime(at: realTime)
        scene.advance(to: t)
        let axis = scene.mainAxis
        offsetHistory.append(axis.offset(at: t))
        velocityHistory.append(axis.velocity(at: t))
        if let trace { trace.write(Data(Trace.row(scene, at: t, extras: false).utf8)) }
    }

    /// The viewport's length along the current scene's axis (pt).
    public var mainAxisViewportLength: Double { scene.orientation.length(of: viewport) }

    public var isSlowMotion: Bool { clock.rate < 1 }

    public func toggleSlowMotion(at realTime: Double) {
        clock.setRate(isSlowMotion ? 1 : SceneClock.slowMotion, at: realTime)
    }

    // MARK: Scenes

    public func switchScene(to index: Int, at realTime: Double) {
        guard index >= 0, index < setups.count, index != sceneIndex else { return }
        sceneIndex = index
        input.reset()
        let t = clock.sceneTime(at: realTime)
        scene = setups[index].makeScene(viewport: viewport, parameters: parameters)
        scene.advance(to: t)
        offsetHistory.removeAll()
        velocityHistory.removeAll()
    }

    // MARK: Parameters

    /// Applies to the next gesture and to motion already under way, without a jump.
    public func setParameters(_ new: ScrollParameters, at realTime: Double) {
        guard new != parameters else { return }
        parameters = new
        scene.setParameters(new, at: clock.sceneTime(at: realTime))
    }

    public func applyPreset(_ preset: Preset, at realTime: Double) {
        setParameters(preset.parameters, at: realTime)
        savedParameters = preset.parameters
        message = Message(text: "Preset \"\(preset.title)\": \(preset.summary)", isError: false)
    }

    public func resetToDefaults(at realTime: Double) {
        setParameters(ScrollParameters(), at: realTime)
        message = Message(text: "Reset to defaults (UIKit normal).", isError: false)
    }

    public func revert(at realTime: Double) {
        setParameters(savedParameters, at: realTime)
        message = Message(text: "Reverted to the last saved or loaded values.", isError: false)
    }

    public var hasUnsavedChanges: Bool { parameters != savedParameters }

    /// Loads a parameter file; a bad file shows its error and keeps the current values.
    public func loadParameters(from path: String, at realTime: Double) {
        do {
            let loaded = try ParametersFile.decode(try TextFile.read(path), file: path)
            setParameters(loaded, at: realTime)
            savedParameters = loaded
            message = Message(text: "Loaded \(path).", isError: false)
        } catch {
            message = Message(text: error.message, isError: true)
        }
    }

    public func saveParameters(to path: String) {
        do {
            try TextFile.write(ParametersFile.encode(parameters), to: path)
            savedParameters = parameters
            message = Message(text: "Saved \(path).", isError: false)
        } catch {
            message = Message(text: error.message, isError: true)
        }
    }

    public func show(_ text: String, isError: Bool = false) {
        message = Message(text: text, isError: isError)
    }
}
