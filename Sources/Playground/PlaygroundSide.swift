import Scenes
import ScrollPhysics

/// One side of the playground (A, or B in A/B mode): a scene with its own parameters, input
/// state and plot history.
public final class PlaygroundSide {
    public let label: String
    public internal(set) var scene: any ScrollScene
    public internal(set) var parameters: ScrollParameters
    /// The parameters last applied from a preset, loaded or saved ("Revert" returns here).
    public internal(set) var savedParameters: ScrollParameters
    public let input = InputTranslator()
    public internal(set) var offsetHistory: History
    public internal(set) var velocityHistory: History
    /// The scene time (s) of each plotted sample, for the time axis of exported plots.
    public internal(set) var timeHistory: History

    init(label: String, scene: any ScrollScene, parameters: ScrollParameters, historyCapacity: Int) {
        self.label = label
        self.scene = scene
        self.parameters = parameters
        savedParameters = parameters
        offsetHistory = History(capacity: historyCapacity)
        velocityHistory = History(capacity: historyCapacity)
        timeHistory = History(capacity: historyCapacity)
    }

    func record(at t: Double) {
        let axis = scene.mainAxis
        offsetHistory.append(axis.offset(at: t))
        velocityHistory.append(axis.velocity(at: t))
        timeHistory.append(t)
    }

    func clearHistory() {
        offsetHistory.removeAll()
        velocityHistory.removeAll()
        timeHistory.removeAll()
    }
}
