import Foundation

/// |a − b| ≤ tolerance, and both finite.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    a.isFinite && b.isFinite && abs(a - b) <= tolerance
}

/// Relative closeness for large values.
func relativelyClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    a.isFinite && b.isFinite && abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Central difference of f at t.
func derivative(_ f: (Double) -> Double, at t: Double, step: Double = 1e-6) -> Double {
    (f(t + step) - f(t - step)) / (2 * step)
}

@testable import ScrollPhysics

extension ScrollParameters {
    /// The seed article's mechanics (exponential friction, spring return, no pan hysteresis):
    /// what the axis tests check, beside UIKit's own steps in `UIKitPipelineTests`.
    static var seedMechanics: ScrollParameters {
        var parameters = ScrollParameters()
        parameters.edgeReturn = .spring
        parameters.panHysteresis = 0
        return parameters
    }
}

extension ScrollAxis {
    /// UIKit's fast-scroll streak, as the axis's UIKit finger holds it.
    var streak: FastScrollStreak { finger.uikit?.streak ?? FastScrollStreak() }
}
