/// What both Flutter models' exports share: a `ScrollPhysics` subclass carrying tuned values.
enum DartSnippet {
    static func n(_ value: Double) -> String { CodeLiteral.double(value) }

    /// The note for a touch slop other than Flutter's 18 (set through the gesture settings), or nil.
    static func touchSlopNote(_ slop: Double) -> String? {
        guard slop != 18 else { return nil }
        return
            "// Touch slop \(CodeLiteral.number(slop)) is a gesture setting: MediaQuery(data: "
            + "…copyWith(gestureSettings: DeviceGestureSettings(touchSlop: \(n(slop)))))."
    }

    /// A `ScrollPhysics` subclass's opening: the class, its const constructor and `applyTo`.
    static func classHead(_ name: String, extends base: String) -> String {
        """
        class \(name) extends \(base) {
          const \(name)({super.parent});

          @override
          \(name) applyTo(ScrollPhysics? ancestor) {
            return \(name)(parent: buildParent(ancestor));
          }
        """
    }

    /// The edge spring and the fling limits both Flutter physics override the same way.
    static func springAndFling(
        mass: Double, stiffness: Double, ratio: Double, minVelocity: Double, maxVelocity: Double,
        minDistance: Double
    ) -> String {
        """
          @override
          SpringDescription get spring => SpringDescription.withDampingRatio(
                mass: \(n(mass)),
                stiffness: \(n(stiffness)),
                ratio: \(n(ratio)),
              );

          @override
          double get minFlingVelocity => \(n(minVelocity));

          @override
          double get maxFlingVelocity => \(n(maxVelocity));

          @override
          double get minFlingDistance => \(n(minDistance));
        """
    }
}
