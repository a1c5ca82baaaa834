import LibinputEventText
import LibinputEvents
import XCTest

/// The one way `--json` output is written.
final class JSONLinesTests: XCTestCase {
    /// A document is its header, naming the output and the schema's version, then a line per
    /// value, each with its keys sorted.
    func testADocumentIsItsHeaderThenALinePerValue() throws {
        struct Value: Encodable { var b = 2, a = 1 }
        let lines = try JSONLines.document("example", [Value(), Value(b: 3)])
        XCTAssertEqual(lines.count, 3)
        let header = try XCTUnwrap(JSONLines.header(in: lines[0]))
        XCTAssertEqual(header.output, "example")
        XCTAssertEqual(header.schemaVersion, JSONSchema.version)
        XCTAssertEqual(Array(lines.dropFirst()), [#"{"a":1,"b":2}"#, #"{"a":1,"b":3}"#])
    }
}
