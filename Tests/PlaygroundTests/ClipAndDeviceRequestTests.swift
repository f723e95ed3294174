import Foundation
import Testing
import Scenes
import Formats
import ScrollPhysics
@testable import Playground

/// The panel's *Record clip* and *Device* requests, applied by the session.
@Suite struct ClipAndDeviceRequestTests {
    func session() throws -> TestSession {
        try TestSession(
            setups: [.cards(count: 50), .pager(pages: 4)], initial: 1, viewport: .phone,
            feel: Feel(ScrollParameters()), tracePath: nil, realTime: 10)
    }

    @Test func recordClipAsksTheWindowForTheLastGestureOnEverySide() throws {
        let s = try session()
        #expect(s.send([.recordClip(format: "mp4")], at: 10).isEmpty)
        #expect(s.message?.isError == true && s.message?.text.hasPrefix("Record or load a gesture first") == true)

        s.send([.startRecording], at: 11)
        s.pointerDown(at: Point(x: 195, y: 600), time: 11.5)
        s.pointerMoved(to: Point(x: 195, y: 500), time: 11.55)
        s.pointerUp(at: Point(x: 195, y: 420), time: 11.6)
        s.send([.stopRecording, .setComparing(true), .edit(side: 1)], at: 12)
        var fast = ScrollParameters()
        fast.decelerationRate = 0.99
        s.session.setFeel(Feel(fast), at: 12)
        let window = s.send([.recordClip(format: "gif")], at: 12.5)
        guard case .recordClip(let clip)? = window.first else { Issue.record("no clip request: \(window)"); return }
        #expect(clip.setup == .pager(pages: 4) && clip.viewport == .phone)
        #expect(
            zip(clip.events.map(\.time), [0, 0.05, 0.1]).allSatisfy { abs($0 - $1) < 1e-9 } && clip.events.count == 3)
        #expect(
            clip.labels == ["A · UIKit normal", "B · UIKit normal · modified"] && clip.feels == [.standard, Feel(fast)])
        #expect(clip.format == "gif" && clip.path == "scrollab-clip-pager-12500.gif")
    }

    @Test func aDeviceLaysEverySideOutAnew() throws {
        let s = try session()
        s.send([.setComparing(true)], at: 10)
        let se = try #require(Device.named("iphone-se"))
        s.send([.setViewport(se.viewport)], at: 11)
        #expect(s.viewport == Size(width: 375, height: 667))
        #expect(s.sides.allSatisfy { $0.scene.viewport == se.viewport })
        // Pages are the new viewport's height: a flick lands on 667, not 844.
        s.pointerDown(at: Point(x: 180, y: 500), time: 12)
        s.pointerMoved(to: Point(x: 180, y: 440), time: 12.03)
        s.pointerMoved(to: Point(x: 180, y: 380), time: 12.06)
        s.pointerUp(at: Point(x: 180, y: 380), time: 12.06)
        s.frame(at: 15)
        #expect(s.sides.allSatisfy { $0.scene.mainAxis.offset(at: s.sceneTime(at: 15)) == 667 })
        // A size below one point is refused.
        s.send([.setViewport(Size(width: 0, height: 10))], at: 16)
        #expect(s.viewport == se.viewport)
        // Back to the default phone after a 120 Hz @2x iPad: its 60 Hz and @3x come back too.
        let ipad = try #require(Device.named("ipad-pro-11"))
        s.send([.setViewport(ipad.viewport)], at: 17)
        #expect(s.sides.allSatisfy { $0.feel.uikit.refreshRate == 120 && $0.feel.uikit.displayScale == 2 })
        s.send([.setViewport(.phone)], at: 18)
        #expect(s.sides.allSatisfy { $0.feel.uikit.refreshRate == 60 && $0.feel.uikit.displayScale == 3 })
        #expect(s.message?.text == "Viewport 390×844 pt, 60 Hz, @3x.")
    }

    /// A side holds one feel: another model carries none of UIKit's values, and UIKit picked
    /// again (or a preset, or a reset) runs on the device's screen, not the default phone's.
    @Test func aModelSwitchKeepsTheDevicesScreen() throws {
        let s = try TestSession(
            setups: [.list(contentLength: 3000)], initial: 0, viewport: .phone, feel: .standard,
            tracePath: nil, realTime: 10)
        let ipad = try #require(Device.named("ipad-pro-11"))
        s.send([.setViewport(ipad.viewport), .setModel(name: "swiper")], at: 11)
        #expect(
            s.feel.name == "swiper"
                && !s.feel.pairs.contains { $0.key == "refreshRate" || $0.key == "decelerationRate" })
        #expect(!ParametersFile.encode(s.feel).contains("decelerationRate"))
        s.send([.setModel(name: "uikit")], at: 12)
        #expect(s.feel.uikit.refreshRate == 120 && s.feel.uikit.displayScale == 2)
        s.send([.applyPreset(id: "uikit-fast")], at: 13)
        #expect(s.feel.uikit.refreshRate == 120 && s.feel.uikit.decelerationRate == 0.99)
        // Flutter's tolerances follow the device's pixel ratio, as MediaQuery gives it there.
        s.send([.setModel(name: "flutter-bouncing")], at: 13.5)
        #expect(s.feel.model.value(of: "devicePixelRatio") == 2)
        s.send([.setModel(name: "android"), .resetToDefaults], at: 14)
        #expect((s.feel.model.uikit != nil) && s.feel.uikit.refreshRate == 120 && s.feel.uikit.displayScale == 2)
    }

    /// Each side says what runs on it (the preset, model or file last applied) and whether it was
    /// changed since; copy and swap carry the names with the feels.
    @Test func sidesAreNamedAfterWhatRunsOnThem() throws {
        let s = try TestSession(
            setups: [.list(contentLength: 3000)], initial: 0, viewport: .phone, feel: .standard,
            tracePath: nil, realTime: 10)
        #expect(s.sides[0].title == "A · UIKit normal")
        s.send([.setComparing(true), .edit(side: 1), .applyPreset(id: "floaty")], at: 11)
        #expect(s.sides.map(\.title) == ["A · UIKit normal", "B · Floaty"])
        s.send([.setValue(key: "bounceDamping", value: .number(12))], at: 12)
        #expect(s.sides[1].title == "B · Floaty · modified")
        s.send([.swapSides], at: 13)
        #expect(s.sides.map(\.title) == ["A · Floaty · modified", "B · UIKit normal"])
        s.send([.copy(from: 0, to: 1)], at: 14)
        #expect(s.sides[1].title == "B · Floaty · modified")
        s.send([.setModel(name: "swiper")], at: 15)
        #expect(s.sides[1].title == "B · Swiper (web carousel)")
        s.send([.resetToDefaults], at: 16)
        #expect(s.sides[1].title == "B · UIKit normal")
        s.send([.revert], at: 17)
        #expect(s.sides[1].title == "B · Swiper (web carousel)")
        s.session.setFeel(Feel(FramerModel()), named: "framer.json", at: 18)
        #expect(s.sides[1].title == "B · framer.json" && !s.hasUnsavedChanges)
        // A file given at start names side A.
        let named = try TestSession(
            setups: [.list(contentLength: 3000)], initial: 0, viewport: .phone,
            feel: Feel(AndroidModel()), feelName: "android-tuned.json", tracePath: nil, realTime: 10)
        #expect(named.sides[0].title == "A · android-tuned.json")
    }

    /// A scene's layout values (set in the panel) stay when the scene is left and shown again,
    /// and a B turned on later gets them too.
    @Test func sceneLayoutValuesAreKept() throws {
        let s = try TestSession(
            setups: [.list(contentLength: 3000), .carousel(cellWidth: 300, spacing: 12, cells: 10)],
            initial: 1, viewport: .phone, feel: .standard, tracePath: nil, realTime: 10)
        s.send([.setSceneControl(id: "cellWidth", value: 250), .setSceneControl(id: "spacing", value: 20)], at: 11)
        s.send([.switchScene(0), .switchScene(1)], at: 12)
        #expect(s.scene.controlValue("cellWidth") == 250 && s.scene.controlValue("spacing") == 20)
        s.send([.setComparing(true)], at: 13)
        #expect(s.sides[1].scene.controlValue("cellWidth") == 250 && s.sides[1].scene.controlValue("spacing") == 20)
        s.send([.setViewport(Size(width: 402, height: 874))], at: 14)
        #expect(s.sides.allSatisfy { $0.scene.controlValue("cellWidth") == 250 })
    }
}
