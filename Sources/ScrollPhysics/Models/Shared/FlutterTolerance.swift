/// Values of a Flutter model that know the device's pixel ratio, from which Flutter's
/// `ScrollPhysics.toleranceFor` (`widgets/scroll_physics.dart`) derives when motion rests.
public protocol FlutterDeviceValues {
    /// Physical pixels per logical pixel (px/pt).
    var devicePixelRatio: Double { get set }
}

extension Tunable where Model: FlutterDeviceValues {
    /// The device pixel ratio, as every Flutter model tunes it.
    public static var flutterDevicePixelRatio: Tunable<Model> {
        Tunable(
            .real({ $0.devicePixelRatio }, { $0.devicePixelRatio = $1 }), key: "devicePixelRatio",
            title: "Device pixel ratio", unit: "px/pt",
            range: 1...4, format: "%.3f px/pt",
            help: "Sets the rest tolerances: 1/(0.05·dpr) pt/s and 1/dpr pt.",
            source: "scroll_physics.dart ScrollPhysics.toleranceFor",
            equivalent: "the device's own (MediaQuery.devicePixelRatio); tolerance 1/(0.05·dpr) pt/s, 1/dpr pt")
    }
}

extension FeelModel where Values: FlutterDeviceValues {
    /// Rest speed, pt/s: 1/(0.05·dpr) (`toleranceFor`'s velocity).
    public var velocityTolerance: Double { 1 / (0.05 * values.devicePixelRatio) }
    /// Rest distance, pt: 1/dpr (`toleranceFor`'s distance).
    public var distanceTolerance: Double { 1 / values.devicePixelRatio }
}
