import Foundation
import Yams

/// JSON or YAML text decoded into a `Decodable` value, with errors in the file's own terms: its
/// name, the line, and what is wrong where (`regions[0]: missing "name"`), rather than the
/// decoder's description of itself, which names no line.
public enum StructuredFile {
    public enum Syntax: Sendable {
        case json, yaml
    }

    /// One step of a path into the document: a mapping's key or a list's index.
    public enum PathComponent: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    /// Decodes `text`, read from `file`, which should hold `kind` ("a surface description").
    /// YAML passes ``YAMLGuard`` first. Every error is bad data, with the line where the
    /// document could be located.
    public static func decode<T: Decodable>(
        _ type: T.Type, from text: String, syntax: Syntax, file: String, kind: String
    ) throws(RecordingError) -> T {
        if let line = excessiveNesting(in: text) {
            throw RecordingError(
                .badData, file: file, line: line, "nested deeper than \(maxNesting) levels: not \(kind)")
        }
        if syntax == .yaml { try YAMLGuard.check(text, file: file) }
        let value: T
        do {
            switch syntax {
            case .json: value = try JSONDecoder().decode(T.self, from: Data(text.utf8))
            case .yaml: value = try YAMLDecoder().decode(T.self, from: text)
            }
        } catch let error as DecodingError {
            // Foundation's decoder names no path for a number it cannot take (1.5 or 1e30 for an
            // integer): valid JSON is YAML, whose decoder does.
            if syntax == .json, case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                jsonSyntaxError(in: text) == nil,
                case .failure(let yaml as DecodingError) = Result(catching: {
                    try YAMLDecoder().decode(T.self, from: text)
                })
            {
                throw located(yaml, in: text, syntax: .json, file: file, kind: kind)
            }
            throw located(error, in: text, syntax: syntax, file: file, kind: kind)
        } catch let error as YamlError {
            throw RecordingError.bad(file, YAMLGuard.line(of: error), "invalid YAML: \(YAMLGuard.problem(of: error))")
        } catch {
            throw RecordingError.bad(file, nil, "not \(kind): \(error.localizedDescription)")
        }
        if syntax == .json { try refuseRepeatedKeys(inJSON: text, file: file) }
        return value
    }

    /// Refuses a JSON object that gives a key twice, as YAML does: the decoder keeps one of
    /// the two without a word, so half of what the writer meant would be dropped. Valid JSON is
    /// YAML, whose composer finds them.
    private static func refuseRepeatedKeys(inJSON text: String, file: String) throws(RecordingError) {
        do {
            _ = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            guard case .duplicatedKeysInMapping = error else { return }
            throw RecordingError.bad(file, YAMLGuard.line(of: error), YAMLGuard.problem(of: error))
        } catch {
            return
        }
    }

    /// Deepest bracket nesting a file may have; a surface description needs five.
    public static let maxNesting = 64

    /// Refuses text whose `[`/`{` nesting (outside quoted strings) exceeds ``maxNesting``:
    /// Foundation's JSON scanner traps on its own depth limit instead of throwing, and YAML
    /// parsers recurse once per level. Returns the 1-based line where the limit is crossed.
    public static func excessiveNesting(in text: String) -> Int? {
        var depth = 0, line = 1
        var quote: Character?
        var escaped = false
        for c in text {
            if c == "\n" { line += 1 }
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'": quote = c
            case "[", "{":
                depth += 1
                if depth > maxNesting { return line }
            case "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// The 1-based line where `path` leads in `text` (JSON or YAML, already decoded once), or
    /// where it stops being found: the line to name for a value that is wrong there.
    public static func line(of path: [PathComponent], in text: String) -> Int? {
        // Valid JSON is YAML too, so one tree with marks serves both.
        guard (try? YAMLGuard.check(text, file: "")) != nil, let root = try? Yams.compose(yaml: text) else {
            return nil
        }
        var node = root
        for component in path {
            let next: Node?
            switch component {
            case .key(let key): next = node.mapping?.first { $0.key.string == key }?.value
            case .index(let index): next = node.sequence.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            }
            guard let next else { break }
            node = next
        }
        return node.mark?.line
    }

    /// `path` as a reader would write it: `regions[0].recognizers[2].kind`.
    public static func describe(_ path: [PathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    private static func located(
        _ error: DecodingError, in text: String, syntax: Syntax, file: String, kind: String
    ) -> RecordingError {
        let context: DecodingError.Context
        var problem: String
        switch error {
        case .keyNotFound(let key, let c):
            context = c
            problem = "missing \"\(key.stringValue)\""
        case .typeMismatch(let type, let c):
            context = c
            problem = "expected \(valueKind(type))"
        case .valueNotFound(let type, let c):
            context = c
            problem = "expected \(valueKind(type)), found none"
        case .dataCorrupted(let c):
            context = c
            problem = sentence(c.debugDescription)
        @unknown default:
            return RecordingError.bad(file, nil, "not \(kind): \(error.localizedDescription)")
        }
        // Yams' decoder wraps the composer's syntax errors, with their marks.
        if let yaml = context.underlyingError as? YamlError {
            return RecordingError.bad(file, YAMLGuard.line(of: yaml), "invalid YAML: \(YAMLGuard.problem(of: yaml))")
        }
        // Blank, or in YAML comments alone: a document of nothing.
        let empty = text.split(whereSeparator: \.isNewline).allSatisfy { line in
            let content = line.drop(while: \.isWhitespace)
            return content.isEmpty || (syntax == .yaml && content.hasPrefix("#"))
        }
        if context.codingPath.isEmpty, empty {
            return RecordingError.bad(file, 1, "empty: not \(kind)")
        }
        if context.codingPath.isEmpty, syntax == .json, let (line, syntaxProblem) = jsonSyntaxError(in: text) {
            return RecordingError.bad(file, line, "not valid JSON (\(syntaxProblem)): not \(kind)")
        }
        // Foundation's coding keys for a list's elements have an integer value.
        let path = context.codingPath.map { $0.intValue.map(PathComponent.index) ?? .key($0.stringValue) }
        if !path.isEmpty { problem = describe(path) + ": " + problem }
        return RecordingError.bad(file, line(of: path, in: text), problem)
    }

    /// Where JSONSerialization finds `text` malformed, and what it says: JSONDecoder says only
    /// that the data was not valid JSON. The depth trap it shares with the decoder is kept away
    /// by the callers' nesting check, which the decoder needed first.
    private static func jsonSyntaxError(in text: String) -> (line: Int, problem: String)? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            return nil
        } catch {
            let description =
                (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? error.localizedDescription
            // "Invalid value around character 11.": a byte offset into the text; "Number 1e400 is
            // not representable in Swift.": the number, found in the text; else the last line.
            let bytes = text.utf8
            var end = text.hasSuffix("\n") ? bytes.index(before: bytes.endIndex) : bytes.endIndex
            var problem = description.components(separatedBy: " around character ").first ?? description
            if let range = description.range(of: " around character "),
                let offset = Int(description[range.upperBound...].prefix { $0.isNumber }), offset <= bytes.count
            {
                end = bytes.index(bytes.startIndex, offsetBy: offset)
            } else if let number = description.firstMatch(of: /^Number (\S+) is not representable/)?.1 {
                problem = "the number \(number) is out of range"
                if let found = text.range(of: number) { end = found.lowerBound.samePosition(in: bytes) ?? end }
            }
            let line = 1 + bytes[..<end].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            return (line, sentence(problem))
        }
    }

    /// What a value of `type` is in a reader's words: what a decoder that found another expected.
    /// The decoders name their own types (Yams' nodes, Foundation's containers) or the value's.
    private static func valueKind(_ type: Any.Type) -> String {
        if type == Node.Mapping.self || type == [String: Any].self { return "a mapping" }
        if type == Node.Sequence.self || type == [Any].self { return "a list" }
        if type == Node.Scalar.self { return "a single value, not a list or mapping" }
        if type == Bool.self { return "true or false" }
        if type == String.self { return "text" }
        if type is any BinaryInteger.Type { return "an integer" }
        if type is any BinaryFloatingPoint.Type { return "a number" }
        return "another kind of value"
    }

    /// A decoder's sentence as part of one: lower-case first letter, no final full stop.
    private static func sentence(_ text: String) -> String {
        var text = text.hasSuffix(".") ? String(text.dropLast()) : text
        if let first = text.first, first.isUppercase, !(text.dropFirst().first?.isUppercase ?? false) {
            text = first.lowercased() + text.dropFirst()
        }
        return text
    }
}
