import ScrollPhysics

/// A scene with one scroll view: the list, the pager and the carousel.
///
/// Routes input to its axis: pointer down/move/up drive a drag; a stream of wheel or touchpad
/// deltas drives a drag too, which ends `wheelStreamGap` seconds after the last delta and
/// flings with the velocity the stream had (SDL gives no "fingers lifted" event for touchpads).
public class SingleAxisScene: ScrollScene {
    public let name: String
    public private(set) var viewport: Size
    public let orientation: Orientation
    public var axis: ScrollAxis
    public var mainAxis: ScrollAxis { axis }

    /// Seconds without a delta after which a wheel stream counts as ended.
    public static let wheelStreamGap = 0.06
    private var lastWheelTime: Double?
    private var pointerIsDown = false

    init(name: String, viewport: Size, orientation: Orientation, bounds: ClosedRange<Double>, snapTargets: SnapTargets,
         parameters: ScrollParameters) {
        self.name = name
        self.viewport = viewport
        self.orientation = orientation
        axis = ScrollAxis(viewportLength: orientation.length(of: viewport), bounds: bounds, snapTargets: snapTargets,
                          parameters: parameters)
    }

    public func handle(_ input: TimedInput) {
        advance(to: input.time)
        let t = input.time
        switch input.event {
        case .down(let point):
            endWheelStreamNow(at: t)
            pointerIsDown = true
            axis.beginDrag(at: t, pointer: orientation.coordinate(of: point))
        case .move(let point):
            guard pointerIsDown else { return }
            axis.dragMoved(at: t, pointer: orientation.coordinate(of: point))
        case .up(let point):
            guard pointerIsDown else { return }
            pointerIsDown = false
            axis.endDrag(at: t, pointer: orientation.coordinate(of: point))
        case .wheel(let dx, let dy):
            guard !pointerIsDown else { return }
            let delta = orientation == .vertical ? dy : dx
            guard delta != 0, delta.isFinite else { return }
            if lastWheelTime == nil { axis.beginDrag(at: t, pointer: 0) }
            lastWheelTime = t
            axis.dragScrolled(at: t, by: delta)
        }
    }

    public func advance(to time: Double) {
        if let last = lastWheelTime, time >= last + Self.wheelStreamGap {
            lastWheelTime = nil
            axis.endScrollStream(at: last + Self.wheelStreamGap, lastEventTime: last)
        }
        axis.advance(to: time)
    }

    private func endWheelStreamNow(at time: Double) {
        guard let last = lastWheelTime else { return }
        lastWheelTime = nil
        axis.endScrollStream(at: time, lastEventTime: last)
    }

    public func setParameters(_ parameters: ScrollParameters, at time: Double) {
        axis.setParameters(parameters, at: time)
    }

    public func isAtRest(at time: Double) -> Bool {
        !pointerIsDown && lastWheelTime == nil && !axis.isMoving
    }
}
