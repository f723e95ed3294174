/// The offsets a paged axis may come to rest at, in points, sorted ascending.
///
/// Full-screen pages are multiples of the page length; cells narrower than the viewport have
/// one target per cell that centres it (seed 002: `index·pagingWidth − (viewWidth/2 −
/// cellWidth/2 − sectionInset)`). Look-ups are binary searches, so a hundred thousand targets
/// cost no more per frame than ten.
public struct SnapTargets: Equatable, Sendable {
    public let offsets: [Double]

    /// Targets from any offsets; non-finite ones are dropped, the rest sorted.
    public init(_ offsets: [Double]) {
        self.offsets = offsets.filter(\.isFinite).sorted()
    }

    /// `count` evenly spaced targets: `first`, `first + spacing`, …
    public static func evenlySpaced(count: Int, spacing: Double, first: Double = 0) -> SnapTargets {
        guard count > 0, spacing.isFinite, spacing > 0 else { return SnapTargets(count > 0 ? [first] : []) }
        return SnapTargets((0..<count).map { first + Double($0) * spacing })
    }

    public var isEmpty: Bool { offsets.isEmpty }
    public var count: Int { offsets.count }
    public subscript(index: Int) -> Double { offsets[index] }

    /// Index of the target nearest to `offset` (the lower one on a tie); nil when empty.
    public func nearestIndex(to offset: Double) -> Int? {
        guard !offsets.isEmpty else { return nil }
        let above = firstIndex(atOrAbove: offset)
        if above == 0 { return 0 }
        if above == offsets.count { return offsets.count - 1 }
        return offset - offsets[above - 1] <= offsets[above] - offset ? above - 1 : above
    }

    /// Index of the first target ≥ `offset`, or `count` if there is none.
    public func firstIndex(atOrAbove offset: Double) -> Int {
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Index of the first target > `offset`, or `count` if there is none.
    public func firstIndex(above offset: Double) -> Int {
        var low = 0, high = offsets.count
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Clamps an index into the valid range (requires a non-empty set).
    public func clamp(_ index: Int) -> Int { min(max(index, 0), offsets.count - 1) }
}
