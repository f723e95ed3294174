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

    public init(
        setup: SceneSetup, viewport: Size, events: [TimedInput], labels: [String], feels: [Feel],
        format: String, path: String
    ) {
        self.setup = setup; self.viewport = viewport; self.events = events
        self.labels = labels; self.feels = feels; self.format = format; self.path = path
    }
}

/// A clip being encoded in the background, as the panel shows it.
public struct ClipProgress: Equatable, Sendable {
    public var path: String
    /// Frames drawn and sent to the encoder, of `total`.
    public var done: Int
    public var total: Int
    /// Seconds since the encode started.
    public var elapsed: Double
    public init(path: String, done: Int, total: Int, elapsed: Double) {
        self.path = path; self.done = done; self.total = total; self.elapsed = elapsed
    }
}

/// How a background clip encode ended.
public enum ClipOutcome: Equatable, Sendable {
    case saved(path: String, frames: Int, seconds: Double, bytes: Int)
    /// Cancelled: no file was written.
    case cancelled(path: String)
    case failed(path: String, reason: String)
}
