import Drawing
import ScrollPhysics

/// A scene with one scroll view: the list, the pager and the carousel.
///
/// Routes input to its axis: pointer down/move/up drive a drag; a stream of wheel or touchpad
/// deltas drives a drag too, which ends `wheelStreamGap` seconds after the last delta and
/// flings with the velocity the stream had (SDL gives no "fingers lifted" event for touchpads).
/// Subclasses supply the content's layout and drawing.
public class SingleAxisScene: ScrollScene {
    public let name: String
    public private(set) var viewport: Size
    public let orientation: Orientation
    public var axis: ScrollAxis
    public var mainAxis: ScrollAxis { axis }
    public var selectedIndex: Int?
    public var caption: String { "" }
    // The protocol's defaults again, as members of the class: a subclass's override is called
    // through the protocol only when the class itself implements the requirement.
    public var controls: [SceneControl] { [] }
    public func controlValue(_ id: String) -> Double { 0 }
    public func setControl(_ id: String, to value: Double, at time: Double) {}
    public func pressControl(_ id: String, at time: Double) {}
    public var readout: [String] { [] }
    public var forcedPagePolicy: PagePolicy? { nil }
    public var extraTraceColumns: [String] { [] }
    public func extraTraceValues(at time: Double) -> [TraceValue] { [] }

    /// Seconds without a delta after which a wheel stream counts as ended.
    public static let wheelStreamGap = 0.06
    /// Points an arrow key moves a free-scrolling list.
    public static let lineStep = 60.0
    /// Points one classic wheel notch moves a free-scrolling list.
    public static let notchStep = 100.0

    private var lastWheelTime: Double?
    /// The fingers are known to be on the touchpad (`wheelBegin` seen, no `wheelEnd` yet): the
    /// stream ends at the lift, not by its gap.
    private var fingersOn = false
    private var pointerIsDown = false
    /// The last time the content moved (for the scroll indicator's fade).
    private var lastMotionTime = -Double.infinity
    private(set) var time = 0.0

    init(
        name: String, viewport: Size, orientation: Orientation, bounds: ClosedRange<Double>, snapTargets: SnapTargets,
        feel: Feel
    ) {
        self.name = name
        self.viewport = viewport
        self.orientation = orientation
        axis = ScrollAxis(
            viewportLength: orientation.length(of: viewport), bounds: bounds, snapTargets: snapTargets,
            feel: feel)
    }

    // MARK: Input

    public func handle(_ input: TimedInput) {
        if case .down = input.event { willPress(at: input.time) }
        advance(to: input.time)
        let t = input.time
        switch input.event {
        case .down(let point):
            guard acceptsDrags else { return }
            endWheelStreamNow(at: t)
            pointerIsDown = true
            axis.beginDrag(at: t, pointer: orientation.coordinate(of: point))
        case .move(let point):
            guard pointerIsDown else { return }
            axis.dragMoved(at: t, pointer: orientation.coordinate(of: point))
        case .up(let point):
            guard pointerIsDown else { return }
            pointerIsDown = false
            note(axis.endDrag(at: t, pointer: orientation.coordinate(of: point)))
            didRelease(at: t)
        case .wheel(let dx, let dy):
            guard !pointerIsDown, acceptsDrags else { return }
            let delta = orientation == .vertical ? dy : dx
            guard delta != 0, delta.isFinite else { return }
            if lastWheelTime == nil { axis.beginDrag(at: t, pointer: 0, input: .touchpad) }
            lastWheelTime = t
            axis.dragScrolled(at: t, by: delta)
        case .wheelBegin:
            guard !pointerIsDown, acceptsDrags else { return }
            endWheelStreamNow(at: t)
            axis.beginDrag(at: t, pointer: 0, input: .touchpad)  // catches a glide, as fingers on glass do
            lastWheelTime = t
            fingersOn = true
        case .wheelEnd:
            guard let last = lastWheelTime else { return }
            lastWheelTime = nil
            fingersOn = false
            note(axis.endScrollStream(at: t, lastEventTime: last, lifted: true))
        }
        noteMotion()
    }

    public func advance(to time: Double) {
        if let last = lastWheelTime, !fingersOn, time >= last + Self.wheelStreamGap {
            lastWheelTime = nil
            note(axis.endScrollStream(at: last + Self.wheelStreamGap, lastEventTime: last))
        }
        note(axis.advance(to: time))
        self.time = max(self.time, time)
        noteMotion()
        didAdvance(to: time)
    }

    /// Hooks for subclasses: a press is about to reach the axis; a release was handled; time moved on.
    func willPress(at time: Double) {}
    func didRelease(at time: Double) {}
    func didAdvance(to time: Double) {}

    /// Hands what the axis reported to `axisDidReport` once the axis call has returned, so the
    /// subclass may change the axis freely there.
    func note(_ report: AxisReport) {
        guard !report.isEmpty else { return }
        axisDidReport(report)
    }

    /// Hook for subclasses: the axis released, came to rest or handed off (see `AxisReport`).
    func axisDidReport(_ report: AxisReport) {}

    /// Whether a pointer is held.
    var isPressed: Bool { pointerIsDown }

    private func noteMotion() {
        if axis.isMoving || axis.isDragging { lastMotionTime = time }
    }

    private func endWheelStreamNow(at time: Double) {
        guard let last = lastWheelTime else { return }
        lastWheelTime = nil
        fingersOn = false
        note(axis.endScrollStream(at: time, lastEventTime: last))
    }

    public func setFeel(_ feel: Feel, at time: Double) {
        note(axis.setFeel(forced(feel), at: time))
    }

    /// `feel` paging by `forcedPagePolicy`, if the scene forces one.
    func forced(_ feel: Feel) -> Feel {
        guard let policy = forcedPagePolicy else { return feel }
        return Feel(feel.model.paging(by: policy))
    }

    public func isAtRest(at time: Double) -> Bool {
        !pointerIsDown && lastWheelTime == nil && !axis.isMoving
    }

    public func nextTimer(after time: Double) -> Double? { nil }

    public func tap(at point: Point, time: Double) {
        let index = itemIndex(at: point, offset: axis.offset(at: time))
        selectedIndex = index == selectedIndex ? nil : index
    }

    public func scroll(_ step: ScrollStep, at time: Double) {
        advance(to: time)
        guard !pointerIsDown else { return }
        let targets = axis.snapTargets
        let from = axis.restingOffset
        let length = orientation.length(of: viewport)
        var target: Double
        switch step {
        case .home: target = homeOffset
        case .end: target = endOffset
        case .lines(let n), .pages(let n):
            if let index = targets.nearestIndex(to: from) {
                target = targets[targets.clamp(index + n)]
            } else if case .lines = step {
                target = from + Double(n) * Self.lineStep
            } else {
                target = from + Double(n) * length * 0.9
            }
        case .notches(let n):
            if let index = targets.nearestIndex(to: from) {
                target = targets[targets.clamp(index + (n > 0 ? 1 : -1) * max(1, Int(abs(n).rounded())))]
            } else {
                target = from + n * Self.notchStep
            }
        }
        if case .home = step, targets.isEmpty {
            note(axis.scrollToTop(at: time))
        } else {
            note(axis.scroll(to: target, at: time))
        }
        noteMotion()
    }

    /// Where Home and End go: the content's first and last offsets (a looping feed: its first
    /// and last real items, not the copies that pad them).
    var homeOffset: Double { axis.bounds.lowerBound }
    var endOffset: Double { axis.bounds.upperBound }

    /// Whether input may scroll the scene (a looping feed of one item does not swipe).
    var acceptsDrags: Bool { true }

    // MARK: Drawing

    /// The item under a viewport point (subclasses).
    func itemIndex(at point: Point, offset: Double) -> Int? { nil }

    /// Draws the content at `offset` (subclasses).
    func drawContent(into list: inout DrawList, offset: Double) {}

    /// Length of the content along the axis, for the scroll indicator (pt).
    var contentLength: Double { axis.bounds.upperBound + orientation.length(of: viewport) }

    /// Whether `drawContent` is drawing content that will be stretched (an edge pulled on a feel
    /// that stretches): its shapes then land between pixels, so a scene drawing in tiles draws
    /// them whole instead (tiles would part at their seams).
    private(set) var isStretching = false

    /// False unless a scene says otherwise (and `CoverageTests` then checks it).
    public var coversViewport: Bool { false }

    public func draw(into list: inout DrawList, at time: Double) {
        let offset = list.onPixelGrid(axis.offset(at: time))
        list.append(.clip(Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)))
        if let stretch = overscrollStretch(at: offset) {
            // The content at the edge, stretched toward it (the feel draws overscroll so).
            var content = DrawList()
            isStretching = true
            drawContent(into: &content, offset: min(max(offset, axis.bounds.lowerBound), axis.bounds.upperBound))
            isStretching = false
            for command in content.commands { list.append(stretch.apply(command)) }
        } else {
            drawContent(into: &list, offset: offset)
        }
        drawFixedHeader(into: &list, offset: offset)
        drawIndicator(into: &list, offset: offset, at: time)
        Chrome.draw(into: &list, size: viewport, style: chromeStyle)
        list.append(.clip(nil))
    }

    /// The stretch that shows `offset` when it lies past an edge and the feel stretches content
    /// there (`OverscrollDrawing.stretched`): pinned at the edge pulled, the far end of the
    /// viewport moved by the overshoot. Nil when the content is simply moved.
    func overscrollStretch(at offset: Double) -> Stretch? {
        guard axis.feel.overscrollDrawing == .stretched else { return nil }
        let length = orientation.length(of: viewport)
        let low = axis.bounds.lowerBound, high = axis.bounds.upperBound
        guard length > 0, offset < low || offset > high else { return nil }
        let over = offset < low ? low - offset : offset - high
        return Stretch(
            axis: orientation == .vertical ? .y : .x, pivot: offset < low ? 0 : length, factor: 1 + over / length)
    }

    /// Whether the status bar and home indicator are drawn dark (light content) or light (video).
    var chromeStyle: Chrome.Style { .darkContent }

    /// What stays put over the scrolling content: a navigation bar, a video feed's tabs (subclasses).
    func drawFixedHeader(into list: inout DrawList, offset: Double) {}

    /// The scroll view's frame in the viewport, inset where bars cover it: the indicator runs
    /// along its trailing (vertical) or bottom (horizontal) edge, 3 pt inside.
    var indicatorFrame: Rect {
        Rect(
            x: 0, y: Chrome.statusBarHeight, width: viewport.width,
            height: max(0, viewport.height - Chrome.statusBarHeight - Chrome.homeIndicatorInset))
    }

    /// iOS's scroll indicator: a thin rounded bar, shown while moving, fading 0.3 s after
    /// motion ends over 0.3 s; it shrinks while the content is pulled past an edge.
    func drawIndicator(into list: inout DrawList, offset: Double, at time: Double) {
        let idle = time - lastMotionTime
        let alpha = idle <= 0.3 ? 1 : max(0, 1 - (idle - 0.3) / 0.3)
        guard alpha > 0 else { return }
        let length = orientation.length(of: viewport)
        let content = max(contentLength, length)
        let edge = indicatorFrame
        let track = max(0, (orientation == .vertical ? edge.height : edge.width) - 6)
        guard track > 7 else { return }
        var bar = min(track, max(36, track * length / content))
        let span = axis.bounds.upperBound - axis.bounds.lowerBound
        var start = ((offset - axis.bounds.lowerBound) / max(1, span)) * (track - bar)
        if offset < axis.bounds.lowerBound { bar = max(7, bar + offset - axis.bounds.lowerBound); start = 0 }
        if offset > axis.bounds.upperBound {
            bar = max(7, bar - (offset - axis.bounds.upperBound)); start = track - bar
        }
        start = min(max(start, 0), track - bar)
        let frame =
            orientation == .vertical
            ? Rect(x: edge.maxX - 6, y: edge.y + 3 + start, width: 3, height: bar)
            : Rect(x: edge.x + 3 + start, y: edge.maxY - 6, width: bar, height: 3)
        // iOS's default indicator: dark with a light rim, so it reads on pictures and on white.
        list.append(.rect(frame.insetBy(-0.5), fill: .solid(Theme.indicatorRim.fading(alpha)), cornerRadius: 2))
        list.append(.rect(frame, fill: .solid(Theme.indicator.fading(alpha)), cornerRadius: 1.5))
    }
}
