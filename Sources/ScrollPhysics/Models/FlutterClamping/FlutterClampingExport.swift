extension FlutterClampingModel {
    public var exported: ExportedCode {
        ExportedCode(language: "dart", fileExtension: "dart", text: Self.dart(self))
    }

    static func dart(_ model: FlutterClampingModel) -> String {
        let v = model.values
        var notes: [String] = []
        if let note = DartSnippet.touchSlopNote(v.touchSlop) { notes.append(note) }
        notes.append(
            "// Tolerances follow the device's pixel ratio (ScrollLab used \(CodeLiteral.number(v.devicePixelRatio))).")
        return """
            // Scroll feel exported from ScrollLab (model flutter-clamping).
            // Use: ListView(physics: const ScrollLabClampingPhysics(), …)
            \(notes.joined(separator: "\n"))
            import 'package:flutter/physics.dart';
            import 'package:flutter/widgets.dart';

            \(DartSnippet.classHead("ScrollLabClampingPhysics", extends: "ClampingScrollPhysics"))

            \(DartSnippet.springAndFling(
                mass: v.springMass, stiffness: v.springStiffness, ratio: v.springDampingRatio,
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
                  friction: \(DartSnippet.n(v.friction)),
                  tolerance: tolerance,
                );
              }
            }

            """
    }
}
