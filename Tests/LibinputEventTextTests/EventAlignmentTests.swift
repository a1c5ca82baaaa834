import LibinputEvents
import XCTest

/// Two versions' events lined up: a lost event is told as lost, not as every later one changed.
final class EventAlignmentTests: XCTestCase {
    /// The later version lost the first scroll event, and each one after it changed a little:
    /// by position alone the first two pair up as changed; with their moments, the first is
    /// missing and the second changed into the event at its own moment.
    func testAnEventIsChangedOnlyIntoOneAtItsMoment() {
        let before = ["scroll 3.38", "scroll 1.88/-1.88", "scroll 2.63/-3.01", "scroll -7.14"]
        let after = ["scroll 1.88/-1.81", "scroll 2.63/-2.90", "scroll -7.14"]
        let byPosition = EventAlignment.differences(before, after)
        XCTAssertEqual(byPosition.first?.expected, "scroll 3.38")
        XCTAssertEqual(byPosition.first?.actual, "scroll 1.88/-1.81")
        let timed = EventAlignment.differences(before, after, moments: ([92, 112, 133, 153], [112, 133, 153]))
        XCTAssertEqual(timed.map(\.index), [0, 1, 2])
        XCTAssertEqual(timed.map(\.actualIndex), [0, 0, 1])
        XCTAssertEqual(timed.map(\.expected), ["scroll 3.38", "scroll 1.88/-1.88", "scroll 2.63/-3.01"])
        XCTAssertEqual(timed.map(\.actual), [nil, "scroll 1.88/-1.81", "scroll 2.63/-2.90"])
    }
}
