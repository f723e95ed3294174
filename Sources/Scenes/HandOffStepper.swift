/// Advances a group of chained axes so that a hand-off starts at its exact crossing time.
///
/// The axes are stepped to each motion end that falls before `time`, in order; after each step
/// the hand-offs the delegates queued are delivered (the receiving axis has then reached the
/// crossing time too); finally everything advances to `time`. Frame rate never matters.
enum HandOffStepper {
    /// `nextEnd` answers the earliest motion end among the axes, if any.
    static func advance(to time: Double, nextEnd: () -> Double?, advanceAll: (Double) -> Void, deliver: () -> Void) {
        for _ in 0..<16 {
            guard let next = nextEnd(), next <= time else { break }
            advanceAll(next)
            deliver()
        }
        advanceAll(time)
        deliver()
    }

    /// The earliest of optional times.
    static func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }
}
