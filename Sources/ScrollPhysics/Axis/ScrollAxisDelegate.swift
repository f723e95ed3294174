/// Hooks in the spirit of UIScrollViewDelegate, so a scene can react to an axis and change
/// where it lands, the way the seeds customise `scrollViewWillEndDragging`.
///
/// Every method has an empty default. Times are the exact times of the events (s), not the
/// frame at which they were noticed. The calls arrive while the axis is being changed: read the
/// `axis` argument, not the owner's stored axis, and make changes to that axis after the call
/// that triggered them returns (changing another axis is fine).
public protocol ScrollAxisDelegate: AnyObject {
    /// A pointer took hold of the axis (it may have caught it mid-motion).
    func scrollAxisWillBeginDragging(_ axis: ScrollAxis)
    /// The pointer let go with `velocity` (pt/s). `targetOffset` is where the axis intends to
    /// rest; set it to land elsewhere (it is clamped to the axis's bounds).
    func scrollAxisWillEndDragging(_ axis: ScrollAxis, velocity: Double, targetOffset: inout Double)
    /// Motion after a release, a fling or an animated scroll has come to rest.
    func scrollAxisDidEndDecelerating(_ axis: ScrollAxis, at time: Double)
    /// The offset changed since the last report.
    func scrollAxisDidScroll(_ axis: ScrollAxis)
    /// Motion reached a chained edge at `time` with `velocity` (pt/s) left over; pass it on.
    func scrollAxis(_ axis: ScrollAxis, didHandOffVelocity velocity: Double, at edge: ScrollEdge, time: Double)
}

extension ScrollAxisDelegate {
    public func scrollAxisWillBeginDragging(_ axis: ScrollAxis) {}
    public func scrollAxisWillEndDragging(_ axis: ScrollAxis, velocity: Double, targetOffset: inout Double) {}
    public func scrollAxisDidEndDecelerating(_ axis: ScrollAxis, at time: Double) {}
    public func scrollAxisDidScroll(_ axis: ScrollAxis) {}
    public func scrollAxis(_ axis: ScrollAxis, didHandOffVelocity velocity: Double, at edge: ScrollEdge, time: Double) {}
}
