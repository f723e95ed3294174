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
///
/// The axis never calls out while it changes. Each call that moves its clock or plans motion
/// returns an `AxisReport` — the release and its target, a rest (and whether the page
/// changed), a hand-off at a chained edge — for the owner to act on after the call returns.
/// `AxisChain` joins two axes so that hand-offs start the neighbour at the exact crossing time.
public struct ScrollAxis: Sendable {
    public var tolerance: Tolerance

    /// The feel this axis runs: it reads the finger, resists drags, plans every motion. The
    /// axis asks it and never asks which one it is.
    public private(set) var feel: ZooModel
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
    /// The motion under way and the time it started (s).
    private var motion: Motion?
    private var motionStart = 0.0
    private var drag: Drag?
    /// How the feel reads the finger, kept across gestures (UIKit's fast scrolling).
    public private(set) var finger: ZooFinger
    /// The last release, kept until the clock moves on so that `retarget(to:)` plans from it.
    private var lastRelease: AxisReport.Release?
    /// The latest release of a drag or stream, kept (for plots and readouts).
    public private(set) var latestRelease: AxisReport.Release?

    private struct Drag {
        var pointerOrigin: Double
        /// The unconstrained finger offset when the pointer was at `pointerOrigin`.
        var pullOrigin: Double
        var pointer: Double
        var startIndex: Int
        /// The direction (±1) of a page animation the touch caught running, 0 for none.
        var caughtDirection = 0
        /// The offset shown, the drag's start time, and whether the start threshold is crossed.
        var shown: Double
        var startTime: Double
        var started: Bool
        /// A finger or a touchpad stream.
        var input: DragInput
        /// The pointer's last reported position (a report at the same place adds no sample).
        var seen: Double
    }

    public init(
        viewportLength: Double, bounds: ClosedRange<Double>, snapTargets: SnapTargets = SnapTargets([]),
        feel: Feel = .standard, tolerance: Tolerance = .standard, offset: Double? = nil
    ) {
        self.feel = feel.model
        finger = feel.model.makeFinger()
        self.tolerance = tolerance
        self.viewportLength = Self.sanitized(viewportLength, fallback: 1, minimum: 1e-6)
        self.bounds = Self.sanitized(bounds)
        self.snapTargets = snapTargets
        let start = min(max(offset ?? self.bounds.lowerBound, self.bounds.lowerBound), self.bounds.upperBound)
        restOffset = start.isFinite ? start : 0
        restIndex = snapTargets.nearestIndex(to: restOffset)
    }

    /// The fast-scroll multiplier of the gesture under way (1 where the feel has none).
    public var glideMultiplier: Double { finger.multiplier }

    // MARK: - Reading

    /// Content offset at `t` (s ≥ `time`), in points.
    public func offset(at t: Double) -> Double {
        if let drag { return drag.shown }
        if let motion { return motion.position(at: t - motionStart) }
        return restOffset
    }

    /// Content velocity at `t`, in points per second (while dragging: the feel's reading of
    /// the finger).
    public func velocity(at t: Double) -> Double {
        if drag != nil { return sanitizedVelocity(finger.velocity(at: t)) }
        return motion?.velocity(at: t - motionStart) ?? 0
    }

    public func phase(at t: Double) -> ScrollPhase {
        if drag != nil { return .dragging }
        return motion?.phase(at: t - motionStart) ?? .idle
    }

    /// The snap target index the axis rests at or is heading to (nil for free scrolling; the
    /// nearest one while dragging).
    public func pageIndex(at t: Double) -> Int? {
        guard !snapTargets.isEmpty else { return nil }
        if drag != nil { return snapTargets.nearestIndex(to: offset(at: t)) }
        // A motion not yet finished by `advance` rests where it aims, also when read past its end.
        if let motion { return motion.targetIndex ?? snapTargets.nearestIndex(to: motion.restPosition) }
        return restIndex ?? snapTargets.nearestIndex(to: offset(at: t))
    }

    /// Where the current motion will rest, in points (the current offset when idle or dragging).
    public var restingOffset: Double { motion?.restPosition ?? offset(at: time) }

    public var isDragging: Bool { drag != nil }
    /// Whether the axis is moving on its own (after a release, fling or animated scroll).
    public var isMoving: Bool { motion != nil }
    /// The absolute time (s) the current motion ends, if any.
    public var motionEndTime: Double? { motion.map { motionStart + $0.end } }

    // MARK: - Time

    /// Moves the axis's clock to `t` (earlier times are ignored). Motion whose time has come
    /// ends; the report says when (its exact end time), where, and what it hands on.
    @discardableResult
    public mutating func advance(to t: Double) -> AxisReport {
        guard t.isFinite, t >= time else { return .none }
        var report = AxisReport.none
        if let motion, t >= motionStart + motion.end {
            report = finish(motion)
        }
        if t > time { lastRelease = nil }
        time = t
        return report
    }

    /// Ends `finished`: rests at its end, and reports the rest and any hand-off.
    private mutating func finish(_ finished: Motion) -> AxisReport {
        let end = motionStart + finished.end
        motion = nil
        finger.motionEnded()
        let previous = restIndex
        restOffset = finished.restPosition
        restIndex = finished.targetIndex ?? snapTargets.nearestIndex(to: restOffset)
        time = max(time, end)
        var report = AxisReport(rest: .init(time: end, offset: restOffset, index: restIndex, previousIndex: previous))
        if let handOff = finished.handOff {
            report.handOff = .init(edge: handOff.edge, time: end, velocity: handOff.velocity)
        }
        return report
    }

    /// Starts `planned` at `t`.
    private mutating func start(_ planned: Motion, at t: Double) {
        motion = planned
        motionStart = t
    }

    // MARK: - Pointer

    /// A pointer goes down at `pointer` (pt along the axis). Returns whether it caught motion
    /// (a press on a moving list stops it and must not count as a tap). Advance the axis to `t`
    /// first to hear of motion that ended before the press.
    @discardableResult
    public mutating func beginDrag(at t: Double, pointer: Double, input: DragInput = .touch) -> Bool {
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now)
        let caught = motion != nil
        let startIndex = motion?.targetIndex ?? snapTargets.nearestIndex(to: x) ?? 0
        var caughtDirection = 0
        if let motion, motion.aims, motion.targetIndex != nil, !snapTargets.isEmpty {
            caughtDirection = motion.restPosition > x ? 1 : (motion.restPosition < x ? -1 : 0)
        }
        finger.touchDown(
            at: now, position: -(pointer.isFinite ? pointer : 0), input: input, caught: phase(at: now),
            caughtVelocity: velocity(at: now))
        motion = nil
        restOffset = x
        let p = pointer.isFinite ? pointer : 0
        drag = Drag(
            pointerOrigin: p, pullOrigin: feel.fingerOffset(showing: x, extent: extent, input: input), pointer: p,
            startIndex: startIndex, shown: x, startTime: now, started: feel.dragStart(for: input).distance <= 0,
            input: input, seen: p)
        drag?.caughtDirection = caughtDirection
        return caught
    }

    /// The pointer moved to `pointer` at `t`: past the feel's start threshold the content
    /// follows, resisted past the edges as the feel resists.
    public mutating func dragMoved(at t: Double, pointer: Double) {
        guard drag != nil, pointer.isFinite else { return }
        advance(to: t)
        guard var d = drag else { return }
        let now = max(t, time)
        let moved = pointer != d.seen
        d.seen = pointer
        if !d.started {
            let travel = pointer - d.pointerOrigin
            let start = feel.dragStart(for: d.input)
            if abs(travel) > start.distance {
                d.started = true
                if start.swallowed { d.pointerOrigin += (travel < 0 ? -1 : 1) * start.distance }
                d.pointer = d.pointerOrigin
            }
        }
        if d.started {
            let from = d.pullOrigin - (d.pointer - d.pointerOrigin)
            let to = d.pullOrigin - (pointer - d.pointerOrigin)
            let shown = feel.dragged(shown: d.shown, fingerFrom: from, fingerTo: to, extent: extent, input: d.input)
            if shown.isFinite { d.shown = shown }
            d.pointer = pointer
        }
        drag = d
        if moved { finger.moved(at: now, position: -pointer, isDragUpdate: d.started, paged: !snapTargets.isEmpty) }
    }

    /// The range and viewport as the feel sees them.
    public var extent: ModelExtent {
        ModelExtent(minOffset: bounds.lowerBound, maxOffset: bounds.upperBound, viewport: viewportLength)
    }

    /// Moves the dragged content by `delta` points of offset (wheel and touchpad streams), with
    /// the rubber band past the edges.
    public mutating func dragScrolled(at t: Double, by delta: Double) {
        guard let drag, delta.isFinite else { return }
        dragMoved(at: t, pointer: drag.pointer - delta)
    }

    /// The pointer lifts at `t` (optionally at a last position). Chooses where to land and plans
    /// the motion there. `releaseVelocity` (pt/s of content) replaces the feel's release
    /// velocity when a scene shares one pointer between several axes and knows better. The
    /// report's `release` says where it will rest (and `rest`, if it is there already).
    @discardableResult
    public mutating func endDrag(at t: Double, pointer: Double? = nil, releaseVelocity: Double? = nil) -> AxisReport {
        guard let drag else { return .none }
        if let pointer { dragMoved(at: t, pointer: pointer) }
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now)
        let d = self.drag ?? drag
        var lifted = finger.lift(at: now, position: -d.pointer, started: d.started, paged: !snapTargets.isEmpty)
        if let releaseVelocity { lifted.velocity = sanitizedVelocity(releaseVelocity) }
        self.drag = nil
        return release(
            from: x, velocity: lifted.velocity, at: now, startIndex: d.startIndex, reportsRelease: true,
            travel: -(d.pointer - d.pointerOrigin), touchDuration: now - d.startTime,
            lead: lifted.lead, multiplier: lifted.multiplier, caughtDirection: d.caughtDirection)
    }

    /// Ends a drag the way a wheel or touchpad stream ends: with the velocity the stream had at
    /// its last event, measured up to `lastEventTime`, applied from `t`.
    /// `lifted`: the fingers' lift is known (a gesture file's `wheel-end`) and happens at `t`,
    /// so a stream that rested before it does not glide.
    @discardableResult
    public mutating func endScrollStream(at t: Double, lastEventTime: Double, lifted: Bool = false) -> AxisReport {
        guard drag != nil else { return .none }
        advance(to: t)
        guard let d = drag else { return .none }
        let now = max(t, time)
        let released = finger.streamEnded(
            at: now, lastEvent: lastEventTime, lifted: lifted, paged: !snapTargets.isEmpty,
            slope: dragSlope(d))
        let x = offset(at: now)
        self.drag = nil
        return release(
            from: x, velocity: released.velocity, at: now, startIndex: d.startIndex, reportsRelease: true,
            lead: released.lead, multiplier: released.multiplier, caughtDirection: d.caughtDirection)
    }

    /// How far the content moves per point of finger where the drag is (1 inside, below 1 past
    /// an edge), from the feel's own resistance.
    private func dragSlope(_ d: Drag) -> Double {
        let pull = d.pullOrigin - (d.pointer - d.pointerOrigin)
        let step = 1e-3
        let moved = feel.dragged(
            shown: d.shown, fingerFrom: pull, fingerTo: pull + step, extent: extent, input: d.input)
        let slope = (moved - d.shown) / step
        return slope.isFinite ? min(max(slope, 0), 1) : 1
    }

    /// Lands the motion just released at `target` instead (clamped to the bounds), as a
    /// `scrollViewWillEndDragging` that changes `targetContentOffset`: call it right after the
    /// release, before the clock moves on. Free axes move there as the feel retargets (UIKit:
    /// the friction that stops exactly on it, keeping the release velocity, when it can, else
    /// a snap); paged axes animate there.
    @discardableResult
    public mutating func retarget(to target: Double) -> AxisReport {
        guard target.isFinite, drag == nil else { return .none }
        let x: Double, v: Double
        if let release = lastRelease, release.time == time {
            x = release.offset; v = release.velocity
        } else {
            x = offset(at: time); v = velocity(at: time)
        }
        let clamped = min(max(target, bounds.lowerBound), bounds.upperBound)
        let aim = scrollTo(clamped, from: x, velocity: v)
        start(snapTargets.isEmpty ? feel.retarget(aim) : feel.animate(aim), at: time)
        var report = AxisReport.none
        if var release = lastRelease, release.time == time {
            release.targetOffset = motion?.restPosition ?? clamped
            release.targetIndex = motion?.targetIndex
            report.release = release
            lastRelease = release
        }
        report.absorb(settleIfInstant())
        return report
    }

    /// An animated scroll from `x` at `v` to `target`, aiming at its snap target if paged.
    private func scrollTo(_ target: Double, from x: Double, velocity v: Double) -> AnimatedScroll {
        AnimatedScroll(
            position: x, velocity: v, target: target,
            index: snapTargets.isEmpty ? nil : snapTargets.nearestIndex(to: target), extent: extent,
            tolerance: tolerance)
    }

    // MARK: - Programmatic motion

    /// Starts free (or paged) motion with `velocity` from the current offset at `t`, as a
    /// hand-off from a neighbouring scroll view does.
    @discardableResult
    public mutating func fling(at t: Double, velocity: Double) -> AxisReport {
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now)
        let start = motion?.targetIndex ?? snapTargets.nearestIndex(to: x) ?? 0
        drag = nil
        report.absorb(
            release(from: x, velocity: sanitizedVelocity(velocity), at: now, startIndex: start, reportsRelease: false))
        return report
    }

    /// Animates to `target` (clamped to the bounds) as the feel animates, keeping the current velocity.
    @discardableResult
    public mutating func scroll(to target: Double, at t: Double) -> AxisReport {
        guard target.isFinite else { return .none }
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        drag = nil
        let clamped = min(max(target, bounds.lowerBound), bounds.upperBound)
        start(feel.animate(scrollTo(clamped, from: x, velocity: v)), at: now)
        report.absorb(settleIfInstant())
        return report
    }

    /// Scrolls to the leading edge as a status-bar tap does, as the feel does it (UIKit: a
    /// critically damped spring of response `scrollToTopResponse`), from the current offset and
    /// velocity; a paged axis animates to its first target.
    @discardableResult
    public mutating func scrollToTop(at t: Double) -> AxisReport {
        guard snapTargets.isEmpty else { return scroll(to: bounds.lowerBound, at: t) }
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        drag = nil
        start(feel.scrollToTop(scrollTo(bounds.lowerBound, from: x, velocity: v)), at: now)
        report.absorb(settleIfInstant())
        return report
    }

    /// Jumps to `offset` (clamped) and stops.
    @discardableResult
    public mutating func setOffset(_ offset: Double, at t: Double) -> AxisReport {
        guard offset.isFinite else { return .none }
        let report = advance(to: t)
        drag = nil
        motion = nil
        restOffset = min(max(offset, bounds.lowerBound), bounds.upperBound)
        restIndex = snapTargets.nearestIndex(to: restOffset)
        return report
    }

    /// Stops any motion where it is at `t` (a tap during motion only stops it). A stop past an
    /// edge springs back to it.
    @discardableResult
    public mutating func halt(at t: Double) -> AxisReport {
        var report = advance(to: t)
        guard motion != nil else { return report }
        let now = max(t, time)
        let x = offset(at: now)
        motion = nil
        restOffset = x
        if x < bounds.lowerBound || x > bounds.upperBound || !snapTargets.isEmpty {
            report.absorb(
                release(
                    from: x, velocity: 0, at: now, startIndex: snapTargets.nearestIndex(to: x) ?? 0,
                    reportsRelease: false))
        } else {
            let previous = restIndex
            restIndex = nil
            report.rest = .init(time: now, offset: x, index: nil, previousIndex: previous)
        }
        return report
    }

    // MARK: - Changing the setup mid-motion

    /// A new feel (another model, or new values), applied to the motion under way from `t`
    /// without a jump: the offset and velocity at `t` carry over into a motion planned by the
    /// new feel (a snap keeps its target).
    @discardableResult
    public mutating func setFeel(_ new: Feel, at t: Double) -> AxisReport {
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        feel = new.model
        finger = feel.makeFinger()
        report.absorb(replan(keepingOffset: x, velocity: v, at: now))
        return report
    }

    /// New content bounds and snap targets (content appended or removed), without moving what is
    /// on screen: motion under way is replanned from the offset and velocity at `t`.
    @discardableResult
    public mutating func setBounds(
        _ newBounds: ClosedRange<Double>, snapTargets newTargets: SnapTargets? = nil, at t: Double
    ) -> AxisReport {
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        bounds = Self.sanitized(newBounds)
        if let newTargets { snapTargets = newTargets }
        report.absorb(replan(keepingOffset: withinRubberBand(x), velocity: v, at: now))
        return report
    }

    /// `x` moved, if needed, to within the rubber band's limit of the bounds: bounds that shrink
    /// (or a viewport, and so a limit, that shrinks) mid-motion never leave the content farther
    /// past an edge than a pull could take it.
    private func withinRubberBand(_ x: Double) -> Double {
        let limit = feel.overscrollLimit(extent: extent)
        return min(max(x, bounds.lowerBound - limit), bounds.upperBound + limit)
    }

    @discardableResult
    public mutating func setViewportLength(_ length: Double, at t: Double) -> AxisReport {
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        viewportLength = Self.sanitized(length, fallback: viewportLength, minimum: 1e-6)
        report.absorb(replan(keepingOffset: withinRubberBand(x), velocity: v, at: now))
        return report
    }

    /// Moves the content by `delta` points without anything visibly moving: offset, drag, motion,
    /// bounds and snap targets all shift together. For recycling (a banner's three slots) and the
    /// silent re-centre of a looping feed.
    @discardableResult
    public mutating func shiftContent(by delta: Double, at t: Double) -> AxisReport {
        guard delta.isFinite, delta != 0 else { return .none }
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        bounds = (bounds.lowerBound + delta)...(bounds.upperBound + delta)
        snapTargets = snapTargets.shifted(by: delta)
        restOffset += delta
        if var drag {
            drag.pullOrigin += delta
            drag.shown += delta
            self.drag = drag
        } else if let current = motion {
            let index = current.targetIndex
            if let index, index < snapTargets.count {
                start(
                    feel.animate(
                        AnimatedScroll(
                            position: x + delta, velocity: v, target: snapTargets[index], index: index,
                            extent: extent, tolerance: tolerance)), at: now)
            } else {
                start(planFree(from: x + delta, velocity: v), at: now)
            }
            report.absorb(settleIfInstant())
        }
        return report
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

    private mutating func replan(keepingOffset x: Double, velocity v: Double, at t: Double) -> AxisReport {
        if var drag {
            // Keep the content under the pointer: re-derive the pull that shows x.
            drag.shown = x
            drag.pullOrigin =
                feel.fingerOffset(showing: x, extent: extent, input: drag.input) + (drag.pointer - drag.pointerOrigin)
            self.drag = drag
            return .none
        }
        guard let current = motion else {
            let offTarget =
                snapTargets.nearestIndex(to: x).map { abs(snapTargets[$0] - x) > tolerance.distance } ?? false
            if x < bounds.lowerBound || x > bounds.upperBound || offTarget {
                restOffset = x
                return release(
                    from: x, velocity: 0, at: t, startIndex: snapTargets.nearestIndex(to: x) ?? 0, reportsRelease: false
                )
            }
            restOffset = x
            restIndex = snapTargets.nearestIndex(to: x)
            return .none
        }
        if current.aims {
            // Keep the aim, not the index: targets may have been rebuilt around it.
            let target = min(max(current.restPosition, bounds.lowerBound), bounds.upperBound)
            let index = current.targetIndex == nil ? nil : snapTargets.nearestIndex(to: current.restPosition)
            let aim = index.map { snapTargets[$0] } ?? target
            start(
                feel.animate(
                    AnimatedScroll(
                        position: x, velocity: v, target: aim, index: index, extent: extent,
                        tolerance: tolerance)), at: t)
        } else {
            start(planFree(from: x, velocity: v), at: t)
        }
        return settleIfInstant()
    }

    // MARK: - Release

    /// `lead`: glide time already run at release (UIKit's release frame); `multiplier`: fast scrolling's.
    private mutating func release(
        from x: Double, velocity v: Double, at t: Double, startIndex: Int,
        reportsRelease: Bool, travel: Double = 0, touchDuration: Double = 0,
        lead: Double = 0, multiplier: Double = 1, caughtDirection: Int = 0
    ) -> AxisReport {
        var planned: Motion?
        if !snapTargets.isEmpty {
            let first = snapTargets[0]
            // Pages from 0: the feel's page rule sees offsets relative to the first target.
            let pageSize = snapTargets.count >= 2 ? snapTargets[1] - first : viewportLength
            let shiftedExtent = ModelExtent(
                minOffset: bounds.lowerBound - first, maxOffset: bounds.upperBound - first,
                viewport: viewportLength)
            if let turn = feel.page(
                ModelPageRelease(
                    offset: x - first, velocity: v, pageSize: pageSize, pageCount: snapTargets.count,
                    travel: travel, touchDuration: touchDuration, viewport: viewportLength,
                    startIndex: startIndex, targets: snapTargets.shifted(by: -first),
                    extent: shiftedExtent, tolerance: tolerance, caughtDirection: caughtDirection))
            {
                var motion = turn.motion.shifted(by: first)
                let index = snapTargets.clamp(turn.index)
                motion.restPosition = snapTargets[index]
                motion.targetIndex = index
                motion.aims = true
                planned = motion
            }
        }
        start(
            planned
                ?? feel.release(
                    FreeRelease(
                        position: x, velocity: v, extent: extent, chainsLeadingEdge: chainsLeadingEdge,
                        chainsTrailingEdge: chainsTrailingEdge, lead: lead, multiplier: multiplier,
                        tolerance: tolerance)), at: t)
        var report = AxisReport.none
        if reportsRelease, let motion {
            let release = AxisReport.Release(
                time: t, offset: x, velocity: v, startIndex: snapTargets.isEmpty ? nil : startIndex,
                targetOffset: motion.restPosition, targetIndex: motion.targetIndex)
            lastRelease = release
            latestRelease = release
            report.release = release
        }
        report.absorb(settleIfInstant())
        return report
    }

    /// A motion that is already over (nothing to do, or a hand-off right at the start) ends now.
    private mutating func settleIfInstant() -> AxisReport {
        guard let planned = motion, motionStart + planned.end <= time else { return .none }
        return finish(planned)
    }

    /// Free motion from `x` with `v` (no release frame, no multiplier), as the feel plans it.
    private func planFree(from x: Double, velocity v: Double) -> Motion {
        feel.release(
            FreeRelease(
                position: x, velocity: v, extent: extent, chainsLeadingEdge: chainsLeadingEdge,
                chainsTrailingEdge: chainsTrailingEdge, tolerance: tolerance))
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
