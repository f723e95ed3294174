import ScrollPhysics

/// The parameter file of `--params` and of saved presets: one JSON object, every key optional.
public enum ParametersFile {
    public static func decode(_ text: String, file: String) throws(InputError) -> ScrollParameters {
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch { throw InputError("\(file): not valid JSON: \(error)") }
        guard case .object(let members) = root else { throw InputError("\(file): expected a JSON object of parameters, found \(root.kindName)") }
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
        do {
            return try ScrollParameters(values: values)
        } catch {
            throw InputError("\(file): \(error)")
        }
    }

    /// The parameters in the file at `path`, or the defaults when there is none.
    public static func load(_ path: String?) throws(InputError) -> ScrollParameters {
        guard let path else { return ScrollParameters() }
        return try decode(try TextFile.read(path), file: path)
    }

    public static func encode(_ parameters: ScrollParameters) -> String {
        let members = parameters.values.map { pair -> (key: String, value: JSONValue) in
            switch pair.value {
            case .number(let number): return (pair.key, .number(number))
            case .string(let text): return (pair.key, .string(text))
            case .bool(let flag): return (pair.key, .bool(flag))
            case .null, .other: return (pair.key, .null)
            }
        }
        return JSONValue.object(members).serialized() + "\n"
    }
}
