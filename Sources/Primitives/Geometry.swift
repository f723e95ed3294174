/// A point in viewport coordinates (pt), origin top-left, y down.
public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A size in points.
public struct Size: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// The iPhone 14/15 viewport the playground shows by default: 390 × 844 pt.
    public static let phone = Size(width: 390, height: 844)
}

/// The direction a scroll axis moves content in.
public enum Orientation: String, Sendable {
    case vertical, horizontal

    /// The pointer coordinate along this axis.
    public func coordinate(of point: Point) -> Double { self == .vertical ? point.y : point.x }
    /// The viewport's length along this axis.
    public func length(of size: Size) -> Double { self == .vertical ? size.height : size.width }
}
