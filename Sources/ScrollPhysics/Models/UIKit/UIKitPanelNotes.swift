extension UIKitModel {
    /// The deceleration's constant and a 1000 pt/s fling's glide, the fast-scrolling multiplier
    /// now, and the page policy a scene forces.
    public func notes(in section: String, _ context: PanelContext) -> [PanelNote] {
        switch section {
        case ScrollParameters.Section.deceleration:
            var notes: [PanelNote] = []
            if !values.followsUIKitSteps {
                notes.append(
                    PanelNote(
                        "The seed article's friction: continuous, stops at 2 pt/s, no release-frame step or pixel "
                            + "grid (Edge return: spring, or a fluid power other than 1).", style: .remark))
            }
            notes.append(
                PanelNote(
                    "μ = −1000·ln(rate) = \(formatTenths(values.decayConstant)) /s; a 1000 pt/s fling glides "
                        + "\(formatTenths(glide(from: 1000))) pt"))
            return notes
        case ScrollParameters.Section.fastScrolling:
            return [
                PanelNote(
                    "now ×\(formatTenths(context.glideMultiplier)) after \(context.flicksInARow) flicks in a row")
            ]
        case ScrollParameters.Section.paging:
            guard let forced = context.forcedPagePolicy else { return [] }
            return [
                PanelNote(
                    "This scene always pages by \(forced.rawValue), its seed's rule: the knobs shown are that rule's; "
                        + "your page policy applies in the other scenes.", style: .remark)
            ]
        default:
            return []
        }
    }

    /// How far a fling at `velocity` pt/s glides before it stops (no edges, no pixel grid), pt.
    func glide(from velocity: Double) -> Double {
        guard values.followsUIKitSteps else {
            return FrictionSimulation(
                origin: 0, velocity: velocity, decelerationRate: values.decelerationRate,
                power: values.decelerationPower
            ).restDistance
        }
        return UIKitGlide(
            from: 0, velocity: velocity, rate: values.decelerationRate, stopSpeed: values.glideStopVelocity
        )
        .unsnappedRest
    }
}
