import ScrollPhysics

/// The parameter file of `--params` and of saved presets: one JSON object, every key optional.
public enum ParametersFile {
    /// The most keys a parameter file may hold.
    public static let maximumKeys = 1000

    public static func decode(_ text: String, file: String) throws(InputError) -> Feel {
        try decodeStating(text, file: file).feel
    }

    /// The feel and the keys the file itself states. `"model"` names the model (UIKit's when
    /// absent); every other key is that model's.
    public static func decodeStating(_ text: String, file: String) throws(InputError) -> (
        feel: Feel, stated: Set<String>
    ) {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw InputError("\(file): not valid JSON: \(error)") }
        guard case .object(let members) = root else {
            throw InputError("\(file): expected a JSON object of parameters, found \(root.kindName)")
        }
        // Every model has a few dozen keys: a file of thousands is refused before they are copied.
        guard members.count <= maximumKeys else {
            throw InputError(
                "\(file): \(members.count) keys; a parameter file has at most \(maximumKeys) (a model has at most "
                    + "a few dozen)")
        }
        let values = members.map { member -> (key: String, value: ParameterValue) in
            let value: ParameterValue
            switch member.value {
            case .number(let number): value = .number(number)
            case .string(let text): value = .string(text)
            case .bool(let flag): value = .bool(flag)
            case .null: value = .null
            case .array, .object: value = .other
            }
            return (member.key, value)
        }
        var name = FeelZoo.uikit
        if let named = values.first(where: { $0.key == "model" }) {
            guard case .string(let text) = named.value else {
                throw InputError(
                    "\(file): key \"model\": expected a model name (a string); models: "
                        + "\(FeelZoo.names.joined(separator: ", "))"
                )
            }
            name = text
        }
        let rest = values.filter { $0.key != "model" }
        do {
            if name == FeelZoo.uikit {
                // UIKit's own errors name the key alone, as they always have.
                do { return (Feel(try ScrollParameters(values: rest)), Set(values.map(\.key))) } catch {
                    throw InputError("\(file): \(error)")
                }
            }
            return (Feel(try FeelZoo.make(name, rest)), Set(values.map(\.key)))
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError("\(file): \(error)")
        }
    }

    /// The feel in the file at `path`, or UIKit's defaults when there is none.
    public static func load(_ path: String?) throws(InputError) -> Feel {
        try loadStating(path).feel
    }

    /// The feel in the file at `path` and the keys it states (none without a file).
    public static func loadStating(_ path: String?) throws(InputError) -> (feel: Feel, stated: Set<String>) {
        guard let path else { return (.standard, []) }
        return try decodeStating(try TextFile.read(path), file: path)
    }

    /// The file of `feel`: UIKit's values alone, another model's with `"model"` first.
    public static func encode(_ feel: Feel) -> String {
        let pairs = (feel.model.uikit != nil) ? feel.pairs : [("model", ParameterValue.string(feel.name))] + feel.pairs
        let members = pairs.map { pair -> (key: String, value: JSONValue) in
            switch pair.value {
            case .number(let number): return (pair.key, .number(number))
            case .string(let text): return (pair.key, .string(text))
            case .bool(let flag): return (pair.key, .bool(flag))
            case .null, .other: return (pair.key, .null)
            }
        }
        return JSONValue.object(JSONObject(members)).serialized() + "\n"
    }

    /// UIKit's values alone (a file without `"model"`).
    public static func encode(_ parameters: ScrollParameters) -> String { encode(Feel(parameters)) }
}

extension ParametersFile {
    /// docs/parameters.md's table, made from the model's `tunables` (a test keeps the page
    /// equal to it): key, default, range, unit, what it does, what the default means and where
    /// it comes from, and what an engineer does with it.
    public static func markdownTable<Model: TunableModel>(_ model: Model.Type) -> String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = [
            "| key | default | range | unit | what it does | default's source | in an app |",
            "| --- | --- | --- | --- | --- | --- | --- |"
        ]
        for tunable in Model.tunables {
            let defaultText: String
            switch tunable.defaultValue {
            case .number(let number): defaultText = formatNumber(number)
            case .string(let name): defaultText = "`\(name)`"
            case .bool(let on): defaultText = "`\(on)`"
            default: defaultText = tunable.unsetMeaning.map { "null (\($0))" } ?? "null"
            }
            var range =
                tunable.isFlag
                ? "`true`, `false`"
                : tunable.options.isEmpty
                    ? "\(formatNumber(tunable.range.lowerBound)) – \(formatNumber(tunable.range.upperBound))"
                    : tunable.options.map { "`\($0)`" }.joined(separator: ", ")
            if tunable.isOptional { range += " or null" }
            if tunable.isCount { range += ", whole" }
            lines.append(
                "| `\(tunable.key)` | \(defaultText) | \(range) | \(tunable.unit.isEmpty ? "—" : tunable.unit) | "
                    + "\(cell(tunable.help)) | \(cell(tunable.source)) | \(cell(tunable.equivalent)) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
