import XCTest
@testable import Gestures

/// `OwnedList` manages its own storage: these check that it keeps elements in order as it grows
/// and shrinks, and that every element it drops or holds at its end is released exactly once.
final class OwnedListTests: XCTestCase {
    /// How many ``Tracked`` instances are alive, so the tests see what the list releases.
    private final class Census {
        var live = 0
    }

    private final class Tracked {
        let value: Int
        private let census: Census
        init(_ value: Int, in census: Census) {
            self.value = value
            self.census = census
            census.live += 1
        }
        deinit { census.live -= 1 }
    }

    func testGrowsPastItsCapacityKeepingOrder() {
        var list = OwnedList<Int>(capacity: 2)
        XCTAssertTrue(list.isEmpty)
        for value in 0..<9 { list.append(value * 10) }
        XCTAssertEqual(list.count, 9)
        XCTAssertFalse(list.isEmpty)
        XCTAssertEqual(Array(list.elements), [0, 10, 20, 30, 40, 50, 60, 70, 80])
        list[4] += 5
        list.mutableElements[0] = -1
        XCTAssertEqual(list[4], 45)
        XCTAssertEqual(list[0], -1)
    }

    func testFindsElements() {
        var list = OwnedList<Int>()
        for value in [3, 8, 8, 1] { list.append(value) }
        XCTAssertEqual(list.firstIndex { $0 == 8 }, 1)
        XCTAssertNil(list.firstIndex { $0 == 5 })
        XCTAssertTrue(list.contains { $0 < 2 })
        XCTAssertFalse(list.contains { $0 > 8 })
    }

    func testRemovingKeepsTheOthersInOrderAndReleasesTheRemoved() {
        let census = Census()
        var list = OwnedList<Tracked>(capacity: 1)
        for value in 0..<6 { list.append(Tracked(value, in: census)) }
        XCTAssertEqual(census.live, 6)
        list.removeAll { $0.value % 2 == 0 }
        XCTAssertEqual(census.live, 3)
        XCTAssertEqual(list.elements.map(\.value), [1, 3, 5])
        list.removeAll { $0.value == 5 }
        XCTAssertEqual(list.elements.map(\.value), [1, 3])
        list.removeAll()
        XCTAssertEqual(census.live, 0)
        XCTAssertTrue(list.isEmpty)
        list.append(Tracked(7, in: census))
        XCTAssertEqual(list[0].value, 7)
    }

    func testReleasesWhatItHoldsWhenItGoes() {
        let census = Census()
        func fill() {
            var list = OwnedList<Tracked>(capacity: 2)
            for value in 0..<5 { list.append(Tracked(value, in: census)) }
            XCTAssertEqual(census.live, 5)
        }
        fill()
        XCTAssertEqual(census.live, 0)
    }
}
