import Scenes
import ScrollPhysics

/// One side of the playground (A, or B in A/B mode): a scene with its own feel (a model and its
/// values), input state and plot history.
public final class PlaygroundSide {
    public let label: String
    public internal(set) var scene: any ScrollScene
    public internal(set) var feel: Feel
    /// The feel last applied from a preset, loaded or saved ("Revert" returns here).
    public internal(set) var savedFeel: Feel
    /// What the side's feel is called (the preset, model or file last applied, "fitted to …")
    /// and the feel that name stands for: the label says "modified" once they differ.
    public internal(set) var named: (name: String, feel: Feel)
    /// The name of `savedFeel`.
    var savedName: String
    public let input = InputTranslator()
    public internal(set) var offsetHistory: History
    public internal(set) var velocityHistory: History
    /// The scene time (s) of each plotted sample, for the time axis of exported plots.
    public internal(set) var timeHistory: History

    init(label: String, scene: any ScrollScene, feel: Feel, name: String, historyCapacity: Int) {
        self.label = label
        self.scene = scene
        self.feel = feel
        named = (name, feel)
        savedName = name
        savedFeel = feel
        offsetHistory = History(capacity: historyCapacity)
        velocityHistory = History(capacity: historyCapacity)
        timeHistory = History(capacity: historyCapacity)
    }

    /// Whether the feel differs from the one its name stands for.
    public var isModified: Bool { feel != named.feel }

    /// "A · Floaty", "B · Swiper (web carousel) · modified": the side, what runs on it, and
    /// whether it was changed since (phones, clips, screenshots and plot legends say this).
    public var title: String { "\(label) · \(named.name)" + (isModified ? " · modified" : "") }

    /// Sets the feel's name (and the feel it stands for); `saved` also makes it what Revert returns to.
    func name(_ name: String, for feel: Feel, saved: Bool) {
        named = (name, feel)
        if saved {
            savedFeel = feel
            savedName = name
        }
    }

    /// Adds the sample at scene time `t`. The window draws no frames at rest, so when more than
    /// one `step` (s of scene time between frames) passed since a sample taken at rest (velocity
    /// 0), the samples it did not draw are filled with that one, which held meanwhile: the history
    /// stays one sample per frame interval, and "the last 4 s" on the plots means 4 s. (Frames
    /// dropped in motion are not filled: the values then were not the last ones.)
    func record(at t: Double, step: Double = 1.0 / 60) {
        if step > 0, step.isFinite, let last = timeHistory.last, let offset = offsetHistory.last, velocityHistory.last == 0 {
            let missing = min(Int(((t - Double(last)) / step - 1).rounded()), offsetHistory.capacity)
            if missing > 0 {
                for k in 1...missing {
                    offsetHistory.append(Double(offset))
                    velocityHistory.append(0)
                    timeHistory.append(Double(last) + Double(k) * step)
                }
            }
        }
        let live = scene.liveReading(at: t)
        offsetHistory.append(live.offset)
        velocityHistory.append(live.velocity)
        timeHistory.append(t)
    }

    func clearHistory() {
        offsetHistory.removeAll()
        velocityHistory.removeAll()
        timeHistory.removeAll()
    }
}
