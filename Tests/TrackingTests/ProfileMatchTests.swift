import Foundation
import Testing
@testable import Tracking

/// Registration of profiles whose region holds a part that does not move with the content.
@Suite struct ProfileMatchTests {
    /// Rows that repeat every 30 px (a table's), every third one a little different, and in the
    /// reference a band of 40 rows that is no content (a header's edge, a section header stuck
    /// under it); the current frame is the content scrolled on by 20 px.
    static func profiles() -> (reference: [[UInt16]], current: [[UInt16]]) {
        func content(_ q: Int) -> Double {
            let (row, u) = (q / 30, Double(q % 30))
            return 120 + 60 * sin(2 * .pi * u / 30) + 25 * sin(2 * .pi * u / 10)
                + (row % 3 == 1 && u > 5 && u < 12 ? 20 : 0)
        }
        func grey(_ value: Double) -> UInt16 { UInt16(value * 256) }
        let reference = (0..<300).map { q in grey(q < 40 ? (q / 5 % 2 == 1 ? 200 : 60) : content(q)) }
        let current = (0..<300).map { p in grey(content(p + 20)) }
        return ([reference], [current])
    }

    /// Every row counted, the band spoils the true shift, and the content one row further on,
    /// where the band falls outside the overlap, scores higher; leaving out the tenth of the rows
    /// that fit worst, the true shift wins, and its score says so.
    @Test func aPartThatStaysIsLeftOutWhenPeaksAreWeighed() throws {
        let (reference, current) = Self.profiles()
        let registration = ProfileRegistration(reference: reference, current: current, channels: [0], region: 0..<300)
        let plain = try #require(registration.best(in: -60...100, minimumOverlap: 100))
        #expect(abs(plain.shift - 50) < 0.5, "\(plain.shift)")
        let trimmed = try #require(registration.best(in: -60...100, minimumOverlap: 100, leftOut: 0.1))
        // The whole pixel; its fraction is refined over every position, the band's too.
        #expect(trimmed.whole == 20 && abs(trimmed.shift - 20) < 0.5, "\(trimmed.shift)")
        #expect(trimmed.score > 0.999 && trimmed.runnerUp < trimmed.score - 0.001)
        // The plain score stays with the match, for what looks at every position.
        #expect(try #require(trimmed.plainScore) < 0.9)
        #expect(plain.plainScore == nil)
        // Nothing to leave out (the frame itself): the same shift and score either way.
        let same = ProfileRegistration(reference: current, current: current, channels: [0], region: 0..<300)
        let a = try #require(same.best(in: -20...20, minimumOverlap: 100))
        let b = try #require(same.best(in: -20...20, minimumOverlap: 100, leftOut: 0.1))
        #expect(abs(a.shift) < 0.01 && abs(b.shift) < 0.01 && abs(a.score - b.score) < 1e-4)
    }

    /// The trimmed score over shifts that do not overlap enough, or flat profiles, is nil.
    @Test func trimmedScoreIsNilWhereThereIsNothingToScore() {
        let (reference, current) = Self.profiles()
        let registration = ProfileRegistration(reference: reference, current: current, channels: [0], region: 0..<300)
        #expect(registration.trimmedScore(250, minimumOverlap: 100, leftOut: 0.1) == nil)
        let flat = [[UInt16](repeating: 128 * 256, count: 300)]
        let none = ProfileRegistration(reference: flat, current: flat, channels: [0], region: 0..<300)
        #expect(none.trimmedScore(0, minimumOverlap: 100, leftOut: 0.1) == nil)
        #expect(none.best(in: -10...10, minimumOverlap: 100, leftOut: 0.1) == nil)
    }
}

extension ProfileMatchTests {
    /// The selection the trimmed score uses gives what sorting gives, ties and all.
    @Test(arguments: [1, 2, 5, 17, 64])
    func theKthSmallestIsTheSortedOne(count: Int) {
        // A fixed linear congruential sequence: values 0, 0.5 … 3.5, so ties are many.
        var state: UInt64 = 12345
        for _ in 0..<50 {
            let values = (0..<count).map { _ -> Double in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Double(state >> 61) / 2
            }
            for k in 1...count {
                #expect(ProfileRegistration.smallest(k, of: values) == values.sorted()[k - 1], "\(values), \(k)")
            }
        }
    }
}
