/// A fixed fling that keeps a scene moving, for profiling, benchmarks and soak checks:
/// 240 pt in 48 ms (5000 pt/s) along the scene's axis, forward or back.
public enum ScriptedFling {
    public static func events(for scene: any ScrollScene, at t: Double, forward: Bool = true) -> [TimedInput] {
        let vertical = scene.orientation == .vertical
        let (a, b) =
            forward
            ? (vertical ? 620.0 : 340.0, vertical ? 380.0 : 100.0)
            : (vertical ? 380.0 : 100.0, vertical ? 620.0 : 340.0)
        func point(_ along: Double) -> Point { vertical ? Point(x: 195, y: along) : Point(x: along, y: 300) }
        var events = [TimedInput(time: t, event: .down(point(a)))]
        for i in 1...6 {
            events.append(TimedInput(time: t + 0.008 * Double(i), event: .move(point(a + (b - a) * Double(i) / 6))))
        }
        events.append(TimedInput(time: t + 0.048, event: .up(point(b))))
        return events
    }

    /// Feeds the fling to the scene.
    public static func perform(on scene: any ScrollScene, at t: Double, forward: Bool = true) {
        for event in events(for: scene, at: t, forward: forward) { scene.handle(event) }
    }
}
