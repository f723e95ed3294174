import Primitives

/// The gesture file of `scrollab replay` and of recordings:
///
///     {"events": [{"t": 0, "type": "down", "x": 195, "y": 600},
///                 {"t": 0.008, "type": "move", "x": 195, "y": 590},
///                 {"t": 0.1, "type": "up", "x": 195, "y": 400},
///                 {"t": 0.5, "type": "wheel", "dx": 0, "dy": 12}]}
///
/// `t` in seconds from 0 (equal times allowed, decreasing ones not); `x`/`y` in viewport
/// points, possibly outside the viewport; `dx`/`dy` in points of content offset (positive:
/// toward the end of the content). A `move` while no pointer is down (hover) is kept and ignored
/// by scenes; `up` needs a pointer down, `down` needs it up.
public enum GestureFile {
    /// The latest event time allowed (s): an hour. A replay runs at most `Replay.defaultOpenEndedLimit`
    /// past it, so a trace has at most 4200 s × fps rows.
    public static let maximumTime = 3600.0

    public static func decode(_ text: String, file: String) throws(InputError) -> [TimedInput] {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw InputError("\(file): not valid JSON: \(error)") }
        guard case .object(let members) = root else {
            throw InputError("\(file): expected an object with an \"events\" array, found \(root.kindName)")
        }
        for member in members where member.key != "events" {
            throw InputError("\(file): unknown key \"\(member.key)\"; the only key is \"events\"")
        }
        guard let eventsValue = root["events"] else {
            throw InputError("\(file): missing key \"events\" (an array of events)")
        }
        guard case .array(let items) = eventsValue else {
            throw InputError("\(file): \"events\" must be an array, found \(eventsValue.kindName)")
        }
        var events: [TimedInput] = []
        events.reserveCapacity(items.count)
        var pointerDown = false
        var previousTime = -Double.infinity
        for (position, item) in items.enumerated() {
            let place = "\(file): event \(position) (of \(items.count))"
            guard case .object(let fields) = item else {
                throw InputError("\(place): expected an object, found \(item.kindName)")
            }
            guard let typeValue = item["type"] else {
                throw InputError("\(place): missing \"type\" (down, move, up, wheel, wheel-begin or wheel-end)")
            }
            guard case .string(let type) = typeValue,
                ["down", "move", "up", "wheel", "wheel-begin", "wheel-end"].contains(type)
            else {
                throw InputError("\(place): \"type\" must be one of down, move, up, wheel, wheel-begin, wheel-end")
            }
            let allowed: Set<String> =
                type == "wheel"
                ? ["t", "type", "dx", "dy"]
                : type.hasPrefix("wheel-") ? ["t", "type"] : ["t", "type", "x", "y"]
            for field in fields where !allowed.contains(field.key) {
                throw InputError(
                    "\(place): unknown key \"\(field.key)\" for a \(type) event; allowed: "
                        + "\(allowed.sorted().joined(separator: ", "))"
                )
            }
            func number(_ key: String, required: Bool) throws(InputError) -> Double {
                guard let value = item[key] else {
                    if required { throw InputError("\(place): missing \"\(key)\"") }
                    return 0
                }
                guard case .number(let number) = value else {
                    throw InputError("\(place): \"\(key)\" must be a number, found \(value.kindName)")
                }
                guard abs(number) <= 1e9 else {
                    throw InputError("\(place): \"\(key)\" = \(number) is out of range [-1e9, 1e9]")
                }
                return number
            }
            let t = try number("t", required: true)
            guard t >= 0, t <= maximumTime else {
                throw InputError("\(place): \"t\" = \(t) is out of range [0, 3600] s; a gesture lasts at most an hour")
            }
            guard t >= previousTime else {
                throw InputError(
                    "\(place): \"t\" = \(t) is before the previous event's \(previousTime); times must not decrease")
            }
            previousTime = t
            let event: InputEvent
            switch type {
            case "wheel-begin":
                event = .wheelBegin
            case "wheel-end":
                event = .wheelEnd
            case "wheel":
                guard item["dx"] != nil || item["dy"] != nil else {
                    throw InputError("\(place): a wheel event needs \"dx\" or \"dy\" (points; a missing one is 0)")
                }
                event = .wheel(dx: try number("dx", required: false), dy: try number("dy", required: false))
            default:
                let point = Point(x: try number("x", required: true), y: try number("y", required: true))
                if type == "down" {
                    guard !pointerDown else { throw InputError("\(place): \"down\" while the pointer is already down") }
                    pointerDown = true
                    event = .down(point)
                } else if type == "up" {
                    guard pointerDown else { throw InputError("\(place): \"up\" without a \"down\" before it") }
                    pointerDown = false
                    event = .up(point)
                } else {
                    event = .move(point)
                }
            }
            events.append(TimedInput(time: t, event: event))
        }
        return events
    }

    /// The events in the file at `path`, or none when there is no file.
    public static func load(_ path: String?) throws(InputError) -> [TimedInput] {
        guard let path else { return [] }
        return try decode(try TextFile.read(path), file: path)
    }

    /// The JSON text of a gesture, one event per line, readable by `decode`.
    public static func encode(_ events: [TimedInput]) -> String {
        func number(_ value: Double) -> String { JSONValue.number(value).serialized() }
        let lines = events.map { input -> String in
            let t = number(input.time)
            switch input.event {
            case .down(let p): return "{\"t\": \(t), \"type\": \"down\", \"x\": \(number(p.x)), \"y\": \(number(p.y))}"
            case .move(let p): return "{\"t\": \(t), \"type\": \"move\", \"x\": \(number(p.x)), \"y\": \(number(p.y))}"
            case .up(let p): return "{\"t\": \(t), \"type\": \"up\", \"x\": \(number(p.x)), \"y\": \(number(p.y))}"
            case .wheel(let dx, let dy):
                return "{\"t\": \(t), \"type\": \"wheel\", \"dx\": \(number(dx)), \"dy\": \(number(dy))}"
            case .wheelBegin: return "{\"t\": \(t), \"type\": \"wheel-begin\"}"
            case .wheelEnd: return "{\"t\": \(t), \"type\": \"wheel-end\"}"
            }
        }
        return "{\"events\": [\n  " + lines.joined(separator: ",\n  ") + "\n]}\n"
    }
}
