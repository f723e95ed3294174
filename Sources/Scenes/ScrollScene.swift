// Scenes speak in points, sizes and pointer input: their types come with `import Scenes`.
@_exported import Primitives
import Drawing
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
    /// A new feel (another model or new values), applied without a jump to motion under way.
    func setFeel(_ feel: Feel, at time: Double)
    /// Whether nothing moves and nothing is held at `time`.
    func isAtRest(at time: Double) -> Bool
    /// The scene time at which a timer of the scene (the banner's auto-advance) next acts, if one
    /// is running; the window sleeps at rest until then.
    func nextTimer(after time: Double) -> Double?

    /// A click or tap that did not move and did not catch motion, at a viewport point.
    func tap(at point: Point, time: Double)
    /// An animated scroll by a step (keyboard, wheel notch).
    func scroll(_ step: ScrollStep, at time: Double)
    /// Appends what the viewport shows at `time` (viewport points, origin top-left).
    func draw(into list: inout DrawList, at time: Double)
    /// Whether `draw` paints every pixel of the viewport opaquely, at every time: a window
    /// redrawing only this scene's screen then need not clear under it first.
    var coversViewport: Bool { get }
    /// One line telling a designer what to try.
    var caption: String { get }
    /// The item last tapped, if any (a card, a page, a cell).
    var selectedIndex: Int? { get }

    /// Scene-specific controls for the panel (sliders, toggles, buttons).
    var controls: [SceneControl] { get }
    func controlValue(_ id: String) -> Double
    func setControl(_ id: String, to value: Double, at time: Double)
    func pressControl(_ id: String, at time: Double)
    /// Lines of text the scene wants shown in the panel (a fit's result, a table).
    var readout: [String] { get }

    /// A page policy the scene always uses whatever the feel says (the banner pages by
    /// yuan's thresholds), or nil.
    var forcedPagePolicy: PagePolicy? { get }

    /// What the panel's Live readout and plots follow at `time`: the main scroll view, or where
    /// a gesture is handed from one scroll view to another, their joined position.
    func liveReading(at time: Double) -> LiveReading

    /// Names of trace columns after the contract's five (other scroll views of the scene).
    var extraTraceColumns: [String] { get }
    /// Their values at `time`.
    func extraTraceValues(at time: Double) -> [TraceValue]
}

extension TraceValue {
    /// Offset (4 decimals), velocity (3) and phase of an axis.
    public static func fields(_ axis: ScrollAxis, at time: Double) -> [TraceValue] {
        [
            .number(axis.offset(at: time), decimals: 4), .number(axis.velocity(at: time), decimals: 3),
            .text(axis.phase(at: time).rawValue)
        ]
    }
}

extension ScrollScene {
    /// What a trace row says about the scene at `t` (the scene must have been advanced to `t`):
    /// its main axis's offset, velocity, phase and page, and its own extra columns.
    public func traceReading(at t: Double) -> TraceReading {
        let axis = mainAxis
        return TraceReading(
            t: t, offset: axis.offset(at: t), velocity: axis.velocity(at: t), phase: axis.phase(at: t).rawValue,
            page: axis.pageIndex(at: t), extras: extraTraceValues(at: t))
    }
}

/// One position and velocity for the Live readout and plots, with the phase and page of the
/// scroll view that moves and, when it joins several, what it joins ("container + menu").
public struct LiveReading: Equatable, Sendable {
    public var offset: Double
    public var velocity: Double
    public var phase: ScrollPhase
    public var page: Int?
    /// Empty for a single scroll view.
    public var joins: String
    /// How far past an end of its own content a scroll view is (pt, ≥ 0; of joined ones, the
    /// farthest): a bounce or a rubber band. Joined views are measured each against its own
    /// content, never their summed offset against one of them.
    public var overshoot: Double

    public init(
        offset: Double, velocity: Double, phase: ScrollPhase, page: Int? = nil, joins: String = "",
        overshoot: Double = 0
    ) {
        self.offset = offset
        self.velocity = velocity
        self.phase = phase
        self.page = page
        self.joins = joins
        self.overshoot = overshoot
    }

    /// One scroll view as it is at `time`.
    public init(_ axis: ScrollAxis, at time: Double) {
        let offset = axis.offset(at: time)
        self.init(
            offset: offset, velocity: axis.velocity(at: time), phase: axis.phase(at: time),
            page: axis.pageIndex(at: time), overshoot: Self.overshoot(of: axis, at: offset))
    }

    /// Distance of `offset` past an end of `axis`'s content (pt, ≥ 0).
    static func overshoot(of axis: ScrollAxis, at offset: Double) -> Double {
        max(0, axis.bounds.lowerBound - offset, offset - axis.bounds.upperBound)
    }

    /// Scroll views that hand one gesture to each other (a container and the list inside it): the
    /// sum of their offsets and of their velocities, continuous across the hand-off; the phase of
    /// the first that moves.
    public init(joining axes: [ScrollAxis], named joins: String, at time: Double) {
        let phases = axes.map { $0.phase(at: time) }
        self.init(
            offset: axes.reduce(0) { $0 + $1.offset(at: time) },
            velocity: axes.reduce(0) { $0 + $1.velocity(at: time) },
            phase: phases.first { $0 != .idle } ?? .idle, joins: joins,
            overshoot: axes.reduce(0) { max($0, Self.overshoot(of: $1, at: $1.offset(at: time))) })
    }
}

extension ScrollScene {
    public func liveReading(at time: Double) -> LiveReading { LiveReading(mainAxis, at: time) }
    public var controls: [SceneControl] { [] }
    public func controlValue(_ id: String) -> Double { 0 }
    public func setControl(_ id: String, to value: Double, at time: Double) {}
    public func pressControl(_ id: String, at time: Double) {}
    public var readout: [String] { [] }
    public var forcedPagePolicy: PagePolicy? { nil }
    public func nextTimer(after time: Double) -> Double? { nil }
    public var extraTraceColumns: [String] { [] }
    public func extraTraceValues(at time: Double) -> [TraceValue] { [] }
}

/// A control a scene offers in the panel.
public enum SceneControl: Equatable, Sendable {
    case slider(id: String, label: String, range: ClosedRange<Double>, format: String, help: String)
    /// A checkbox; its value is 0 or 1.
    case toggle(id: String, label: String, help: String)
    case button(id: String, label: String, help: String)
}

/// An animated scroll step.
public enum ScrollStep: Equatable, Sendable {
    /// Arrow keys: a line (list) or one page or cell (paged scenes); negative = back.
    case lines(Int)
    /// Page Up / Page Down: 90 % of the viewport (list) or one page or cell.
    case pages(Int)
    /// A classic mouse-wheel notch count (negative = toward the start).
    case notches(Double)
    case home
    case end
}
