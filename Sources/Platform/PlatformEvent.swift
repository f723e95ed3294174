/// Input decoded from SDL events, in window points and seconds (SDL's event timestamps).
public enum PlatformEvent: Sendable {
    case quit
    /// The left mouse button or a touchscreen finger went down / moved / went up.
    case pointerDown(x: Double, y: Double, time: Double)
    case pointerMoved(x: Double, y: Double, time: Double)
    case pointerUp(x: Double, y: Double, time: Double)
    /// A wheel or touchpad scroll: SDL's `preciseX/Y` (whole steps for a wheel notch).
    case wheel(x: Double, y: Double, flipped: Bool, time: Double)
    case key(Key, time: Double)
    case resized
    /// The window's pixels were lost (uncovered, restored) and must all be drawn again.
    case exposed
}

/// The keys the playground uses.
public enum Key: Sendable, Equatable {
    case up, down, left, right, pageUp, pageDown, home, end, space, escape
    /// F12 (S is a letter: the playground takes it as a screenshot too, a blind test as "same").
    case screenshot
    case digit(Int)
    /// A letter key, lower case ("a" … "z").
    case letter(Character)
    /// Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y.
    case undo, redo
}
