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
}
