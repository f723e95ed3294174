/// A strict JSON (RFC 8259) parser over UTF-8 bytes that reports the line and column of errors.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 256

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[0..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end of file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))', expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let start = index
        for expected in word.utf8 {
            guard current == expected else {
                index = start
                throw error("invalid literal, expected '\(word)'")
            }
            index += 1
        }
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            let key = try parseString()
            if !keys.insert(key).inserted {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "}") { index += 1; depth -= 1; return .object(members) }
            throw error("expected ',' or '}' in object")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "]") { index += 1; depth -= 1; return .array(items) }
            throw error("expected ',' or ']' in array")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                index += 1
                guard let escape = current else { throw error("unterminated string") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let escapeStart = index - 2
                    var code = try parseHex4()
                    // UTF-16 surrogates come in pairs (high D800–DBFF, then low DC00–DFFF); a lone
                    // one is no character, and is refused rather than guessed at.
                    if (0xDC00..<0xE000).contains(code) {
                        index = escapeStart
                        throw error("unpaired surrogate \\u\(Self.hex4(code)) in string (a low surrogate needs a high one before it)")
                    }
                    if (0xD800..<0xDC00).contains(code) {
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                            index = escapeStart
                            throw error("unpaired surrogate \\u\(Self.hex4(code)) in string (a high surrogate needs a low one, \\uDC00–\\uDFFF, right after it)")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            index = escapeStart
                            throw error("unpaired surrogate \\u\(Self.hex4(code)) in string (followed by \\u\(Self.hex4(low)), not a low surrogate \\uDC00–\\uDFFF)")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { index = escapeStart; throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default: throw error("invalid escape in string")
                }
            default:
                if byte < 0x20 { throw error("control character in string") }
                raw.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw error("invalid \\u escape") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hex4(_ code: UInt32) -> String {
        let text = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            var count = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1; count += 1 }
            return count
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { throw error("leading zero in number") }
        } else if digits() == 0 {
            throw error("invalid number")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("expected digits in exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text) is too large")
        }
        return value
    }
}
