import Foundation
import ScrollPhysics

/// Flutter `ScrollPhysics` subclasses carrying tuned values.
public enum DartSnippet {
    static func n(_ value: Double) -> String { ModelExport.double(value) }

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
        if v.touchSlop != 18 {
            notes.append("// Touch slop \(ModelExport.number(v.touchSlop)) is a gesture setting: MediaQuery(data: …copyWith(gestureSettings: DeviceGestureSettings(touchSlop: \(n(v.touchSlop))))).")
        }
        notes.append("// Tolerances follow the device's pixel ratio (ScrollLab used \(ModelExport.number(v.devicePixelRatio))); the velocity estimator is")
        notes.append("// IOSScrollViewFlingVelocityTracker, Flutter's default on iOS (ScrollBehavior.velocityTrackerBuilder).")
        return """
        // Scroll feel exported from ScrollLab (model flutter-bouncing).
        // Use: ListView(physics: const ScrollLabBouncingPhysics(), …)
        \(notes.joined(separator: "\n"))
        import 'dart:math' as math;

        import 'package:flutter/physics.dart';
        import 'package:flutter/widgets.dart';

        class ScrollLabBouncingPhysics extends BouncingScrollPhysics {
          const ScrollLabBouncingPhysics({super.parent});

          @override
          ScrollLabBouncingPhysics applyTo(ScrollPhysics? ancestor) {
            return ScrollLabBouncingPhysics(parent: buildParent(ancestor));
          }

          /// Share of the finger's travel past an edge the content follows: k·(1 − f)².
          @override
          double frictionFactor(double overscrollFraction) {
            return \(n(v.frictionFactor)) * math.pow(1 - overscrollFraction, 2);
          }

          @override
          SpringDescription get spring => SpringDescription.withDampingRatio(
                mass: \(n(v.springMass)),
                stiffness: \(n(v.springStiffness)),
                ratio: \(n(v.springDampingRatio)),
              );

          @override
          double get minFlingVelocity => \(n(v.minFlingVelocity));

          @override
          double get maxFlingVelocity => \(n(v.maxFlingVelocity));

          @override
          double get minFlingDistance => \(n(v.minFlingDistance));

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
        if v.touchSlop != 18 {
            notes.append("// Touch slop \(ModelExport.number(v.touchSlop)) is a gesture setting: MediaQuery(data: …copyWith(gestureSettings: DeviceGestureSettings(touchSlop: \(n(v.touchSlop))))).")
        }
        notes.append("// Tolerances follow the device's pixel ratio (ScrollLab used \(ModelExport.number(v.devicePixelRatio))).")
        return """
        // Scroll feel exported from ScrollLab (model flutter-clamping).
        // Use: ListView(physics: const ScrollLabClampingPhysics(), …)
        \(notes.joined(separator: "\n"))
        import 'package:flutter/physics.dart';
        import 'package:flutter/widgets.dart';

        class ScrollLabClampingPhysics extends ClampingScrollPhysics {
          const ScrollLabClampingPhysics({super.parent});

          @override
          ScrollLabClampingPhysics applyTo(ScrollPhysics? ancestor) {
            return ScrollLabClampingPhysics(parent: buildParent(ancestor));
          }

          @override
          SpringDescription get spring => SpringDescription.withDampingRatio(
                mass: \(n(v.springMass)),
                stiffness: \(n(v.springStiffness)),
                ratio: \(n(v.springDampingRatio)),
              );

          @override
          double get minFlingVelocity => \(n(v.minFlingVelocity));

          @override
          double get maxFlingVelocity => \(n(v.maxFlingVelocity));

          @override
          double get minFlingDistance => \(n(v.minFlingDistance));

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
