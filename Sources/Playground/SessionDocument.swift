import Foundation
import Scenes
import Formats
import ScrollPhysics

/// Everything a designer set up in the window, as one value: what a session file holds, what
/// the window saves when it quits, and what `play --session` opens. It holds no scene state
/// (positions, motion): opening a document lays fresh scenes out with its feels and layouts.
public struct SessionDocument: Equatable, Sendable {
    /// One side's feel and what it is called.
    public struct Side: Equatable, Sendable {
        public var feel: Feel
        /// The preset, model or file last applied ("fitted to …"), and the feel that name stands
        /// for: the side is "modified" while `feel` differs from it.
        public var name: String
        public var namedFeel: Feel
        /// What Revert returns to, and its name.
        public var savedFeel: Feel
        public var savedName: String

        public init(feel: Feel, name: String, namedFeel: Feel? = nil, savedFeel: Feel? = nil, savedName: String? = nil)
        {
            self.feel = feel
            self.name = name
            self.namedFeel = namedFeel ?? feel
            self.savedFeel = savedFeel ?? namedFeel ?? feel
            self.savedName = savedName ?? name
        }
    }

    /// The scene's name (`SceneSetup.names`).
    public var scene: String
    /// The phones' viewport (pt); a device's size also picks its screen.
    public var viewport: Size
    /// Side A, and B in A/B mode.
    public var sides: [Side]
    /// The side the panel edits (0 = A, 1 = B).
    public var editing: Int
    public var ghost: Bool
    /// Motion after release at this rate of real time, or nil.
    public var slowMotion: Double?
    /// Each scene's layout values set in the panel: scene name → control id → value.
    public var layouts: [String: [String: Double]]
    /// A reference trajectory's path (CSV), drawn on the plots.
    public var reference: String?
    /// The last recorded or loaded gesture.
    public var recording: [TimedInput]

    public init(
        scene: String, viewport: Size, sides: [Side], editing: Int = 0, ghost: Bool = false, slowMotion: Double? = nil,
        layouts: [String: [String: Double]] = [:], reference: String? = nil, recording: [TimedInput] = []
    ) {
        self.scene = scene
        self.viewport = viewport
        self.sides = sides
        self.editing = editing
        self.ghost = ghost
        self.slowMotion = slowMotion
        self.layouts = layouts
        self.reference = reference
        self.recording = recording
    }
}

/// The session file: a `SessionDocument` as JSON, one key per field.
///
///     {"scrollab": "session", "version": 1, "scene": "carousel", "viewport": [390, 844],
///      "sides": [{"name": "Floaty", "feel": {…parameter file…}, "named_feel": {…},
///                 "saved_name": "Floaty", "saved_feel": {…}}, …],
///      "editing": "A", "ghost": false, "slow_motion": null,
///      "layouts": {"carousel": {"cellWidth": 184}}, "reference": null,
///      "recording": {"events": […gesture file…]}}
///
/// Feels are parameter files and the recording a gesture file, read and checked by their own
/// readers, so a session never holds a value a parameter file could not.
public enum SessionFile {
    public static let version = 1
    static let keys = [
        "scrollab", "version", "scene", "viewport", "sides", "editing", "ghost", "slow_motion", "layouts", "reference",
        "recording"
    ]
    static let sideKeys = ["name", "feel", "named_feel", "saved_name", "saved_feel"]
    /// The largest session file read or written (bytes): a recording of a few minutes; larger
    /// files took seconds to open and to keep.
    public static let maximumSize = 8 << 20
    /// The longest side name read (characters): the window shows names whole in its labels and
    /// messages. The longest the window makes is "fitted to " and a 255-byte file name.
    public static let maximumNameLength = 400
    /// The longest reference path read (bytes, the system's PATH_MAX).
    public static let maximumPathLength = 4096

    /// `document` as a session file's text, or one line saying why it is too large to be one.
    public static func encodeChecked(_ document: SessionDocument, limit: Int = maximumSize) throws(InputError)
        -> String
    {
        let text = encode(document)
        guard text.utf8.count <= limit else {
            throw InputError(
                "the session is \(megabytes(text.utf8.count)) MB, over the \(megabytes(limit)) MB a session file may "
                    + "be (its recording has \(document.recording.count) events; record a shorter gesture)")
        }
        return text
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1_048_576) }

    public static func encode(_ document: SessionDocument) -> String {
        func feel(_ feel: Feel) -> JSONValue { embedded(ParametersFile.encode(feel)) }
        let sides = document.sides.map { side -> JSONValue in
            .object([
                "name": .string(side.name), "feel": feel(side.feel), "named_feel": feel(side.namedFeel),
                "saved_name": .string(side.savedName), "saved_feel": feel(side.savedFeel)
            ])
        }
        let layouts = document.layouts.keys.sorted().map { scene -> (key: String, value: JSONValue) in
            let values = document.layouts[scene] ?? [:]
            return (scene, .object(JSONObject(values.keys.sorted().map { (key: $0, value: .number(values[$0] ?? 0)) })))
        }
        let root: JSONValue = .object([
            "scrollab": .string("session"), "version": .number(Double(version)), "scene": .string(document.scene),
            "viewport": .array([.number(document.viewport.width), .number(document.viewport.height)]),
            "sides": .array(JSONArray(sides)), "editing": .string(document.editing == 0 ? "A" : "B"),
            "ghost": .bool(document.ghost),
            "slow_motion": document.slowMotion.map { .number($0) } ?? .null, "layouts": .object(JSONObject(layouts)),
            "reference": document.reference.map { .string($0) } ?? .null,
            "recording": embedded(GestureFile.encode(document.recording))
        ])
        return root.serialized() + "\n"
    }

    /// Text our own encoders made, as a value to nest (they always write valid JSON).
    private static func embedded(_ text: String) -> JSONValue {
        (try? JSONParser.parse(text)) ?? .null
    }

    /// The document in `text`; the first problem as one line naming the file and the key.
    public static func decode(_ text: String, file: String) throws(InputError) -> SessionDocument {
        guard text.utf8.count <= maximumSize else {
            throw InputError(
                "\(file): is \(megabytes(text.utf8.count)) MB; a session file is at most \(maximumSize >> 20) MB")
        }
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw InputError("\(file): not valid JSON: \(error)") }
        guard case .object(let members) = root else {
            throw InputError("\(file): expected a session (a JSON object), found \(root.kindName)")
        }
        for member in members where !keys.contains(member.key) {
            throw InputError("\(file): unknown key \"\(member.key)\"; a session has \(keys.joined(separator: ", "))")
        }
        guard root["scrollab"] == .string("session") else {
            throw InputError(
                "\(file): not a ScrollLab session (it needs \"scrollab\": \"session\"; a parameter file opens with "
                    + "Load)"
            )
        }
        guard case .number(let found)? = root["version"], found == Double(version) else {
            throw InputError("\(file): key \"version\": this ScrollLab reads version \(version)")
        }
        guard case .string(let scene)? = root["scene"], SceneSetup.names.contains(scene) else {
            throw InputError("\(file): key \"scene\": expected one of \(SceneSetup.names.joined(separator: ", "))")
        }
        guard case .array(let size)? = root["viewport"], size.count == 2,
            case .number(let width) = size[size.startIndex],
            case .number(let height) = size[size.index(after: size.startIndex)],
            WindowLayout.shows(width: width, height: height)
        else {
            let range = WindowLayout.viewportRange
            throw InputError(
                "\(file): key \"viewport\": expected [width, height] in points, each \(Int(range.lowerBound)) to "
                    + "\(Int(range.upperBound))")
        }
        guard case .array(let sideValues)? = root["sides"], (1...2).contains(sideValues.count) else {
            throw InputError("\(file): key \"sides\": expected an array of 1 side (A) or 2 (A and B)")
        }
        var sides: [SessionDocument.Side] = []
        for (index, value) in sideValues.enumerated() {
            sides.append(try side(value, at: "\(file): sides[\(index)]"))
        }
        var editing = 0
        switch root["editing"] {
        case nil, .string("A")?: editing = 0
        case .string("B")? where sides.count == 2: editing = 1
        default:
            throw InputError(
                "\(file): key \"editing\": expected \"A\"\(sides.count == 2 ? " or \"B\"" : " (one side only)")")
        }
        var ghost = false
        switch root["ghost"] {
        case nil: break
        case .bool(let on)?: ghost = on && sides.count == 2
        default: throw InputError("\(file): key \"ghost\": expected true or false")
        }
        var slow: Double?
        switch root["slow_motion"] {
        case nil, .null?: break
        case .number(let rate)? where SceneClock.slowMotionRates.contains(rate): slow = rate
        default:
            throw InputError(
                "\(file): key \"slow_motion\": expected null or one of "
                    + "\(SceneClock.slowMotionRates.map { String($0) }.joined(separator: ", "))"
            )
        }
        var layouts: [String: [String: Double]] = [:]
        switch root["layouts"] {
        case nil: break
        case .object(let scenes)?:
            for entry in scenes {
                guard SceneSetup.names.contains(entry.key), case .object(let controls) = entry.value else {
                    throw InputError(
                        "\(file): key \"layouts\": \"\(entry.key)\" is not a scene with an object of control values")
                }
                for control in controls {
                    guard case .number(let value) = control.value, value.isFinite else {
                        throw InputError("\(file): layouts.\(entry.key).\(control.key): expected a number")
                    }
                    layouts[entry.key, default: [:]][control.key] = value
                }
            }
        default: throw InputError("\(file): key \"layouts\": expected an object (scene → control → value)")
        }
        var reference: String?
        switch root["reference"] {
        case nil, .null?: break
        case .string(let path)? where path.utf8.count > maximumPathLength:
            throw InputError(
                "\(file): key \"reference\": a path of \(path.utf8.count) bytes; at most \(maximumPathLength)")
        case .string(let path)? where !path.isEmpty: reference = path
        default: throw InputError("\(file): key \"reference\": expected null or a CSV file's path")
        }
        var recording: [TimedInput] = []
        if let value = root["recording"] {
            recording = try GestureFile.decode(value.serialized(), file: "\(file): recording")
        }
        return SessionDocument(
            scene: scene, viewport: Size(width: width, height: height), sides: sides, editing: editing, ghost: ghost,
            slowMotion: slow, layouts: layouts, reference: reference, recording: recording)
    }

    private static func side(_ value: JSONValue, at place: String) throws(InputError) -> SessionDocument.Side {
        guard case .object(let members) = value else {
            throw InputError("\(place): expected an object with name and feel")
        }
        for member in members where !sideKeys.contains(member.key) {
            throw InputError("\(place): unknown key \"\(member.key)\"; a side has \(sideKeys.joined(separator: ", "))")
        }
        func text(_ key: String) throws(InputError) -> String? {
            switch value[key] {
            case nil: return nil
            case .string(let name)? where name.count > maximumNameLength:
                throw InputError("\(place).\(key): a name of \(name.count) characters; at most \(maximumNameLength)")
            case .string(let name)?: return name
            default: throw InputError("\(place).\(key): expected a string")
            }
        }
        func feel(_ key: String) throws(InputError) -> Feel? {
            guard let member = value[key] else { return nil }
            return try ParametersFile.decode(member.serialized(), file: "\(place).\(key)")
        }
        guard let current = try feel("feel") else {
            throw InputError("\(place): missing key \"feel\" (a parameter file's object)")
        }
        guard let name = try text("name") else { throw InputError("\(place): missing key \"name\"") }
        return SessionDocument.Side(
            feel: current, name: name, namedFeel: try feel("named_feel"), savedFeel: try feel("saved_feel"),
            savedName: try text("saved_name"))
    }

    /// Where the window keeps the session it quit with: `$XDG_STATE_HOME/scrollab/last-session.json`,
    /// else `~/.local/state/scrollab/last-session.json`; nil without either variable.
    public static func autosavePath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/scrollab/last-session.json"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/.local/state/scrollab/last-session.json"
        }
        return nil
    }
}
