import Scenes
import ScrollPhysics

/// What a feel is called (the preset, model or file last applied, "fitted to …") and the feel
/// that name stands for.
public struct NamedFeel: Equatable, Sendable {
    public var name: String
    public var feel: Feel
}

/// What of a side cannot be a value: its live scene and the translator of its input (both
/// change as they are used). Owned by the side's value; never compared.
public final class LiveSide {
    public internal(set) var scene: any ScrollScene
    public let input = InputTranslator()

    init(scene: any ScrollScene) { self.scene = scene }
}

/// One side of the playground (A, or B in A/B mode), as a value: its feel (a model and its
/// values), names and plot history; its scene and input translator live in `live` (a reference,
/// left out of `==`: two sides are equal when everything but the live scene is).
public struct PlaygroundSide: Equatable {
    public let label: String
    /// The live scene and input translator.
    public let live: LiveSide
    public var scene: any ScrollScene {
        get { live.scene }
        nonmutating set { live.scene = newValue }
    }
    public internal(set) var feel: Feel
    /// The feel last applied from a preset, loaded or saved ("Revert" returns here).
    public internal(set) var savedFeel: Feel
    /// What the side's feel is called (the preset, model or file last applied, "fitted to …")
    /// and the feel that name stands for: the label says "modified" once they differ.
    public internal(set) var named: NamedFeel
    /// The name of `savedFeel`.
    var savedName: String
    public var input: InputTranslator { live.input }
    /// The last gesture, touch-down to rest, for the plots and their table.
    public internal(set) var gesture = GestureTrace()

    init(label: String, scene: any ScrollScene, feel: Feel, name: String) {
        self.label = label
        live = LiveSide(scene: scene)
        self.feel = feel
        named = NamedFeel(name: name, feel: feel)
        savedName = name
        savedFeel = feel
    }

    /// Whether the feel differs from the one its name stands for.
    public var isModified: Bool { feel != named.feel }

    /// "A · Floaty", "B · Swiper (web carousel) · modified": the side, what runs on it, and
    /// whether it was changed since (phones, clips, screenshots and plot legends say this).
    public var title: String { "\(label) · \(named.name)" + (isModified ? " · modified" : "") }

    /// Sets the feel's name (and the feel it stands for); `saved` also makes it what Revert returns to.
    mutating func name(_ name: String, for feel: Feel, saved: Bool) {
        named = NamedFeel(name: name, feel: feel)
        if saved {
            savedFeel = feel
            savedName = name
        }
    }

    /// What the feel is called without the side: "UIKit normal", "Floaty · modified".
    var feelName: String { named.name + (isModified ? " · modified" : "") }

    /// "A · UIKit normal": the side and the feel that made its last gesture (the plots' and
    /// tables' name for its curve, whatever the side runs since); the side's title before any.
    public var gestureTitle: String { gesture.feelName.map { "\(label) · \($0)" } ?? title }

    /// A picture of the phone as it is now: what runs on it, and, when its last gesture was
    /// made by another feel (a swap or a preset since), that feel too.
    public var pictureTitle: String {
        guard let made = gesture.feelName, made != feelName else { return title }
        return "\(title) (last gesture: \(made))"
    }

    /// Adds the sample at scene time `t` to the gesture under way (if one is); the first sample
    /// at rest with no finger down ends it. A feel changed while it runs is noted with it.
    mutating func record(at t: Double) {
        guard gesture.isActive else { return }
        if gesture.feel != feel { gesture.feelChanged(to: feel, named: feelName) }
        let live = scene.liveReading(at: t)
        gesture.append(
            at: t, offset: live.offset, velocity: live.velocity, overshoot: live.overshoot,
            atRest: scene.isAtRest(at: t) && !input.isPressed, dragging: input.isPressed)
    }

    /// A gesture begins at scene time `t`: a touch-down always, a wheel or key step when the last
    /// one has come to rest.
    mutating func beginGesture(at t: Double, unlessActive: Bool = false) {
        if unlessActive, gesture.isActive { return }
        let live = scene.liveReading(at: t)
        gesture.begin(
            at: t, offset: live.offset, velocity: live.velocity, overshoot: live.overshoot, feel: feel,
            feelName: feelName)
    }

    /// The finger lifted at scene time `t` (after the scene took the lift).
    /// The release is the finger's, as the axis measured it when the finger let go (a model that
    /// starts its glide a frame later, as UIKit does, would otherwise show a slower number than
    /// one that starts at once, for the same finger).
    mutating func noteLift(at t: Double) {
        let live = scene.liveReading(at: t)
        let released = scene.mainAxis.latestRelease.flatMap { abs($0.time - t) < 1e-6 ? $0 : nil }
        gesture.lift(at: t, offset: released?.offset ?? live.offset, velocity: released?.velocity ?? live.velocity)
    }

    mutating func clearGesture() { gesture = GestureTrace() }

    /// Everything but the live scene and translator.
    public static func == (a: PlaygroundSide, b: PlaygroundSide) -> Bool {
        a.label == b.label && a.feel == b.feel && a.savedFeel == b.savedFeel && a.named == b.named
            && a.savedName == b.savedName && a.gesture == b.gesture
    }
}

extension PlaygroundSession {
    /// The table under the plots (the panel's and the exported plot's): a row per side, named
    /// after the feel that made its last gesture.
    public var gestureTable: [[String]] {
        [GestureTable.header] + sides.map { GestureTable.row($0.gestureTitle, $0.gesture.summary) }
    }
}
