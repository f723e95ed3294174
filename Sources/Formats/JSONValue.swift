/// A parsed JSON document that keeps the order of object keys and where each value stood,
/// so that a bad file gets an error naming the exact key and line.
///
/// A parsed document's arrays and objects are views of the parser's tape (`JSONTape`): one
/// 8-byte entry per value and per key, beside the text itself. Their elements are made when read,
/// so a document takes at most about 5 times its text (`[0,0,0,…]`, 8 bytes for every 2),
/// however it is shaped. Values made in code (`.array([…])`) hold their elements.
public enum JSONValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array(JSONArray)
    case object(JSONObject)

    /// A short name of the value's kind, for messages.
    public var kindName: String {
        switch self {
        case .number: return "a number"
        case .string: return "a string"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// JSON text for this value: objects one key per line, numbers as short as exact.
    public func serialized(indent: String = "") -> String {
        switch self {
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .string(let text): return JSONValue.quote(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            return "[" + items.map { $0.serialized(indent: indent) }.joined(separator: ", ") + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = indent + "  "
            let lines = members.map { inner + JSONValue.quote($0.key) + ": " + $0.value.serialized(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A position in a `JSONArray` or `JSONObject`: the element's ordinal, and where it starts on
/// the tape (equal to the ordinal for values made in code).
public struct JSONIndex: Comparable, Sendable {
    let ordinal: Int
    let position: Int
    public static func == (lhs: JSONIndex, rhs: JSONIndex) -> Bool { lhs.ordinal == rhs.ordinal }
    public static func < (lhs: JSONIndex, rhs: JSONIndex) -> Bool { lhs.ordinal < rhs.ordinal }
}

/// The elements of a JSON array, in order.
public struct JSONArray: Collection, ExpressibleByArrayLiteral, Equatable, Sendable {
    enum Storage: Sendable {
        case values([JSONValue])
        case tape(JSONTape, position: Int)
    }
    let storage: Storage
    public let count: Int

    public init(_ values: [JSONValue]) { storage = .values(values); count = values.count }
    public init(arrayLiteral elements: JSONValue...) { self.init(elements) }
    init(tape: JSONTape, position: Int) { storage = .tape(tape, position: position); count = tape.count(at: position) }

    public var startIndex: JSONIndex {
        switch storage {
        case .values: return JSONIndex(ordinal: 0, position: 0)
        case .tape(_, let position): return JSONIndex(ordinal: 0, position: position + 1)
        }
    }
    public var endIndex: JSONIndex { JSONIndex(ordinal: count, position: -1) }

    public func index(after i: JSONIndex) -> JSONIndex {
        switch storage {
        case .values: return JSONIndex(ordinal: i.ordinal + 1, position: i.ordinal + 1)
        case .tape(let tape, _): return JSONIndex(ordinal: i.ordinal + 1, position: tape.next(after: i.position))
        }
    }

    public subscript(i: JSONIndex) -> JSONValue {
        switch storage {
        case .values(let values): return values[i.ordinal]
        case .tape(let tape, _): return tape.value(at: i.position)
        }
    }

    public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }
}

/// The members of a JSON object, in the file's order.
public struct JSONObject: Collection, ExpressibleByDictionaryLiteral, Equatable, Sendable {
    public typealias Element = (key: String, value: JSONValue)
    enum Storage: Sendable {
        case members([Element])
        case tape(JSONTape, position: Int)
    }
    let storage: Storage
    public let count: Int

    public init(_ members: [Element]) { storage = .members(members); count = members.count }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
    init(tape: JSONTape, position: Int) { storage = .tape(tape, position: position); count = tape.count(at: position) }

    public var startIndex: JSONIndex {
        switch storage {
        case .members: return JSONIndex(ordinal: 0, position: 0)
        case .tape(_, let position): return JSONIndex(ordinal: 0, position: position + 1)
        }
    }
    public var endIndex: JSONIndex { JSONIndex(ordinal: count, position: -1) }

    public func index(after i: JSONIndex) -> JSONIndex {
        switch storage {
        case .members: return JSONIndex(ordinal: i.ordinal + 1, position: i.ordinal + 1)
        // A member is its key's entry, then its value's.
        case .tape(let tape, _): return JSONIndex(ordinal: i.ordinal + 1, position: tape.next(after: i.position + 1))
        }
    }

    public subscript(i: JSONIndex) -> Element {
        switch storage {
        case .members(let members): return members[i.ordinal]
        case .tape(let tape, _): return (tape.string(at: i.position), tape.value(at: i.position + 1))
        }
    }

    /// The value of the first member named `key`.
    public subscript(key: String) -> JSONValue? {
        switch storage {
        case .members(let members): return members.first { $0.key == key }?.value
        case .tape(let tape, _):
            var index = startIndex
            while index != endIndex {
                if tape.key(at: index.position, equals: key) { return tape.value(at: index.position + 1) }
                index = self.index(after: index)
            }
            return nil
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// Where a problem in a JSON text is, and what it is.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
}
