import Foundation
import Testing
import Scenes
import ScrollPhysics
@testable import Formats
@testable import ScrollLabKit

/// A drag of `distance` points along y from y = 600 over `duration`, sampled every 8 ms.
func verticalFling(distance: Double, duration: Double = 0.08, x: Double = 195) -> [TimedInput] {
    var events = [TimedInput(time: 0, event: .down(Point(x: x, y: 600)))]
    let steps = Int((duration / 0.008).rounded())
    for i in 1..<steps {
        events.append(
            TimedInput(
                time: Double(i) * 0.008, event: .move(Point(x: x, y: 600 - distance * Double(i) / Double(steps)))))
    }
    events.append(TimedInput(time: duration, event: .up(Point(x: x, y: 600 - distance))))
    return events
}

func horizontalFling(distance: Double, duration: Double = 0.08) -> [TimedInput] {
    verticalFling(distance: distance, duration: duration).map { input in
        func swap(_ p: Point) -> Point { Point(x: p.y - 405, y: 422) }
        switch input.event {
        case .down(let p): return TimedInput(time: input.time, event: .down(swap(p)))
        case .move(let p): return TimedInput(time: input.time, event: .move(swap(p)))
        case .up(let p): return TimedInput(time: input.time, event: .up(swap(p)))
        case .wheel, .wheelBegin, .wheelEnd: return input
        }
    }
}

struct Row: Equatable {
    var t, offset, velocity: Double
    var phase: String
    var page: String
}

func rows(_ csv: String) -> [Row] {
    csv.split(separator: "\n").dropFirst().map { line in
        let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return Row(t: Double(f[0])!, offset: Double(f[1])!, velocity: Double(f[2])!, phase: f[3], page: f[4])
    }
}

@Suite struct ReplayTests {
    static let scenes: [SceneSetup] = [
        .list(contentLength: 3000), .pager(pages: 5), .carousel(cellWidth: 300, spacing: 12, cells: 10)
    ]

    func gesture(for setup: SceneSetup) -> [TimedInput] {
        setup.name == "carousel"
            ? horizontalFling(distance: 260, duration: 0.09) : verticalFling(distance: 230, duration: 0.09)
    }

    @Test(arguments: scenes)
    func traceIsIndependentOfFrameRate(setup: SceneSetup) {
        let events = gesture(for: setup)
        let traces = [30.0, 60, 120, 240].map { fps in
            rows(
                Replay(fps: fps, duration: 5).run(
                    setup.makeScene(viewport: .phone, feel: Feel(ScrollParameters())), events: events))
        }
        let reference = traces[0]
        #expect(reference.count == 151)
        for (trace, factor) in zip(traces.dropFirst(), [2, 4, 8]) {
            #expect(trace.count == 150 * factor + 1)
            for (i, row) in reference.enumerated() {
                let other = trace[i * factor]
                #expect(other.t == row.t)
                #expect(
                    abs(other.offset - row.offset) <= 0.01, "\(setup.name) t=\(row.t): \(other.offset) vs \(row.offset)"
                )
                #expect(abs(other.velocity - row.velocity) <= 0.01)
                #expect(other.phase == row.phase && other.page == row.page)
            }
        }
        // Something actually happened: it moved and came to rest.
        #expect(reference.contains { $0.phase != "dragging" && $0.phase != "idle" })
        #expect(reference.last?.phase == "idle")
    }

    @Test func wheelStreamsAreFrameRateIndependentToo() {
        var events: [TimedInput] = []
        for i in 0..<12 { events.append(TimedInput(time: 0.1 + Double(i) * 0.012, event: .wheel(dx: 0, dy: 18))) }
        let traces = [30.0, 240].map { fps in
            rows(Replay(fps: fps, duration: 3).run(ListScene(contentLength: 20_000), events: events))
        }
        for (i, row) in traces[0].enumerated() {
            #expect(abs(traces[1][i * 8].offset - row.offset) <= 0.01)
        }
        // 12 × 18 pt while scrolling, then a fling at ≈ 1500 pt/s: glides ≈ 750 pt further.
        let rest = traces[0].last!.offset
        #expect(rest > 216 + 600 && rest < 216 + 900, "rest \(rest)")
    }

    @Test func pagerFlickLandsOnTheNextPageExactly() {
        let trace = rows(Replay(fps: 60).run(PagerScene(), events: verticalFling(distance: 120, duration: 0.06)))
        #expect(trace.last?.offset == 844)
        #expect(trace.last?.page == "1")
        #expect(trace.last?.phase == "idle")
        #expect(trace.contains { $0.phase == "settling" })
    }

    @Test func carouselCentresTheNextCellAndSlowDragPastMidpointLandsOnIt() {
        // the article “iOS UIScrollView paging effect”'s bug case: a slow drag past the midpoint must land on the next
        // cell, not skip two.
        var slow = [TimedInput(time: 0, event: .down(Point(x: 300, y: 400)))]
        for i in 1...43 {
            slow.append(TimedInput(time: Double(i) * 0.02, event: .move(Point(x: 300 - Double(i) * 4, y: 400))))
        }
        // 172 pt, less the 10 pt pan hysteresis: 162 pt > 156 = half a paging width.
        slow.append(TimedInput(time: 0.9, event: .up(Point(x: 128, y: 400))))
        let trace = rows(Replay(fps: 60).run(CarouselScene(), events: slow))
        #expect(trace.last?.offset == 312)
        #expect(trace.last?.page == "1")
        // A hard fling with several cells allowed skips by projected distance.
        var parameters = ScrollParameters()
        parameters.maximumPagesPerFling = 4
        let hard = rows(
            Replay(fps: 60).run(
                CarouselScene(feel: Feel(parameters)), events: horizontalFling(distance: 300, duration: 0.06)))
        #expect(hard.last?.offset == 1248)  // 4 cells × 312 pt
    }

    @Test func openEndedReplayStopsAfterRest() {
        let trace = rows(Replay(fps: 60).run(ListScene(), events: verticalFling(distance: 200)))
        let last = trace.last!
        #expect(last.phase == "idle")
        let idleTail = trace.reversed().prefix { $0.phase == "idle" }.count
        #expect(idleTail >= 15 && idleTail <= 17)
        // An empty gesture is a still scene.
        let still = rows(Replay(fps: 60).run(ListScene(), events: []))
        #expect(still.allSatisfy { $0.offset == 0 && $0.phase == "idle" })
    }

    @Test func headerAndNumberFormat() {
        let csv = Replay(fps: 10, duration: 0.1).run(PagerScene(), events: [])
        #expect(csv == "t,offset,velocity,phase,page\n0.000000,0.0000,0.000,idle,0\n0.100000,0.0000,0.000,idle,0\n")
        #expect(Trace.fixed(-0.00001, 4) == "0.0000")
        #expect(Trace.fixed(.nan, 4) == "0")
    }
}

@Suite struct ReplayPlotTests {
    @Test func replayDrawsTheFingerTheContentAndTheRelease() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gesture = projectAssets + "/gestures/uikit-medium-flick.json"
        let plot = dir.appendingPathComponent("flick.png").path, trace = dir.appendingPathComponent("t.csv").path
        let run = try scrollab([
            "replay", "--scene", "list", "--viewport", "402x874", "--content-length", "6000",
            "--gesture", gesture, "--trace", trace, "--plot", plot
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: plot)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Never onto an input or the trace.
        let same = try scrollab(["replay", "--scene", "list", "--gesture", gesture, "--trace", trace, "--plot", trace])
        #expect(same.status == 2 && same.stderr.contains("same file"))
        let onto = try scrollab(["replay", "--scene", "list", "--gesture", gesture, "--trace", trace, "--plot", gesture]
        )
        #expect(onto.status == 2)
        #expect(try String(contentsOfFile: gesture, encoding: .utf8).hasPrefix("{\"events\""))
    }
}

@Suite struct DeviceDisplayTests {
    /// `--device` sets the refresh rate and pixel grid unless the parameter file states its own.
    @Test func aDeviceSetsTheDisplayUnlessTheFileSaysOtherwise() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gesture = projectAssets + "/gestures/uikit-medium-flick.json"
        let params = dir.appendingPathComponent("p.json").path
        try #"{"refreshRate": 60}"#.write(toFile: params, atomically: true, encoding: .utf8)
        func releaseFrame(_ extra: [String]) throws -> Double {
            let run = try scrollab(
                [
                    "replay", "--scene", "list", "--device", "iphone-15-pro-max", "--content-length", "6000",
                    "--gesture", gesture, "--fps", "1000"
                ] + extra)
            let row = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("0.918000,") })
            return try #require(Double(row.split(separator: ",")[1]))
        }
        // 120 Hz: a step of 8.33 ms at the lift; the file's 60 Hz: 16.67 ms.
        #expect(abs(try releaseFrame([]) - 353.53) < 0.01)
        #expect(abs(try releaseFrame(["--params", params]) - 386.88) < 0.01)
    }
}
