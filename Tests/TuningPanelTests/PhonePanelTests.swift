import Foundation
import ImGuiBridge
import Platform
@testable import Playground
import Scenes
import ScrollPhysics
import Testing
@testable import TuningPanel

/// The panel's phone section, drawn headless: its button asks to serve, and nothing else in the
/// panel shares its identity (a button labelled as its section header shared the header's ID in
/// Dear ImGui, so a click on it did nothing). (In `PanelTests`, whose tests run one at a time.)
extension PanelTests {
    @Test func theServeButtonAsksToServeThePhone() throws {
        let (offscreen, session, panel) = try headless([.cards(count: 400)])
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        for _ in 0..<3 { frame(session, panel) }
        let label = TuningPanel.serveLabel
        #expect(panel.widgetRects.filter { $0.label == label }.count == 1, "one widget labelled \(label)")
        let rect = try #require(panel.widgetRects.last { $0.label == label }, "the serve button")
        let at = (rect.x + rect.width / 2, rect.y + rect.height / 2)
        // (The requests are read, not applied: serving is the window's effect.)
        let requests = [false, true, false, false].flatMap { frame(session, panel, at: at, down: $0, applying: false) }
        #expect(requests.contains(.phone(.serve(true))), "\(requests)")
    }
}
