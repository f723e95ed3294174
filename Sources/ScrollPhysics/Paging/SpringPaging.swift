#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PageChooser {
    /// Li's rule. Let y1 be the target behind the release in the direction of motion and
    /// y2 the one ahead, H = |y2 − y1|, Δy = |y − y1|.
    /// - Past the midpoint (Δy > H/2): go to y2.
    /// - Otherwise treat y1 as the rest point of the page spring (δ = pageDamping) and recover the
    ///   speed it had when it left y1: `t = 1/(δ + v/Δy)`, `v0 = Δy·e^(δt)/t` (v0 = v when
    ///   Δy < 1 pt). Its farthest point `v0/(δ·e)` decides: beyond H/bias → y2, else y1.
    ///
    /// bias = `pageSwitchBias` for a flick (2 is the article; larger favours the flick's
    /// direction, smaller resists it) and 2 without one. A backward fling is computed in the
    /// mirrored frame, so it is the exact mirror of a forward one. Outside the targets (pulled
    /// past the first or last) the nearest end is taken; `δ + v/Δy ≤ 0` cannot arise in the
    /// mirrored frame (v ≥ 0, Δy ≥ 0) but falls back to y1 if it ever did.
    func spring(_ release: PageRelease) -> PageDecision {
        let flick = isFlick(release.velocity)
        let v = flick ? release.velocity : 0
        let forward = v >= 0
        // In the mirrored frame motion is always toward larger coordinates.
        let y = forward ? release.offset : -release.offset
        let speed = abs(v)
        func coordinate(_ index: Int) -> Double { forward ? targets[index] : -targets[index] }
        // Index, in the mirrored order, of the target at or behind y.
        let behind: Int?
        if forward {
            let index = targets.firstIndex(above: release.offset) - 1
            behind = index >= 0 ? index : nil
        } else {
            let index = targets.firstIndex(atOrAbove: release.offset)
            behind = index < targets.count ? index : nil
        }
        guard let y1Index = behind else {
            return PageDecision(index: forward ? 0 : targets.count - 1)
        }
        let y2Index = forward ? y1Index + 1 : y1Index - 1
        guard y2Index >= 0, y2Index < targets.count else { return PageDecision(index: y1Index) }
        let y1 = coordinate(y1Index), y2 = coordinate(y2Index)
        let pageLength = y2 - y1, deltaY = y - y1
        if y + pageLength / 2 > y2 { return PageDecision(index: y2Index) }
        guard let peak = Self.springPeak(displacement: deltaY, speed: speed, damping: parameters.pageDamping) else {
            return PageDecision(index: y1Index)
        }
        let bias = flick ? parameters.pageSwitchBias : 2
        return PageDecision(index: peak > pageLength / bias ? y2Index : y1Index)
    }

    /// Li's recovered spring: content `deltaY` points past its rest point y1 (≥ 0), moving
    /// away at `speed` pt/s (≥ 0), is taken to have left y1 at t = 1/(δ + v/Δy) ago with
    /// v0 = Δy·e^(δt)/t (v0 = v when Δy < 1 pt); returns that spring's farthest point
    /// v0/(δ·e), in points, or nil when δ + v/Δy is not a positive finite number.
    static func springPeak(displacement deltaY: Double, speed: Double, damping: Double) -> Double? {
        let v0: Double
        if deltaY < 1 {
            v0 = speed
        } else {
            let denominator = damping + speed / deltaY
            guard denominator > 0, denominator.isFinite else { return nil }
            let t = 1 / denominator
            v0 = deltaY * exp(damping * t) / t
        }
        return v0 / (damping * M_E)
    }
}
