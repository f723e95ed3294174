import Testing
@testable import Tracking

/// Marks that stay put over scrolling content (a home indicator over a list).
@Suite struct StillMarksTests {
    /// `Synthetic.frame` with a dark bar 5 rows high and 36 px wide at rows 186–190, drawn over
    /// the content as a home indicator is.
    static func markedFrame(offset: Double) -> GrayFrame {
        let frame = Synthetic.frame(width: 96, height: 200, offset: offset)
        var pixels = frame.pixels
        for y in 186...190 { for x in 30..<66 { pixels[y * 96 + x] = 10 } }
        return GrayFrame(width: 96, height: 200, pixels: pixels)
    }

    static func marks(_ frames: [GrayFrame]) -> StillMarks {
        var marks = StillMarks(first: frames[0])
        for frame in frames.dropFirst() { marks.add(frame) }
        return marks
    }

    @Test func aMarkOverTheContentIsCutOffTheRegion() throws {
        let offsets = TrackerTests.fling
        let frames = offsets.map { Self.markedFrame(offset: $0) }
        let counts = Self.marks(frames).counts(along: .y, across: Array(repeating: true, count: 96))
        // The bar's rows, and no row of the content (smooth: no edges).
        #expect(counts[186] >= 30 && counts[190] >= 30)
        #expect(counts[..<180].allSatisfy { $0 == 0 })
        let profiles = frames.map { FrameProfiles($0) }
        let times = offsets.indices.map { Double($0) / 60 }
        let marked = try Tracker.track(
            profiles, times: times, options: Tracker.Options(), stillMarks: Self.marks(frames))
        let plain = try Tracker.track(profiles, times: times, options: Tracker.Options())
        #expect(marked.region == 0..<183)
        #expect(plain.region == 0..<200)
        func largestError(_ track: Track) -> Double { zip(track.frames, offsets).map { abs($0.offset - $1) }.max()! }
        #expect(largestError(marked) < 0.05)
        #expect(largestError(plain) > 0.2)
        #expect(marked.notes.contains { $0.contains("rows 0–182 are matched") })
    }

    /// Content pulled 20 px and let go returns to where it was, and matches its first frame for
    /// most of the recording; it moved meanwhile, so it is no mark.
    @Test func contentPulledAndLetGoIsNoMark() {
        func stripes(_ offset: Int) -> GrayFrame {
            GrayFrame(
                width: 16, height: 120,
                pixels: (0..<120).flatMap { y in
                    Array(repeating: UInt8((y + offset) / 6 % 2 == 0 ? 200 : 60), count: 16)
                })
        }
        let offsets = [0, 5, 12, 20, 12, 5] + Array(repeating: 0, count: 30)
        let counts = Self.marks(offsets.map(stripes)).counts(along: .y, across: Array(repeating: true, count: 16))
        #expect(counts.allSatisfy { $0 == 0 })
        // Unmoved, every stripe edge would count: the rows on either side of it, 16 pixels each.
        let still = Self.marks(Array(repeating: stripes(0), count: 10)).counts(
            along: .y, across: Array(repeating: true, count: 16))
        #expect(still[5] == 16 && still[6] == 16 && still[7] == 0)
    }

    /// A header's white title over its dark background in the first frame, then a list's white
    /// background where the header was (it collapsed): the title's pixels never change, but the
    /// edge they stood on is gone at the end, so they are no mark. A mark that stays is one.
    @Test func whatTheFirstFrameShowsAndLeavesIsNoMark() {
        func frame(header: Bool) -> GrayFrame {
            GrayFrame(
                width: 40, height: 60,
                pixels: (0..<60).flatMap { y -> [UInt8] in
                    let value: UInt8 = header && y < 20 ? (10...12).contains(y) ? 240 : 40 : 240
                    // A dark mark that stays, at rows 50–51.
                    return Array(repeating: (50...51).contains(y) ? 10 : value, count: 40)
                })
        }
        let frames = [frame(header: true)] + Array(repeating: frame(header: false), count: 5)
        let counts = Self.marks(frames).counts(along: .y, across: Array(repeating: true, count: 40))
        #expect(counts[9...13].allSatisfy { $0 == 0 }, "\(counts[9...13])")
        #expect(counts[50] == 40 && counts[51] == 40)
    }

    @Test func onlyTheOuterQuartersAreCut() {
        var counts = Array(repeating: 0, count: 200)
        counts[2] = 50; counts[5] = 50; counts[8] = 3  // a status bar's text, its faint last row
        counts[100] = 50  // a mark in the middle: stays
        counts[190] = 50; counts[186] = 3; counts[170] = 3  // a home indicator; a faint row 16 px off
        #expect(StillMarks.trim(0..<200, counts: counts, minimum: 10) == 12..<183)
        #expect(StillMarks.trim(0..<200, counts: Array(repeating: 0, count: 200), minimum: 10) == 0..<200)
        #expect(StillMarks.trim(0..<200, counts: Array(repeating: 1, count: 200), minimum: 2) == 0..<200)
        // A region that marks would cut away entirely is kept whole.
        #expect(StillMarks.trim(0..<16, counts: Array(repeating: 50, count: 16), minimum: 10) == 0..<16)
    }
}
