import Report
import XCTest

/// A terminal's table: the libinput column a third of the width, the app-event columns sharing
/// the rest, none narrower than it can be read.
final class TableStyleTests: XCTestCase {
    func testATerminalsWidthIsSharedBetweenTheColumns() {
        let two = TableStyle.terminal(width: 120, columns: 2, colour: false)
        XCTAssertEqual([two.sourceWidth, two.columnWidth], [34, 43])
        let narrow = TableStyle.terminal(width: 40, columns: 2, colour: false)
        XCTAssertEqual([narrow.sourceWidth, narrow.columnWidth], [20, 20], "60 columns at least, 20 each")
        let alone = TableStyle.terminal(width: 100, columns: 0, colour: true)
        XCTAssertEqual([alone.sourceWidth, alone.columnWidth], [100, 0])
        XCTAssertTrue(alone.truncates && alone.statusLine && alone.colour)
    }
}
