import ScrollPhysics

/// A scene: scroll views plus content, driven by input and time, described without any display.
///
/// Replays, the window and offscreen rendering all drive scenes through this interface, so
/// a gesture means the same thing everywhere.
public protocol ScrollScene: AnyObject {
    /// The name used on the command line and in traces.
    var name: String { get }
    var viewport: Size { get }
    /// The scroll view whose offset fills the trace's first columns.
    var mainAxis: ScrollAxis { get }
    var orientation: Orientation { get }

    /// Feeds one input event at its time (s). Times never decrease.
    func handle(_ input: TimedInput)
    /// Moves the scene's clock to `time` (s), ending motion and wheel streams whose time has come.
    func advance(to time: Double)
    /// New physics parameters, applied without a jump to motion under way.
    func setParameters(_ parameters: ScrollParameters, at time: Double)
    /// Whether nothing moves and nothing is held at `time`.
    func isAtRest(at time: Double) -> Bool
}
