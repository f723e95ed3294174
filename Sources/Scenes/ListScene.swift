import ScrollPhysics

/// A vertical list `contentLength` points long: free scrolling with momentum and edge bounces.
public final class ListScene: SingleAxisScene {
    public let contentLength: Double

    public init(viewport: Size = .phone, contentLength: Double = 3000, parameters: ScrollParameters = ScrollParameters()) {
        self.contentLength = contentLength
        super.init(name: "list", viewport: viewport, orientation: .vertical,
                   bounds: 0...max(0, contentLength - viewport.height), snapTargets: SnapTargets([]), parameters: parameters)
    }
}
