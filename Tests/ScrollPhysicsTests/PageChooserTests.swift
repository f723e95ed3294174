import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct PageChooserTests {
    let pages = SnapTargets.evenlySpaced(count: 5, spacing: 844)

    func chooser(_ configure: (inout ScrollParameters) -> Void = { _ in }) -> PageChooser {
        var parameters = ScrollParameters()
        configure(&parameters)
        return PageChooser(parameters: parameters, targets: pages)
    }

    func index(_ chooser: PageChooser, _ offset: Double, _ velocity: Double, start: Int) -> Int? {
        chooser.decide(PageRelease(offset: offset, velocity: velocity, startIndex: start))?.index
    }

    // MARK: projection

    @Test func projectionWithoutFlickLandsOnNearest() {
        let c = chooser()
        #expect(index(c, 430, 0, start: 0) == 1)  // slow drag past the midpoint
        #expect(index(c, 400, 250, start: 0) == 0)  // below 300 pt/s is not a flick
        #expect(index(c, 1300, -100, start: 2) == 2)
    }

    @Test func projectionFlickMovesOnePageEvenFromNearTheStart() {
        let c = chooser()
        #expect(index(c, 84, 400, start: 0) == 1)
        #expect(index(c, 844 * 2 - 84, -400, start: 2) == 1)  // the mirror
        #expect(index(c, 844 * 2 + 30, 20_000, start: 2) == 3)  // at most one page by default
    }

    @Test func projectionFlickCanSkipPagesUpToTheLimit() {
        // A 6000 pt/s fling at μ = 2.002 projects (6000 − 2)/2.002 ≈ 2996 pt ≈ 3.5 pages.
        let c = chooser { $0.maximumPagesPerFling = 10 }
        #expect(index(c, 0, 6000, start: 0) == 4)
        let limited = chooser { $0.maximumPagesPerFling = 2 }
        #expect(index(limited, 0, 6000, start: 0) == 2)
        let fast = chooser {
            $0.maximumPagesPerFling = 10; $0.decelerationRate = 0.99
        }
        // μ = 10.05: projects ≈ 597 pt → nearest page 1.
        #expect(index(fast, 0, 6000, start: 0) == 1)
    }

    @Test func minimumFlickVelocityIsAParameter() {
        let strict = chooser { $0.minimumFlickVelocity = 1000 }
        #expect(index(strict, 84, 900, start: 0) == 0)
        #expect(index(strict, 84, 1000, start: 0) == 1)
    }

    // MARK: spring (Li's “UIScrollView drag conversion rate and paging”)

    @Test func springWorkedExample() {
        // Δy = 100, v = 2000, δ = 20, worked by hand: t = 1/(20 + 20) = 0.025 s,
        // v0 = 100·e^0.5/0.025 = 6594.885 pt/s, peak = v0/(δe) = 121.306 pt.
        #expect(close(PageChooser.springPeak(displacement: 100, speed: 2000, damping: 20) ?? 0, 121.306, 0.001))
        // δ = 50 (the article): t = 1/70, v0 = 100·e^(5/7)·70 = 14299.1, peak = 105.207 pt.
        #expect(close(PageChooser.springPeak(displacement: 100, speed: 2000, damping: 50) ?? 0, 105.207, 0.001))
        // Δy < 1: v0 = v: 25,000 pt/s → 25000/(20e) = 459.84 pt.
        #expect(close(PageChooser.springPeak(displacement: 0.5, speed: 25_000, damping: 20) ?? 0, 459.84, 0.01))
        // The decision switches exactly where the peak passes H/bias: 844/121.306 = 6.958.
        for (bias, expected) in [(2.0, 0), (6.95, 0), (6.97, 1), (8, 1)] {
            #expect(
                index(
                    chooser {
                        $0.pagePolicy = .spring; $0.pageSwitchBias = bias
                    }, 100, 2000, start: 0) == expected, "bias \(bias)")
        }
        // With δ = 50 the boundary is 844/105.207 = 8.022.
        for (bias, expected) in [(8.0, 0), (8.05, 1)] {
            #expect(
                index(
                    chooser {
                        $0.pagePolicy = .spring; $0.pageSwitchBias = bias; $0.pageDamping = 50
                    }, 100, 2000, start: 0) == expected, "bias \(bias)")
        }
    }

    @Test func springBackwardFlingIsTheMirror() {
        for bias in [2.0, 8.0] {
            for (dy, v) in [(100.0, 2000.0), (300, 500), (0.5, 25_000), (410, 301)] {
                let c = chooser {
                    $0.pagePolicy = .spring; $0.pageSwitchBias = bias
                }
                let forward = try! #require(index(c, 844 + dy, v, start: 1))
                let backward = try! #require(index(c, 844 * 3 - dy, -v, start: 3))
                #expect(forward - 1 == 3 - backward, "Δy \(dy), v \(v), bias \(bias)")
            }
        }
    }

    @Test func springEdgeCases() {
        let c = chooser { $0.pagePolicy = .spring }
        // Δy < 1: v0 = v, peak = v/(δe): 25,000 pt/s → 459.8 > 422 → next; 20,000 → 367.9 → stay.
        #expect(index(c, 0.5, 25_000, start: 0) == 1)
        #expect(index(c, 0.5, 20_000, start: 0) == 0)
        #expect(index(c, 0, 0, start: 0) == 0)  // Δy = 0, v = 0
        #expect(index(c, 423, 0, start: 0) == 1)  // past the midpoint
        #expect(index(c, -60, 2000, start: 0) == 0)  // pulled before the first page
        #expect(index(c, 844 * 4 + 60, -2000, start: 4) == 4)  // pulled past the last, flung back
        #expect(index(c, 844 * 4 + 60, 5000, start: 4) == 4)
    }

    // MARK: threshold (yuan's “UIScrollView parallax rolling banner (2)”)

    @Test func thresholdCompletesAtItsFractions() {
        let c = chooser { $0.pagePolicy = .threshold }
        #expect(index(c, 0.29 * 844, 0, start: 0) == 0)
        #expect(index(c, 0.31 * 844, 0, start: 0) == 1)
        #expect(index(c, 0.11 * 844, 400, start: 0) == 1)  // flick
        #expect(index(c, 0.09 * 844, 400, start: 0) == 0)
        #expect(index(c, 0.11 * 844, 200, start: 0) == 0)  // too slow to be a flick
        #expect(index(c, 844 - 0.11 * 844, -400, start: 1) == 0)
        let tuned = chooser {
            $0.pagePolicy = .threshold; $0.pageDistanceThreshold = 0.5; $0.pageFlickDistanceThreshold = 0.2
        }
        #expect(index(tuned, 0.45 * 844, 0, start: 0) == 0)
        #expect(index(tuned, 0.25 * 844, 400, start: 0) == 1)
    }

    @Test func thresholdCancelStartsFromRestUnlessHeadingHome() {
        let c = chooser { $0.pagePolicy = .threshold }
        let flickBack = c.decide(PageRelease(offset: 0.5 * 844, velocity: -800, startIndex: 0))
        #expect(flickBack == PageDecision(index: 0, keepsVelocity: true))
        let short = c.decide(PageRelease(offset: 0.05 * 844, velocity: 250, startIndex: 0))
        #expect(short == PageDecision(index: 0, keepsVelocity: false))
        // Never more than one page, even after a long drag.
        #expect(index(c, 3 * 844, 5000, start: 0) == 1)
    }

    @Test func noTargetsNoDecisionAndBadInputsAreSafe() {
        let empty = PageChooser(parameters: ScrollParameters(), targets: SnapTargets([]))
        #expect(empty.decide(PageRelease(offset: 0, velocity: 100, startIndex: 0)) == nil)
        for policy in PagePolicy.allCases {
            let c = chooser { $0.pagePolicy = policy }
            #expect(index(c, .nan, 100, start: 0) == nil)
            #expect(index(c, 100, .infinity, start: 0) != nil)
            #expect(index(c, 100, 100, start: 99) != nil)  // start index clamped
        }
    }
}
