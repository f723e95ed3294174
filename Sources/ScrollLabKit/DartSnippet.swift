import Foundation
import ScrollPhysics

/// Flutter `ScrollPhysics` subclasses carrying tuned values.
public enum DartSnippet {
    static func n(_ value: Double) -> String { ModelExport.double(value) }

    /// The note for a touch slop other than Flutter's 18 (set through the gesture settings), or nil.
    static func touchSlopNote(_ slop: Double) -> String? {
        guard slop != 18 else { return nil }
        return "// Touch slop \(ModelExport.number(slop)) is a gesture setting: MediaQuery(data: …copyWith(gestureSettings: DeviceGestureSettings(touchSlop: \(n(slop)))))."
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
    static func springAndFling(mass: Double, stiffness: Double, ratio: Double, minVelocity: Double, maxVelocity: Double,
                               minDistance: Double) -> String {
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

    public static func bouncing(_ model: FlutterBouncingModel) -> String {
        let v = model.values
        var notes: [String] = []
        if v.drag != 0.135 {
            notes.append("// drag \(ModelExport.number(v.drag)) per s cannot be set: BouncingScrollSimulation fixes FrictionSimulation(0.135, …).")
        }
        if v.maxSpringTransferVelocity != 5000 {
            notes.append("// maxSpringTransferVelocity \(ModelExport.number(v.maxSpringTransferVelocity)) cannot be set: it is a static const of BouncingScrollSimulation (5000).")
        }
        if v.fastEasing != 0 {
            notes.append("// Easing back without resistance comes only with decelerationRate: ScrollDecelerationRate.fast (which also sets its own friction, spring and limits).")
        }
        if let note = touchSlopNote(v.touchSlop) { notes.append(note) }
        notes.append("// Tolerances follow the device's pixel ratio (ScrollLab used \(ModelExport.number(v.devicePixelRatio))); the velocity estimator is")
        notes.append("// IOSScrollViewFlingVelocityTracker, Flutter's default on iOS (ScrollBehavior.velocityTrackerBuilder).")
        return """
        // Scroll feel exported from ScrollLab (model flutter-bouncing).
        // Use: ListView(physics: const ScrollLabBouncingPhysics(), …)
        \(notes.joined(separator: "\n"))
        import 'dart:math' as math;

        import 'package:flutter/physics.dart';
        import 'package:flutter/widgets.dart';

        \(classHead("ScrollLabBouncingPhysics", extends: "BouncingScrollPhysics"))

          /// Share of the finger's travel past an edge the content follows: k·(1 − f)².
          @override
          double frictionFactor(double overscrollFraction) {
            return \(n(v.frictionFactor)) * math.pow(1 - overscrollFraction, 2);
          }

        \(springAndFling(mass: v.springMass, stiffness: v.springStiffness, ratio: v.springDampingRatio,
                         minVelocity: v.minFlingVelocity, maxVelocity: v.maxFlingVelocity, minDistance: v.minFlingDistance))

          @override
          double get dragStartDistanceMotionThreshold => \(n(v.motionStartThreshold));

          @override
          double carriedMomentum(double existingVelocity) {
            return existingVelocity.sign *
                math.min(\(n(v.momentumCoefficient)) * math.pow(existingVelocity.abs(), \(n(v.momentumExponent))).toDouble(), \(n(v.momentumCap)));
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
                constantDeceleration: \(n(v.constantDeceleration)),
              );
            }
            return null;
          }
        }

        """
    }

    public static func clamping(_ model: FlutterClampingModel) -> String {
        let v = model.values
        var notes: [String] = []
        if let note = touchSlopNote(v.touchSlop) { notes.append(note) }
        notes.append("// Tolerances follow the device's pixel ratio (ScrollLab used \(ModelExport.number(v.devicePixelRatio))).")
        return """
        // Scroll feel exported from ScrollLab (model flutter-clamping).
        // Use: ListView(physics: const ScrollLabClampingPhysics(), …)
        \(notes.joined(separator: "\n"))
        import 'package:flutter/physics.dart';
        import 'package:flutter/widgets.dart';

        \(classHead("ScrollLabClampingPhysics", extends: "ClampingScrollPhysics"))

        \(springAndFling(mass: v.springMass, stiffness: v.springStiffness, ratio: v.springDampingRatio,
                         minVelocity: v.minFlingVelocity, maxVelocity: v.maxFlingVelocity, minDistance: v.minFlingDistance))

          @override
          Simulation? createBallisticSimulation(ScrollMetrics position, double velocity) {
            if (position.outOfRange) {
              return super.createBallisticSimulation(position, velocity);
            }
            final Tolerance tolerance = toleranceFor(position);
            if (velocity.abs() < tolerance.velocity) {
              return null;
            }
            if (velocity > 0.0 && position.pixels >= position.maxScrollExtent) {
              return null;
            }
            if (velocity < 0.0 && position.pixels <= position.minScrollExtent) {
              return null;
            }
            return ClampingScrollSimulation(
              position: position.pixels,
              velocity: velocity,
              friction: \(n(v.friction)),
              tolerance: tolerance,
            );
          }
        }

        """
    }
}
