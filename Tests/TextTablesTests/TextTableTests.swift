import TextTables
import XCTest

final class TextTableTests: XCTestCase {
    /// Columns as wide as their widest cell, no spaces at a line's end, a rule under the header.
    func testColumnsAlignAndTheRuleCrossesThem() {
        let rows = [["recognizer", "compat", "indirect"], ["list/pan", "began 1", ""], ["tap", "-", "ended 1"]]
        XCTAssertEqual(
            TextTable.lines(rows, separator: " | ", rule: "-+-"),
            [
                "recognizer | compat  | indirect",
                "-----------+---------+---------",
                "list/pan   | began 1 |",
                "tap        | -       | ended 1",
            ])
        XCTAssertEqual(TextTable.lines([["a", "bb"], ["ccc", "d"]]), ["a    bb", "ccc  d"])
        XCTAssertEqual(TextTable.lines([], rule: "-+-"), [])
    }

    /// Within a width the table is as before; past it each row is a block, every cell whole.
    func testATableWiderThanTheTerminalIsARowABlock() {
        let rows = [["recognizer", "compat", "indirect"], ["list/pan", "began 1 ended 1, touches 2", ""]]
        let table = TextTable.lines(rows, separator: " | ", rule: "-+-")
        XCTAssertEqual(TextTable.lines(rows, separator: " | ", rule: "-+-", width: 80), table)
        XCTAssertEqual(TextTable.lines(rows, separator: " | ", rule: "-+-", width: nil), table)
        XCTAssertEqual(
            TextTable.lines(rows, separator: " | ", rule: "-+-", width: 30),
            ["list/pan", "  compat:   began 1 ended 1, touches 2", "  indirect:"])
    }

    func testACountTakesItsPlural() {
        XCTAssertEqual(
            [0, 1, 2].map { TextTable.counted($0, "event") }, ["0 events", "1 event", "2 events"])
    }
}
