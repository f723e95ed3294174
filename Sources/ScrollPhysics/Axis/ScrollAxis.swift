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
    /// UIKit's recognizer velocity for the current drag (`UIKitPanVelocity`).
    private var pan = UIKitPanVelocity()
    /// UIKit's fast scrolling across gestures (`FastScrollStreak`).
    public private(set) var streak = FastScrollStreak()
    /// The last release, kept until the clock moves on so that `retarget(to:)` plans from it.
    private var lastRelease: AxisReport.Release?
    /// The latest release of a drag or stream, kept (for plots and readouts).
    public private(set) var latestRelease: AxisReport.Release?

    private struct Drag {
        var pointerOrigin: Double
        var pullOrigin: Double
        var pointer: Double
        var startIndex: Int
        /// With a platform model (`parameters.model`): the offset shown, the drag's start time,
        /// the velocity of the motion it caught, and whether the drag start threshold is crossed.
        var shown = 0.0
        var startTime = 0.0
        var caughtVelocity = 0.0
        var started = true
        /// A finger or a touchpad stream.
        var input = DragInput.touch
        /// The pointer where it went down (for the fast-scroll drag distance).
        var touchDown = 0.0
        /// Whether the recognizer's V reached the fast-scroll slow-drag speed during this drag.
        var wasFast = false
        /// The pointer's last reported position (a report at the same place adds no sample).
        var seen = 0.0
    }
    /// The platform model's own velocity estimator, fed pointer positions in offset units.
    private var estimator: (any ReleaseVelocityEstimator)?

    public init(viewportLength: Double, bounds: ClosedRange<Double>, snapTargets: SnapTargets = SnapTargets([]),
                parameters: ScrollParameters = ScrollParameters(), tolerance: Tolerance = .standard, offset: Double? = nil) {
        self.parameters = parameters
        self.tolerance = tolerance
        self.viewportLength = Self.sanitized(viewportLength, fallback: 1, minimum: 1e-6)
        self.bounds = Self.sanitized(bounds)
        self.snapTargets = snapTargets
        let start = min(max(offset ?? self.bounds.lowerBound, self.bounds.lowerBound), self.bounds.upperBound)
        restOffset = start.isFinite ? start : 0
        restIndex = snapTargets.nearestIndex(to: restOffset)
    }

    // MARK: - Reading

    /// Content offset at `t` (s ≥ `time`), in points.
    public func offset(at t: Double) -> Double {
        if let drag, parameters.model != nil { return drag.shown }
        if let drag { return resisted(drag.pullOrigin - (drag.pointer - drag.pointerOrigin)) }
        if let motion { return motion.offset(at: t) }
        return restOffset
    }

    /// Content velocity at `t`, in points per second (while dragging: the pointer's tracked
    /// velocity scaled by the rubber band's slope).
    public func velocity(at t: Double) -> Double {
        if drag != nil, parameters.model != nil { return estimator?.velocity(at: t) ?? 0 }
        if let drag {
            let pull = drag.pullOrigin - (drag.pointer - drag.pointerOrigin)
            // What the recognizer would hold if the finger lifted now: a pointer held still
            // (no events for three frames) reads 0, as its release would.
            var held = pan
            held.hold(until: t, isDragUpdate: drag.started)
            return 1000 * held.recognizerVelocity * resistanceSlope(atPull: pull)
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

    /// Moves the axis's clock to `t` (earlier times are ignored). Motion whose time has come
    /// ends; the report says when (its exact end time), where, and what it hands on.
    @discardableResult
    public mutating func advance(to t: Double) -> AxisReport {
        guard t.isFinite, t >= time else { return .none }
        var report = AxisReport.none
        if let motion, t >= motion.end {
            report = finish(motion)
        }
        if t > time { lastRelease = nil }
        time = t
        return report
    }

    /// Ends `finished`: rests at its end, and reports the rest and any hand-off.
    private mutating func finish(_ finished: Motion) -> AxisReport {
        motion = nil
        streak.reset()   // a glide that settles ends fast scrolling
        let previous = restIndex
        restOffset = finished.restOffset
        restIndex = finished.targetIndex ?? snapTargets.nearestIndex(to: restOffset)
        time = max(time, finished.end)
        var report = AxisReport(rest: .init(time: finished.end, offset: restOffset, index: restIndex, previousIndex: previous))
        if let handOff = finished.handOff {
            report.handOff = .init(edge: handOff.edge, time: finished.end, velocity: handOff.velocity)
        }
        return report
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
        if motion?.phase(at: now) == .bouncing { streak.reset() }   // a glide that reached an edge ends the streak
        streak.touchDown(at: now, timeout: FastScrollStreak.timeout)
        let startIndex = motion?.targetIndex ?? snapTargets.nearestIndex(to: x) ?? 0
        let caughtVelocity = motion?.velocity(at: now) ?? 0
        motion = nil
        restOffset = x
        let p = pointer.isFinite ? pointer : 0
        let feel = parameters.model?.model
        let hysteresis = feel?.dragStart.distance ?? (input == .touch ? parameters.panHysteresis : 0)
        drag = Drag(pointerOrigin: p, pullOrigin: x, pointer: p, startIndex: startIndex, shown: x, startTime: now,
                    caughtVelocity: caughtVelocity, started: hysteresis <= 0, input: input, touchDown: p, seen: p)
        if feel == nil { drag!.pullOrigin = unresisted(x) }   // after `input`: the rubber band depends on it
        tracker.reset()
        tracker.add(time: now, position: p)
        pan = UIKitPanVelocity(sampleWeight: parameters.velocitySampleWeight, releaseBlend: parameters.releaseBlend,
                               minimumGlide: parameters.minimumGlideVelocity / 1000, frameInterval: frameInterval)
        pan.begin(at: now, position: -p)
        estimator = feel?.anyEstimator()
        estimator?.add(time: now, position: -p)
        return caught
    }

    /// The pointer moved to `pointer` at `t`.
    public mutating func dragMoved(at t: Double, pointer: Double) {
        guard drag != nil, pointer.isFinite else { return }
        advance(to: t)
        if let feel = parameters.model?.model {
            dragMoved(feel, at: t, pointer: pointer)
            return
        }
        dragMovedUIKit(at: max(t, time), pointer: pointer)
    }

    /// UIKit's drag: the pan's hysteresis, the recognizer's samples and fast scrolling.
    private mutating func dragMovedUIKit(at now: Double, pointer: Double) {
        guard var d = drag else { return }
        if !d.started, abs(pointer - d.pointerOrigin) > parameters.panHysteresis {
            d.started = true
            d.pointerOrigin += (pointer < d.pointerOrigin ? -1 : 1) * parameters.panHysteresis
        }
        let moved = pointer != d.seen
        d.seen = pointer
        if d.started { d.pointer = pointer }
        tracker.add(time: now, position: pointer)
        if moved { pan.add(time: now, position: -pointer, isDragUpdate: d.started) }
        if d.started, snapTargets.isEmpty {
            let v = abs(pan.latestUpdate)
            let reversed = pan.latestUpdate * pan.previousUpdate < 0
            if reversed || (d.wasFast && v < FastScrollStreak.slowDrag) {
                streak.reset()
                d.wasFast = false
            }
            if v >= FastScrollStreak.slowDrag { d.wasFast = true }
            streak.dragged(distance: pointer - d.touchDown, per: parameters.fastScrollDistance,
                           cap: FastScrollStreak.gainCap, maximum: parameters.maximumFastScrollMultiplier)
        }
        drag = d
    }

    /// One display frame, s.
    var frameInterval: Double { 1 / max(1, parameters.refreshRate) }

    /// A platform model's drag: its start threshold, then its own resistance past the edges.
    private mutating func dragMoved(_ feel: any FeelModel, at t: Double, pointer: Double) {
        guard var d = drag else { return }
        // Platforms record moves only: a release (or repeat) at the same spot adds no sample.
        let moved = pointer != d.pointer
        if !d.started {
            let travel = pointer - d.pointerOrigin
            let start = feel.dragStart
            if abs(travel) > start.distance {
                d.started = true
                if start.swallowed { d.pointerOrigin += (travel < 0 ? -1 : 1) * start.distance }
                d.pointer = d.pointerOrigin
            }
        }
        if d.started {
            let from = d.pullOrigin - (d.pointer - d.pointerOrigin)
            let to = d.pullOrigin - (pointer - d.pointerOrigin)
            d.shown = feel.dragged(shown: d.shown, fingerFrom: from, fingerTo: to, extent: extent)
            d.pointer = pointer
        }
        drag = d
        if moved { estimator?.add(time: max(t, time), position: -pointer) }
    }

    /// The range and viewport as the platform models see them.
    var extent: ModelExtent {
        ModelExtent(minOffset: bounds.lowerBound, maxOffset: bounds.upperBound, viewport: viewportLength)
    }

    /// Moves the dragged content by `delta` points of offset (wheel and touchpad streams), with
    /// the rubber band past the edges.
    public mutating func dragScrolled(at t: Double, by delta: Double) {
        guard let drag, delta.isFinite else { return }
        dragMoved(at: t, pointer: drag.pointer - delta)
    }

    /// The pointer lifts at `t` (optionally at a last position). Chooses where to land and plans
    /// the motion there. `releaseVelocity` (pt/s of content) replaces the tracked velocity when a
    /// scene shares one pointer between several axes and knows better. The report's `release`
    /// says where it will rest (and `rest`, if it is there already).
    @discardableResult
    public mutating func endDrag(at t: Double, pointer: Double? = nil, releaseVelocity: Double? = nil) -> AxisReport {
        guard let drag else { return .none }
        if let pointer { dragMoved(at: t, pointer: pointer) }
        advance(to: t)
        let now = max(t, time)
        let x = offset(at: now)
        var v: Double
        var multiplier = 1.0
        if let feel = parameters.model?.model {
            v = sanitizedVelocity(releaseVelocity ?? velocity(at: now))
            if releaseVelocity == nil {
                estimator?.lift(time: now, position: -drag.pointer)
                v = sanitizedVelocity(velocity(at: now))
                // The platform's fling thresholds, clamp and carried momentum.
                v = drag.started ? feel.flingVelocity(estimated: v, travel: estimator?.travel ?? 0) : 0
                v = sanitizedVelocity(v + feel.carriedVelocity(previous: drag.caughtVelocity, fling: v))
            }
        } else {
            pan.hold(until: now, isDragUpdate: drag.started)
            v = sanitizedVelocity(releaseVelocity ?? (drag.started ? 1000 * pan.releaseVelocity : 0))
            multiplier = noteRelease(at: now)
        }
        self.drag = nil
        return release(from: x, velocity: v, at: now, startIndex: drag.startIndex, reportsRelease: true,
                       travel: -(drag.pointer - drag.pointerOrigin), touchDuration: now - drag.startTime,
                       lead: frameInterval, multiplier: multiplier)
    }

    /// Counts a UIKit release toward fast scrolling; returns the glide's multiplier.
    private mutating func noteRelease(at now: Double) -> Double {
        guard snapTargets.isEmpty else { streak.reset(); return 1 }
        streak.released(latest: pan.latestUpdate, at: now, flickVelocity: parameters.fastScrollFlickVelocity / 1000,
                        minimumGlide: parameters.minimumGlideVelocity / 1000)
        if streak.count == 0 { streak.multiplier = 1 }
        return streak.multiplier
    }

    /// Ends a drag the way a wheel or touchpad stream ends: with the velocity the stream had at
    /// its last event, measured up to `lastEventTime`, applied from `t`.
    /// `lifted`: the fingers' lift is known (a gesture file's `wheel-end`) and happens at `t`,
    /// so a stream that rested before it does not glide.
    @discardableResult
    public mutating func endScrollStream(at t: Double, lastEventTime: Double, lifted: Bool = false) -> AxisReport {
        guard let drag else { return .none }
        advance(to: t)
        let now = max(t, time)
        let v: Double
        var multiplier = 1.0
        if parameters.model != nil {
            let pull = drag.pullOrigin - (drag.pointer - drag.pointerOrigin)
            v = sanitizedVelocity(-tracker.velocity(at: lastEventTime) * resistanceSlope(atPull: pull))
        } else {
            if lifted { pan.hold(until: now, isDragUpdate: true) }
            v = sanitizedVelocity(1000 * pan.releaseVelocity)
            multiplier = noteRelease(at: now)
        }
        let x = offset(at: now)
        self.drag = nil
        // A known lift is UIKit's release frame; a stream ended by its gap was lifted frames ago,
        // so it glides on from here without a second jump.
        return release(from: x, velocity: v, at: now, startIndex: drag.startIndex, reportsRelease: true,
                       lead: lifted ? frameInterval : 0, multiplier: multiplier)
    }

    /// Lands the motion just released at `target` instead (clamped to the bounds), as a
    /// `scrollViewWillEndDragging` that changes `targetContentOffset`: call it right after the
    /// release, before the clock moves on. Free axes glide there with the friction that stops
    /// exactly on it (keeping the release velocity) when they can, else snap; paged axes snap.
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
        if snapTargets.isEmpty {
            motion = planner.toward(clamped, from: x, velocity: v, at: time)
        } else {
            motion = planner.page(from: x, velocity: v, to: clamped, at: time, index: snapTargets.nearestIndex(to: clamped))
        }
        var report = AxisReport.none
        if var release = lastRelease, release.time == time {
            release.targetOffset = motion?.restOffset ?? clamped
            release.targetIndex = motion?.targetIndex
            report.release = release
            lastRelease = release
        }
        report.absorb(settleIfInstant())
        return report
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
        report.absorb(release(from: x, velocity: sanitizedVelocity(velocity), at: now, startIndex: start, reportsRelease: false))
        return report
    }

    /// Animates to `target` (clamped to the bounds) with the page spring, keeping the current velocity.
    @discardableResult
    public mutating func scroll(to target: Double, at t: Double) -> AxisReport {
        guard target.isFinite else { return .none }
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        drag = nil
        let clamped = min(max(target, bounds.lowerBound), bounds.upperBound)
        motion = planner.page(from: x, velocity: v, to: clamped, at: now, index: snapTargets.isEmpty ? nil : snapTargets.nearestIndex(to: clamped))
        report.absorb(settleIfInstant())
        return report
    }

    /// Scrolls to the leading edge as a status-bar tap does: under UIKit's steps a critically
    /// damped spring of response `scrollToTopResponse` (ω = 2π/response: 10.47 /s at 0.6 s), from
    /// the current offset and velocity; otherwise the page motion of `scroll(to:at:)`.
    @discardableResult
    public mutating func scrollToTop(at t: Double) -> AxisReport {
        guard parameters.model == nil, parameters.followsUIKitSteps, snapTargets.isEmpty else {
            return scroll(to: bounds.lowerBound, at: t)
        }
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        drag = nil
        let omega = 2 * Double.pi / max(parameters.scrollToTopResponse, 0.01)
        motion = planner.snap(from: x, velocity: v, to: bounds.lowerBound, at: now, index: nil, damping: omega)
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
            report.absorb(release(from: x, velocity: 0, at: now, startIndex: snapTargets.nearestIndex(to: x) ?? 0, reportsRelease: false))
        } else {
            let previous = restIndex
            restIndex = nil
            report.rest = .init(time: now, offset: x, index: nil, previousIndex: previous)
        }
        return report
    }

    // MARK: - Changing the setup mid-motion

    /// New parameters, applied to the motion under way from `t` without a jump: the offset and
    /// velocity at `t` carry over into a motion planned with the new values (a snap keeps its target).
    @discardableResult
    public mutating func setParameters(_ new: ScrollParameters, at t: Double) -> AxisReport {
        var report = advance(to: t)
        let now = max(t, time)
        let x = offset(at: now), v = velocity(at: now)
        parameters = new
        report.absorb(replan(keepingOffset: x, velocity: v, at: now))
        return report
    }

    /// New content bounds and snap targets (content appended or removed), without moving what is
    /// on screen: motion under way is replanned from the offset and velocity at `t`.
    @discardableResult
    public mutating func setBounds(_ newBounds: ClosedRange<Double>, snapTargets newTargets: SnapTargets? = nil, at t: Double) -> AxisReport {
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
        let limit = rubberBand.limit
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
        snapTargets = SnapTargets(snapTargets.offsets.map { $0 + delta })
        restOffset += delta
        if var drag {
            drag.pullOrigin += delta
            self.drag = drag
        } else if let current = motion {
            let index = current.targetIndex
            if let index, index < snapTargets.count {
                motion = planner.page(from: x + delta, velocity: v, to: snapTargets[index], at: now, index: index)
            } else {
                motion = planFree(from: x + delta, velocity: v, at: now)
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
            drag.pullOrigin = unresisted(x) + (drag.pointer - drag.pointerOrigin)
            self.drag = drag
            return .none
        }
        guard let current = motion else {
            let offTarget = snapTargets.nearestIndex(to: x).map { abs(snapTargets[$0] - x) > tolerance.distance } ?? false
            if x < bounds.lowerBound || x > bounds.upperBound || offTarget {
                restOffset = x
                return release(from: x, velocity: 0, at: t, startIndex: snapTargets.nearestIndex(to: x) ?? 0, reportsRelease: false)
            }
            restOffset = x
            restIndex = snapTargets.nearestIndex(to: x)
            return .none
        }
        if current.aims {
            // Keep the aim, not the index: targets may have been rebuilt around it.
            let target = min(max(current.restOffset, bounds.lowerBound), bounds.upperBound)
            let index = current.targetIndex == nil ? nil : snapTargets.nearestIndex(to: current.restOffset)
            let aim = index.map { snapTargets[$0] } ?? target
            motion = planner.page(from: x, velocity: v, to: aim, at: t, index: index)
        } else {
            motion = planFree(from: x, velocity: v, at: t)
        }
        return settleIfInstant()
    }

    // MARK: - Release

    /// `lead`: glide time already run at release (UIKit's release frame); `multiplier`: fast scrolling's.
    private mutating func release(from x: Double, velocity v: Double, at t: Double, startIndex: Int,
                                  reportsRelease: Bool, travel: Double = 0, touchDuration: Double = 0,
                                  lead: Double = 0, multiplier: Double = 1) -> AxisReport {
        let planner = self.planner
        let planned: Motion
        if let feel = parameters.model?.model, snapTargets.count >= 2,
           let turn = feel.page(ModelPageRelease(offset: x - snapTargets[0], velocity: v, pageSize: snapTargets[1] - snapTargets[0],
                                                 pageCount: snapTargets.count, travel: travel, touchDuration: touchDuration,
                                                 viewport: viewportLength, startIndex: startIndex)) {
            let shifted = ModelMotion(pieces: turn.motion.pieces.map {
                .init(start: $0.start, simulation: ShiftedSimulation($0.simulation, by: snapTargets[0]), kind: $0.kind)
            })
            planned = Motion(segments: [.init(piece: .model(shifted, .settling), start: t, end: t + shifted.settleTime)],
                             end: t + shifted.settleTime, restOffset: snapTargets[turn.index], targetIndex: turn.index, aims: true)
        } else if parameters.model != nil, snapTargets.isEmpty {
            planned = planFree(from: x, velocity: v, at: t)
        } else if let decision = PageChooser(parameters: parameters, targets: snapTargets, tolerance: tolerance)
            .decide(PageRelease(offset: x, velocity: v, startIndex: startIndex)) {
            planned = planner.page(from: x, velocity: decision.keepsVelocity ? v : 0, to: snapTargets[decision.index], at: t,
                                   index: decision.index)
        } else if parameters.followsUIKitSteps {
            planned = planner.uikit(from: x, velocity: v, at: t, lead: lead, multiplier: multiplier)
        } else if x < bounds.lowerBound || x > bounds.upperBound {
            // Let go past an edge: the return starts toward it at once (`MotionPlanner.edgeReturn`),
            // k·y0 on top of the release velocity; a flick back in still crosses into the content.
            let edge = x < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            let rate = min(parameters.edgeReturnRate, parameters.bounceDamping)   // at δ: a pure exponential
            planned = planner.free(from: x, velocity: v - rate * (x - edge), at: t)
        } else {
            planned = planFree(from: x, velocity: v, at: t)
        }
        motion = planned
        var report = AxisReport.none
        if reportsRelease {
            let release = AxisReport.Release(time: t, offset: x, velocity: v, startIndex: snapTargets.isEmpty ? nil : startIndex,
                                             targetOffset: planned.restOffset, targetIndex: planned.targetIndex)
            lastRelease = release
            latestRelease = release
            report.release = release
        }
        report.absorb(settleIfInstant())
        return report
    }

    /// A motion that is already over (nothing to do, or a hand-off right at the start) ends now.
    private mutating func settleIfInstant() -> AxisReport {
        guard let planned = motion, planned.end <= time else { return .none }
        return finish(planned)
    }

    /// Free motion from `x` with `v` at `t`: the platform model's release, or UIKit's.
    private func planFree(from x: Double, velocity v: Double, at t: Double) -> Motion {
        guard let feel = parameters.model?.model else {
            return parameters.followsUIKitSteps ? planner.uikit(from: x, velocity: v, at: t) : planner.free(from: x, velocity: v, at: t)
        }
        let planned = feel.release(position: x, velocity: v, extent: extent)
        return Motion(segments: [.init(piece: .model(planned, .decelerating), start: t, end: t + planned.settleTime)],
                      end: t + planned.settleTime, restOffset: planned.restPosition)
    }

    private var planner: MotionPlanner {
        MotionPlanner(parameters: parameters, bounds: bounds, rubberBandLimit: rubberBand.limit, tolerance: tolerance,
                      chainsLeadingEdge: chainsLeadingEdge, chainsTrailingEdge: chainsTrailingEdge)
    }

    // MARK: - Rubber band

    public var rubberBand: RubberBand {
        var band = parameters.rubberBand(viewportLength: viewportLength)
        if drag?.input == .touchpad { band.coefficient = parameters.trackpadRubberBandCoefficient }
        return band
    }

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
