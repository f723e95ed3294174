/// One extra trace field: a number (formatted with `decimals` digits) or text.
public enum TraceValue: Equatable, Sendable {
    case number(Double, decimals: Int)
    case text(String)
}

/// What one row of a trace says (the trace CSV of `replay` and the window): the time (s), the
/// main scroll view's offset (pt), velocity (pt/s), phase and page, and a scene's own columns.
public struct TraceReading: Equatable, Sendable {
    public var t: Double
    public var offset: Double
    public var velocity: Double
    public var phase: String
    public var page: Int?
    public var extras: [TraceValue]

    public init(t: Double, offset: Double, velocity: Double, phase: String, page: Int?, extras: [TraceValue] = []) {
        self.t = t
        self.offset = offset
        self.velocity = velocity
        self.phase = phase
        self.page = page
        self.extras = extras
    }
}
