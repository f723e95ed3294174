import Formats
import Foundation

/// Levenberg–Marquardt least squares for a handful of parameters.
///
/// Minimises Σ rᵢ(p)² over p, with the Jacobian by central differences. Each step solves
/// (JᵀJ + λ·diag(JᵀJ))·Δ = −Jᵀr; λ shrinks after a step that lowers the sum and grows after
/// one that does not. Parameters are kept inside `bounds` (a step is clipped to them).
struct LeastSquares {
    var bounds: [ClosedRange<Double>]
    var maximumIterations = 300

    struct Result {
        var parameters: [Double]
        var residuals: [Double]
        var iterations: Int
    }

    /// The closed range between `a` and `b` whichever is larger, within the finite doubles: a
    /// bound made from the data can neither invert nor hold NaN.
    static func range(_ a: Double, _ b: Double) -> ClosedRange<Double> {
        func finite(_ x: Double) -> Double {
            x.isNaN ? 0 : min(max(x, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
        }
        let low = finite(a), high = finite(b)
        return min(low, high)...max(low, high)
    }

    func minimise(from start: [Double], residuals: ([Double]) -> [Double]) -> Result {
        var p = clip(start)
        var r = residuals(p)
        var cost = sumOfSquares(r)
        var lambda = 1e-3
        var iterations = 0
        let n = p.count
        while iterations < maximumIterations {
            iterations += 1
            // Jacobian by central differences.
            var jacobian = [[Double]](repeating: [Double](repeating: 0, count: n), count: r.count)
            for j in 0..<n {
                let h = 1e-6 * max(1, abs(p[j]))
                var up = p, down = p
                up[j] = min(p[j] + h, bounds[j].upperBound)
                down[j] = max(p[j] - h, bounds[j].lowerBound)
                let width = up[j] - down[j]
                guard width > 0 else { continue }
                let ru = residuals(up), rd = residuals(down)
                for i in r.indices { jacobian[i][j] = (ru[i] - rd[i]) / width }
            }
            var a = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
            var g = [Double](repeating: 0, count: n)
            for i in r.indices {
                for j in 0..<n {
                    g[j] += jacobian[i][j] * r[i]
                    for k in 0..<n { a[j][k] += jacobian[i][j] * jacobian[i][k] }
                }
            }
            var improved = false
            for _ in 0..<30 {
                var damped = a
                for j in 0..<n { damped[j][j] += lambda * max(a[j][j], 1e-12) }
                guard let step = Self.solve(damped, g.map { -$0 }) else { lambda *= 10; continue }
                let candidate = clip(zip(p, step).map { $0 + $1 })
                let rc = residuals(candidate)
                let c = sumOfSquares(rc)
                if c.isFinite, c < cost {
                    let relative = (cost - c) / max(cost, 1e-300)
                    p = candidate; r = rc; cost = c
                    lambda = max(lambda / 10, 1e-12)
                    improved = true
                    if relative < 1e-14 { return Result(parameters: p, residuals: r, iterations: iterations) }
                    break
                }
                lambda *= 10
                if lambda > 1e16 { break }
            }
            if !improved { break }
        }
        return Result(parameters: p, residuals: r, iterations: iterations)
    }

    private func clip(_ p: [Double]) -> [Double] {
        zip(p, bounds).map { min(max($0, $1.lowerBound), $1.upperBound) }
    }

    private func sumOfSquares(_ r: [Double]) -> Double { r.reduce(0) { $0 + $1 * $1 } }

    /// Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix, b = vector
        let n = b.count
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                abs(a[pivot][column]) > 1e-300
            else { return nil }
            a.swapAt(column, pivot); b.swapAt(column, pivot)
            for row in (column + 1)..<max(column + 1, n) {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<max(row + 1, n) { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }
}
