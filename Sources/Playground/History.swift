/// The last `capacity` values of a quantity, for a live plot; fixed storage, no allocation
/// after creation. `values` is a ring: the oldest sample is at `start`.
public struct History: Sendable {
    public private(set) var values: [Float]
    public private(set) var start = 0
    public private(set) var count = 0

    public init(capacity: Int) {
        values = [Float](repeating: 0, count: max(1, capacity))
    }

    public var capacity: Int { values.count }

    public mutating func append(_ value: Double) {
        let v = value.isFinite ? Float(value) : 0
        if count < values.count {
            values[(start + count) % values.count] = v
            count += 1
        } else {
            values[start] = v
            start = (start + 1) % values.count
        }
    }

    public mutating func removeAll() {
        start = 0
        count = 0
        for i in values.indices { values[i] = 0 }
    }

    /// The smallest and largest value held (0…1 when empty or flat).
    public var range: (Float, Float) {
        guard count > 0 else { return (0, 1) }
        var low = Float.infinity, high = -Float.infinity
        for i in 0..<count {
            let v = values[(start + i) % values.count]
            low = min(low, v)
            high = max(high, v)
        }
        return high - low < 1e-3 ? (low - 0.5, high + 0.5) : (low, high)
    }

    /// The values held, oldest first.
    public var ordered: [Float] { (0..<count).map { values[(start + $0) % values.count] } }

    /// The newest value.
    public var last: Float? { count > 0 ? values[(start + count - 1) % values.count] : nil }
}
