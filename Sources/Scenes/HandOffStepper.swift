/// Advances a group of chained axes so that a hand-off starts at its exact crossing time.
///
/// The axes are stepped to each motion end that falls before `time`, in order; after each step
/// the hand-offs the delegates queued are delivered (the receiving axis has then reached the
/// crossing time too); finally everything advances to `time`. Frame rate never matters.
enum HandOffStepper {
    static func advance(to time: Double, endTimes: () -> [Double?], advanceAll: (Double) -> Void, deliver: () -> Void) {
        for _ in 0..<16 {
            guard let next = endTimes().compactMap({ $0 }).filter({ $0 <= time }).min() else { break }
            advanceAll(next)
            deliver()
        }
        advanceAll(time)
        deliver()
    }
}
