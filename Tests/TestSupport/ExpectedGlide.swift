import Foundation
import ScrollPhysics

/// What a release at `x0` pt with `v` pt/s does under `p`, from the equations (not the code):
/// UIKit's steps — rest x0 + (v − stop)/1000·r/(1 − r), on the pixel grid — or the seed
/// article's friction (v/μ, or its power-law fluid).
package enum ExpectedGlide {
    package static func rest(_ p: ScrollParameters, releasedAt x0: Double, velocity v: Double) -> Double {
        guard p.followsUIKitSteps else {
            return x0
                + FrictionSimulation(
                    origin: 0, velocity: v, decelerationRate: p.decelerationRate,
                    power: p.decelerationPower
                ).restDistance
        }
        let r = p.decelerationRate
        let rest = x0 + (v - p.glideStopVelocity) / 1000 * r / (1 - r)
        return (rest * p.displayScale).rounded() / p.displayScale
    }

    /// Where the glide is `t` s after release: UIKit's release frame has already run 1/refreshRate.
    package static func offset(_ p: ScrollParameters, releasedAt x0: Double, velocity v: Double, after t: Double)
        -> Double
    {
        guard p.followsUIKitSteps else {
            let mu = p.decayConstant
            return x0 + v / mu * (1 - exp(-mu * t))
        }
        let r = p.decelerationRate, tau = 1000 * (t + 1 / p.refreshRate)
        return x0 + v / 1000 * r * (1 - pow(r, tau)) / (1 - r)
    }

    /// The content's speed at the release instant (pt/s).
    package static func speedAtRelease(_ p: ScrollParameters, velocity v: Double) -> Double {
        guard p.followsUIKitSteps else { return v }
        let r = p.decelerationRate
        return v * r * -log(r) * pow(r, 1000 / p.refreshRate) / (1 - r)
    }

    /// The content offset after the finger moved `travel` pt from touch-down (the pan's hysteresis swallowed).
    package static func dragged(_ p: ScrollParameters, travel: Double) -> Double { max(0, travel - p.panHysteresis) }
}
