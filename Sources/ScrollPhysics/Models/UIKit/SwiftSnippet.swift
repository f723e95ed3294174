/// The parameters as Swift an engineer pastes into an app: one typed property per parameter
/// (`Double`, `Int` only for counts), each documented with what it does and the UIKit property
/// or formula it stands for, and, inside `#if canImport(UIKit)`, a method that sets what
/// `UIScrollView` itself exposes. Driven entirely by the model's `tunables`.
public enum SwiftSnippet {
    public static func make<Model: TunableModel>(_ model: Model, typeName: String = "ScrollFeel") -> String {
        var out = """
            // Scroll feel exported from ScrollLab. Units: points (pt), seconds (s).
            // UIScrollView exposes only some of these (see apply(to:)); the others need your own
            // scroll physics, and each comment gives the formula the value enters.
            #if canImport(UIKit)
            import UIKit
            #endif

            struct \(typeName) {

            """
        var uikit: [String] = []
        for tunable in Model.tunables {
            let unit = tunable.unit.isEmpty ? "" : " (\(tunable.unit))"
            out += "    /// \(prose(tunable.title))\(unit): \(prose(tunable.help))\n"
            out += "    /// Use: \(prose(tunable.equivalent)).\n"
            out += "    /// Default \(defaultText(tunable)): \(prose(tunable.source)).\n"
            out +=
                "    var \(tunable.key): \(typeText(tunable)) = "
                + "\(literal(tunable.value(in: model), count: tunable.isCount))\n"
            if let line = tunable.uikit { uikit.append(prose(line)) }
        }
        out += "}\n"
        if !uikit.isEmpty {
            out += """

                #if canImport(UIKit)
                extension \(typeName) {
                    /// Sets the values UIScrollView has a property for.
                    func apply(to scrollView: UIScrollView) {

                """
            for line in uikit { out += "        \(line)\n" }
            out += "    }\n}\n#endif\n"
        }
        return out
    }

    static func typeText<Model>(_ tunable: Tunable<Model>) -> String {
        switch tunable.storage {
        case .real: return "Double"
        case .optionalReal: return "Double?"
        case .count: return "Int"
        case .flag: return "Bool"
        case .choice: return "String"
        }
    }

    static func defaultText<Model: TunableModel>(_ tunable: Tunable<Model>) -> String {
        if tunable.defaultValue == .null, let meaning = tunable.unsetMeaning { return "nil (\(prose(meaning)))" }
        return literal(tunable.defaultValue, count: tunable.isCount)
    }

    /// A Swift literal: counts as whole numbers, reals always with a decimal point or an
    /// exponent (Swift's own spelling), so they stay Double even without the annotation.
    static func literal(_ value: ParameterValue, count: Bool) -> String {
        switch value {
        case .number(let number):
            guard number.isFinite else { return count ? "0" : "0.0" }
            if count { return String(Int(number.rounded())) }
            return String(number)
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .null, .other: return "nil"
        }
    }
}

extension UIKitModel {
    public var exported: ExportedCode {
        ExportedCode(language: "swift", fileExtension: "swift", text: SwiftSnippet.make(values))
    }
}
