import Foundation
import Testing
import ScrollPhysics
@testable import Formats
@testable import Fitting

/// A small deterministic random source (SplitMix64), so noisy traces are the same every run.
struct Noise {
    var state: UInt64
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    /// Normal, standard deviation `sigma` (Box–Muller).
    mutating func normal(_ sigma: Double) -> Double {
        sigma * (-2 * log(max(next(), 1e-300))).squareRoot() * cos(2 * Double.pi * next())
    }
    /// Frame times from `start`: 1/60 s ± 35 %, so no two steps are alike.
    mutating func times(from start: Double, through end: Double) -> [Double] {
        var t = start, result: [Double] = []
        while t <= end { result.append(t); t += (1.0 / 60) * (0.65 + 0.7 * next()) }
        return result
    }
}

func csv(_ rows: [(Double, Double)]) -> String {
    "t,offset\n" + rows.map { "\($0.0),\($0.1)" }.joined(separator: "\n") + "\n"
}

func within(_ value: Double, _ expected: Double, _ fraction: Double = 0.01) -> Bool {
    abs(value - expected) <= fraction * abs(expected)
}

func fitted(_ result: Fit.Result, _ name: String) -> Double {
    result.values.first { $0.name == name }?.value ?? .nan
}

@Suite struct FitTests {
    /// Windows line ends ("\r\n", one Character in Swift) split rows as "\n" does.
    @Test func windowsLineEndsAreRows() throws {
        let trace = try FitTrace.parse(
            "t,offset,finger\r\n0,0,500\r\n0.1,10,490\r\n0.2,20,\r\n0.3,25,\r\n", file: "w.csv")
        #expect(trace.samples.map(\.offset) == [0, 10, 20, 25] && trace.samples.map(\.finger) == [500, 490, nil, nil])
    }

    /// A trace of ours that holds still before the touch (idle rows) is a glide, not a return:
    /// the phase column says where the finger lifted.
    @Test func stillRowsBeforeTheTouchAreNotAReturn() throws {
        var rows = ["t,offset,velocity,phase,page"]
        for k in 0..<10 { rows.append("\(Double(k) / 60),0,0,idle,") }
        for k in 0..<5 { rows.append("\(Double(10 + k) / 60),\(Double(k) * 20),0,dragging,") }
        let friction = FrictionSimulation(origin: 80, velocity: 3000, decelerationRate: 0.995, power: 1)
        for k in 0..<150 {
            let t = Double(k) / 60; rows.append("\(Double(15 + k) / 60),\(friction.position(at: t)),0,decelerating,")
        }
        let trace = try FitTrace.parse(rows.joined(separator: "\n") + "\n", file: "ours.csv")
        #expect(Fit.detect(trace).kind == .glide, "\(Fit.detect(trace))")
        // A pull held still, then let go, is still a return.
        var held = ["t,offset,velocity,phase,page"]
        for k in 0..<6 { held.append("\(Double(k) / 60),-177,0,dragging,") }
        for k in 0..<30 { held.append("\(Double(6 + k) / 60),\(-177 * exp(-10 * Double(k + 1) / 60)),0,bouncing,") }
        #expect(Fit.detect(try FitTrace.parse(held.joined(separator: "\n") + "\n", file: "held.csv")).kind == .return)
    }

    /// The window's own trace: a new header row when the scene or A/B changes; the sections'
    /// rows read as one trajectory, each by its own header's columns.
    @Test func aTraceWithSeveralSectionsIsRead() throws {
        let text = """
            t,offset,velocity,phase,page
            0.1,0,0,idle,
            0.2,10,0,dragging,
            t,offset,velocity,phase,page,item,items
            0.3,20,0,decelerating,1,0,5
            0.4,25,0,idle,1,0,5
            0.5,26,0,idle,1,0,5
            """
        let trace = try FitTrace.parse(text, file: "window.csv")
        #expect(trace.samples.map(\.offset) == [0, 10, 20, 25, 26])
        #expect(trace.samples.map(\.dragging) == [false, true, false, false, false])
        #expect(
            throws: InputError(
                "w.csv: row 3: no column named \"offset\" (the header is t,x; expected t,offset[,finger])")
        ) {
            try FitTrace.parse("t,offset\n0,1\nt,x\n", file: "w.csv")
        }
    }

    @Test(arguments: [(0.998, 1.0), (0.995, 0.8), (0.997, 1.3), (0.99, 1.0)])
    func glideRecoversRateAndPower(rate: Double, power: Double) throws {
        var noise = Noise(state: UInt64(rate * 1e6) ^ UInt64(power * 1000))
        let friction = FrictionSimulation(origin: 120, velocity: 3000, decelerationRate: rate, power: power)
        let rows = noise.times(from: 0, through: friction.settleTime + 0.3).map {
            ($0, friction.position(at: $0) + noise.normal(0.2))
        }
        let result = try Fit.run(FitTrace.parse(csv(rows), file: "glide.csv"), kind: .glide)
        let mu = -1000 * log(rate)
        #expect(within(fitted(result, "μ"), mu), "μ \(fitted(result, "μ")) vs \(mu)")
        #expect(
            within(fitted(result, "decelerationPower"), power), "n \(fitted(result, "decelerationPower")) vs \(power)")
        #expect(result.maximumResidual < 1.5 && result.meanResidual < 0.3)
    }

    /// An exponential glide (with 0.2 pt of noise) is given power 1 exactly: any other power
    /// would turn UIKit's law into the seed's continuous friction when the values are loaded.
    /// A glide of another power keeps its own (glideRecoversRateAndPower).
    @Test func exponentialGlideIsPowerOne() throws {
        var noise = Noise(state: 99)
        let friction = FrictionSimulation(origin: 0, velocity: 2000, decelerationRate: 0.995, power: 1)
        let rows = noise.times(from: 0, through: 1.5).map { ($0, friction.position(at: $0) + noise.normal(0.2)) }
        let result = try Fit.run(FitTrace.parse(csv(rows), file: "glide.csv"), kind: .glide)
        #expect(fitted(result, "decelerationPower") == 1)
        #expect(within(fitted(result, "decelerationRate"), 0.995, 0.0002))
    }

    /// A recording that shows its second frame twice (a missed draw) starts the glide with a
    /// step of 0: the first guess of v0 spans three steps, and the fit still finds the rate.
    @Test func glideWithARepeatedSecondFrame() throws {
        let friction = FrictionSimulation(origin: 0, velocity: 2500, decelerationRate: 0.997, power: 1)
        var rows = stride(from: 0.0, through: 2.5, by: 1.0 / 60).map { ($0, friction.position(at: $0)) }
        rows[1].1 = rows[0].1
        let result = try Fit.run(FitTrace.parse(csv(rows), file: "glide.csv"), kind: .glide)
        #expect(within(fitted(result, "μ"), -1000 * log(0.997), 0.05), "μ \(fitted(result, "μ"))")
    }

    @Test(arguments: [(0.55, 844.0), (0.4, 600), (0.8, 1200)])
    func dragRecoversTheRubberBand(c: Double, d: Double) throws {
        var noise = Noise(state: UInt64(c * 1000 + d))
        let band = RubberBand(coefficient: c, limit: d)
        // The finger moves down from 100 pt above the edge (at finger = 300) to 435 pt past it,
        // at uneven times; inside the content the offset follows it 1:1.
        var text = "t,offset,finger\n"
        for t in noise.times(from: 0, through: 1) {
            let finger = 200 + 535 * t
            let x = finger - 300
            let offset = x <= 0 ? -x : -band.overshoot(forPull: x)
            text += "\(t),\(offset + (x > 0 ? noise.normal(0.2) : 0)),\(finger)\n"
        }
        let result = try Fit.run(FitTrace.parse(text, file: "drag.csv"), kind: .auto)
        #expect(result.kind == .drag)
        #expect(within(fitted(result, "rubberBandCoefficient"), c), "c \(fitted(result, "rubberBandCoefficient"))")
        #expect(within(fitted(result, "rubberBandLimit"), d), "d \(fitted(result, "rubberBandLimit"))")
    }

    @Test(arguments: [(10.9, 7.3, -177.0), (14, 3, -80), (10.9, 0, 300), (25, 12, 150), (8, 8, -60)])
    func returnRecoversDampingAndRate(delta: Double, k: Double, y0: Double) throws {
        var noise = Noise(state: UInt64(delta * 100 + k * 10 + abs(y0)))
        let release = 0.4137  // between frames
        let rows = noise.times(from: 0, through: 1.4).map { t -> (Double, Double) in
            let tau = t - release
            let y = tau <= 0 ? y0 : y0 * (1 + (delta - k) * tau) * exp(-delta * tau)
            return (t, y + (tau <= 0 ? 0 : noise.normal(0.001 * abs(y0))))  // 0.18 pt for 177 pt
        }
        let result = try Fit.run(FitTrace.parse(csv(rows), file: "return.csv"), kind: .auto, law: .spring)
        #expect(result.kind == .return && result.returnLaw == .spring)
        #expect(within(fitted(result, "bounceDamping"), delta), "δ \(fitted(result, "bounceDamping"))")
        // k is measured on δ's scale (0 … δ: from rest … a pure exponential): within 1 % of δ.
        // From rest (k = 0) the unknown release time between frames trades against k: 3 %.
        let k̂ = fitted(result, "edgeReturnRate")
        #expect(abs(k̂ - k) <= (k > 0 ? 0.01 : 0.03) * delta, "k \(k̂)")
    }

    @Test func theIssuesRecordingGivesTheDefaults() throws {
        // 177 pt held, then 157, 106, 46, 14, 2 pt left after 16, 67, 167, 300, 500 ms.
        let text = "t,offset\n0,-177\n0.1,-177\n0.2,-177\n0.216,-157\n0.267,-106\n0.367,-46\n0.5,-14\n0.7,-2\n1.0,0\n"
        let result = try Fit.run(FitTrace.parse(text, file: "ios.csv"), kind: .return, law: .spring)
        #expect(abs(fitted(result, "bounceDamping") - 10.9) < 0.6)
        #expect(abs(fitted(result, "edgeReturnRate") - 7.3) < 0.6)
        #expect(result.maximumResidual < 1)
        // UIKit's own return: its 0.99 per ms with about 490 pt/s still held outward at release.
        let uikit = try Fit.run(FitTrace.parse(text, file: "ios.csv"), kind: .return)
        #expect(uikit.returnLaw == .uikit && abs(fitted(uikit, "edgeDecay") - 0.99) < 0.0005)
        let held = try #require(uikit.values.first { $0.name == "velocity held at release" }).value
        #expect(abs(held - 490) < 30, "\(held)")
        #expect(uikit.maximumResidual < 1)
    }

    @Test(arguments: [(0.99, 0.49, -177.0), (0.985, 0.0, 120), (0.995, 1.2, -60), (0.98, -0.3, 200)])
    func uikitReturnRecoversItsDecayAndHeldVelocity(q: Double, w: Double, y0: Double) throws {
        var noise = Noise(state: UInt64(q * 1e4 + abs(y0)))
        let release = 0.4137  // between frames
        let r = 0.998
        let back = UIKitEdgeReturn(from: y0, velocity: (y0 < 0 ? -1 : 1) * 1000 * w, edge: 0, rate: r, decay: q)
        let rows = noise.times(from: 0, through: 1.6).map { t -> (Double, Double) in
            let y = t <= release ? y0 : back.position(at: t - release)
            return (t, y + (t <= release ? 0 : noise.normal(0.001 * abs(y0))))
        }
        let result = try Fit.run(FitTrace.parse(csv(rows), file: "uikit-return.csv"), kind: .return)
        // The release time between two frames trades against the velocity held at release, so
        // the decay is pinned (within 0.002 per ms) while the held velocity is only roughly so.
        #expect(abs(fitted(result, "edgeDecay") - q) < 0.002, "q \(fitted(result, "edgeDecay"))")
        #expect(result.maximumResidual < 5 * 0.001 * abs(y0) + 0.05)
        let held = try #require(result.values.first { $0.name == "velocity held at release" }).value
        if abs(w) >= 0.45 { #expect(held * w > 0, "w \(held)") }
        let (parameters, _) = result.parameters()
        #expect(parameters.edgeReturn == .uikit)
    }

    @Test(arguments: [(20.0, -600.0, 2000.0), (35, 300, -1500), (8, -100, 0)])
    func pageRecoversTheSpring(delta: Double, y0: Double, v0: Double) throws {
        var noise = Noise(state: UInt64(delta * 10 + abs(y0)))
        let spring = CriticallyDampedSpring(from: 844 + y0, velocity: v0, to: 844, damping: delta)
        let rows = noise.times(from: 0, through: spring.settleTime + 0.2).map {
            ($0, spring.position(at: $0) + noise.normal(0.1))
        }
        let result = try Fit.run(FitTrace.parse(csv(rows), file: "page.csv"), kind: .page)
        #expect(within(fitted(result, "pageDamping"), delta), "δ \(fitted(result, "pageDamping"))")
    }

    /// A page landing that starts at the release speed is the pure exponential D·e^(−ut/D) that
    /// pageMotion decelerate makes for a fast release: fitted as that (δ = u/D), with the default
    /// pageDamping kept, since any value up to δ lands the same; a spring that is not one is
    /// fitted as pageMotion spring with its own δ.
    @Test func aPageLandingAtTheReleaseSpeedIsDecelerate() throws {
        var noise = Noise(state: 3)
        let landing = noise.times(from: 0, through: 0.3).map { ($0, 312 - 86 * exp(-47 * $0) + noise.normal(0.1)) }
        let result = try Fit.run(FitTrace.parse(csv(landing), file: "landing.csv"), kind: .page)
        #expect(result.pageMotion == .decelerate)
        #expect(fitted(result, "pageDamping") == 20)
        #expect(
            result.notes.contains { $0.contains("exponential landing") && $0.contains("δ = v0/|y0| = 4") },
            "\(result.notes)")
        let (parameters, _) = result.parameters()
        #expect(parameters.pageMotion == .decelerate && result.fittedKeys.contains("pageMotion"))
        // Slower than the default: pageDamping is lowered to δ, where the landing is the same.
        let slow = noise.times(from: 0, through: 1.2).map { ($0, 312 - 86 * exp(-9 * $0) + noise.normal(0.1)) }
        let slowFit = try Fit.run(FitTrace.parse(csv(slow), file: "slow.csv"), kind: .page)
        #expect(
            slowFit.pageMotion == .decelerate && within(fitted(slowFit, "pageDamping"), 9),
            "\(fitted(slowFit, "pageDamping"))")
        // From rest: a spring, not an exponential.
        let spring = CriticallyDampedSpring(from: 100, velocity: 0, to: 844, damping: 20)
        let rows = noise.times(from: 0, through: 1).map { ($0, spring.position(at: $0) + noise.normal(0.1)) }
        let springFit = try Fit.run(FitTrace.parse(csv(rows), file: "p.csv"), kind: .page)
        #expect(springFit.pageMotion == .spring && within(fitted(springFit, "pageDamping"), 20))
    }

    /// A far page is approached with constant deceleration: 721 pt at 1,959 pt/s come to rest
    /// after T = 2·D/u = 0.736 s, x(t) = D·(2s − s²), s = t/T. Fitted as that, pageMotion
    /// decelerate with the default pageDamping (the approach runs for any pageDamping over
    /// 2u/D = 5.43 1/s), not as a spring; a landing the default would not approach so is given a
    /// pageDamping over 2u/D.
    @Test func aFarPageIsApproachedWithConstantDeceleration() throws {
        var noise = Noise(state: 11)
        let approach = PageApproach(from: 0, velocity: 1959, to: 721, duration: 2 * 721 / 1959)
        let rows = noise.times(from: 0, through: 0.9).map { ($0, approach.position(at: $0) + noise.normal(0.2)) }
        let result = try Fit.run(FitTrace.parse(csv(rows), file: "pager.csv"), kind: .page)
        #expect(result.landing == .approach && result.pageMotion == .decelerate)
        #expect(fitted(result, "pageDamping") == 20)
        #expect(within(fitted(result, "T"), 2 * 721 / 1959), "T \(fitted(result, "T"))")
        #expect(result.notes.contains { $0.contains("constant deceleration into the page") }, "\(result.notes)")
        // Over in T = 0.18 s (300 pt at 3,300 pt/s): the approach runs only while pageDamping is
        // over 2u/D = 22 1/s, so it is given 1.1 times that, rounded up.
        let quick = PageApproach(from: 0, velocity: 3300, to: 300, duration: 600.0 / 3300)
        let quickRows = noise.times(from: 0, through: 0.4).map { ($0, quick.position(at: $0) + noise.normal(0.1)) }
        let quickFit = try Fit.run(FitTrace.parse(csv(quickRows), file: "quick.csv"), kind: .page)
        #expect(quickFit.landing == .approach, "\(quickFit.notes)")
        #expect((24...26).contains(fitted(quickFit, "pageDamping")), "\(fitted(quickFit, "pageDamping"))")
        // The exponential landing and the spring are not taken for an approach.
        let spring = CriticallyDampedSpring(from: 100, velocity: 0, to: 844, damping: 20)
        let springRows = noise.times(from: 0, through: 1).map { ($0, spring.position(at: $0) + noise.normal(0.1)) }
        #expect(try Fit.run(FitTrace.parse(csv(springRows), file: "p.csv"), kind: .page).landing == .spring)
    }

    @Test func autoTellsAGlideFromAPage() throws {
        var noise = Noise(state: 7)
        let friction = FrictionSimulation(origin: 0, velocity: 2500, decelerationRate: 0.998)
        let glide = noise.times(from: 0, through: 4).map { ($0, friction.position(at: $0) + noise.normal(0.2)) }
        #expect(try Fit.run(FitTrace.parse(csv(glide), file: "g.csv"), kind: .auto).kind == .glide)
        let spring = CriticallyDampedSpring(from: 100, velocity: 2000, to: 844, damping: 20)
        let page = noise.times(from: 0, through: 1).map { ($0, spring.position(at: $0) + noise.normal(0.1)) }
        #expect(try Fit.run(FitTrace.parse(csv(page), file: "p.csv"), kind: .auto).kind == .page)
    }

    @Test func badCSVNamesTheRowAndColumn() {
        func message(_ text: String) -> String {
            do { _ = try FitTrace.parse(text, file: "x.csv"); return "" } catch { return error.message }
        }
        #expect(
            message("t,offset\n0,1\n0.1,2\n0.2,abc\n0.3,4\n")
                == "x.csv: row 4, column 2 \"offset\": \"abc\" is not a finite number")
        #expect(message("t,offset\n0,1\n0.1\n") == "x.csv: row 3, column 2 \"offset\": missing (the row has 1 fields)")
        #expect(
            message("time,offset\n0,1\n")
                == "x.csv: row 1: no column named \"t\" (the header is time,offset; expected t,offset[,finger])")
        #expect(
            message("t,offset\n0,1\n0.2,2\n0.1,3\n0.3,4\n")
                == "x.csv: row 4, column 1 \"t\": 0.1 is before the previous row's 0.2; times must not decrease")
        #expect(message("t,offset\n0,nan\n") == "x.csv: row 2, column 2 \"offset\": \"nan\" is not a finite number")
        #expect(message("t,offset\n0,1\n1,2\n") == "x.csv: 2 data rows; at least 4 are needed to fit")
        #expect(message("") == "x.csv: row 1: empty; expected a header such as t,offset or t,offset,finger")
        #expect(
            message("t,offset,finger\n0,1,x\n1,1,1\n2,1,1\n3,1,1\n")
                == "x.csv: row 2, column 3 \"finger\": \"x\" is not a finite number")
    }
}

@Suite(.serialized) struct FitCommandTests {
    @Test func fitPrintsWritesParamsAndPlotsAndRefusesBadInput() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("ios.csv"), params = dir.appendingPathComponent("fit.json"),
            plot = dir.appendingPathComponent("fit.png")
        try "t,offset\n0,-177\n0.1,-177\n0.2,-177\n0.216,-157\n0.267,-106\n0.367,-46\n0.5,-14\n0.7,-2\n1.0,0\n".write(
            to: data, atomically: true, encoding: .utf8)
        // UIKit's own return by default: its 0.99 per ms, written with the law it needs.
        let uikitParams = dir.appendingPathComponent("uikit.json")
        let uikit = try scrollab(["fit", data.path, "--kind", "return", "--params", uikitParams.path])
        #expect(
            uikit.status == 0 && uikit.stdout.contains("edgeReturn: uikit") && uikit.stdout.contains("edgeDecay: 0.9"),
            "\(uikit.stdout)\(uikit.stderr)")
        let uikitWritten = try ParametersFile.decode(
            String(contentsOf: uikitParams, encoding: .utf8), file: "uikit.json"
        ).uikit
        #expect(uikitWritten.edgeReturn == .uikit && abs(uikitWritten.edgeDecay - 0.99) < 0.0005)
        let run = try scrollab([
            "fit", data.path, "--kind", "return", "--law", "spring", "--params", params.path, "--plot", plot.path
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("edgeReturnRate: 7.") && run.stdout.contains("residual: max "))
        let written = try String(contentsOf: params, encoding: .utf8)
        let parameters = try ParametersFile.decode(written, file: "fit.json").uikit
        #expect(abs(parameters.edgeReturnRate - 7.3) < 0.6 && abs(parameters.bounceDamping - 10.9) < 0.6)
        #expect(parameters.edgeReturn == .spring)
        #expect(written.contains("\"edgeReturnRate\"") && !written.contains("pagePolicy"))
        #expect(FileManager.default.fileExists(atPath: plot.path))
        // Bad CSV: one line naming the row and column, status 2, the params file untouched.
        try "t,offset\n0,1\n0.1,2\n0.2,abc\n0.3,4\n".write(to: data, atomically: true, encoding: .utf8)
        let bad = try scrollab(["fit", data.path, "--params", params.path])
        #expect(bad.status == 2)
        #expect(
            bad.stderr == "scrollab: error: \(data.path): row 4, column 2 \"offset\": \"abc\" is not a finite number\n")
        #expect(try String(contentsOf: params, encoding: .utf8) == written)
        let kind = try scrollab(["fit", data.path, "--kind", "spin"])
        #expect(
            kind.status == 2
                && kind.stderr.contains("--kind: \"spin\" is not one of: glide, drag, return, page, pipeline, auto"))
    }

    /// A t,offset CSV of a whole recording — the app-bar table's drawn offsets: a rest, a drag, a
    /// glide, a rest — is fitted segment by segment, as its video is, saying what it left out (it
    /// was fitted as one return: 127 pt off at worst, and no warning); fitted as one return on
    /// purpose, it says in one line that one return does not explain it.
    @Test func aWholeRecordingIsFittedSegmentBySegment() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let whole = root.appendingPathComponent("Assets/recordings/appbar-table-offsets.csv").path
        let run = try scrollab(["fit", whole])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasSuffix(
                "a whole recording, not one motion (one return leaves 26.4 pt rms): each segment is fitted as "
                    + "what it is"
            )
                == true, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("segments: rest 0.000–") }, "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("drag ") && $0.contains("not fitted") }, "\(run.stdout)")
        #expect(!run.stdout.contains("kind: return") && !run.stdout.contains("warning"), "\(run.stdout)")
        // The glide's rate: the page's own, 0.997838 /ms (within 0.1 % of −ln r, as the video's).
        let glide = try #require(lines.first { $0.hasPrefix("glide ") })
        let words = glide.split(separator: " ")
        let rate = try #require(
            words.firstIndex(of: "decelerationRate").flatMap { Double(words[$0 + 1]) }, "\(glide)")
        #expect(abs(log(rate) / log(0.997838) - 1) < 0.01, "\(glide)")
        // One return on purpose: fitted, with one warning line first.
        let forced = try scrollab(["fit", whole, "--kind", "return"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let first = forced.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("warning: one return does not explain this trace (residual rms "), "\(forced.stdout)")
        #expect(forced.stdout.components(separatedBy: "warning").count == 2)
        // One motion (the return of a held pull) is no whole recording, fitted as one, without a warning.
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("ios.csv")
        try "t,offset\n0,-177\n0.1,-177\n0.2,-177\n0.216,-157\n0.267,-106\n0.367,-46\n0.5,-14\n0.7,-2\n1.0,0\n".write(
            to: data, atomically: true, encoding: .utf8)
        let one = try scrollab(["fit", data.path])
        #expect(one.stdout.contains("kind: return") && !one.stdout.contains("warning"), "\(one.stdout)")
    }

    @Test func aTraceOfOursGivesBackTheParametersItWasMadeWith() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fling = root.appendingPathComponent("Assets/gestures/fling-up.json").path
        let flick = root.appendingPathComponent("Assets/gestures/flick-next-page.json").path
        let glide = dir.appendingPathComponent("glide.csv").path, page = dir.appendingPathComponent("page.csv").path
        let fast = dir.appendingPathComponent("fast.json"), spring = dir.appendingPathComponent("spring.json")
        try "{\"decelerationRate\": 0.995, \"decelerationPower\": 0.8}".write(
            to: fast, atomically: true, encoding: .utf8)
        try "{\"pageMotion\": \"spring\", \"pageDamping\": 35}".write(to: spring, atomically: true, encoding: .utf8)
        #expect(
            try scrollab([
                "replay", "--scene", "list", "--content-length", "100000", "--gesture", fling, "--params", fast.path,
                "--trace", glide
            ]).status == 0)
        #expect(
            try scrollab(["replay", "--scene", "pager", "--gesture", flick, "--params", spring.path, "--trace", page])
                .status == 0)
        let glideFit = try scrollab(["fit", glide, "--params", dir.appendingPathComponent("g.json").path])
        #expect(glideFit.status == 0 && glideFit.stdout.contains("kind: glide"), "\(glideFit.stdout)\(glideFit.stderr)")
        let g = try ParametersFile.decode(
            String(contentsOf: dir.appendingPathComponent("g.json"), encoding: .utf8), file: "g.json"
        ).uikit
        #expect(abs(g.decelerationRate - 0.995) < 1e-5 && abs(g.decelerationPower - 0.8) < 0.008, "\(g)")
        let pageFit = try scrollab([
            "fit", page, "--kind", "page", "--params", dir.appendingPathComponent("p.json").path
        ])
        #expect(pageFit.status == 0, "\(pageFit.stderr)")
        let p = try ParametersFile.decode(
            String(contentsOf: dir.appendingPathComponent("p.json"), encoding: .utf8), file: "p.json"
        ).uikit
        #expect(abs(p.pageDamping - 35) < 0.35, "\(p.pageDamping)")
    }
}

/// A fit's cost grows with the rows only by one pass over them: the starts run on 250 evenly
/// spaced rows, the refinement on 4000 (10,000 rows once took 18 s, 100,000 rows 138 s).
@Suite struct FitCostTests {
    @Test func rowEvaluationsAreOnePassPlusABoundedFit() {
        for count in [100_000, 1_000_000] {
            var calls = 0
            let solver = LeastSquares(bounds: [-10...10, -10...10])
            let result = Fit.fitted(count, solver: solver, starts: [[0, 0], [5, 5]]) { p, i in
                calls += 1
                let x = Double(i) / Double(count)
                return p[0] + p[1] * x - (1 + 2 * x)
            }
            #expect(
                abs(result.parameters[0] - 1) < 1e-6 && abs(result.parameters[1] - 2) < 1e-6, "\(result.parameters)")
            #expect(result.residuals.count == count)
            // One pass for the residuals; the rest is bounded whatever the count (≤ 2 starts ×
            // 150 iterations × 35 evaluations × 250 rows, then 40 × 35 × 4000 rows).
            #expect(calls - count <= 2 * 150 * 35 * 250 + 40 * 35 * 4000, "\(calls) evaluations for \(count) rows")
        }
        #expect(Fit.spread(10, limit: 250) == Array(0..<10))
        let spread = Fit.spread(1_000_000, limit: 250)
        #expect(spread.first == 0 && spread[1] == 1 && spread.last == 999_999 && spread.count <= 251)
    }
}

/// `fit --kind pipeline`: the finger's samples replayed through UIKit's pipeline.
@Suite struct PipelineFitTests {
    /// The recorded medium flick's touches (t s, centroid y pt; `UIKitPipelineTests`), then rows
    /// every 60 Hz frame for 3 s after the lift at 0.91777 s, as UIKit with `values` shows them.
    static func flick(_ values: ScrollParameters, pull: Double = 0) -> String {
        let touches: [(t: Double, y: Double)] = [
            (0.67618, 549), (0.78439, 548.667), (0.80110, 538.667), (0.81775, 522.667), (0.83440, 501.667),
            (0.85106, 466.667), (0.86771, 406.333), (0.88440, 329.667), (0.90107, 220.333)
        ]
        var axis = ScrollAxis(viewportLength: 874, bounds: 0...5126, feel: Feel(values), offset: pull)
        var rows = ["t,offset,finger"]
        for (i, touch) in touches.enumerated() {
            if i == 0 {
                axis.beginDrag(at: touch.t, pointer: touch.y)
            } else {
                axis.dragMoved(at: touch.t, pointer: touch.y)
            }
            rows.append("\(touch.t),\(axis.offset(at: touch.t)),\(touch.y)")
        }
        axis.endDrag(at: 0.91777)
        for k in 0...180 {
            let t = 0.91777 + Double(k) / 60
            axis.advance(to: t)
            rows.append("\(t),\(axis.offset(at: t)),")
        }
        return rows.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [0.995, 0.998, 0.99])
    func recoversTheRateFromAWholeFlick(rate: Double) throws {
        var truth = ScrollParameters()
        truth.decelerationRate = rate
        let trace = try FitTrace.parse(Self.flick(truth), file: "flick.csv")
        let result = try Fit.run(trace, kind: .auto, geometry: Fit.Geometry(viewport: 874, maxOffset: 5126))
        #expect(result.kind == .pipeline)
        #expect(abs(fitted(result, "decelerationRate") - rate) < 2e-6, "\(fitted(result, "decelerationRate"))")
        #expect(result.maximumResidual < 0.01, "\(result.maximumResidual)")
        #expect(abs(fitted(result, "release velocity") - 4110) < 1)  // the recognizer's, whatever the rate
        #expect(!result.values.contains { $0.key == "rubberBandCoefficient" || $0.key == "edgeDecay" })
    }

    /// A flick toward the top from 40 pt down is pulled past the edge, then returns: the rubber
    /// band's c and UIKit's q come out too.
    @Test func recoversTheRubberBandAndTheReturnPastAnEdge() throws {
        var truth = ScrollParameters()
        truth.rubberBandCoefficient = 0.4
        truth.edgeDecay = 0.985
        // A finger moving down 240 pt in 83 ms from 40 pt below the top.
        let touches = [(0.0, 300.0), (0.016, 310.0), (0.033, 340.0), (0.05, 390.0), (0.066, 460.0), (0.083, 540.0)]
        var axis = ScrollAxis(viewportLength: 874, bounds: 0...5126, feel: Feel(truth), offset: 40)
        var rows = ["t,offset,finger"]
        for (i, touch) in touches.enumerated() {
            if i == 0 {
                axis.beginDrag(at: touch.0, pointer: touch.1)
            } else {
                axis.dragMoved(at: touch.0, pointer: touch.1)
            }
            rows.append("\(touch.0),\(axis.offset(at: touch.0)),\(touch.1)")
        }
        #expect(axis.offset(at: 0.083) < -50)
        axis.endDrag(at: 0.1)
        for k in 0...120 {
            let t = 0.1 + Double(k) / 60
            axis.advance(to: t)
            rows.append("\(t),\(axis.offset(at: t)),")
        }
        let trace = try FitTrace.parse(rows.joined(separator: "\n") + "\n", file: "pull.csv")
        let result = try Fit.run(trace, kind: .pipeline, geometry: Fit.Geometry(viewport: 874, maxOffset: 5126))
        #expect(abs(fitted(result, "rubberBandCoefficient") - 0.4) < 1e-4, "\(result.values)")
        #expect(abs(fitted(result, "edgeDecay") - 0.985) < 1e-4, "\(result.values)")
        #expect(result.maximumResidual < 0.05)
        #expect(result.returnLaw == .uikit)
    }

    @Test func saysWhatItNeeds() throws {
        let noFinger = try FitTrace.parse("t,offset,finger\n0,0,\n0.1,1,\n0.2,2,\n0.3,3,\n0.4,4,\n", file: "a.csv")
        #expect(throws: InputError.self) { try Fit.run(noFinger, kind: .pipeline) }
        let noGlide = try FitTrace.parse("t,offset,finger\n0,0,500\n0.1,10,490\n0.2,20,480\n0.3,20,\n", file: "b.csv")
        do {
            _ = try Fit.run(noGlide, kind: .pipeline)
            Issue.record("a drag without a glide was fitted")
        } catch {
            #expect(error.message == "pipeline: 1 rows after the finger lifts; at least 4 are needed to fit the glide")
        }
        #expect(Fit.detect(noGlide).kind == .drag)
    }
}
