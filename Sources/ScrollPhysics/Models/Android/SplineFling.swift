#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// AOSP `OverScroller.SplineOverScroller` fling (`core/java/android/widget/OverScroller.java`),
/// in dp with its pixel rounding reproduced at a stated density:
///
///     D = ln 0.78 / ln 0.9 (DECELERATION_RATE),  I = 0.35 (INFLEXION)
///     mPhysicalCoeff = 9.80665 · 39.37 · (160·density) · 0.84         (px/s²)
///     l = ln(I·|v_px| / (friction · mPhysicalCoeff))                  (getSplineDeceleration)
///     duration = (int)(1000 · e^(l/(D − 1)))  ms                      (getSplineFlingDuration)
///     distance = (int)(friction · mPhysicalCoeff · e^(D/(D − 1)·l)) px (getSplineFlingDistance)
///
/// The position follows `SPLINE_POSITION`, a 101-entry table of the spline through
/// P1 = 0.5·I and P2 = 1 − 1·(1 − I) built by bisection in the static initialiser, linearly
/// interpolated between entries (`update()`): position piecewise linear in time, velocity
/// piecewise constant. Here in Double where the source uses float (differences ~1e-6).
public struct SplineFling: Simulation, Equatable {
    public var curve: SimulationCurve { .spline(self) }
    public let origin: Double
    public let initialVelocity: Double
    /// Whole milliseconds, as the source truncates it.
    public let durationMilliseconds: Int
    /// Whole pixels, signed.
    public let distancePixels: Int
    public let density: Double
    public let splinePosition: [Double]

    /// `velocity` in dp/s; friction `ViewConfiguration.getScrollFriction()` (0.015).
    public init(
        position: Double, velocity: Double, friction: Double = 0.015, density: Double = 2.625,
        inflexion: Double = 0.35, tuning: Double = 0.84
    ) {
        let usable =
            position.isFinite && velocity.isFinite && velocity != 0 && friction > 0 && density > 0
            && inflexion > 0 && inflexion < 1 && tuning > 0
        origin = position.isFinite ? position : 0
        initialVelocity = usable ? velocity : 0
        self.density = density > 0 && density.isFinite ? density : 1
        splinePosition = inflexion == 0.35 ? Self.standardTable : Self.table(inflexion: usable ? inflexion : 0.35)
        guard usable else { durationMilliseconds = 0; distancePixels = 0; return }
        let d = Self.decelerationRate
        let coefficient = Self.physicalCoefficient(density: density, tuning: tuning)
        let l = log(inflexion * abs(velocity * density) / (friction * coefficient))
        durationMilliseconds = Int(min(1e12, max(0, 1000 * exp(l / (d - 1)))))  // finite for any input
        let total = friction * coefficient * exp(d / (d - 1) * l)
        distancePixels = Int(min(1e15, max(-1e15, total * (velocity < 0 ? -1 : 1))))
    }

    public static let decelerationRate = log(0.78) / log(0.9)

    /// mPhysicalCoeff in px/s² at `density` (ppi = 160·density).
    public static func physicalCoefficient(density: Double, tuning: Double = 0.84) -> Double {
        9.80665 * 39.37 * 160 * density * tuning
    }

    static let samples = 100
    static let standardTable = table(inflexion: 0.35)

    /// SPLINE_POSITION of the source's static block, START_TENSION 0.5, END_TENSION 1.
    static func table(inflexion: Double) -> [Double] {
        let p1 = 0.5 * inflexion, p2 = 1 - 1 * (1 - inflexion)
        var table = [Double](repeating: 1, count: samples + 1)
        var xMin = 0.0
        for i in 0..<samples {
            let alpha = Double(i) / Double(samples)
            var xMax = 1.0, x = 0.0, coef = 0.0
            while true {
                x = xMin + (xMax - xMin) / 2
                coef = 3 * x * (1 - x)
                let tx = coef * ((1 - x) * p1 + x * p2) + x * x * x
                if abs(tx - alpha) < 1e-5 { break }
                if tx > alpha { xMax = x } else { xMin = x }
            }
            table[i] = coef * ((1 - x) * 0.5 + x) + x * x * x
        }
        return table
    }

    public var duration: Double { Double(durationMilliseconds) / 1000 }
    public var settleTime: Double { duration }
    /// Signed travel in dp.
    public var distance: Double { Double(distancePixels) / density }
    public var restPosition: Double { origin + distance }

    /// (distanceCoef, velocityCoef) of `update()` at time fraction f.
    func coefficients(_ f: Double) -> (Double, Double) {
        let index = Int(Double(Self.samples) * f)
        guard index < Self.samples, index >= 0 else { return (1, 0) }
        let tInf = Double(index) / Double(Self.samples), tSup = Double(index + 1) / Double(Self.samples)
        let dInf = splinePosition[index], dSup = splinePosition[index + 1]
        let velocityCoef = (dSup - dInf) / (tSup - tInf)
        return (dInf + (f - tInf) * velocityCoef, velocityCoef)
    }

    public func position(at t: Double) -> Double {
        guard durationMilliseconds > 0, t > 0 else { return origin }
        guard t < duration else { return restPosition }
        return origin + coefficients(t / duration).0 * distance
    }

    /// `mCurrVelocity` = velocityCoef · distance / duration (dp/s).
    public func velocity(at t: Double) -> Double {
        guard durationMilliseconds > 0, t < duration else { return 0 }
        return coefficients(max(0, t) / duration).1 * distance / duration
    }

    /// The time the fling reaches `x` (solved on the piecewise-linear table), or nil.
    public func time(atX x: Double) -> Double? {
        guard distance != 0 else { return nil }
        let r = (x - origin) / distance
        guard r >= 0, r < 1 else { return nil }
        for i in 0..<Self.samples where splinePosition[i + 1] > r || i == Self.samples - 1 {
            let dInf = splinePosition[i], dSup = splinePosition[i + 1]
            let within = dSup > dInf ? (r - dInf) / (dSup - dInf) : 0
            return (Double(i) + max(0, min(1, within))) / Double(Self.samples) * duration
        }
        return nil
    }
}
