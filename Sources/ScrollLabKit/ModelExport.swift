import Foundation
import ScrollPhysics

/// A model's values as code for its own platform: Dart for the Flutter models, Kotlin for
/// Android, a JavaScript options object for Swiper and Framer Motion. Each snippet says what
/// the platform lets you set and, plainly, what it does not.
public enum ModelExport {
    public struct Snippet: Equatable, Sendable {
        /// "dart", "kotlin" or "javascript".
        public let language: String
        /// File extension to save it under.
        public let fileExtension: String
        public let text: String
    }

    /// The snippet for a parameter set: Swift for UIKit (`SwiftSnippet`), else its model's.
    public static func snippet(for parameters: ScrollParameters) -> Snippet {
        snippet(for: parameters.feel) ?? Snippet(language: "swift", fileExtension: "swift", text: SwiftSnippet.make(parameters))
    }

    public static func snippet(for model: any FeelModel) -> Snippet? {
        switch model {
        case let uikit as UIKitModel:
            return Snippet(language: "swift", fileExtension: "swift", text: SwiftSnippet.make(uikit.values))
        case let flutter as FlutterBouncingModel:
            return Snippet(language: "dart", fileExtension: "dart", text: DartSnippet.bouncing(flutter))
        case let flutter as FlutterClampingModel:
            return Snippet(language: "dart", fileExtension: "dart", text: DartSnippet.clamping(flutter))
        case let android as AndroidModel:
            return Snippet(language: "kotlin", fileExtension: "kt", text: KotlinSnippet.make(android))
        case let swiper as SwiperModel:
            return Snippet(language: "javascript", fileExtension: "js", text: JavaScriptSnippet.swiper(swiper))
        case let framer as FramerModel:
            return Snippet(language: "javascript", fileExtension: "js", text: JavaScriptSnippet.framer(framer))
        default:
            return nil
        }
    }

    /// The shortest text that reads back as the same number (no exponent for usual values).
    static func number(_ value: Double) -> String { JSONValue.number(value).serialized() }

    /// A number as a Dart/Kotlin double literal: always with a decimal point.
    static func double(_ value: Double) -> String {
        let text = number(value)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

}
