import Foundation
import LibinputDecisions
import TestSupport
import XCTest

/// The values a finding's `rule` and `unit` take, held to the finding table of docs/json.md.
final class FindingDocsTests: XCTestCase {
    /// The cell of the `key` row of json.md's finding table that says what it holds.
    private func meaning(of key: String) throws -> Substring {
        let docs = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/json.md"), encoding: .utf8)
        let table = try XCTUnwrap(docs.range(of: "\n### finding\n"), "json.md has a finding table")
        let row = try XCTUnwrap(
            docs[table.upperBound...].split(separator: "\n").first { $0.hasPrefix("| `\(key)` |") }, key)
        return try XCTUnwrap(row.split(separator: "|").last, key)
    }

    func testEveryRuleAndUnitIsDocumented() throws {
        let rules = try meaning(of: "rule"), units = try meaning(of: "unit")
        for rule in Rule.allCases { XCTAssertTrue(rules.contains("`\(rule.rawValue)`"), "rule \(rule)") }
        for unit in Finding.Unit.allCases {
            XCTAssertTrue(units.contains(unit == .none ? "empty" : "`\(unit.rawValue)`"), "unit \(unit)")
        }
    }
}
