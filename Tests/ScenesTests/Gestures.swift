import Scenes

/// A straight drag from `a` to `b` over `duration` s, a sample every 8 ms, released at the end
/// (optionally after holding still for `hold` s).
func drag(
    _ scene: any ScrollScene, from a: Point, to b: Point, start: Double = 0, duration: Double = 0.08, hold: Double = 0
) {
    scene.handle(TimedInput(time: start, event: .down(a)))
    let steps = max(1, Int((duration / 0.008).rounded()))
    for i in 1...steps {
        let f = Double(i) / Double(steps)
        scene.handle(
            TimedInput(
                time: start + duration * f, event: .move(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))))
    }
    scene.handle(TimedInput(time: start + duration + hold, event: .up(b)))
}

/// A slow drag (no flick): moves at 100 pt/s and holds 0.1 s before release.
func slowDrag(_ scene: any ScrollScene, from a: Point, to b: Point, start: Double = 0) {
    let distance = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    drag(scene, from: a, to: b, start: start, duration: max(0.016, distance / 100), hold: 0.1)
}
