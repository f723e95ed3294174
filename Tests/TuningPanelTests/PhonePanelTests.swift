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
        let width: Float = 560, height: Float = 3000
        let (offscreen, session, panel) = try headless(width: width, height: height)
        defer { withExtendedLifetime(offscreen) { slgui_shutdown() } }
        var mouse: (x: Float, y: Float) = (-1, -1)
        func frame(down: Bool = false) -> [SessionRequest] {
            slgui_set_mouse(mouse.x, mouse.y, down)
            slgui_new_frame(width, height, 1, 1.0 / 60)
            let requests = panel.draw(
                session.panelState(at: 10), frameMilliseconds: 0, x: 0, y: 0, width: width, height: height)
            slgui_render()
            return requests
        }
        for _ in 0..<3 { _ = frame() }
        let label = TuningPanel.serveLabel
        #expect(panel.widgetRects.filter { $0.label == label }.count == 1, "one widget labelled \(label)")
        let rect = try #require(panel.widgetRects.last { $0.label == label }, "the serve button")
        mouse = (rect.x + rect.width / 2, rect.y + rect.height / 2)
        let requests = frame() + frame(down: true) + frame() + frame()
        #expect(requests.contains(.phone(.serve(true))), "\(requests)")
    }
}
