import Testing
import ScrollPhysics
@testable import Scenes

/// A scene without content options is one line of `SceneSetup.registry`: its name is in the
/// window's list and number keys, its setup makes it, and the name comes back from the setup.
@Suite struct SceneRegistryTests {
    @Test func everyRegisteredSceneIsInTheWindowAndMakesItself() {
        #expect(SceneSetup.registry.map(\.name) == ["nested", "adapters", "lab"])
        #expect(SceneSetup.names == ["list", "pager", "carousel", "banner", "loop", "nested", "adapters", "lab"])
        #expect(SceneSetup.playground.map(\.name) == SceneSetup.names, "one setup per name, in order")
        for entry in SceneSetup.registry {
            let setup = SceneSetup.plain(entry.name)
            #expect(setup.name == entry.name)
            #expect(setup.makeScene(viewport: .phone, feel: .standard).name == entry.name)
            #expect(SceneSetup.playground(with: setup).setups[SceneSetup.names.firstIndex(of: entry.name)!] == setup)
        }
        #expect(SceneSetup.nested == .plain("nested"))
    }
}
