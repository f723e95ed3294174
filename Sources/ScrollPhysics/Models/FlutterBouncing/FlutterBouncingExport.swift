extension FlutterBouncingModel {
    public var exported: ExportedCode {
        ExportedCode(language: "dart", fileExtension: "dart", text: Self.dart(self))
    }

    static func dart(_ model: FlutterBouncingModel) -> String {
        let v = model.values
        var notes: [String] = []
        if v.drag != 0.135 {
            notes.append(
                "// drag \(CodeLiteral.number(v.drag)) per s cannot be set: BouncingScrollSimulation fixes "
                    + "FrictionSimulation(0.135, …)."
            )
        }
        if v.maxSpringTransferVelocity != 5000 {
            notes.append(
                "// maxSpringTransferVelocity \(CodeLiteral.number(v.maxSpringTransferVelocity)) cannot be set: it is "
                    + "a static const of BouncingScrollSimulation (5000)."
            )
        }
        if v.fastEasing != 0 {
            notes.append(
                "// Easing back without resistance comes only with decelerationRate: ScrollDecelerationRate.fast "
                    + "(which also sets its own friction, spring and limits)."
            )
        }
        if let note = DartSnippet.touchSlopNote(v.touchSlop) { notes.append(note) }
        notes.append(
            "// Tolerances follow the device's pixel ratio (ScrollLab used "
                + "\(CodeLiteral.number(v.devicePixelRatio))); the velocity estimator is"
        )
        notes.append(
            "// IOSScrollViewFlingVelocityTracker, Flutter's default on iOS (ScrollBehavior.velocityTrackerBuilder).")
        return """
            // Scroll feel exported from ScrollLab (model flutter-bouncing).
            // Use: ListView(physics: const ScrollLabBouncingPhysics(), …)
            \(notes.joined(separator: "\n"))
            import 'dart:math' as math;

            import 'package:flutter/physics.dart';
            import 'package:flutter/widgets.dart';

            \(DartSnippet.classHead("ScrollLabBouncingPhysics", extends: "BouncingScrollPhysics"))

              /// Share of the finger's travel past an edge the content follows: k·(1 − f)².
              @override
              double frictionFactor(double overscrollFraction) {
                return \(DartSnippet.n(v.frictionFactor)) * math.pow(1 - overscrollFraction, 2);
              }

            \(DartSnippet.springAndFling(
                mass: v.springMass, stiffness: v.springStiffness, ratio: v.springDampingRatio,
                minVelocity: v.minFlingVelocity, maxVelocity: v.maxFlingVelocity, minDistance: v.minFlingDistance))

              @override
              double get dragStartDistanceMotionThreshold => \(DartSnippet.n(v.motionStartThreshold));

              @override
              double carriedMomentum(double existingVelocity) {
                return existingVelocity.sign *
                    math.min(
                      \(DartSnippet.n(v.momentumCoefficient)) *
                          math.pow(existingVelocity.abs(), \(DartSnippet.n(v.momentumExponent))).toDouble(),
                      \(DartSnippet.n(v.momentumCap)));
              }

              @override
              Simulation? createBallisticSimulation(ScrollMetrics position, double velocity) {
                final Tolerance tolerance = toleranceFor(position);
                if (velocity.abs() >= tolerance.velocity || position.outOfRange) {
                  return BouncingScrollSimulation(
                    spring: spring,
                    position: position.pixels,
                    velocity: velocity,
                    leadingExtent: position.minScrollExtent,
                    trailingExtent: position.maxScrollExtent,
                    tolerance: tolerance,
                    constantDeceleration: \(DartSnippet.n(v.constantDeceleration)),
                  );
                }
                return null;
              }
            }

            """
    }

}
