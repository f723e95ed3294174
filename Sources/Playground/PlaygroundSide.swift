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
    /// The last gesture, touch-down to rest, for the plots and their table.
    public internal(set) var gesture = GestureTrace()

    init(label: String, scene: any ScrollScene, feel: Feel, name: String) {
        self.label = label
        self.scene = scene
        self.feel = feel
        named = (name, feel)
        savedName = name
        savedFeel = feel
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

    /// Adds the sample at scene time `t` to the gesture under way (if one is); the first sample
    /// at rest with no finger down ends it.
    func record(at t: Double) {
        guard gesture.isActive else { return }
        let live = scene.liveReading(at: t)
        gesture.append(
            at: t, offset: live.offset, velocity: live.velocity, atRest: scene.isAtRest(at: t) && !input.isPressed)
    }

    /// A gesture begins at scene time `t`: a touch-down always, a wheel or key step when the last
    /// one has come to rest.
    func beginGesture(at t: Double, unlessActive: Bool = false) {
        if unlessActive, gesture.isActive { return }
        let live = scene.liveReading(at: t)
        gesture.begin(at: t, offset: live.offset, velocity: live.velocity, bounds: scene.mainAxis.bounds)
    }

    /// The finger lifted at scene time `t` (after the scene took the lift).
    /// The release is the finger's, as the axis measured it when the finger let go (a model that
    /// starts its glide a frame later, as UIKit does, would otherwise show a slower number than
    /// one that starts at once, for the same finger).
    func noteLift(at t: Double) {
        let live = scene.liveReading(at: t)
        let released = scene.mainAxis.latestRelease.flatMap { abs($0.time - t) < 1e-6 ? $0 : nil }
        gesture.lift(at: t, offset: released?.offset ?? live.offset, velocity: released?.velocity ?? live.velocity)
    }

    func clearGesture() { gesture = GestureTrace() }
}
