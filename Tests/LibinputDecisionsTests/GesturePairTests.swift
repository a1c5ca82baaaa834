import LibinputDecisions
import XCTest

/// The two touches libinput follows for a gesture: explain's measures and the synthesizer's
/// drifting-pinch note both take them from here.
final class GesturePairTests: XCTestCase {
    func testTwoTouchesAreFollowedInSlotOrder() {
        XCTAssertEqual(GesturePair.followed(ys: [30, 10]), [0, 1])
        XCTAssertEqual(GesturePair.followed(ys: [5]), [0])
    }

    func testOfMoreTheFirstHighestAndTheLastLowest() {
        XCTAssertEqual(GesturePair.followed(ys: [20, 10, 30]), [1, 2])
        XCTAssertEqual(GesturePair.followed(ys: [10, 10, 10]), [0, 2], "a tie: the first on top, the last below")
        XCTAssertEqual(GesturePair.followed(ys: [20, 5, 20, 5]), [1, 2], "strictly higher, or as low or lower")
    }

    func testOnlyTheFirstFourTouchesAreWeighed() {
        XCTAssertEqual(GesturePair.followed(ys: [20, 10, 30, 25, 90]), [1, 2], "the fifth, lowest, is not weighed")
        XCTAssertEqual(GesturePair.followed(ys: [20, 10, 30, 25, 0]), [1, 2], "nor the fifth, highest")
    }
}
