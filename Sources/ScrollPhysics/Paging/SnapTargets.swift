/// The offsets a paged axis may come to rest at, in points, sorted ascending.
///
/// Full-screen pages are multiples of the page length; cells narrower than the viewport have
/// one target per cell that centres it (the article “iOS UIScrollView paging effect”:
/// `index·pagingWidth − (viewWidth/2 − cellWidth/2 − sectionInset)`). Evenly spaced targets are not
/// stored but computed: target i = first + i·spacing, and look-ups invert it,
/// i = ⌈(offset − first)/spacing⌉, so making, comparing and searching them costs the same for a
/// million cells as for ten. Targets given as a list are kept sorted and searched by bisection.
public struct SnapTargets: Equatable, Sendable {
    private indirect enum Storage: Equatable, Sendable {
        case list([Double])
        /// first + i·spacing for i in 0..<count; spacing finite and > 0, first finite, count > 0.
        case even(first: Double, spacing: Double, count: Int)
    }

    private let storage: Storage

    /// Every target, in order. Built on each call for evenly spaced targets: for look-ups use the
    /// subscript and the index searches, which are O(1).
    public var offsets: [Double] {
        switch storage {
        case .list(let offsets): return offsets
        case .even(let first, let spacing, let count): return (0..<count).map { first + Double($0) * spacing }
        }
    }

    /// Targets from any offsets; non-finite ones are dropped, the rest sorted.
    public init(_ offsets: [Double]) {
        storage = .list(offsets.filter { $0.isFinite }.sorted())
    }

    private init(first: Double, spacing: Double, count: Int) {
        storage = .even(first: first, spacing: spacing, count: count)
    }

    /// `count` evenly spaced targets: `first`, `first + spacing`, … (O(1), nothing stored).
    public static func evenlySpaced(count: Int, spacing: Double, first: Double = 0) -> SnapTargets {
        guard count > 0, first.isFinite else { return SnapTargets([]) }
        guard spacing.isFinite, spacing > 0 else { return SnapTargets([first]) }
        return SnapTargets(first: first, spacing: spacing, count: count)
    }

    public var isEmpty: Bool { count == 0 }

    /// The targets moved by `delta` points: O(1) for evenly spaced ones (a release and a
    /// recycling shift each moved a million cells' targets through an array of them).
    public func shifted(by delta: Double) -> SnapTargets {
        switch storage {
        case .list(let offsets): return SnapTargets(offsets.map { $0 + delta })
        case .even(let first, let spacing, let count):
            return .evenlySpaced(count: count, spacing: spacing, first: first + delta)
        }
    }

    public var count: Int {
        switch storage {
        case .list(let offsets): return offsets.count
        case .even(_, _, let count): return count
        }
    }

    public subscript(index: Int) -> Double {
        switch storage {
        case .list(let offsets): return offsets[index]
        case .even(let first, let spacing, let count):
            precondition(index >= 0 && index < count, "snap target index \(index) out of 0..<\(count)")
            return first + Double(index) * spacing
        }
    }

    /// Same targets, however they are stored (element by element only when one side is a list).
    public static func == (a: SnapTargets, b: SnapTargets) -> Bool {
        if case let .even(f1, s1, c1) = a.storage, case let .even(f2, s2, c2) = b.storage {
            return f1 == f2 && c1 == c2 && (c1 == 1 || s1 == s2)
        }
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    /// Index of the target nearest to `offset` (the lower one on a tie); nil when empty.
    public func nearestIndex(to offset: Double) -> Int? {
        guard !isEmpty else { return nil }
        let above = firstIndex(atOrAbove: offset)
        if above == 0 { return 0 }
        if above == count { return count - 1 }
        return offset - self[above - 1] <= self[above] - offset ? above - 1 : above
    }

    /// Index of the first target ≥ `offset`, or `count` if there is none.
    public func firstIndex(atOrAbove offset: Double) -> Int { search(offset, inclusive: true) }

    /// Index of the first target > `offset`, or `count` if there is none.
    public func firstIndex(above offset: Double) -> Int { search(offset, inclusive: false) }

    /// The first index whose target is not before `offset` (before: `<`, or `<=` when not
    /// `inclusive`). A list is bisected. Evenly spaced targets invert first + i·spacing, then step
    /// at most once or twice so the answer agrees exactly with the computed targets despite
    /// rounding; NaN finds index 0, as bisection does.
    private func search(_ offset: Double, inclusive: Bool) -> Int {
        func before(_ target: Double) -> Bool { inclusive ? target < offset : target <= offset }
        switch storage {
        case .list(let offsets):
            var low = 0, high = offsets.count
            while low < high {
                let mid = (low + high) / 2
                if before(offsets[mid]) { low = mid + 1 } else { high = mid }
            }
            return low
        case .even(let first, let spacing, let count):
            guard before(first) else { return 0 }
            guard !before(self[count - 1]) else { return count }
            // Here first < offset ≤ last (or ≤ / <): the quotient lies in [0, count − 1].
            let quotient = ((offset - first) / spacing).rounded(.up)
            var index = Int(min(max(quotient, 0), Double(count)))
            while index > 0 && !before(self[index - 1]) { index -= 1 }
            while index < count && before(self[index]) { index += 1 }
            return index
        }
    }

    /// Clamps an index into the valid range (requires a non-empty set).
    public func clamp(_ index: Int) -> Int { min(max(index, 0), count - 1) }
}
