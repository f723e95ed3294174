import Foundation
import Testing
@testable import ScrollPhysics

@Suite struct ParameterTests {
    @Test func defaultsAreUIKitAndTheSeeds() {
        let p = ScrollParameters()
        #expect(p.decelerationRate == 0.998 && p.decelerationPower == 1 && p.bounceDamping == 10.9)
        #expect(p.pageDamping == 20 && p.rubberBandCoefficient == 0.55 && p.rubberBandLimit == nil)
        #expect(p.pagePolicy == .projection && p.pageSwitchBias == 2 && p.pageDistanceThreshold == 0.3)
        #expect(p.pageFlickDistanceThreshold == 0.1 && p.minimumFlickVelocity == 300)
        #expect(p.rubberBand(viewportLength: 844).limit == 844)
    }

    @Test func valuesRoundTrip() throws {
        var p = ScrollParameters()
        p.decelerationRate = 0.99
        p.rubberBandLimit = 500
        p.pagePolicy = .spring
        p.maximumPagesPerFling = 3
        #expect(try ScrollParameters(values: p.values) == p)
        #expect(ScrollParameters().values.map(\.key) == ScrollParameters.allKeys)
    }

    @Test func rejectsUnknownKeysWrongTypesAndRanges() {
        func message(_ values: [(key: String, value: ParameterValue)]) -> String? {
            do { _ = try ScrollParameters(values: values); return nil } catch { return error.description }
        }
        #expect(
            message([("decelerationRat", .number(0.99))])?.hasPrefix("key \"decelerationRat\": unknown key") == true)
        #expect(
            message([("bounceDamping", .number(0))])
                == "key \"bounceDamping\": 0 is out of range; allowed range [1, 100] 1/s")
        #expect(message([("bounceDamping", .string("10"))])?.contains("is not a number") == true)
        #expect(
            message([("pagePolicy", .string("snap"))])
                == "key \"pagePolicy\": \"snap\" is not one of: projection, spring, threshold, uikit")
        #expect(message([("maximumPagesPerFling", .number(1.5))])?.contains("whole number") == true)
        #expect(
            message([("pageDistanceThreshold", .number(0.3)), ("pageFlickDistanceThreshold", .number(0.5))])?.contains(
                "exceeds pageDistanceThreshold") == true)
        #expect(message([("decelerationPower", .number(2))])?.contains("[0, 1.9]") == true)
        #expect(message([("rubberBandLimit", .null)]) == nil)
        #expect(message([("decelerationRate", .bool(true))])?.contains("is not a number") == true)
    }

    @Test func specsClampWhenSet() {
        var p = ScrollParameters()
        let spec = ParameterSpec.named("pageDamping")!
        spec.set(1e6, in: &p)
        #expect(p.pageDamping == 200)
        spec.set(.nan, in: &p)
        #expect(p.pageDamping == 200)
        ParameterSpec.named("maximumPagesPerFling")!.set(2.6, in: &p)
        #expect(p.maximumPagesPerFling == 3)
    }
}

@Suite struct TunableTests {
    func decode(_ values: [(key: String, value: ParameterValue)]) throws(ParameterError) -> ScrollParameters {
        try ScrollParameters(values: values)
    }

    @Test func aFileThatStatesOneThresholdMovesTheOthersDefault() throws {
        // Only the distance threshold, below the flick threshold's default 0.1: the flick default follows it.
        let low = try decode([("pageDistanceThreshold", .number(0.01))])
        #expect(low.pageDistanceThreshold == 0.01 && low.pageFlickDistanceThreshold == 0.01)
        // Only the flick threshold, above the distance threshold's default 0.3: the distance default follows it.
        let high = try decode([("pageFlickDistanceThreshold", .number(0.5))])
        #expect(high.pageDistanceThreshold == 0.5 && high.pageFlickDistanceThreshold == 0.5)
        // Both stated and in conflict: the file's own contradiction is refused.
        #expect(
            throws: ParameterError(
                key: "pageFlickDistanceThreshold", message: "0.5 exceeds pageDistanceThreshold (0.2); it must not")
        ) {
            try decode([("pageDistanceThreshold", .number(0.2)), ("pageFlickDistanceThreshold", .number(0.5))])
        }
        // Stated and consistent: kept as they are.
        let both = try decode([("pageDistanceThreshold", .number(0.2)), ("pageFlickDistanceThreshold", .number(0.05))])
        #expect(both.pageDistanceThreshold == 0.2 && both.pageFlickDistanceThreshold == 0.05)
    }

    @Test func everyDefinitionIsWholeAndConsistent() throws {
        let tunables = ScrollParameters.tunables
        #expect(Set(tunables.map(\.key)).count == tunables.count, "keys are unique")
        #expect(
            tunables.map(\.key) == [
                "decelerationRate", "decelerationPower", "glideStopVelocity", "halfRateTail", "scrollToTopResponse",
                "panHysteresis", "velocitySampleWeight", "releaseBlend", "minimumGlideVelocity",
                "fastScrollFlickVelocity", "fastScrollDistance", "maximumFastScrollMultiplier",
                "rubberBandCoefficient", "trackpadRubberBandCoefficient", "rubberBandLimit", "edgeReturn",
                "edgeDecay", "bounceDamping", "edgeReturnRate", "pagePolicy", "pageMotion", "pageDamping",
                "minimumFlickVelocity", "maximumPagesPerFling", "pageSwitchBias", "pageDistanceThreshold",
                "pageFlickDistanceThreshold", "refreshRate", "displayScale"
            ])
        // The panel's sections, in order, the device's last; every tunable in one.
        typealias Section = ScrollParameters.Section
        #expect(
            ScrollParameters.sections == [
                Section.deceleration, Section.finger, Section.fastScrolling, Section.edges,
                Section.paging, Section.device
            ])
        // What matters given the others: the panel shows exactly these.
        func shown(_ change: (inout ScrollParameters) -> Void) -> Set<String> {
            var parameters = ScrollParameters()
            change(&parameters)
            return Set(tunables.filter { $0.matters(parameters) }.map(\.key))
        }
        let all = Set(tunables.map(\.key))
        #expect(
            all.subtracting(shown { _ in }) == [
                "bounceDamping", "edgeReturnRate", "pageSwitchBias", "pageDistanceThreshold",
                "pageFlickDistanceThreshold"
            ])
        #expect(
            all.subtracting(shown { $0.edgeReturn = .spring }) == [
                "glideStopVelocity", "halfRateTail", "scrollToTopResponse", "edgeDecay",
                "pageSwitchBias", "pageDistanceThreshold", "pageFlickDistanceThreshold"
            ])
        #expect(
            all.subtracting(shown { $0.decelerationPower = 0.8 }) == [
                "glideStopVelocity", "halfRateTail", "scrollToTopResponse", "edgeReturnRate",
                "pageSwitchBias", "pageDistanceThreshold", "pageFlickDistanceThreshold"
            ])
        #expect(
            all.subtracting(shown { $0.pagePolicy = .threshold }) == [
                "bounceDamping", "edgeReturnRate", "maximumPagesPerFling",
                "pageSwitchBias"
            ])
        for t in tunables {
            #expect(!t.title.isEmpty && !t.help.isEmpty && !t.source.isEmpty && !t.equivalent.isEmpty, "\(t.key)")
            if case .number(let d) = t.defaultValue { #expect(t.range.contains(d), "\(t.key) default in range") }
            if t.scale != .linear { #expect(t.range.lowerBound > 0 || t.scale == .logarithmicComplement, "\(t.key)") }
            for mark in t.marks { #expect(t.range.contains(mark.value), "\(t.key) mark \(mark.label)") }
            // Every value survives a write and a read at both ends of its range.
            for n in [t.range.lowerBound, t.range.upperBound] {
                var p = ScrollParameters()
                t.set(n, in: &p)
                #expect(t.number(in: p) == n, "\(t.key) at \(n)")
                if !t.key.hasSuffix("DistanceThreshold") {
                    #expect(try ScrollParameters(values: p.values) == p, "\(t.key)")
                }
            }
        }
        // Only counts are whole; the choice holds every policy.
        #expect(tunables.filter(\.isCount).map(\.key) == ["maximumPagesPerFling"])
        #expect(ParameterSpec.named("pagePolicy")?.options == ["projection", "spring", "threshold", "uikit"])
        var p = ScrollParameters()
        ParameterSpec.named("pagePolicy")!.set(2, in: &p)
        #expect(p.pagePolicy == .threshold)
    }

    @Test func decelerationRateSliderIsLogarithmicInOneMinusRate() throws {
        let rate = try #require(ParameterSpec.named("decelerationRate"))
        #expect(rate.scale == .logarithmicComplement)
        #expect(rate.marks == [SliderMark(0.99, "fast"), SliderMark(0.998, "normal")])
        // s = −log10(1 − rate): 0.9 → 1, 0.99 → 2, 0.998 → 2.699, 0.9999 → 4.
        #expect(abs(rate.sliderPosition(0.9) - 1) < 1e-12)
        #expect(abs(rate.sliderPosition(0.99) - 2) < 1e-12)
        #expect(abs(rate.sliderPosition(0.998) - 2.698970004336) < 1e-9)
        #expect(abs(rate.sliderRange.upperBound - 4) < 1e-9)
        // Normal and fast are 0.7 of 3 slider units apart (23 % of the track), not 0.8 % as on a linear track.
        let track = rate.sliderRange.upperBound - rate.sliderRange.lowerBound
        #expect(abs((rate.sliderPosition(0.998) - rate.sliderPosition(0.99)) / track - 0.23299) < 1e-4)
        for v in [0.9, 0.95, 0.99, 0.995, 0.998, 0.999, 0.9999] {
            #expect(abs(rate.value(atSliderPosition: rate.sliderPosition(v)) - v) < 1e-12)
        }
        // Positions beyond the track clamp into the range; NaN is ignored.
        #expect(rate.value(atSliderPosition: 10) == 0.9999 && rate.value(atSliderPosition: -3) == 0.9)
        var p = ScrollParameters()
        rate.set(.nan, in: &p)
        #expect(p.decelerationRate == 0.998)
        // The other sliders move over the value itself.
        #expect(ParameterSpec.named("pageDamping")!.sliderPosition(20) == 20)
    }
}

/// The panel's rows come from the tables: sections, visibility given the others and a scene's
/// page policy, and the readouts a model adds.
@Suite struct ModelRowTests {
    @Test func rowsCarryTheirSectionKindAndVisibility() throws {
        let uikit = UIKitModel(values: ScrollParameters())
        let rows = uikit.rows
        #expect(rows.map(\.key) == ScrollParameters.allKeys)
        let policy = try #require(rows.first { $0.key == "pagePolicy" })
        #expect(policy.isChoice && policy.options == PagePolicy.allCases.map(\.rawValue) && policy.value == 0)
        #expect(policy.section == ScrollParameters.Section.paging)
        let limit = try #require(rows.first { $0.key == "rubberBandLimit" })
        #expect(limit.unsetMeaning != nil && limit.isUnset)
        // Projection paging by default: the threshold knobs are hidden, shown when a scene forces thresholds.
        #expect(rows.first { $0.key == "pageDistanceThreshold" }?.shown == false)
        #expect(rows.first { $0.key == "maximumPagesPerFling" }?.shown == true)
        let banner = uikit.rows(pagingBy: .threshold)
        #expect(banner.first { $0.key == "pageDistanceThreshold" }?.shown == true)
        #expect(banner.first { $0.key == "maximumPagesPerFling" }?.shown == false)
        // The values stay the model's own; what the scene runs instead is said beside them.
        #expect(banner.first { $0.key == "pagePolicy" }?.value == 0)
        let threshold = Double(try #require(PagePolicy.allCases.firstIndex(of: .threshold)))
        #expect(banner.first { $0.key == "pagePolicy" }?.sceneValue == threshold)
        #expect(rows.allSatisfy { $0.sceneValue == nil } && banner.filter { $0.sceneValue != nil }.count == 1)
        #expect(uikit.collapsedSections == [ScrollParameters.Section.fastScrolling])
        #expect(FlutterBouncingModel(values: .init()).collapsedSections.isEmpty)
    }

    @Test func sliderPositionsFollowTheScale() throws {
        let rate = try #require(UIKitModel(values: ScrollParameters()).rows.first { $0.key == "decelerationRate" })
        #expect(abs(rate.sliderPosition - -log10(1 - 0.998)) < 1e-12)
        #expect(abs(rate.value(atSliderPosition: 2) - 0.99) < 1e-12)
        #expect(rate.value(atSliderPosition: 99) == 0.9999 && rate.value(atSliderPosition: -5) == 0.9)
        #expect(abs(rate.sliderRange.lowerBound - 1) < 1e-12 && abs(rate.sliderRange.upperBound - 4) < 1e-9)
    }

    @Test func uikitsNotesReadTheValuesAndTheScene() {
        var values = ScrollParameters()
        values.decelerationRate = 0.99
        let uikit = UIKitModel(values: values)
        let deceleration = uikit.notes(in: ScrollParameters.Section.deceleration, PanelContext())
        // μ = −1000·ln(0.99) = 10.05 /s.
        #expect(deceleration.map(\.text).contains { $0.hasPrefix("μ = −1000·ln(rate) = 10.1 /s") })
        #expect(!deceleration.contains { $0.style == .remark })
        values.decelerationPower = 2
        #expect(
            UIKitModel(values: values).notes(in: ScrollParameters.Section.deceleration, PanelContext())
                .contains { $0.style == .remark })
        let fast = uikit.notes(
            in: ScrollParameters.Section.fastScrolling, PanelContext(glideMultiplier: 2.25, flicksInARow: 3))
        #expect(fast.map(\.text) == ["now ×2.3 after 3 flicks in a row"])
        #expect(uikit.notes(in: ScrollParameters.Section.paging, PanelContext()).isEmpty)
        #expect(
            uikit.notes(in: ScrollParameters.Section.paging, PanelContext(forcedPagePolicy: .threshold)).first?.text
                .hasPrefix("This scene always pages by threshold, its seed's rule") == true)
        #expect(FlutterBouncingModel(values: .init()).notes(in: "", PanelContext()).isEmpty)
    }
}
