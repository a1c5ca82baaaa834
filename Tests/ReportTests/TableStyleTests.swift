import AppEvents
import LibinputEvents
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
        XCTAssertEqual(narrow.statusWidth(columns: 2), 40, "the status line fits the terminal, or it wraps and stays")
        XCTAssertEqual(two.statusWidth(columns: 2), 120)
        let three = TableStyle.terminal(width: 70, columns: 3, colour: false)
        XCTAssertEqual(three.statusWidth(columns: 3), 70, "three columns of 20 at least beside 23: wider than 70")
        XCTAssertEqual(TableStyle.plain.statusWidth(columns: 2), 38 + 2 * 64)
        let alone = TableStyle.terminal(width: 100, columns: 0, colour: true)
        XCTAssertEqual([alone.sourceWidth, alone.columnWidth], [100, 0])
        XCTAssertTrue(alone.truncates && alone.statusLine && alone.colour)
    }

    /// A terminal cuts what does not fit; the legend says so, and how to see it whole.
    func testACutIsSaidInTheLegend() throws {
        let said = "…: a cell cut to fit the terminal; piped (| cat) or with --json, nothing is cut"
        let modes = DeliveryMode.allCases
        let accounting = modes.map { _ in Accounting() }
        let narrow = ModeStreamText(modes: modes, json: false, style: .terminal(width: 80, columns: 2, colour: false))
        XCTAssertTrue(try narrow.closing(accounting: accounting).contains("  " + said), "the modes' titles are cut")
        let wide = ModeStreamText(modes: modes, json: false, style: .terminal(width: 200, columns: 2, colour: false))
        XCTAssertFalse(try wide.closing(accounting: accounting).contains("  " + said))
        XCTAssertFalse(
            try ModeStreamText(modes: modes, json: false, style: .plain).closing(accounting: accounting)
                .contains("  " + said))

        let motion = LibinputEvent(
            time: 1_000_000, device: "event10",
            kind: .pointerMotion(dx: 1, dy: 2, unacceleratedDx: 1, unacceleratedDy: 2))
        var alone = ModeStreamText(modes: [], json: false, style: .terminal(width: 60, columns: 0, colour: false))
        XCTAssertEqual(try alone.closing(accounting: []), [])
        let line = try XCTUnwrap(try alone.lines(motion, columns: []).first)
        XCTAssertTrue(line.hasSuffix("…"), line)
        XCTAssertEqual(try alone.closing(accounting: []), ["legend:", "  " + said])
    }
}
