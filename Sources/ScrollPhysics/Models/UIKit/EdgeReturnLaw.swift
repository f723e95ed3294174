/// How content let go past an edge comes back (UIKit model).
public enum EdgeReturnLaw: String, CaseIterable, Sendable {
    /// UIScrollView's own step (`UIKitEdgeReturn`): the excess decays by `edgeDecay` per ms while
    /// the release velocity still pushes it; a glide reaching an edge continues into it.
    case uikit
    /// The critically damped spring of the article *UIScrollView位移转化率和分页机制* (eq. 2),
    /// δ = `bounceDamping`, launched toward the edge at `edgeReturnRate`·overshoot.
    case spring
}

/// What drives a drag: a finger (or mouse button) or a touchpad's scroll stream.
public enum DragInput: Sendable, Equatable {
    /// A finger or a mouse button: UIKit's pan hysteresis, then the rubber band's c.
    case touch
    /// A touchpad's scroll stream: no hysteresis, the trackpad rubber band's c.
    case touchpad
    /// A finger whose pan the scene has already recognized and splits between its scroll views
    /// (the nested page): no hysteresis of the axis's own, the finger's rubber band.
    case routed
}

#if !hasFeature(Embedded)
    // Embedded Swift (the WebAssembly build) has no Codable.
    extension EdgeReturnLaw: Codable {}
#endif
