import AppEvents
import XCTest

/// The nearest point of a rectangle: where the pointer stops at the screen's edges, where a
/// pinch's simulated touches are kept, and where a snapping view pulls the pointer.
final class RectTests: XCTestCase {
    func testNearestPointIsThePointInsideAndTheEdgeOutside() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(rect.nearest(to: Point(x: 30, y: 40)), Point(x: 30, y: 40))
        XCTAssertEqual(rect.nearest(to: Point(x: -5, y: 0)), Point(x: 10, y: 20))
        let farCorner = rect.nearest(to: Point(x: 500, y: 500))
        XCTAssertEqual(farCorner, Point(x: 110.0.nextDown, y: 70.0.nextDown))
        XCTAssertTrue(rect.contains(farCorner), "the far edges are not the rectangle's: the point stops below them")
        XCTAssertEqual(rect.lastPoint, farCorner)
        XCTAssertEqual(Rect(size: Size(width: 1440, height: 900)), Rect(x: 0, y: 0, width: 1440, height: 900))
        XCTAssertEqual(
            Rect(x: 5, y: 5, width: 0, height: 10).nearest(to: Point(x: 9, y: 7)), Point(x: 5, y: 7),
            "a rectangle without width is its left edge: nothing of it lies left of that")
    }
}
