#if canImport(Glibc)
    import Glibc
#endif

/// A strict JSON (RFC 8259) parser over UTF-8 text that reports the line and column of errors.
///
/// It validates the whole text in one pass and writes a tape: one 8-byte entry per value and per
/// key, holding where its text is (numbers and strings are read from the text when asked for) or,
/// for an array or object, how many elements it has and how many entries it spans. The tape is
/// reserved for the most entries the text could need, so it is never copied to grow, and only the
/// pages used are touched. Duplicate keys are found by comparing a large object's key hashes
/// (the keys themselves only when two hashes meet).
public struct JSONParser {
    /// The deepest nesting of arrays and objects.
    public static let maximumDepth = 256
    /// The largest text parsed (bytes): positions and counts on the tape take 30 bits.
    public static let maximumSize = (1 << 30) - 1

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    private var entries: [UInt64] = []

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        text.makeContiguousUTF8()
        guard text.utf8.count <= maximumSize else {
            throw JSONSyntaxError(
                line: 1, column: 1, message: "the text is \(text.utf8.count) bytes; at most \(maximumSize) are parsed")
        }
        let result = text.utf8.withContiguousStorageIfAvailable { buffer -> Result<[UInt64], JSONSyntaxError> in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONSyntaxError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
        }!
        return JSONTape(text: text, entries: try result.get()).value(at: 0)
    }

    /// The bytes as UTF-8 text (an invalid sequence reads as U+FFFD).
    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try parse(String(decoding: bytes, as: UTF8.self))
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONSyntaxError) -> [UInt64] {
        // Every value but the first takes at least 2 bytes ("0,"; a key and its value "":0, 4).
        entries.reserveCapacity(bytes.count / 2 + 2)
        skipWhitespace()
        try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected text after the JSON value") }
        return entries
    }

    private func error(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[0..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) {
        guard let byte = current else { throw error("unexpected end of file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try expectWord("true"); entries.append(JSONTape.entry(.trueValue))
        case UInt8(ascii: "f"): try expectWord("false"); entries.append(JSONTape.entry(.falseValue))
        case UInt8(ascii: "n"): try expectWord("null"); entries.append(JSONTape.entry(.null))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))', expected a value")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for offset in 0..<word.utf8CodeUnitCount {
            guard current == word.utf8Start[offset] else {
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

    /// Opens a container: its entry is written when it closes.
    private mutating func open() throws(JSONSyntaxError) -> Int {
        try nest()
        index += 1
        entries.append(0)
        return entries.count - 1
    }

    private mutating func close(_ kind: JSONTape.Kind, at position: Int, count: Int) {
        index += 1
        depth -= 1
        entries[position] = JSONTape.entry(kind, count, entries.count - position)
    }

    private mutating func parseObject() throws(JSONSyntaxError) {
        let position = try open()
        var count = 0
        // Small objects compare each new key with the earlier ones; larger ones keep their keys' hashes.
        var hashes = Set<Int>()
        skipWhitespace()
        if current == UInt8(ascii: "}") { close(.object, at: position, count: 0); return }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = index
            try parseString()
            let key = entries.count - 1
            if isDuplicate(key: key, in: position, count: count, hashes: &hashes) {
                index = keyStart
                throw error("duplicate key \"\(JSONTape.string(entries[key], in: bytes))\"")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(JSONTape.string(entries[key], in: bytes))\"")
            }
            index += 1
            skipWhitespace()
            try parseValue()
            count += 1
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "}") { close(.object, at: position, count: count); return }
            throw error("expected ',' or '}' in object")
        }
    }

    /// Whether the key at tape entry `key` names one of the `count` earlier members of the object at `object`.
    private func isDuplicate(key: Int, in object: Int, count: Int, hashes: inout Set<Int>) -> Bool {
        let small = 8
        func anyEarlierKey(_ test: (Int) -> Bool) -> Bool {
            var position = object + 1
            for _ in 0..<count {
                if test(position) { return true }
                position = JSONTape.next(after: position + 1, in: entries)
            }
            return false
        }
        func equal(_ earlier: Int) -> Bool { JSONTape.keysEqual(entries[earlier], entries[key], in: bytes) }
        if count < small { return anyEarlierKey(equal) }
        if count == small {
            _ = anyEarlierKey {
                hashes.insert(JSONTape.hash(entries[$0], in: bytes)); return false
            }
        }
        // Two keys with one hash are compared in full (a duplicate, or a rare collision).
        if hashes.insert(JSONTape.hash(entries[key], in: bytes)).inserted { return false }
        return anyEarlierKey(equal)
    }

    private mutating func parseArray() throws(JSONSyntaxError) {
        let position = try open()
        var count = 0
        skipWhitespace()
        if current == UInt8(ascii: "]") { close(.array, at: position, count: 0); return }
        while true {
            skipWhitespace()
            try parseValue()
            count += 1
            skipWhitespace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "]") { close(.array, at: position, count: count); return }
            throw error("expected ',' or ']' in array")
        }
    }

    /// Checks a string and writes its entry: where its text starts and ends, and whether it has escapes.
    private mutating func parseString() throws(JSONSyntaxError) {
        index += 1
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                entries.append(JSONTape.entry(escaped ? .escapedString : .plainString, start, index - start))
                index += 1
                return
            case UInt8(ascii: "\\"):
                escaped = true
                index += 1
                guard let escape = current else { throw error("unterminated string") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"):
                    let escapeStart = index - 2
                    let code = try parseHex4()
                    // UTF-16 surrogates come in pairs (high D800–DBFF, then low DC00–DFFF); a lone
                    // one is no character, and is refused rather than guessed at.
                    if (0xDC00..<0xE000).contains(code) {
                        index = escapeStart
                        throw error(
                            "unpaired surrogate \\u\(Self.hex4(code)) in string (a low surrogate needs a high one "
                                + "before it)"
                        )
                    }
                    if (0xD800..<0xDC00).contains(code) {
                        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            index = escapeStart
                            throw error(
                                "unpaired surrogate \\u\(Self.hex4(code)) in string (a high surrogate needs a low "
                                    + "one, \\uDC00–\\uDFFF, right after it)"
                            )
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            index = escapeStart
                            throw error(
                                "unpaired surrogate \\u\(Self.hex4(code)) in string (followed by "
                                    + "\\u\(Self.hex4(low)), not a low surrogate \\uDC00–\\uDFFF)"
                            )
                        }
                    }
                default: throw error("invalid escape in string")
                }
            default:
                if byte < 0x20 { throw error("control character in string") }
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = JSONTape.hexValue(byte) else { throw error("invalid \\u escape") }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hex4(_ code: UInt32) -> String {
        let text = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = index
        func digits() -> Int {
            var count = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1; count += 1 }
            return count
        }
        if current == UInt8(ascii: "-") { index += 1 }
        var wholeDigits = 1
        if current == UInt8(ascii: "0") {
            index += 1
            if let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                throw error("leading zero in number")
            }
        } else {
            wholeDigits = digits()
            if wholeDigits == 0 { throw error("invalid number") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("expected digits after '.'") }
        }
        var exponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            exponent = true
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("expected digits in exponent") }
        }
        let entry = JSONTape.entry(.number, start, index - start)
        // Up to 308 whole digits without an exponent is always below Double's largest (1.8e308).
        guard (!exponent && wholeDigits <= 308) || JSONTape.number(entry, in: bytes).isFinite else {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            index = start
            throw error("number \(text) is too large")
        }
        entries.append(entry)
    }
}

/// A parsed JSON text and its tape (see `JSONParser`): values are read from the text on demand.
final class JSONTape: Sendable {
    enum Kind: UInt64 { case number, plainString, escapedString, trueValue, falseValue, null, array, object }

    let text: String
    let entries: [UInt64]

    /// `text` must be contiguous UTF-8, and `entries` its tape.
    init(text: String, entries: [UInt64]) {
        self.text = text
        self.entries = entries
    }

    // An entry: the kind in the top 4 bits, then two 30-bit fields: a number's or string's
    // start in the text and its length, or a container's element count and its span in entries.
    private static let mask: UInt64 = (1 << 30) - 1
    static func entry(_ kind: Kind, _ first: Int = 0, _ second: Int = 0) -> UInt64 {
        kind.rawValue << 60 | UInt64(first) << 30 | UInt64(second)
    }
    static func kind(_ entry: UInt64) -> Kind { Kind(rawValue: entry >> 60)! }
    static func first(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: (entry >> 30) & mask) }
    static func second(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & mask) }

    /// The position of the value after the one at `position`.
    static func next(after position: Int, in entries: [UInt64]) -> Int {
        switch kind(entries[position]) {
        case .array, .object: return position + second(entries[position])
        default: return position + 1
        }
    }
    func next(after position: Int) -> Int { Self.next(after: position, in: entries) }
    func count(at position: Int) -> Int { Self.first(entries[position]) }

    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        text.utf8.withContiguousStorageIfAvailable(body)!
    }

    func value(at position: Int) -> JSONValue {
        let entry = entries[position]
        switch Self.kind(entry) {
        case .number: return .number(withBytes { Self.number(entry, in: $0) })
        case .plainString, .escapedString: return .string(string(at: position))
        case .trueValue: return .bool(true)
        case .falseValue: return .bool(false)
        case .null: return .null
        case .array: return .array(JSONArray(tape: self, position: position))
        case .object: return .object(JSONObject(tape: self, position: position))
        }
    }

    func string(at position: Int) -> String { withBytes { Self.string(entries[position], in: $0) } }

    func key(at position: Int, equals key: String) -> Bool {
        let entry = entries[position]
        guard Self.kind(entry) == .plainString else { return string(at: position) == key }
        var key = key
        return key.withUTF8 { wanted in withBytes { Self.same(Self.text(entry, in: $0), wanted) } }
    }

    /// The text of a number or string entry.
    private static func text(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard let base = bytes.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + first(entry), count: second(entry))
    }

    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    static func number(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Double {
        Double(String(decoding: text(entry, in: bytes), as: UTF8.self)) ?? .nan
    }

    /// A checked string's text, its escapes resolved.
    static func string(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = text(entry, in: bytes)
        guard kind(entry) == .escapedString else { return String(decoding: raw, as: UTF8.self) }
        var out = ""
        let end = first(entry) + second(entry)
        var index = first(entry), runStart = index
        func hex4(at start: Int) -> UInt32 { (start..<start + 4).reduce(0) { $0 * 16 + (hexValue(bytes[$1]) ?? 0) } }
        while index < end {
            guard bytes[index] == UInt8(ascii: "\\") else { index += 1; continue }
            out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): out += "\u{08}"
            case UInt8(ascii: "f"): out += "\u{0C}"
            case UInt8(ascii: "n"): out += "\n"
            case UInt8(ascii: "r"): out += "\r"
            case UInt8(ascii: "t"): out += "\t"
            case UInt8(ascii: "u"):
                var code = hex4(at: index)
                index += 4
                if (0xD800..<0xDC00).contains(code) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (hex4(at: index + 2) - 0xDC00)
                    index += 6
                }
                out.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: out.unicodeScalars.append(Unicode.Scalar(escape))  // " \ /
            }
            runStart = index
        }
        return out + String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<end]), as: UTF8.self)
    }

    /// Whether two string entries are the same text (escapes resolved), compared by code points.
    static func keysEqual(_ a: UInt64, _ b: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if kind(a) == .plainString, kind(b) == .plainString { return same(text(a, in: bytes), text(b, in: bytes)) }
        return string(a, in: bytes).utf8.elementsEqual(string(b, in: bytes).utf8)
    }

    /// A hash of a string entry's text (escapes resolved) that `keysEqual` entries share.
    static func hash(_ entry: UInt64, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        if kind(entry) == .plainString {
            hasher.combine(bytes: UnsafeRawBufferPointer(text(entry, in: bytes)))
        } else {
            var decoded = string(entry, in: bytes)
            decoded.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
        return hasher.finalize()
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
