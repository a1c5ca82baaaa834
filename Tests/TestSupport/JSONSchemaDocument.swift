import Foundation
import LibinputEvents

/// docs/json.md read as a schema: its outputs table (output → the type of each line after the header) and its object
/// tables (`### name`, then `| key | type | meaning |`). Types: `string`, `integer` (a number without a fraction),
/// `number`, `boolean`, `null`, `any`, `[T]`, `{object}`, `map<T>`, `A|B`; a key
/// ending in `?` is optional, one ending in `*` stands for every key with that prefix.
public struct JSONSchemaDocument {
    struct Field {
        var key: String
        var type: String
        var optional: Bool
        var isPrefix: Bool
    }

    public var outputs: [String: String] = [:]
    var objects: [String: [Field]] = [:]

    public init(markdown: String) throws {
        var section = ""
        for raw in markdown.split(separator: "\n") {
            let line = String(raw)
            if line.hasPrefix("## ") || line.hasPrefix("### ") {
                section = line.drop { $0 == "#" || $0 == " " }.trimmingCharacters(in: .whitespaces)
                continue
            }
            guard line.hasPrefix("| `") else { continue }
            let cells = markdownCells(line)
            guard cells.count >= 4 else { continue }
            if section == "Outputs" {
                outputs[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[3].trimmingCharacters(
                    in: CharacterSet(charactersIn: "`"))
            } else {
                var key = cells[1]
                let optional = key.hasSuffix("?")
                if optional { key.removeLast() }
                key = key.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                let isPrefix = key.hasSuffix("*")
                if isPrefix { key.removeLast() }
                objects[section, default: []].append(
                    Field(key: key, type: cells[2], optional: optional, isPrefix: isPrefix))
            }
        }
    }

    /// The `output` a header line names, if it is one.
    public static func outputName(of line: String) -> String? {
        guard case .object(let object)? = try? JSONValue.parse(Substring(line)), object["schemaVersion"] != nil,
            case .string(let name)? = object["output"]
        else { return nil }
        return name
    }

    /// The problems of a command's JSON output, one line each; none when it matches.
    public func validate(output text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        guard let first = lines.first, case .object(let header)? = try? JSONValue.parse(first),
            let version = header["schemaVersion"]
        else {
            return ["line 1: no header line"]
        }
        guard version == .number(Double(JSONSchema.version)) else {
            return ["line 1: schemaVersion \(Self.show(version)), docs/json.md documents \(JSONSchema.version)"]
        }
        var problems = check(.object(header), against: "{header}", at: "header").map { "line 1: " + $0 }
        guard case .string(let name)? = header["output"], let type = outputs[name] else {
            return problems + ["line 1: its output is not documented"]
        }
        for (i, line) in lines.enumerated().dropFirst() {
            guard let value = try? JSONValue.parse(line) else {
                problems.append("line \(i + 1): not JSON")
                continue
            }
            problems += check(value, against: type, at: "").map { "line \(i + 1): " + $0 }
        }
        return problems
    }

    /// Why `value` is not of `type`: none if it is.
    private func check(_ value: JSONValue, against type: String, at path: String) -> [String] {
        let alternatives = Self.splitAlternatives(type)
        var first: [String]?
        for alternative in alternatives {
            let problems = checkOne(value, against: alternative, at: path)
            if problems.isEmpty { return [] }
            first = first ?? problems
        }
        return alternatives.count == 1 ? first ?? [] : ["\(path): \(Self.show(value)) is none of \(type)"]
    }

    private func checkOne(_ value: JSONValue, against type: String, at path: String) -> [String] {
        let fail = ["\(path): \(Self.show(value)) is not \(type)"]
        switch (type, value) {
        case ("any", _), ("null", .null), ("string", .string), ("boolean", .bool), ("number", .number):
            return []
        case ("integer", .number(let n)) where n == n.rounded():
            return []
        case ("null", _), ("string", _), ("boolean", _), ("integer", _), ("number", _):
            return fail
        default: break
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            guard case .array(let array) = value else { return fail }
            let element = String(type.dropFirst().dropLast())
            return array.enumerated().flatMap { check($1, against: element, at: "\(path)[\($0)]") }
        }
        if type.hasPrefix("map<"), type.hasSuffix(">") {
            guard case .object(let object) = value else { return fail }
            let element = String(type.dropFirst(4).dropLast())
            return object.sorted { $0.key < $1.key }.flatMap { check($1, against: element, at: "\(path).\($0)") }
        }
        if type.hasPrefix("{"), type.hasSuffix("}") {
            let name = String(type.dropFirst().dropLast())
            guard let fields = objects[name] else { return ["\(path): type \(type) is not documented"] }
            guard case .object(let object) = value else { return fail }
            let place = path.isEmpty ? name : path
            var problems: [String] = []
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                guard let field = fields.first(where: { $0.isPrefix ? key.hasPrefix($0.key) : $0.key == key }) else {
                    problems.append("\(place): key \(key) is not documented")
                    continue
                }
                problems += check(member, against: field.type, at: "\(place).\(key)")
            }
            for field in fields where !field.optional && !field.isPrefix && object[field.key] == nil {
                problems.append("\(place): key \(field.key) is missing")
            }
            return problems
        }
        return ["\(path): type \(type) is not one docs/json.md defines"]
    }

    /// `A|B` split at the top level (not inside brackets).
    private static func splitAlternatives(_ type: String) -> [String] {
        var parts: [String] = [], depth = 0, current = ""
        for c in type {
            if "[{<".contains(c) { depth += 1 } else if "]}>".contains(c) { depth -= 1 }
            if c == "|" && depth == 0 { parts.append(current); current = "" } else { current.append(c) }
        }
        return parts + [current]
    }

    /// `value` as an error message quotes it.
    private static func show(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? "\(Int64(n))" : "\(n)"
        case .string(let s): "\"\(s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
