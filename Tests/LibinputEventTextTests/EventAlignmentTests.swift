@testable import LibinputEvents
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

    /// The later version lost the first of two alike scroll events: by the common subsequence alone
    /// it lost the second; with their moments, the first, and the second lines up with its own.
    /// Alike events all shifted in time are still alike.
    func testTheFirstOfAlikeEventsIsTheOneLost() {
        let before = ["scroll 4.27", "scroll 4.27", "scroll 3.95", "scroll 4.27"]
        let after = ["scroll 4.27", "scroll 3.95", "scroll 4.27"]
        XCTAssertEqual(EventAlignment.differences(before, after).map(\.index), [1])
        let timed = EventAlignment.differences(before, after, moments: ([52, 60, 68, 76], [60, 68, 76]))
        XCTAssertEqual(timed.map(\.index), [0])
        XCTAssertEqual(timed.map(\.expected), ["scroll 4.27"])
        XCTAssertEqual(timed.map(\.actual), [nil])
        let reversed = EventAlignment.differences(after, before, moments: ([60, 68, 76], [52, 60, 68, 76]))
        XCTAssertEqual(reversed.map(\.actualIndex), [0])
        XCTAssertEqual(reversed.map(\.actual), ["scroll 4.27"])
        XCTAssertEqual(EventAlignment.differences(after, after, moments: ([60, 68, 76], [68, 76, 84])), [])
    }

    /// Of two alike events, the earlier stays paired when the later is further from the other
    /// side's moment: A@0, A@10 against A@3 lost the second A, not the first.
    func testAnAlikeEventFurtherAwayIsNotPreferred() {
        let timed = EventAlignment.differences(["A", "A"], ["A"], moments: ([0, 10], [3]))
        XCTAssertEqual(timed.map(\.index), [1])
        XCTAssertEqual(timed.map(\.expected), ["A"])
        XCTAssertEqual(timed.map(\.actual), [nil])
    }

    /// Streams too long for one table, lined up a window at a time (here a table of 400 cells, a
    /// window of 20 events): a version that lost its third event, and changed the events of every
    /// hundredth moment, is told so, as the whole table tells it, not every event after the third.
    func testLongStreamsAreLinedUpAWindowAtATime() {
        let count = 1000
        let before = (0..<count).map { "motion \($0 % 7)" }
        var after = before.enumerated().map { $0.offset % 100 == 50 ? $0.element + " accelerated" : $0.element }
        after.remove(at: 2)
        var moments = (Array(Int64(0)..<Int64(count)), Array(Int64(0)..<Int64(count)))
        moments.1.remove(at: 2)
        let whole = EventAlignment.differences(before, after, moments: moments, cells: count * count)
        XCTAssertEqual(whole.count, 11)
        XCTAssertEqual(whole.first, .init(index: 2, actualIndex: 2, expected: "motion 2", actual: nil))
        XCTAssertEqual(EventAlignment.differences(before, after, moments: moments, cells: 400), whole)
        // Without moments, alike events line up more than one way, but as few differences are
        // found as by the whole table (position by position, nearly every event), read to the end.
        let longer = after + (0..<count).map { "motion \($0)" }
        let windowed = EventAlignment.differences(before, longer, moments: nil, cells: 400)
        XCTAssertEqual(
            windowed.count, EventAlignment.differences(before, longer, moments: nil, cells: 4 * count * count).count)
        XCTAssertEqual(windowed.last?.actualIndex, longer.count - 1)
    }

    /// Runs of events alike at one moment are passed over without a table, as the whole table
    /// passes them: a difference after a long alike start, or between two alike runs, is told
    /// as the whole table tells it, with a window far shorter than the runs. An event alike but
    /// at another moment is no such run: the table still weighs it.
    func testAlikeRunsLineUpAsTheWholeTableDoes() {
        let count = 1000
        let before = (0..<count).map { "key \($0 % 13)" }
        var after = before
        after.remove(at: 990)
        after[500] = "key changed"
        var moments = (Array(Int64(0)..<Int64(count)), Array(Int64(0)..<Int64(count)))
        moments.1.remove(at: 990)
        for moments in [moments, nil] {
            let whole = EventAlignment.differences(before, after, moments: moments, cells: count * count)
            XCTAssertEqual(whole.map(\.index), [500, 990])
            XCTAssertEqual(EventAlignment.differences(before, after, moments: moments, cells: 400), whole)
        }
        XCTAssertEqual(EventAlignment.differences(before, before, moments: nil, cells: 4), [])
        // In the windows only whole stretches a window would take are passed, so each window begins
        // where it would have: here, a window of 3 lines up as the whole table does.
        let (b, a) = (["B", "B", "B", "A", "A"], ["B", "A", "A", "A"])
        let whole = EventAlignment.differences(b, a, moments: nil, cells: 100)
        XCTAssertEqual(whole.count, 2)
        XCTAssertEqual(EventAlignment.differences(b, a, moments: nil, cells: 9), whole)
        let shifted = EventAlignment.differences(
            ["A", "A", "B"], ["A", "B"], moments: ([0, 10, 20], [10, 20]), cells: 4)
        XCTAssertEqual(shifted, [.init(index: 0, actualIndex: 0, expected: "A", actual: nil)])
    }
}
