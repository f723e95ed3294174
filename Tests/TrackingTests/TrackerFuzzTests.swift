import Randomness
import Foundation
import Testing
@testable import Tracking

/// Damaged recordings as the tracker sees them: short runs of small frames whose content jumps
/// by any amount, turns to noise, tears, freezes or goes flat, tracked whole or in a given crop.
/// Each must give a track whose offsets and confidences are numbers, or a `TrackError`; a trap
/// stops the run. Seeded (`SCROLLAB_FUZZ_SEED`, default 20), `SCROLLAB_FUZZ_ITERATIONS` cases
/// (default 120), so a failure is made again from its seed.
@Suite struct TrackerFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["SCROLLAB_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 120
    static let seed = environment["SCROLLAB_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20

    /// One damaged frame of a `width`×`height` recording whose content is at `offset`.
    static func frame(width: Int, height: Int, offset: Double, axis: TrackAxis, using g: inout SeededGenerator)
        -> GrayFrame
    {
        switch g.below(8) {
        case 0:  // noise
            return GrayFrame(
                width: width, height: height, pixels: (0..<(width * height)).map { _ in UInt8(g.below(256)) })
        case 1:  // flat
            return GrayFrame(
                width: width, height: height, pixels: [UInt8](repeating: UInt8(g.below(256)), count: width * height))
        case 2:  // torn: the bottom half at another offset
            let top = Synthetic.frame(width: width, height: height, offset: offset, axis: axis)
            let bottom = Synthetic.frame(width: width, height: height, offset: offset + g.range(-40, 40), axis: axis)
            let half = width * (height / 2)
            return GrayFrame(width: width, height: height, pixels: Array(top.pixels[..<half] + bottom.pixels[half...]))
        default:
            return Synthetic.frame(width: width, height: height, offset: offset, axis: axis, bar: g.below(3) * 4)
        }
    }

    @Test func damagedRecordingsGiveATrackOrOneLine() {
        var g = SeededGenerator(seed: Self.seed)
        var tracked = 0, refused = 0
        for _ in 0..<Self.iterations {
            let width = 16 + g.below(33), height = 16 + g.below(33), count = 3 + g.below(14)
            let axis: TrackAxis = g.coin() ? .y : .x
            var offset = 0.0
            var frames: [GrayFrame] = []
            for _ in 0..<count {
                // Steps from none to far past the frame: a glide, a jump, a frame lost.
                offset += [0, g.range(-3, 3), g.range(-20, 20), g.range(-300, 300)][g.below(4)]
                frames.append(Self.frame(width: width, height: height, offset: offset, axis: axis, using: &g))
            }
            var crop: (x: Int, y: Int, width: Int, height: Int)?
            if g.below(3) == 0 {
                let w = 16 + g.below(width - 15), h = 16 + g.below(height - 15)
                crop = (g.below(width - w + 1), g.below(height - h + 1), w, h)
            }
            let profiles = frames.map { FrameProfiles($0, crop: crop) }
            let times = frames.indices.map { Double($0) / 60 }
            let options = Tracker.Options(axis: [nil, .x, .y][g.below(3)], pointsPerPixel: 1)
            do {
                let track = try Tracker.track(profiles, times: times, options: options)
                tracked += 1
                #expect(track.frames.allSatisfy { $0.offset.isFinite && $0.t.isFinite && $0.confidence.isFinite })
            } catch {
                refused += 1
                #expect(!error.message.isEmpty && !error.message.contains("\n"))
            }
        }
        #expect(tracked + refused == Self.iterations)
        #expect(tracked > 0 && refused > 0, "tracked \(tracked), refused \(refused): the cases should reach both")
    }

    /// A centre past the reach searches the end it points at; nothing to search is nil.
    @Test func theSearchWindowStaysInsideTheReach() {
        #expect(Tracker.searchWindow(around: 0, reach: 6, fullReach: 100) == -6...6)
        #expect(Tracker.searchWindow(around: 250, reach: 6, fullReach: 100) == 94...100)
        #expect(Tracker.searchWindow(around: -1e300, reach: 6, fullReach: 100) == -100...(-94))
        #expect(Tracker.searchWindow(around: 98.6, reach: 6, fullReach: 100) == 93...100)
        #expect(Tracker.searchWindow(around: .nan, reach: 6, fullReach: 100) == nil)
        #expect(Tracker.searchWindow(around: 0, reach: 6, fullReach: -3) == nil)
        #expect(Tracker.searchWindow(around: 5, reach: 6, fullReach: 0) == 0...0)
    }
}
