import Foundation
import Testing
import ScrollPhysics
@testable import Formats

/// `"model"` in a parameter file: the model's keys only, one line naming a bad model or key.
@Suite struct ModelParametersFileTests {
    @Test func modelAndItsKeysRoundTrip() throws {
        let parameters = try ParametersFile.decode(
            #"{"model": "android", "scrollFriction": 0.02, "flywheel": 0}"#, file: "a.json")
        let choice = parameters
        #expect(choice.name == "android")
        #expect(choice.model.value(of: "scrollFriction") == 0.02 && choice.model.value(of: "flywheel") == 0)
        #expect(choice.model.value(of: "density") == 2.625)
        let text = ParametersFile.encode(parameters)
        #expect(text.hasPrefix(#"{"model":"android","scrollFriction":0.02"#) || text.contains(#""model""#))
        #expect(try ParametersFile.decode(text, file: "b.json") == parameters)
        // "uikit" is the built-in physics with its own keys.
        let uikit = try ParametersFile.decode(#"{"model": "uikit", "decelerationRate": 0.99}"#, file: "c.json")
        #expect((uikit.model.uikit != nil) && uikit.uikit.decelerationRate == 0.99)
    }

    @Test func badModelOrKeyIsOneLine() throws {
        #expect(
            throws: InputError(
                #"x.json: unknown model "flutter" (models: "# + FeelZoo.names.joined(separator: ", ") + ")"
            )
        ) {
            try ParametersFile.decode(#"{"model": "flutter"}"#, file: "x.json")
        }
        #expect(
            throws: InputError(
                #"x.json: model "framer": key "decelerationRate": unknown key; allowed keys: power, timeConstant, "#
                    + #"bounceStiffness, bounceDamping, dragElastic, restDelta, restSpeed, panThreshold"#
            )
        ) {
            try ParametersFile.decode(#"{"model": "framer", "decelerationRate": 0.99}"#, file: "x.json")
        }
        #expect(throws: InputError.self) { try ParametersFile.decode(#"{"model": 3}"#, file: "x.json") }
        #expect(throws: InputError.self) {
            try ParametersFile.decode(#"{"model": "swiper", "speed": -1}"#, file: "x.json")
        }
        // On/off options are JSON booleans, as the export writes them (1 and 0 are read too).
        let swiper = try ParametersFile.decode(
            #"{"model": "swiper", "resistance": false, "longSwipes": 0, "momentumBounce": true}"#, file: "s.json")
        #expect(
            swiper.model.value(of: "resistance") == 0 && swiper.model.value(of: "longSwipes") == 0
                && swiper.model.value(of: "momentumBounce") == 1)
        #expect(ParametersFile.encode(swiper).contains(#""resistance": false"#))
        #expect(try ParametersFile.decode(ParametersFile.encode(swiper), file: "again.json") == swiper)
        #expect(
            swiper.model.rows.filter(\.isFlag).map(\.key) == [
                "resistance", "longSwipes", "shortSwipes", "momentumBounce"
            ])
        #expect(
            throws: InputError(
                #"x.json: model "swiper": key "resistance": "yes" is not on or off; allowed: true, false (or 1, 0)"#)
        ) {
            try ParametersFile.decode(#"{"model": "swiper", "resistance": "yes"}"#, file: "x.json")
        }
    }
}
