import Foundation
import Testing
@testable import Tracking

/// Synthetic recordings: content drawn at a known sub-pixel offset in every frame (a band-limited
/// pattern, so a fraction of a pixel is a real, smooth change), with static bars where asked.
enum Synthetic {
    /// Grey at content coordinate c (px): smooth bumps and stripes, period `period` when given.
    static func content(_ c: Double, column x: Int, period: Double?) -> Double {
        let u = period.map { c.truncatingRemainder(dividingBy: $0) + ($0 < 0 ? $0 : 0) } ?? c
        // Each column its own mix of the same waves (no diagonal pattern that also moves along x).
        let a = 0.6 + 0.4 * sin(Double(x) * 1.7), b = 0.6 + 0.4 * cos(Double(x) * 2.3)
        let wave: Double = a * 60 * sin(u * 0.071) + b * 40 * sin(u * 0.023 + 1.3) + (1.2 - a) * 25 * cos(u * 0.157)
        return 128 + wave
    }

    /// A `width`×`height` frame showing content scrolled by `offset` px along `axis`, with the
    /// first `bar` rows (or columns) static.
    static func frame(
        width: Int, height: Int, offset: Double, axis: TrackAxis = .y, bar: Int = 0, period: Double? = nil
    ) -> GrayFrame {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let along = axis == .y ? y : x, across = axis == .y ? x : y
                let value =
                    along < bar
                    ? 90 + Double(across % 13) * 6 : content(Double(along) + offset, column: across / 4, period: period)
                pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
            }
        }
        return GrayFrame(width: width, height: height, pixels: pixels)
    }

    static func track(
        _ offsets: [Double], width: Int = 96, height: Int = 160, axis: TrackAxis = .y, bar: Int = 0,
        period: Double? = nil,
        options: Tracker.Options = Tracker.Options()
    ) throws -> Track {
        let profiles = offsets.map {
            FrameProfiles(frame(width: width, height: height, offset: $0, axis: axis, bar: bar, period: period))
        }
        return try Tracker.track(profiles, times: offsets.indices.map { Double($0) / 60 }, options: options)
    }
}

/// The one-line refusal `body` throws, or nil when it does not throw.
func refusal(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return (error as? TrackError)?.message ?? "\(error)"
    }
}

@Suite struct TrackerTests {
    /// A fling: fast start, exponential slow-down, rest — at fractional offsets.
    static let fling: [Double] = (0..<60).map { k in 300 * (1 - exp(-Double(k) / 12)) + 0.37 }.map { $0 - 0.37 }

    @Test func recoversSubPixelOffsetsOfAGlide() throws {
        let track = try Synthetic.track(Self.fling)
        #expect(track.axis == .y)
        for (frame, truth) in zip(track.frames, Self.fling) {
            #expect(abs(frame.offset - truth) < 0.25, "t \(frame.t): \(frame.offset) against \(truth)")
        }
        #expect(track.frames.allSatisfy { $0.confidence > 0.9 })
    }

    /// A frame the recorder showed twice while the content moved is left out (its time is not
    /// its content's); the frames after it keep their own times and offsets.
    @Test func repeatedFramesAreLeftOut() throws {
        var offsets = Self.fling
        offsets[5] = offsets[4]  // the draw of frame 5 missed: frame 4 again
        let track = try Synthetic.track(offsets)
        #expect(track.frames.count == offsets.count - 1)
        #expect(!track.frames.contains { abs($0.t - 5.0 / 60) < 1e-9 })
        let six = try #require(track.frames.first { abs($0.t - 6.0 / 60) < 1e-9 })
        #expect(abs(six.offset - offsets[6]) < 0.25)
        #expect(track.notes.contains { $0.hasPrefix("1 of 60 frames repeat the frame before") }, "\(track.notes)")
        // Not a repeat: the start and end of a motion, a slow creep under a pixel a frame, and
        // whole-pixel steps of a slow glide.
        #expect(Tracker.repeated([0, 0, 0, 5, 10, 10, 10]) == [false, false, false, false, false, false, false])
        #expect(Tracker.repeated([0, 0.4, 0.45, 0.9, 1.3]) == [false, false, false, false, false])
        #expect(Tracker.repeated([0, 2, 3, 3, 4, 5]) == [false, false, false, false, false, false])
        #expect(Tracker.repeated([0, 5, 10, 10.05, 15]) == [false, false, false, true, false])
    }

    @Test func pointsPerPixelScalesOffsets() throws {
        let track = try Synthetic.track(Self.fling, options: Tracker.Options(pointsPerPixel: 1.0 / 3))
        #expect(abs(track.frames.last!.offset - Self.fling.last! / 3) < 0.1)
    }

    @Test func staticBarIsLeftOutOfTheRegion() throws {
        let track = try Synthetic.track(Self.fling, bar: 30)
        #expect(track.region.lowerBound >= 30 && track.region.lowerBound <= 34, "region \(track.region)")
        #expect(abs(track.frames.last!.offset - Self.fling.last!) < 0.25)
    }

    @Test func horizontalScrollIsFoundAlongX() throws {
        let offsets = (0..<40).map { Double($0) * 3.3 }
        let track = try Synthetic.track(offsets, width: 200, height: 80, axis: .x)
        #expect(track.axis == .x)
        #expect(abs(track.frames.last!.offset - offsets.last!) < 0.25)
    }

    /// Content repeating every 40 px, speeding up to 31 px a frame: a search without the
    /// prediction would take −9 for 31.
    @Test func repeatingContentDoesNotAlias() throws {
        var offsets = [0.0]
        for k in 1..<50 { offsets.append(offsets[k - 1] + min(31, 1 + 3 * Double(k)) + 0.21) }
        let track = try Synthetic.track(offsets, period: 40)
        for (frame, truth) in zip(track.frames, offsets) {
            // An alias would be 40 px off.
            #expect(abs(frame.offset - truth) < 0.75, "t \(frame.t): \(frame.offset) against \(truth)")
        }
    }

    @Test func stillRecordingIsRefused() throws {
        #expect(throws: TrackError.self) { try Synthetic.track([Double](repeating: 5, count: 10)) }
    }

    /// Frames whose lower half is one refresh ahead of the upper, where `torn(k)` says.
    static func tornProfiles(_ offsets: [Double], torn: (Int) -> Bool) -> [FrameProfiles] {
        let width = 96, height = 200
        return offsets.enumerated().map { k, offset -> FrameProfiles in
            let top = Synthetic.frame(width: width, height: height, offset: offset)
            let bottom = Synthetic.frame(width: width, height: height, offset: offset + (torn(k) ? 6 : 0))
            let half = height / 2 * width
            return FrameProfiles(
                GrayFrame(width: width, height: height, pixels: Array(top.pixels[..<half] + bottom.pixels[half...])))
        }
    }

    @Test func mostlyTornRecordingsAreRefused() throws {
        // Two frames in three with the lower half one refresh ahead of the upper, as a camera
        // filming a screen with a rolling shutter makes.
        let offsets = (0..<30).map { Double($0) * 6 }
        let profiles = Self.tornProfiles(offsets) { $0 % 3 != 0 }
        let message = refusal {
            _ = try Tracker.track(profiles, times: offsets.indices.map { Double($0) / 60 }, options: Tracker.Options())
        }
        #expect(message?.contains("torn") == true, "\(message ?? "tracked")")
    }

    /// A few torn frames (one in four) are left out, each with why; the rest is tracked.
    @Test func aFewTornFramesAreLeftOutWithTheirReason() throws {
        let offsets = (0..<30).map { Double($0) * 6 }
        let profiles = Self.tornProfiles(offsets) { $0 % 4 == 2 }
        let track = try Tracker.track(
            profiles, times: offsets.indices.map { Double($0) / 60 }, options: Tracker.Options())
        let torn = track.leftOut.filter { $0.reason.hasPrefix("torn") }
        #expect(torn.map(\.index) == [2, 6, 10], "\(track.leftOut)")
        #expect(torn.first?.reason.contains("two refreshes in one frame") == true)
        #expect(track.notes.contains { $0.contains("frames left out: t = 0.033 s: torn") }, "\(track.notes)")
        for frame in track.frames {
            let truth = offsets[Int((frame.t * 60).rounded())]
            #expect(abs(frame.offset - truth) < 2, "t \(frame.t): \(frame.offset) against \(truth)")
        }
    }

    /// A part that does not move with the content (a section header sticking at the top of the
    /// list, 24 rows) makes the halves disagree, but is no tear: nothing is refused or left out.
    @Test func aStickyPartIsNoTear() throws {
        let offsets = (0..<30).map { Double($0) * 6 }
        let width = 96, height = 200
        let profiles = offsets.map { offset -> FrameProfiles in
            var frame = Synthetic.frame(width: width, height: height, offset: offset).pixels
            for y in 4..<28 {
                for x in 0..<width { frame[y * width + x] = UInt8(40 + (x / 8 % 2) * 150 + (y % 6 == 0 ? 40 : 0)) }
            }
            return FrameProfiles(GrayFrame(width: width, height: height, pixels: frame))
        }
        let track = try Tracker.track(
            profiles, times: offsets.indices.map { Double($0) / 60 }, options: Tracker.Options())
        #expect(track.leftOut.isEmpty, "\(track.leftOut)")
        #expect(abs(track.frames.last!.offset - offsets.last!) < 0.5)
    }

    /// The wrong axis given: one line that names the axis that does move, not an empty track.
    @Test func theWrongAxisGivenSaysWhichMoves() throws {
        let message = refusal { _ = try Synthetic.track(Self.fling, options: Tracker.Options(axis: .x)) }
        #expect(message == "it moves along y, not x: give --axis y or auto", "\(message ?? "nil")")
    }

    @Test func twoAxesMovingAreRefused() throws {
        let width = 120, height = 120
        let profiles = (0..<30).map { k -> FrameProfiles in
            var pixels = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let u = Double(x + 3 * k), v = Double(y + 4 * k)
                    let value: Double = 128 + 50 * sin(u * 0.11) * cos(v * 0.09) + 30 * sin(v * 0.05 + u * 0.03)
                    pixels[y * width + x] = UInt8(max(0, min(255, value.rounded())))
                }
            }
            return FrameProfiles(GrayFrame(width: width, height: height, pixels: pixels))
        }
        let message = refusal {
            _ = try Tracker.track(profiles, times: (0..<30).map { Double($0) / 60 }, options: Tracker.Options())
        }
        #expect(message?.contains("two axes") == true, "\(message ?? "tracked")")
    }

    @Test func csvHasTheHeaderFitReads() throws {
        let track = try Synthetic.track(Self.fling)
        let lines = track.csv.split(separator: "\n")
        #expect(lines.first == "t,offset,confidence")
        #expect(lines.count == Self.fling.count + 1)
    }
}
