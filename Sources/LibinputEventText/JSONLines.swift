import Foundation
import LibinputEvents

/// The one way `--json` output is written: each line a value's `Encodable` form, its keys sorted,
/// so that the same input gives the same bytes.
public enum JSONLines {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The first line of a command's JSON output: which output it is (docs/json.md names each
    /// and its keys) and the schema's version, so that a script can refuse a version it does not know.
    public static func header(_ output: String) throws -> String {
        try line(Header(output: output, schemaVersion: JSONSchema.version))
    }

    /// A whole output: its header (``header(_:)``), then one line per value.
    public static func document(_ output: String, _ values: [some Encodable]) throws -> [String] {
        try [header(output)] + values.map { try line($0) }
    }

    /// A header line: which output, and the schema's version.
    public struct Header: Codable, Sendable {
        public var output: String
        public var schemaVersion: Int
    }

    /// `text`'s header, when it is a header line (a JSON object with both keys).
    public static func header(in text: some StringProtocol) -> Header? {
        try? JSONDecoder().decode(Header.self, from: Data(text.utf8))
    }

    /// `value` as one line of JSON, without the newline.
    public static func line(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
