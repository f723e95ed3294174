import ScrollPhysics

/// UIKit's values of a feel, for tests that tune UIKit. Another model's feel gives values
/// whose rate is NaN, so no comparison with them can pass.
extension Feel {
    package var uikit: ScrollParameters { Self.uikitValues(of: model) }

    package static func uikitValues(of model: ZooModel) -> ScrollParameters {
        if let uikit = model.uikit { return uikit.values }
        var values = ScrollParameters()
        values.decelerationRate = .nan
        return values
    }
}

extension ScrollAxis {
    package var uikit: ScrollParameters { Feel.uikitValues(of: feel) }
}
