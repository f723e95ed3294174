/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA
/// 2014): a small, fast generator whose sequence depends only on its seed. The soak, the fuzz
/// tests and the blind tests' assignments draw from it, so a run can be made again from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    public mutating func range(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    public mutating func int(_ count: Int) -> Int { Int(next() % UInt64(max(1, count))) }
    /// 0 ..< bound (0 when bound ≤ 1).
    public mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(next() % UInt64(bound)) }
    /// A fair coin.
    public mutating func coin() -> Bool { next() & 1 == 1 }
}
