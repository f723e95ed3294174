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
        #expect(message([("decelerationRat", .number(0.99))])?.hasPrefix("key \"decelerationRat\": unknown key") == true)
        #expect(message([("bounceDamping", .number(0))]) == "key \"bounceDamping\": 0 is out of range; allowed range [1, 100] 1/s")
        #expect(message([("bounceDamping", .string("10"))])?.contains("is not a number") == true)
        #expect(message([("pagePolicy", .string("snap"))]) == "key \"pagePolicy\": \"snap\" is not one of: projection, spring, threshold")
        #expect(message([("maximumPagesPerFling", .number(1.5))])?.contains("whole number") == true)
        #expect(message([("pageFlickDistanceThreshold", .number(0.5))])?.contains("exceeds pageDistanceThreshold") == true)
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
