#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// iOS 26's half-rate tail (`halfRateTail`, off by default): once a glide moves at most
/// `threshold` (0.75 pt) per display frame, the scroll view updates its offset only every other
/// display frame. The glide itself is unchanged (its steps compose, so an update after two frames
/// shows the glide's own position then); between updates the last one stays on screen:
///
///     x(t) = glide(t)                                   t < t_h
///     x(t) = glide(t_h + 2·⌊(t − t_h)·Hz/2⌋/Hz)          t ≥ t_h
///
/// t_h (s after release) is the first display frame k/Hz whose next frame moves ≤ 0.75 pt:
/// a frame of T = 1000/Hz ms from glide time τ moves m·|v0|·r^(τ+1)·(1 − r^T)/(1 − r) pt
/// (v0 in pt/ms), so τ_h = ln(0.75·(1 − r)/(m·|v0|·r·(1 − r^T)))/ln r and
/// t_h = ⌈(τ_h/1000 − lead)·Hz⌉/Hz.
///
/// Source: ScrollLab's tracked screen recordings of iOS 26 at 120 Hz ("iOS 26's half-rate tail" in
/// docs/uikit-paging-and-streams.md); a rule read from them, not derived from a decompile. Only the glide inside the
/// content has the tail here (an edge return or a page turn keeps every frame).
public struct HalfRateTail: Simulation, Equatable {
    public var curve: SimulationCurve { .halfRateTail(self) }
    public let glide: UIKitGlide
    /// The display's refresh rate, Hz.
    public let refreshRate: Double
    /// t_h, s after release: from here every other frame updates.
    public let start: Double

    /// The per-frame motion at or below which the tail runs at half rate, pt.
    public static let threshold = 0.75

    public init(_ glide: UIKitGlide, refreshRate: Double) {
        self.glide = glide
        let hz = refreshRate.isFinite && refreshRate >= 1 ? refreshRate : 60
        self.refreshRate = hz
        let r = glide.rate, frameMs = 1000 / hz
        let perMs = glide.multiplier * abs(glide.initialVelocity) / 1000
        let frameReach = r * (1 - pow(r, frameMs)) / (1 - r)
        guard perMs > 0, frameReach > 0 else {
            start = 0
            return
        }
        let ratio = Self.threshold / (perMs * frameReach)
        let tau = ratio >= 1 ? 0 : log(ratio) / log(r)
        let frames = ((tau / 1000 - glide.lead) * hz - 1e-9).rounded(.up)
        start = max(0, frames) / hz
    }

    public var settleTime: Double { glide.settleTime }
    public var restPosition: Double { glide.restPosition }

    public func position(at t: Double) -> Double {
        guard t >= start, t < settleTime else { return glide.position(at: t) }
        let pairs = ((t - start) * refreshRate / 2 + 1e-9).rounded(.down)
        return glide.position(at: start + 2 * pairs / refreshRate)
    }

    public func velocity(at t: Double) -> Double { glide.velocity(at: t) }
}
