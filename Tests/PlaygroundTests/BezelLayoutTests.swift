import Testing
import Drawing
import Playground
import Scenes

/// The phones' bezels never touch each other or the panel, at any window size, one or two phones.
@Suite struct BezelLayoutTests {
    @Test(arguments: [
        (640.0, 400.0), (1000.0, 640.0), (1280.0, 800.0), (1600.0, 1000.0), (2560.0, 1440.0), (8192.0, 1200.0)
    ])
    func bezelsKeepClearOfEachOtherAndOfThePanel(size: (Double, Double)) {
        for sides in [1, 2] {
            let layout = WindowLayout(windowWidth: size.0, windowHeight: size.1, viewport: .phone, sides: sides)
            let bezel = WindowLayout.bezelWidth(scale: layout.scale)
            let first = layout.phones[0], last = layout.phones[sides - 1]
            #expect(first.x - bezel >= 0, "\(size), \(sides) phones: the first bezel leaves the window")
            #expect(last.maxX + bezel <= layout.panelX, "\(size), \(sides) phones: the last bezel runs under the panel")
            if sides == 2 {
                let gap = layout.phones[1].x - layout.phones[0].maxX
                #expect(
                    gap >= 2 * bezel + 12 - 1e-9, "\(size): \(gap) pt between the screens for two bezels of \(bezel) pt"
                )
            }
        }
    }
}
