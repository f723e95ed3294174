import Platform

/// How two images of the same size differ, pixel by pixel.
public struct ImageDiff: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Pixels whose largest channel difference exceeds the threshold.
    public let differingPixels: Int
    /// The largest channel difference anywhere (0–255).
    public let largestDifference: Int
    /// The mean absolute channel difference over all channels.
    public let meanDifference: Double

    public var totalPixels: Int { width * height }
    public var differingFraction: Double { totalPixels == 0 ? 0 : Double(differingPixels) / Double(totalPixels) }

    /// Compares `a` and `b` (same size); a pixel differs when a channel differs by more than `threshold`.
    public init(_ a: Image, _ b: Image, threshold: Int = 0) {
        precondition(a.width == b.width && a.height == b.height)
        width = a.width
        height = a.height
        var differing = 0, largest = 0, sum = 0
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                var i = 0
                while i < pa.count {
                    var pixelMax = 0
                    for c in 0..<4 {
                        let d = abs(Int(pa[i + c]) - Int(pb[i + c]))
                        sum += d
                        pixelMax = max(pixelMax, d)
                    }
                    if pixelMax > threshold { differing += 1 }
                    largest = max(largest, pixelMax)
                    i += 4
                }
            }
        }
        differingPixels = differing
        largestDifference = largest
        meanDifference = a.pixels.isEmpty ? 0 : Double(sum) / Double(a.pixels.count)
    }

    /// An image that shows `b` faded to grey, with differing pixels in magenta (brighter = larger).
    public static func highlight(_ a: Image, _ b: Image, threshold: Int = 0) -> Image {
        precondition(a.width == b.width && a.height == b.height)
        var out = [UInt8](repeating: 255, count: a.pixels.count)
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var pixelMax = 0
            for c in 0..<4 { pixelMax = max(pixelMax, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
            if pixelMax > threshold {
                let strength = UInt8(min(255, 128 + pixelMax / 2))
                out[i] = strength; out[i + 1] = 0; out[i + 2] = strength
            } else {
                let grey = UInt8((Int(b.pixels[i]) + Int(b.pixels[i + 1]) + Int(b.pixels[i + 2])) / 3 / 3 + 170)
                out[i] = grey; out[i + 1] = grey; out[i + 2] = grey
            }
            out[i + 3] = 255
        }
        return Image(width: a.width, height: a.height, pixels: out)
    }
}
