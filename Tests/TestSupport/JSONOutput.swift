import Foundation
import LibinputEvents
import XCTest

/// The objects of a command's JSON Lines output after its header line, which must be there and
/// name the current schema version.
public func jsonLines(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
    let objects = try text.split(separator: "\n").map {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], file: file, line: line)
    }
    guard let header = objects.first, header["schemaVersion"] as? Int == JSONSchema.version, header["output"] is String
    else {
        XCTFail(
            "no JSON header line with schemaVersion \(JSONSchema.version): \(text.prefix(200))", file: file, line: line)
        return objects
    }
    return Array(objects.dropFirst())
}

/// The one object of a command's JSON output of one line after its header.
public func jsonObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    let objects = try jsonLines(text, file: file, line: line)
    XCTAssertEqual(objects.count, 1, "one object expected: \(text.prefix(200))", file: file, line: line)
    return try XCTUnwrap(objects.first, file: file, line: line)
}

/// The cells of a Markdown table row, trimmed, the empty ones outside its first and last `|`
/// included; `\|` is a `|` inside a cell (docs/json.md's alternatives).
public func markdownCells(_ line: String) -> [String] {
    line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.replacingOccurrences(of: "\u{1}", with: "|").trimmingCharacters(in: .whitespaces) }
}
