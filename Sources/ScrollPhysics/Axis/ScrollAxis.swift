/// One axis of a scroll view: the state machine that turns pointer samples into content offsets.
///
/// Phases: idle → dragging (pointer down) → decelerating / bouncing / settling (pointer up)
/// → idle. A pointer going down on a moving axis catches it where it is. Every motion after
/// release is planned in closed form at the release time (`Motion`), so the offset at any
/// time is exact and identical whatever the frame rate that asks. Times are in seconds on any
/// monotonic clock; offsets in points (0 = first page / top, negative = pulled past the
/// leading edge); velocities in points per second of content offset.
///
/// Pointer positions are along the axis in viewport points: moving the pointer toward smaller
/// coordinates (up, left) increases the offset, as a finger does.
public struct ScrollAxis {
    /// A tag for the delegate to tell axes apart.
    public var id: Int
    public weak var delegate: (any ScrollAxisDelegate)?
    public var tolerance: Tolerance

    public private(set) var parameters: ScrollParameters
    /// Length of the viewport along the axis, in points (the default rubber-band limit).
    public private(set) var viewportLength: Double
    /// The offsets the content may rest at, in points.
    public private(set) var bounds: ClosedRange<Double>
    /// The targets a paged axis snaps to; empty for free scrolling.
    public private(set) var snapTargets: SnapTargets
    /// Edges at which leftover velocity is handed on instead of bouncing (nested scrolling).
    public private(set) var chainsLeadingEdge = false
    public private(set) var chainsTrailingEdge = false

    /// The latest time the axis has been told about (s).
    public private(set) var time: Double = 0

    private var restOffset: Double
    private var restIndex: Int?
    private var motion: Motion?
    private var drag: Drag?
    private var tracker = VelocityTracker()
    private var reportedOffset: Double

    private struct Drag {
        var pointerOrigin: Double
        var pullOrigin: Double
        var pointer: Double
        var startIndex: Int
    }

    public init(id: Int = 0, viewportLength: Double, bounds: ClosedRange<Double>, snapTargets: SnapTargets = SnapTargets([]),
                parameters: ScrollParameters = ScrollParameters(), tolerance: Tolerance = .standard, offset: Double? = nil) {
        self.id = id
        self.parameters = parameters
        self.tolerance = tolerance
        self.viewportLength = Self.sanitized(viewportLength, fallback: 1, minimum: 1e-6)
        self.bounds = Self.sanitized(bounds)
        self.snapTargets = snapTargets
        let start = min(max(offset ?? self.bounds.lowerBound, self.bounds.lowerBound), self.bounds.upperBound)
        restOffset = start.isFinite ? start : 0
        reportedOffset = restOffset
        restIndex = snapTargets.nearestIndex(to: restOffset)
    }

    // MARK: - Reading

    /// Content offset at `t` (s ≥ `time`), in points.
    public func offset(at t: Double) -> Double {
        if let drag { return resisted(drag.pullOrigin - (drag.pointer - drag.pointerOrigin)) }
        if let motion { return motion.offset(at: t) }
        return restOffset
    }

    /// Content velocity at `t`, in points per second (while dragging: the pointer's tracked
    /// velocity scaled by the rubber band's slope).
    public func velocity(at t: Double) -> Double {
        if let drag {
            let pull = drag.pullOrigin - (drag.pointer - drag.pointerOrigin)
            return -tracker.velocity(at: t) * resistanceSlope(atPull: pull)
        }
        return motion?.velocity(at: t) ?? 0
    }

    public func phase(at t: Double) -> ScrollPhase {
        if drag != nil { return .dragging }
        return motion?.phase(at: t) ?? .idle
    }

    /// The snap target index the axis rests at or is heading to (nil for free scrolling; the
    /// nearest one while dragging).
    public func pageIndex(at t: Double) -> Int? {
        guard !snapTargets.isEmpty else { return nil }
        if drag != nil { return snapTargets.nearestIndex(to: offset(at: t)) }
        if let motion, t < motion.end { return motion.targetIndex ?? snapTargets.nearestIndex(to: motion.restOffset) }
        return restIndex ?? snapTargets.nearestIndex(to: offset(at: t))
    }

    /// Where the current motion will rest, in points (the current offset when idle or dragging).
    public var restingOffset: Double { motion?.restOffset ?? offset(at: time) }

    public var isDragging: Bool { drag != nil }
    /// Whether the axis is moving on its own (after a release, fling or animated scroll).
    public var isMoving: Bool { motion != nil }
    /// The absolute time (s) the current motion ends, if any.
    public var motionEndTime: Double? { motion?.end }

    // MARK: - Time

    /// Moves the axis's clock to `t` (earlier times are ignored): ends motion whose time has
    /// come, tells the delegate at the exact end time, and reports scrolling.
    public mutating func advance(to t: Double) {
        guard t.isFinite, t >= time else { return }
        if let motion, t >= motion.end {
            finish(motion)
        }
        time = t
        reportScroll()
    }

    private mutating func finish(_ finished: Motion) {
        motion = nil
        restOffset = finished.restOffset
        restIndex = finished.targetIndex ?? snapTargets.nearestIndex(to: restOffset)
        time = max(time, finished.end)
        reportScroll()
        if let handOff = finished.handOff {
            delegate?.scrollAxis(self, didHandOffVelocity: handOff.velocity, at: handOff.edge, time: finished.end)
        }
        if !finished.segments.isEmpty {
            delegate?.scrollAxisDidEndDecelerating(self, at: finished.end)
        }
    }

    private mutating func reportScroll() {
        let now = offset(at: time)
        if now != reportedOffset {
            reportedOffset = now
            delegate?.scrollAxisDidScroll(self)
        }
    }

    // MARK: - Pointer

    /// A pointer goes down at `pointer` (pt along the axis). Returns whether it caught motion
    /// (a press on a moving list stops it and must not count as a tap).
    @discardableResult
    public mutating func beginDrag(at t: Double, pointer: Double) -> Bool {
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now)
        let caught = motion != nil
        let startIndex = motion?.targetIndex ?? snapTargets.nearestIndex(to: x) ?? 0
        motion = nil
        restOffset = x
        let p = pointer.isFinite ? pointer : 0
        drag = Drag(pointerOrigin: p, pullOrigin: unresisted(x), pointer: p, startIndex: startIndex)
        tracker.reset()
        tracker.add(time: now, position: p)
        delegate?.scrollAxisWillBeginDragging(self)
        return caught
    }

    /// The pointer moved to `pointer` at `t`.
    public mutating func dragMoved(at t: Double, pointer: Double) {
        guard drag != nil, pointer.isFinite else { return }
        advance(to: t)
        drag!.pointer = pointer
        tracker.add(time: max(t, time), position: pointer)
        reportScroll()
    }

    /// Moves the dragged content by `delta` points of offset (wheel and touchpad streams), with
    /// the rubber band past the edges.
    public mutating func dragScrolled(at t: Double, by delta: Double) {
        guard let drag, delta.isFinite else { return }
        dragMoved(at: t, pointer: drag.pointer - delta)
    }

    /// The pointer lifts at `t` (optionally at a last position). Chooses where to land and plans
    /// the motion there. `releaseVelocity` (pt/s of content) replaces the tracked velocity when a
    /// scene shares one pointer between several axes and knows better.
    public mutating func endDrag(at t: Double, pointer: Double? = nil, releaseVelocity: Double? = nil) {
        guard let drag else { return }
        if let pointer { dragMoved(at: t, pointer: pointer) }
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now)
        let v = sanitizedVelocity(releaseVelocity ?? velocity(at: now))
        self.drag = nil
        release(from: x, velocity: v, at: now, startIndex: drag.startIndex, askDelegate: true)
    }

    /// Ends a drag the way a wheel or touchpad stream ends: with the velocity the stream had at
    /// its last event, measured up to `lastEventTime`, applied from `t`.
    public mutating func endScrollStream(at t: Double, lastEventTime: Double) {
        guard let drag else { return }
        advance(to: t)
        let now = max(t, time)
        let pull = drag.pullOrigin - (drag.pointer - drag.pointerOrigin)
        let v = sanitizedVelocity(-tracker.velocity(at: lastEventTime) * resistanceSlope(atPull: pull))
        let x = offset(at: now)
        self.drag = nil
        release(from: x, velocity: v, at: now, startIndex: drag.startIndex, askDelegate: true)
    }

    // MARK: - Programmatic motion

    /// Starts free (or paged) motion with `velocity` from the current offset at `t`, as a
    /// hand-off from a neighbouring scroll view does.
    public mutating func fling(at t: Double, velocity: Double) {
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now)
        let start = motion?.targetIndex ?? snapTargets.nearestIndex(to: x) ?? 0
        drag = nil
        release(from: x, velocity: sanitizedVelocity(velocity), at: now, startIndex: start, askDelegate: false)
    }

    /// Animates to `target` (clamped to the bounds) with the page spring, keeping the current velocity.
    public mutating func scroll(to target: Double, at t: Double) {
        guard target.isFinite else { return }
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        drag = nil
        let clamped = min(max(target, bounds.lowerBound), bounds.upperBound)
        motion = planner.snap(from: x, velocity: v, to: clamped, at: now, index: snapTargets.isEmpty ? nil : snapTargets.nearestIndex(to: clamped))
        settleIfInstant()
    }

    /// Jumps to `offset` (clamped) and stops.
    public mutating func setOffset(_ offset: Double, at t: Double) {
        guard offset.isFinite else { return }
        advance(to: t)
        drag = nil
        motion = nil
        restOffset = min(max(offset, bounds.lowerBound), bounds.upperBound)
        restIndex = snapTargets.nearestIndex(to: restOffset)
        reportScroll()
    }

    /// Stops any motion where it is at `t` (a tap during motion only stops it). A stop past an
    /// edge springs back to it.
    public mutating func halt(at t: Double) {
        advance(to: t)
        guard motion != nil else { return }
        let now = max(t, time)
        let x = offset(at: now)
        motion = nil
        restOffset = x
        if x < bounds.lowerBound || x > bounds.upperBound || !snapTargets.isEmpty {
            release(from: x, velocity: 0, at: now, startIndex: snapTargets.nearestIndex(to: x) ?? 0, askDelegate: false)
        } else {
            restIndex = nil
        }
    }

    // MARK: - Changing the setup mid-motion

    /// New parameters, applied to the motion under way from `t` without a jump: the offset and
    /// velocity at `t` carry over into a motion planned with the new values (a snap keeps its target).
    public mutating func setParameters(_ new: ScrollParameters, at t: Double) {
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        parameters = new
        replan(keepingOffset: x, velocity: v, at: now)
    }

    /// New content bounds and snap targets (content appended or removed), without moving what is
    /// on screen: motion under way is replanned from the offset and velocity at `t`.
    public mutating func setBounds(_ newBounds: ClosedRange<Double>, snapTargets newTargets: SnapTargets? = nil, at t: Double) {
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        bounds = Self.sanitized(newBounds)
        if let newTargets { snapTargets = newTargets }
        replan(keepingOffset: x, velocity: v, at: now)
    }

    public mutating func setViewportLength(_ length: Double, at t: Double) {
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        viewportLength = Self.sanitized(length, fallback: viewportLength, minimum: 1e-6)
        replan(keepingOffset: x, velocity: v, at: now)
    }

    /// Moves the content by `delta` points without anything visibly moving: offset, drag, motion,
    /// bounds and snap targets all shift together. For recycling (a banner's three slots) and the
    /// silent re-centre of a looping feed.
    public mutating func shiftContent(by delta: Double, at t: Double) {
        guard delta.isFinite, delta != 0 else { return }
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        bounds = (bounds.lowerBound + delta)...(bounds.upperBound + delta)
        snapTargets = SnapTargets(snapTargets.offsets.map { $0 + delta })
        restOffset += delta
        reportedOffset += delta
        if var drag {
            drag.pullOrigin += delta
            self.drag = drag
        } else if let current = motion {
            let index = current.targetIndex
            if let index, index < snapTargets.count {
                motion = planner.snap(from: x + delta, velocity: v, to: snapTargets[index], at: now, index: index)
            } else {
                motion = planner.free(from: x + delta, velocity: v, at: now)
            }
            settleIfInstant()
        }
    }

    /// The unresisted pull of the current drag (the 1:1 offset the pointer asks for), if dragging.
    public var dragPull: Double? { drag.map { $0.pullOrigin - ($0.pointer - $0.pointerOrigin) } }

    /// Makes `edge` hand leftover velocity on instead of bouncing.
    public mutating func setChained(_ chained: Bool, edge: ScrollEdge) {
        switch edge {
        case .leading: chainsLeadingEdge = chained
        case .trailing: chainsTrailingEdge = chained
        }
    }

    private mutating func replan(keepingOffset x: Double, velocity v: Double, at t: Double) {
        if var drag {
            // Keep the content under the pointer: re-derive the pull that shows x.
            drag.pullOrigin = unresisted(x) + (drag.pointer - drag.pointerOrigin)
            self.drag = drag
            return
        }
        guard let current = motion else {
            let offTarget = snapTargets.nearestIndex(to: x).map { abs(snapTargets[$0] - x) > tolerance.distance } ?? false
            if x < bounds.lowerBound || x > bounds.upperBound || offTarget {
                restOffset = x
                release(from: x, velocity: 0, at: t, startIndex: snapTargets.nearestIndex(to: x) ?? 0, askDelegate: false)
            } else {
                restOffset = x
                restIndex = snapTargets.nearestIndex(to: x)
            }
            return
        }
        if current.segments.contains(where: { if case .spring(_, .settling) = $0.piece { return true } else { return false } }) {
            // Keep the aim, not the index: targets may have been rebuilt around it.
            let target = min(max(current.restOffset, bounds.lowerBound), bounds.upperBound)
            let index = current.targetIndex == nil ? nil : snapTargets.nearestIndex(to: current.restOffset)
            let aim = index.map { snapTargets[$0] } ?? target
            motion = planner.snap(from: x, velocity: v, to: aim, at: t, index: index)
        } else {
            motion = planner.free(from: x, velocity: v, at: t)
        }
        settleIfInstant()
    }

    // MARK: - Release

    private mutating func release(from x: Double, velocity v: Double, at t: Double, startIndex: Int, askDelegate: Bool) {
        let planner = self.planner
        var planned: Motion
        var proposed: Double
        if let decision = PageChooser(parameters: parameters, targets: snapTargets, tolerance: tolerance)
            .decide(PageRelease(offset: x, velocity: v, startIndex: startIndex)) {
            proposed = snapTargets[decision.index]
            planned = planner.snap(from: x, velocity: decision.keepsVelocity ? v : 0, to: proposed, at: t, index: decision.index)
        } else {
            planned = planner.free(from: x, velocity: v, at: t)
            proposed = planned.restOffset
        }
        if askDelegate, let delegate {
            var target = proposed
            delegate.scrollAxisWillEndDragging(self, velocity: v, targetOffset: &target)
            if target != proposed, target.isFinite {
                let clamped = min(max(target, bounds.lowerBound), bounds.upperBound)
                if snapTargets.isEmpty {
                    planned = planner.toward(clamped, from: x, velocity: v, at: t)
                } else {
                    planned = planner.snap(from: x, velocity: v, to: clamped, at: t, index: snapTargets.nearestIndex(to: clamped))
                }
            }
        }
        motion = planned
        settleIfInstant()
    }

    /// A motion that is already over (nothing to do, or a hand-off right at the start) ends now.
    private mutating func settleIfInstant() {
        guard let planned = motion, planned.end <= time else { return }
        finish(planned)
    }

    private var planner: MotionPlanner {
        MotionPlanner(parameters: parameters, bounds: bounds, rubberBandLimit: rubberBand.limit, tolerance: tolerance,
                      chainsLeadingEdge: chainsLeadingEdge, chainsTrailingEdge: chainsTrailingEdge)
    }

    // MARK: - Rubber band

    public var rubberBand: RubberBand { parameters.rubberBand(viewportLength: viewportLength) }

    /// The offset shown for an unresisted pull `u` (the 1:1 offset the pointer asks for).
    func resisted(_ u: Double) -> Double {
        if u < bounds.lowerBound { return bounds.lowerBound - rubberBand.overshoot(forPull: bounds.lowerBound - u) }
        if u > bounds.upperBound { return bounds.upperBound + rubberBand.overshoot(forPull: u - bounds.upperBound) }
        return u
    }

    /// The inverse of `resisted`: the pull that shows offset `x`.
    func unresisted(_ x: Double) -> Double {
        if x < bounds.lowerBound { return bounds.lowerBound - rubberBand.pull(forOvershoot: bounds.lowerBound - x) }
        if x > bounds.upperBound { return bounds.upperBound + rubberBand.pull(forOvershoot: x - bounds.upperBound) }
        return x
    }

    private func resistanceSlope(atPull u: Double) -> Double {
        if u < bounds.lowerBound { return rubberBand.slope(atPull: bounds.lowerBound - u) }
        if u > bounds.upperBound { return rubberBand.slope(atPull: u - bounds.upperBound) }
        return 1
    }

    // MARK: - Sanitising

    private func sanitizedVelocity(_ v: Double) -> Double { v.isFinite ? v : 0 }

    private static func sanitized(_ value: Double, fallback: Double, minimum: Double) -> Double {
        value.isFinite ? max(value, minimum) : fallback
    }

    private static func sanitized(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        let lo = range.lowerBound.isFinite ? range.lowerBound : 0
        let hi = range.upperBound.isFinite ? max(range.upperBound, lo) : lo
        return lo...hi
    }
}
