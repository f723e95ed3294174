import Scenes

/// A key the playground understands, already decoded from the platform's key codes.
public enum KeyCommand: Equatable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
}

/// Turns raw pointer, wheel and key input (viewport points, scene seconds) into scene input.
///
/// - Mouse buttons and touchscreen fingers are the same pointer: press, drag and release
///   drive the scene like a finger. A release counts as a tap only if the pointer never moved
/// more than `tapSlop` points and the press did not catch a moving list (the Eleme mobile team's “Eleme restaurant page
/// interaction”, problem 1).
/// - Wheel events with a fractional `preciseX/Y` come from a touchpad's two-finger scrolling:
///   a stream of them is a drag (rubber band included) that ends after a short idle gap and
///   flings with the tracked velocity. An event with whole steps within `preciseStreamWindow`
///   seconds of a fractional one belongs to the same stream (touchpads sometimes land on whole
///   numbers). Other whole steps are classic wheel notches: each scrolls a fixed step, animated.
/// - Keys scroll with animation: arrows a line (or a page/cell), Page Up/Down a screen, Home/End
///   to the ends.
public final class InputTranslator {
    /// Farthest a press may wander (pt) and still be a tap.
    public var tapSlop = 3.0
    /// Points of content per unit of touchpad `precise` delta.
    public var pointsPerTouchpadUnit = 48.0
    /// Seconds after a fractional wheel event during which whole steps still count as touchpad.
    public var preciseStreamWindow = 0.3

    private var pressPoint: Point?
    private var pressMoved = false
    private var pressCaughtMotion = false
    private var lastPreciseWheel = -Double.infinity

    public init() {}

    /// Whether a pointer is held on the scene.
    public var isPressed: Bool { pressPoint != nil }

    public func pointerDown(at point: Point, time: Double, scene: any ScrollScene) {
        scene.advance(to: time)
        pressCaughtMotion = scene.mainAxis.isMoving
        pressPoint = point
        pressMoved = false
        scene.handle(TimedInput(time: time, event: .down(point)))
    }

    public func pointerMoved(to point: Point, time: Double, scene: any ScrollScene) {
        guard let start = pressPoint else { return }
        let dx = point.x - start.x, dy = point.y - start.y
        if dx * dx + dy * dy > tapSlop * tapSlop { pressMoved = true }
        scene.handle(TimedInput(time: time, event: .move(point)))
    }

    /// Releases the pointer; returns whether the release was a tap (and was delivered as one).
    @discardableResult
    public func pointerUp(at point: Point, time: Double, scene: any ScrollScene) -> Bool {
        guard pressPoint != nil else { return false }
        pointerMoved(to: point, time: time, scene: scene)
        pressPoint = nil
        scene.handle(TimedInput(time: time, event: .up(point)))
        let isTap = !pressMoved && !pressCaughtMotion
        if isTap { scene.tap(at: point, time: time) }
        return isTap
    }

    /// How a wheel event was read.
    public enum WheelKind: Equatable { case touchpad, notch, ignored }

    /// A wheel event: SDL's `preciseX/Y` (positive y: away from the user, positive x: right),
    /// and whether the system flips the direction ("natural" scrolling).
    @discardableResult
    public func wheel(x: Double, y: Double, flipped: Bool, time: Double, scene: any ScrollScene) -> WheelKind {
        guard x.isFinite, y.isFinite, x != 0 || y != 0, pressPoint == nil else { return .ignored }
        let sign: Double = flipped ? -1 : 1
        let fractional = x != x.rounded() || y != y.rounded()
        if fractional || time - lastPreciseWheel < preciseStreamWindow {
            if fractional { lastPreciseWheel = time }
            var dx = x * sign * pointsPerTouchpadUnit, dy = -y * sign * pointsPerTouchpadUnit
            if scene.orientation == .horizontal, dx == 0 { dx = dy; dy = 0 }
            scene.handle(TimedInput(time: time, event: .wheel(dx: dx, dy: dy)))
            return .touchpad
        }
        let steps = scene.orientation == .horizontal && y == 0 ? x * sign : -y * sign
        guard steps != 0 else { return .ignored }
        scene.scroll(.notches(steps), at: time)
        return .notch
    }

    public func key(_ key: KeyCommand, time: Double, scene: any ScrollScene) {
        guard pressPoint == nil else { return }
        let step: ScrollStep
        switch key {
        case .up, .left: step = .lines(-1)
        case .down, .right: step = .lines(1)
        case .pageUp: step = .pages(-1)
        case .pageDown: step = .pages(1)
        case .home: step = .home
        case .end: step = .end
        }
        scene.scroll(step, at: time)
    }

    /// Forgets a press (the scene was switched under it).
    public func reset() {
        pressPoint = nil
        pressMoved = false
        pressCaughtMotion = false
    }
}
