/// A named feel a designer can start from.
public struct Preset: Sendable {
    /// File-style name (the JSON files in Assets/presets carry the same name).
    public let id: String
    public let title: String
    public let summary: String
    public let feel: Feel

    /// UIKit normal and fast, UIKit's own paging (SwiftUI paging), the seed article and the seed
    /// author's library, two designed feels,
    /// and every platform model of `FeelZoo` at its defaults.
    public static let all: [Preset] =
        [
            Preset(
                id: "uikit-normal", title: "UIKit normal",
                summary: "UIScrollView.DecelerationRate.normal (0.998); everything else default.",
                feel: Feel(ScrollParameters())),
            Preset(
                id: "uikit-fast", title: "UIKit fast",
                summary: "UIScrollView.DecelerationRate.fast (0.99): stops about 5× sooner.",
                feel: with { $0.decelerationRate = 0.99 }),
            Preset(
                id: "swiftui-paging", title: "SwiftUI paging",
                summary:
                    "UIScrollView's isPagingEnabled, as SwiftUI's .scrollTargetBehavior(.paging): UIKit's page choice "
                    + "(±0.3 pt/ms) and its paging integrator (whole-millisecond steps, the pixel grid).",
                feel: with {
                    $0.pagePolicy = .uikit
                    $0.pageMotion = .uikit
                }),
            Preset(
                id: "seed-article", title: "Seed article",
                summary:
                    "Li's “UIScrollView drag conversion rate and paging” as published: page spring δ = 50 with its "
                    + "swing, spring page policy, edge return from rest.",
                feel: with {
                    $0.pageDamping = 50; $0.pagePolicy = .spring; $0.pageMotion = .spring; $0.edgeReturn = .spring;
                    $0.edgeReturnRate = 0
                }),
            Preset(
                id: "seed-library", title: "Seed library",
                summary:
                    "The seed author's library: page spring δ = 20 with its swing, spring page policy, edge return "
                    + "from rest.",
                feel: with {
                    $0.pageDamping = 20; $0.pagePolicy = .spring; $0.pageMotion = .spring; $0.edgeReturn = .spring;
                    $0.edgeReturnRate = 0
                }),
            Preset(
                id: "snappy", title: "Snappy", summary: "Short glides, stiff bounces and quick page snaps.",
                feel: with {
                    $0.decelerationRate = 0.992; $0.bounceDamping = 18; $0.pageDamping = 35
                    $0.rubberBandCoefficient = 0.4; $0.minimumFlickVelocity = 200; $0.edgeReturn = .spring
                }),
            Preset(
                id: "floaty", title: "Floaty",
                summary: "Long glides (fast flings go on, power 0.85), soft bounces, lazy snaps.",
                feel: with {
                    $0.decelerationRate = 0.999; $0.decelerationPower = 0.85; $0.bounceDamping = 7
                    $0.pageDamping = 12; $0.rubberBandCoefficient = 0.7; $0.edgeReturn = .spring
                })
        ]
        + FeelZoo.models.filter { $0.name != FeelZoo.uikit }.map { model in
            // One per other platform's model, at the platform's own defaults (UIKit's are above).
            Preset(
                id: model.name, title: model.title,
                summary: "\(model.title) at its platform's defaults (model \"\(model.name)\").",
                feel: Feel(model))
        }

    private static func with(_ change: (inout ScrollParameters) -> Void) -> Feel {
        var parameters = ScrollParameters()
        change(&parameters)
        return Feel(parameters)
    }
}
