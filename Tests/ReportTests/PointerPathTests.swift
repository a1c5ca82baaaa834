import AppEvents
import Report
import XCTest

/// The pointer plot's path: cut by region, style and buttons, with no gap at a hand-over.
final class PointerPathTests: XCTestCase {
    private func event(_ time: Double, _ payload: AppEvent.Payload, buttons: ButtonMask = []) -> AppEvent {
        AppEvent(timestamp: time, buttonMask: buttons, modifierFlags: [], payload: payload)
    }

    private func hover(_ phase: TouchPhase, _ x: Double) -> AppEvent.Payload {
        .hover(
            Touch(
                id: TouchID(1), phase: phase, type: .indirectPointer, location: Point(x: x, y: 0),
                previousLocation: Point(x: x, y: 0)))
    }

    private func region(_ phase: PointerRegionEvent.Phase, _ name: String, _ x: Double) -> AppEvent.Payload {
        .pointerRegion(
            PointerRegionEvent(
                phase: phase, view: "list", region: name, rect: Rect(x: 0, y: 0, width: 10, height: 10),
                style: .effect(.highlight), location: Point(x: x, y: 0)))
    }

    func testContiguousRegionsHandOverWithNoGapAndLeavingStartsAPlainStretch() {
        let path = PointerPath([
            event(0, hover(.regionEntered, 1)),
            event(1, region(.willEnter, "a", 2)), event(1, hover(.regionMoved, 2)),
            event(2, hover(.regionMoved, 5)),
            event(3, region(.willExit, "a", 11)), event(3, region(.willEnter, "b", 11)),
            event(3, hover(.regionMoved, 11)),
            event(4, region(.willExit, "b", 25)), event(4, hover(.regionMoved, 25)),
            event(
                5,
                .touches([
                    Touch(
                        id: TouchID(2), phase: .began, type: .indirectPointer, location: Point(x: 25, y: 0),
                        previousLocation: Point(x: 25, y: 0))
                ]),
                buttons: .primary),
        ])
        XCTAssertEqual(path.segments.map(\.region), [nil, "list/a", "list/b", nil, nil])
        XCTAssertEqual(path.segments.map(\.isPressed), [false, false, false, false, true])
        XCTAssertEqual(
            path.segments.map { $0.points.map(\.x) }, [[1], [1, 2, 2, 5], [5, 11, 11], [11, 25], [25, 25]])
        for (a, b) in zip(path.segments, path.segments.dropFirst()) {
            XCTAssertEqual(a.points.last, b.points.first, "each stretch starts where the last ended")
        }
    }
}
