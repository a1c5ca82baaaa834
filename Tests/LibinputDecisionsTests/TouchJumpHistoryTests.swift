import LibinputDecisions
import XCTest

/// One touch's history as `tp_detect_jumps` keeps it.
final class TouchJumpHistoryTests: XCTestCase {
    func testAMoveIsWeighedAgainstTheLastEvenAfterAJump() throws {
        var history = TouchJumpHistory()
        // Where the history starts again nothing is weighed, and the next move is weighed against 0.
        XCTAssertNil(history.weigh(30, over: 12_000, restarted: true))
        let first = try XCTUnwrap(history.weigh(8, over: 12_000, restarted: false))
        XCTAssertEqual(first.last, 0)
        XCTAssertTrue(TouchJumpRule.isJump(first.scaled, after: first.last))
        // libinput pushes the jumped-to point, so the next move is weighed, against the jump.
        let next = try XCTUnwrap(history.weigh(14, over: 12_000, restarted: false))
        XCTAssertEqual(next.last, 8)
        XCTAssertFalse(TouchJumpRule.isJump(next.scaled, after: next.last))
    }

    func testAMoveOverALongGapIsNotWeighedAndKeepsTheLast() throws {
        var history = TouchJumpHistory()
        _ = history.weigh(3, over: 12_000, restarted: false)
        XCTAssertNil(history.weigh(30, over: 31_000, restarted: false))
        XCTAssertEqual(history.last, 3)
        // Scaled to 12 ms: 3 mm in 6 ms is 6 mm.
        XCTAssertEqual(history.weigh(3, over: 6_000, restarted: false)?.scaled, 6)
    }
}
