import Testing
import Fitting
import ScrollPhysics

@Suite struct ModelFitTests {
    /// A UIKit glide with decelerationRate 0.99: UIKit (or a model with the same exponential
    /// law) fits it within a few tenths of a point (UIKit's glide stops at its stop velocity, a
    /// corner least squares rounds), and UIKit's rate comes back.
    @Test func uikitGlideRanksAnExponentialModelFirst() throws {
        let model = try FeelZoo.make("uikit", [("decelerationRate", .number(0.99))])
        let motion = model.release(
            position: 100, velocity: 3000, extent: ModelExtent(minOffset: -1e9, maxOffset: 1e9, viewport: 844))
        let rows = (0..<60).map { k -> (t: Double, offset: Double) in
            (Double(k) / 60, motion.position(at: Double(k) / 60))
        }
        let ranking = ModelFit.glide(rows)
        #expect(ranking.count >= 4)
        #expect(ranking[0].rms < 0.3, "best \(ranking[0].model) rms \(ranking[0].rms)")
        let uikit = try #require(ranking.first { $0.model == "uikit" })
        #expect(uikit.rms < 0.3)
        let rate = try #require(uikit.values.first { $0.key == "decelerationRate" }?.value)
        #expect(abs(rate - 0.99) < 0.0002, "decelerationRate \(rate)")
        // Android's spline cannot follow an exponential this closely.
        let android = try #require(ranking.first { $0.model == "android" })
        #expect(android.rms > 1)
    }

    /// A glide seen only while it is fast (above 400 pt/s) says nothing of where UIKit's glide
    /// stops: glideStopVelocity comes back as its default (10 pt/s), not as wherever the
    /// search left it.
    @Test func valuesTheMotionDoesNotShowAreTheirDefaults() throws {
        let model = try FeelZoo.make("uikit", [("decelerationRate", .number(0.997))])
        let motion = model.release(
            position: 0, velocity: 2000, extent: ModelExtent(minOffset: -1e9, maxOffset: 1e9, viewport: 844))
        let rows = (0..<30).map { k -> (t: Double, offset: Double) in
            (Double(k) / 60, motion.position(at: Double(k) / 60))
        }
        let uikit = try #require(ModelFit.glide(rows).first { $0.model == "uikit" })
        let stop = try #require(uikit.values.first { $0.key == "glideStopVelocity" }?.value)
        #expect(stop == 10, "glideStopVelocity \(stop)")
        let rate = try #require(uikit.values.first { $0.key == "decelerationRate" }?.value)
        #expect(abs(rate - 0.997) < 0.0001, "decelerationRate \(rate)")
    }

    @Test func tooFewRowsFitNothing() {
        #expect(ModelFit.glide([(0, 0), (0.1, 5)]).isEmpty)
    }
}
