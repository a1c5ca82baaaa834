import AppEvents
import Report
import XCTest

/// The table's legend says the terms the output used, and only those.
final class TableLegendTests: XCTestCase {
    private func legend(_ payloads: [AppEvent.Payload]) -> [String] {
        var legend = TableLegend()
        for payload in payloads {
            legend.note(AppEvent(timestamp: 0, buttonMask: [], modifierFlags: [], payload: payload))
        }
        return legend.lines(accounting: [])
    }

    /// A scroll's, or a system swipe's, Δ and Σ are said in screen points; a hold has none.
    func testTheDeltasUnitIsSaidWhereTheyAreShown() {
        let unit = "  Δ(x,y) Σ(x,y): the change in this event and since the gesture began, in screen points"
        let scroll = ScrollEvent(phase: .changed, type: .continuous, delta: .zero, translation: .zero, location: .zero)
        XCTAssertTrue(legend([.scroll(scroll)]).contains(unit))
        let swipe = SystemGestureEvent(kind: .swipe, phase: .changed, fingers: 3, translation: .zero)
        XCTAssertTrue(legend([.systemGesture(swipe)]).contains(unit))
        let hold = SystemGestureEvent(kind: .hold, phase: .began, fingers: 2, translation: .zero)
        XCTAssertFalse(legend([.systemGesture(hold)]).contains(unit))
        XCTAssertEqual(legend([]), [])
    }
}
