/// What the web libraries' exports share: numbers and flags as JavaScript literals.
enum JavaScriptSnippet {
    static func n(_ value: Double) -> String { CodeLiteral.number(value) }
    static func flag(_ value: Int) -> String { value != 0 ? "true" : "false" }
}
