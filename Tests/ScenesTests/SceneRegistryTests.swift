import Testing
import ScrollPhysics
@testable import Scenes

/// A scene is one entry of `SceneSetup.registry`: its name is in the window's list and number
/// keys, its setup makes it, its content options are whole definitions, and its golden shots and
/// tour steps are its own.
@Suite struct SceneRegistryTests {
    @Test func everyRegisteredSceneIsInTheWindowAndMakesItself() {
        #expect(SceneSetup.names == ["list", "pager", "carousel", "banner", "loop", "nested", "adapters", "lab"])
        #expect(SceneSetup.playground.map(\.name) == SceneSetup.names, "one setup per name, in order")
        #expect(Set(SceneSetup.names).count == SceneSetup.names.count, "names are unique")
        for kind in SceneSetup.registry {
            let setup = kind.window
            #expect(setup.name == kind.name)
            #expect(setup.makeScene(viewport: .phone, feel: .standard).name == kind.name)
            #expect(SceneSetup.playground(with: setup).setups[SceneSetup.names.firstIndex(of: kind.name)!] == setup)
            #expect(!kind.caption.isEmpty && !kind.golden.isEmpty && !kind.tour.isEmpty, "\(kind.name)")
            for shot in kind.golden { #expect(shot.setup.name == kind.name && shot.name.hasPrefix(kind.name)) }
            for step in kind.tour { #expect(step.setup.name == kind.name) }
            for option in kind.options {
                #expect(option.flag.hasPrefix("--") && option.range.lowerBound <= option.range.upperBound)
                if let value = option.defaultValue { #expect(option.range.contains(value), "\(option.flag)") }
            }
            if let count = kind.itemCount {
                #expect(kind.options.contains { $0.key == count && $0.isWhole })
                #expect(kind.setup(items: 7).count(count) == 7)
            }
        }
        #expect(SceneSetup.nested == SceneSetup(name: "nested"))
    }

    /// A flag two scenes share (`--items`) is defined the same in both.
    @Test func aSharedFlagHasOneDefinition() {
        let options = SceneSetup.registry.flatMap(\.options)
        for option in options {
            for other in options where other.flag == option.flag { #expect(other == option) }
        }
    }

    @Test func aSetupTakesTheScenesDefaultsForWhatItLeavesOut() {
        let carousel = SceneSetup(name: "carousel", values: ["cells": 4])
        #expect(carousel.value("cellWidth") == 300 && carousel.value("spacing") == 12 && carousel.count("cells") == 4)
        #expect(SceneSetup.pager(pages: 3).setting("pages", to: 9) == .pager(pages: 9))
        #expect(SceneSetup(name: "list", values: ["cards": .infinity]).count("cards") == 0)
    }
}
