import Scenes
import ScrollPhysics

/// A clip the window is asked to save: the session's last recorded, loaded or replayed gesture
/// on the current scene, one phone or A and B, as `render --video` would make it.
public struct ClipRequest: Equatable, Sendable {
    public var setup: SceneSetup
    public var viewport: Size
    public var events: [TimedInput]
    /// "A", or "A" and "B".
    public var labels: [String]
    public var feels: [Feel]
    /// "mp4" or "gif".
    public var format: String
    public var path: String

    public init(setup: SceneSetup, viewport: Size, events: [TimedInput], labels: [String], feels: [Feel],
                format: String, path: String) {
        self.setup = setup; self.viewport = viewport; self.events = events
        self.labels = labels; self.feels = feels; self.format = format; self.path = path
    }
}
