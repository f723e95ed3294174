import Foundation
import Testing
import Scenes
import ScrollLabKit
import ScrollPhysics
@testable import Playground

@Suite struct PlaygroundSessionTests {
    func session(trace: String? = nil) throws -> PlaygroundSession {
        try PlaygroundSession(setups: [.cards(count: 50), .pager(pages: 4), .carousel(cellWidth: 300, spacing: 12, cells: 6)],
                              initial: 0, viewport: .phone, parameters: ScrollParameters(), tracePath: trace, realTime: 10)
    }

    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("playground-\(UUID().uuidString)-\(name)").path
    }

    @Test func badParameterFileShowsItsErrorAndKeepsTheValues() throws {
        let s = try session()
        var tuned = ScrollParameters()
        tuned.bounceDamping = 30
        s.setParameters(tuned, at: 10)
        let path = temporaryPath("bad.json")
        try "{\"bounceDamping\": \"stiff\"}".write(toFile: path, atomically: true, encoding: .utf8)
        s.loadParameters(from: path, at: 11)
        #expect(s.message == .init(text: "\(path): key \"bounceDamping\": \"stiff\" is not a number; allowed range [1, 100] 1/s", isError: true))
        #expect(s.parameters.bounceDamping == 30)
        s.loadParameters(from: "/nonexistent.json", at: 11)
        #expect(s.message?.text == "/nonexistent.json: no such file")
        #expect(s.parameters.bounceDamping == 30)
    }

    @Test func saveLoadRevertAndPresets() throws {
        let s = try session()
        let path = temporaryPath("feel.json")
        var tuned = ScrollParameters()
        tuned.pageDamping = 42
        s.setParameters(tuned, at: 10)
        #expect(s.hasUnsavedChanges)
        s.saveParameters(to: path)
        #expect(!s.hasUnsavedChanges)
        s.applyPreset(Preset.all.first { $0.id == "uikit-fast" }!, at: 11)
        #expect(s.parameters.decelerationRate == 0.99)
        s.loadParameters(from: path, at: 12)
        #expect(s.parameters == tuned)
        s.resetToDefaults(at: 13)
        s.revert(at: 13)
        #expect(s.parameters == tuned)
        #expect(s.scene.mainAxis.parameters == tuned)   // applied to the live scene too
    }

    @Test func parameterChangeDuringMotionDoesNotJump() throws {
        let s = try session()
        s.input.pointerDown(at: Point(x: 200, y: 600), time: 0.0, scene: s.scene)
        for i in 1...6 { s.input.pointerMoved(to: Point(x: 200, y: 600 - 40 * Double(i)), time: 0.008 * Double(i), scene: s.scene) }
        s.input.pointerUp(at: Point(x: 200, y: 360), time: 0.048, scene: s.scene)
        s.frame(at: 10.3)
        let before = s.scene.mainAxis.offset(at: 0.3)
        var fast = s.parameters
        fast.decelerationRate = 0.99
        s.setParameters(fast, at: 10.3)
        #expect(abs(s.scene.mainAxis.offset(at: 0.3) - before) < 1e-9)
    }

    @Test func switchingScenesAndTracing() throws {
        let path = temporaryPath("trace.csv")
        let s = try session(trace: path)
        for i in 0..<5 { s.frame(at: 10 + Double(i) / 60) }
        s.switchScene(to: 1, at: 10.1)
        #expect(s.scene.name == "pager")
        s.frame(at: 10.2)
        s.switchScene(to: 9, at: 10.2)   // no such scene: ignored
        #expect(s.sceneIndex == 1)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "t,offset,velocity,phase,page")
        #expect(lines.count == 7)
        #expect(lines.last == "0.200000,0.0000,0.000,idle,0")
    }

    @Test func unwritableTraceIsAOneLineError() {
        #expect(throws: InputError("/nonexistent/dir/trace.csv: cannot be written")) {
            _ = try PlaygroundSession(setups: [.pager(pages: 2)], initial: 0, viewport: .phone, parameters: ScrollParameters(),
                                      tracePath: "/nonexistent/dir/trace.csv")
        }
    }

    @Test func presetFilesMatchThePresets() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for preset in Preset.all {
            let path = root.appendingPathComponent("Assets/presets/\(preset.id).json").path
            #expect(try ParametersFile.decode(TextFile.read(path), file: path) == preset.parameters, "\(preset.id)")
        }
    }
}
