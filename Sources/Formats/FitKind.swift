/// Which piece of motion a recorded trajectory holds, and so which parameters it can give.
public enum FitKind: String, CaseIterable, Sendable {
    /// A free glide after release: `decelerationRate` and `decelerationPower`.
    case glide
    /// A drag past the leading edge (offset < 0) with the finger's position: rubber band c and d.
    case drag
    /// A release from a held overscroll: UIKit's `edgeDecay` q (with the velocity still held at
    /// release), or the seed spring's `bounceDamping` δ and `edgeReturnRate` k.
    case `return`
    /// A page settling onto its target as a spring: `pageDamping`.
    case page
    /// A whole gesture with the finger's samples, replayed through UIKit's pipeline:
    /// `decelerationRate`, and `rubberBandCoefficient` and `edgeDecay` when it goes past an edge.
    case pipeline
    /// Decide from the data (see `Fit.detect`).
    case auto
}
