/// A model's values as code for its own platform (`FeelModel.exported`): Swift for UIKit, Dart
/// for the Flutter models, Kotlin for Android, a JavaScript options object for Swiper and Framer
/// Motion. Each says what the platform lets an app set and, plainly, what it does not.
public struct ExportedCode: Equatable, Sendable {
    /// "swift", "dart", "kotlin" or "javascript".
    public let language: String
    /// File extension to save it under.
    public let fileExtension: String
    public let text: String

    public init(language: String, fileExtension: String, text: String) {
        self.language = language
        self.fileExtension = fileExtension
        self.text = text
    }
}

/// Numbers as source-code literals.
enum CodeLiteral {
    /// The shortest text that reads back as the same number (whole numbers below 10¹⁵ without a
    /// decimal point or exponent).
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A Dart/Kotlin double literal: always with a decimal point or an exponent.
    static func double(_ value: Double) -> String {
        let text = number(value)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}
