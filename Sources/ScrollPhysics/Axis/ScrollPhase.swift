/// What a scroll axis is doing.
public enum ScrollPhase: String, CaseIterable, Sendable {
    /// At rest.
    case idle
    /// Following a pointer (with the rubber band past an edge).
    case dragging
    /// Gliding after release (free deceleration).
    case decelerating
    /// Springing back to an edge it went past.
    case bouncing
    /// Springing to a chosen snap target (page or cell) or an animated scroll.
    case settling
}

/// One end of a scroll axis.
public enum ScrollEdge: String, Sendable {
    /// The smallest offset (top or left).
    case leading
    /// The largest offset (bottom or right).
    case trailing
}
