import Foundation
import Testing
import Scenes
import ScrollPhysics
@testable import Formats
@testable import Fitting
@testable import ScrollLabKit
@testable import Tracking

/// How `fit --video` (and the window's Reference → Load) names what a recording shows, on
/// trajectories our scenes draw: offsets on whole pixels, as a recording at @1× (or @2×) shows them.
@Suite struct VideoFitTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The track a clip of `gesture` on `setup` with `feel` would give, at `fps`, on whole points.
    func track(
        _ setup: SceneSetup, _ feel: Feel, gesture: String, fps: Double, seconds: Double = 1.5, scale: Double = 1
    ) throws -> Track {
        let scene = setup.makeScene(viewport: .phone, feel: feel)
        let events = try GestureFile.load(Self.root.appendingPathComponent("Assets/gestures/\(gesture)").path)
        var frames: [TrackedFrame] = []
        Replay(fps: fps, duration: seconds).run(scene, events: events) { t in
            frames.append(
                TrackedFrame(t: t, offset: (scene.mainAxis.offset(at: t) * scale).rounded() / scale, confidence: 1))
        }
        return Track(
            axis: scene.orientation == .horizontal ? .x : .y, region: 0..<844, channels: [], pointsPerPixel: 1,
            frames: frames, segments: TrackSegment.find(in: frames), notes: [])
    }

    func spring(_ damping: Double) throws -> Feel {
        try Feel.standard.setting("pageMotion", to: .string("spring")).setting("pageDamping", to: .number(damping))
    }

    /// A carousel page landing as a spring overshoots its page and comes back: one settle, its
    /// damping found, not a glide and an edge return (whose `edgeDecay` has nothing to do with the
    /// feel). At 120 fps the spring turns on one pixel for about 50 ms, which is no hold.
    @Test(arguments: [(30.0, 120.0), (30, 60), (12, 60), (12, 25)])
    func aPageSpringsOvershootIsOneSettle(damping: Double, fps: Double) throws {
        let track = try track(
            .carousel(cellWidth: 300, spacing: 12, cells: 20), try spring(damping), gesture: "swipe-left.json",
            fps: fps)
        let named = VideoFit.named(track)
        #expect(named.map(\.kind) == [.drag, .settle, .rest], "\(named.map(\.kind))")
        let report = VideoFit.fit(track, models: false)
        let settle = try #require(report.pieces.first { $0.segment.kind == .settle }?.result)
        let fitted = try #require(settle.values.first { $0.key == "pageDamping" }?.value)
        #expect(abs(fitted - damping) < 0.02 * damping, "pageDamping \(fitted) for \(damping) at \(fps) fps")
        #expect(settle.pageMotion == .spring)
    }

    /// A list flung into its end bounces: the way in (the glide, slowed by the rubber band) and
    /// the way back (the edge return) are two laws, and stay a glide and a return.
    @Test func anEdgeBounceStaysAGlideAndAReturn() throws {
        let track = try track(.list(contentLength: 1500), .standard, gesture: "fling-up.json", fps: 60, seconds: 2)
        #expect(VideoFit.named(track).map(\.kind) == [.drag, .glide, .return, .rest])
    }

    /// The glide of a list flung into its end is fitted up to the edge: its rate is the feel's,
    /// not one bent to take in the rubber band past the edge (which gave 0.99125 for 0.998, the
    /// worst frame 12.7 pt off). Within 5 % of the decay rate −ln r: on whole points, 0.17 s of
    /// glide before the edge tells 0.998 from 0.99806 and no better.
    /// Shorter content (1300, 1400 pt) makes the glide hit the end sooner and bounce harder: at
    /// 0.995 it was named a page settle (its rows past the edge fitted a page better); it is now
    /// named on its rows up to the edge too. (At 0.998 and 1400 pt the glide and its bounce fit
    /// one page spring overshooting within the pixel grid, and are named so.)
    @Test(arguments: [(0.998, 60.0, 1500.0), (0.995, 120, 1500), (0.995, 60, 1400), (0.995, 60, 1300)])
    func aGlideIntoTheEdgeFitsItsRateUpToTheEdge(clip: (rate: Double, fps: Double, length: Double)) throws {
        let (rate, fps) = (clip.rate, clip.fps)
        let feel = try Feel.standard.setting("decelerationRate", to: .number(rate))
        let track = try track(
            .list(contentLength: clip.length), feel, gesture: "fling-up.json", fps: fps, seconds: 2.5)
        let report = VideoFit.fit(track, models: false)
        #expect(report.segments.map(\.kind) == [.drag, .glide, .return, .rest], "\(clip.length) pt")
        let glide = try #require(report.pieces.first { $0.segment.kind == .glide }?.result)
        let fitted = try #require(glide.values.first { $0.key == "decelerationRate" }?.value)
        #expect(abs(log(fitted) / log(rate) - 1) < 0.05, "decelerationRate \(fitted) for \(rate) at \(fps) fps")
        #expect(glide.maximumResidual < 1, "residual \(glide.maximumResidual) pt")
        // The window's Reference takes the same frames: up to the last one before the edge.
        let index = try #require(report.segments.firstIndex { $0.kind == .glide })
        let (frames, note) = VideoFit.fitted(report.segments, index, in: track)
        let edge = clip.length - 844
        #expect(note != nil && track.frames[frames.upperBound].offset <= edge)
        #expect(track.frames[frames.upperBound + 1].offset > edge)
    }

    /// A return made with the seed article's spring starting from rest (edgeReturnRate 0) is
    /// named by the spring, with its damping, though the default law fitted is UIKit's: UIKit's
    /// traces it only with a velocity held outward at release, which no feel can set.
    @Test(arguments: [25.0, 12])
    func aReturnIsNamedByTheLawThatFitsIt(damping: Double) throws {
        let feel = try Feel.standard.setting("edgeReturn", to: .string("spring"))
            .setting("bounceDamping", to: .number(damping)).setting("edgeReturnRate", to: .number(0))
        let track = try track(.list(contentLength: 5000), feel, gesture: "pull-past-top.json", fps: 60, seconds: 2)
        let report = VideoFit.fit(track, models: false)
        let result = try #require(report.pieces.first { $0.segment.kind == .return }?.result)
        #expect(result.returnLaw == .spring, "\(result.notes)")
        let fitted = try #require(result.values.first { $0.key == "bounceDamping" }?.value)
        #expect(abs(fitted - damping) < 0.02 * damping, "bounceDamping \(fitted) for \(damping)")
        #expect(result.notes.contains { $0.contains("named by edgeReturn spring") })
    }

    /// At 0.998 on 1400 pt the glide reaches the edge after 7 frames: it stays a glide (it was
    /// named a page settle, pageMotion written for a list, 11 pt off), and says that so short a
    /// glide's rate is uncertain.
    @Test func aShortGlideBeforeTheEdgeStaysAGlideAndSaysSo() throws {
        let track = try track(.list(contentLength: 1400), .standard, gesture: "fling-up.json", fps: 60, seconds: 2.5)
        let report = VideoFit.fit(track, models: false)
        #expect(report.segments.map(\.kind) == [.drag, .glide, .return, .rest])
        let glide = try #require(report.pieces.first { $0.segment.kind == .glide }?.result)
        #expect(glide.notes.contains { $0.contains("frames before the edge") }, "\(glide.notes)")
    }

    /// Flings drawn as a chart's GIF shows them (25 fps, whole pixels at 1.5 pt each), between
    /// rests at `places`: each a drag speeding up evenly for 0.16 s to u, then constant
    /// deceleration to rest over 0.6 s (a free fling that stops in a finite time, as Chromium's
    /// does; a pager's approach into its page is this exactly).
    func flings(between places: [Double]) -> Track {
        var frames: [TrackedFrame] = []
        var t = 0.0
        func add(_ offset: Double) {
            frames.append(TrackedFrame(t: t, offset: (offset / 1.5).rounded() * 1.5, confidence: 1))
            t += 0.04
        }
        for _ in 0..<12 { add(places[0]) }
        for (from, to) in zip(places, places.dropFirst()) {
            // The drag covers u·0.16/2, the approach u·0.6/2.
            let speed = (to - from) / 0.38, drag = 0.08 * speed, duration = 0.6
            for k in 1...4 { add(from + drag * Double(k * k) / 16) }
            let approach = PageApproach(from: from + drag, velocity: speed, to: to, duration: duration)
            for k in 1...Int(duration / 0.04) + 1 { add(approach.position(at: Double(k) * 0.04)) }
            for _ in 0..<12 { add(to) }
        }
        return Track(
            axis: .x, region: 0..<180, channels: [], pointsPerPixel: 1.5, frames: frames,
            segments: TrackSegment.find(in: frames), notes: [])
    }

    /// A glide is a glide until it stops: flings that stop in a finite time, which a page's
    /// approach traces as well, are named page settles only when the places the recording rests
    /// at can be a pager's pages (whole pages of 44 pt or more apart). The chart GIF's flings
    /// rest at 0, 561, 1144 and 582 pt (21 pt apart: no pages) and were named page settles.
    @Test func flingsThatRestOffAnyPagesAreGlides() throws {
        let chart = flings(between: [0, 561, 1144, 582])
        let kinds = VideoFit.named(chart).map(\.kind)
        #expect(kinds.filter { $0 == .glide }.count == 3 && !kinds.contains(.settle), "\(kinds)")
        let report = VideoFit.fit(chart, models: false)
        let glides = report.pieces.filter { $0.segment.kind == .glide }.compactMap(\.result)
        #expect(glides.count == 3)
        #expect(glides.allSatisfy { $0.notes.contains { $0.contains("21 pt apart: no pager's pages") } })
        // The same flings between a pager's pages (390 pt) are its page settles.
        let pager = VideoFit.named(flings(between: [0, 390, 780, 390])).map(\.kind)
        #expect(pager.filter { $0 == .settle }.count == 3 && !pager.contains(.glide), "\(pager)")
        // And one fling, between two rests, which are always some page apart, too.
        #expect(VideoFit.named(flings(between: [0, 561])).map(\.kind).contains(.settle))
    }

    /// The places a recording rests at are a pager's pages when one page length of 44 pt or more
    /// divides their distances (within the tolerance).
    @Test func restsArePagesWhenOnePageDividesTheirDistances() {
        let lattices: [[Double]] = [
            [0, 390, 1170, 780], [0, 312.5, 625.5, 936.2], [0, 844], [100, 100, 100], [0, 400, 1000]
        ]
        for pages in lattices {
            #expect(VideoFit.restsAreNoPages(pages, tolerance: 3) == nil, "\(pages)")
        }
        for places: [Double] in [[0, 561, 1144, 582], [0, 561, 601], [0, 100, 171], [-50, 0, 500, 1130]] {
            #expect(VideoFit.restsAreNoPages(places, tolerance: 3) != nil, "\(places)")
        }
        #expect(VideoFit.restsAreNoPages([], tolerance: 3) == nil)
    }

    /// A pull held still for 0.1 s and let go is a drag and a return, at any frame rate.
    @Test(arguments: [25.0, 60, 120])
    func aHeldPullIsADragAndAReturn(fps: Double) throws {
        let track = try track(.list(contentLength: 5000), .standard, gesture: "pull-past-top.json", fps: fps)
        #expect(track.segments.map(\.kind) == [.drag, .return, .rest], "\(track.segments.map(\.kind)) at \(fps) fps")
    }

    /// A pull held still and let go returns by UIKit's law: its `edgeDecay` comes back within 2 %
    /// of its decay rate (−ln q, per ms), at 60 and 120 fps on whole points (@1×), and at 60 fps on
    /// half points (@2×).
    @Test(arguments: [0.99, 0.995], [(60.0, 1.0), (120, 1), (60, 2)])
    func aHeldPullsReturnGivesItsEdgeDecay(edgeDecay: Double, capture: (fps: Double, scale: Double)) throws {
        let feel = try Feel.standard.setting("edgeDecay", to: .number(edgeDecay))
        let track = try track(
            .list(contentLength: 5000), feel, gesture: "pull-past-top.json", fps: capture.fps, scale: capture.scale)
        let report = VideoFit.fit(track, models: false)
        let piece = try #require(report.pieces.first { $0.segment.kind == .return }, "\(report.segments.map(\.kind))")
        let result = try #require(piece.result, "\(piece.problem ?? "")")
        let fitted = try #require(result.values.first { $0.key == "edgeDecay" }?.value)
        #expect(
            abs(log(fitted) / log(edgeDecay) - 1) < 0.02,
            "edgeDecay \(fitted) for \(edgeDecay) at \(capture.fps) fps, @\(capture.scale)×")
    }
}
