import AppEvents
import Gestures
import XCTest
import TestSupport

/// The two-finger multi-select pan, from plain touches: a list of 44-point rows from y 100.
final class MultipleSelectionTests: XCTestCase {
    private func list(_ select: MultipleSelectionInteraction) -> Surface {
        Surface(regions: [
            Region(name: "list", frame: Rect(x: 0, y: 100, width: 480, height: 440), gestureRecognizers: [select])
        ])
    }

    /// Two touches at (x, y ± 20), simulated or not.
    private func pair(
        _ time: Double, _ phase: TouchPhase, _ x: Double, _ y: Double, simulated: Bool = false
    ) -> AppEvent {
        Events.touches(
            time,
            [
                Events.touch(1, phase, x - 20, y, simulated: simulated),
                Events.touch(2, phase, x + 20, y, simulated: simulated),
            ])
    }

    func testTwoTouchesPanningDownSelectTheRowsTheyCross() {
        let select = MultipleSelectionInteraction()
        list(select).handle([
            pair(0, .began, 200, 120), pair(0.05, .moved, 201, 130), pair(0.1, .moved, 202, 160),
            pair(0.2, .moved, 203, 250), pair(0.3, .ended, 203, 250),
        ])
        XCTAssertEqual(select.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(select.selectedRows, 0...3, "from row 0 (y 100–144) to row 3 (y 232–276)")
        XCTAssertEqual(select.record.finalValues?["selectedRows"], .rows(0...3))
    }

    /// Rows too thin or a region too tall for an Int to count them are counted all the same,
    /// up to the last row a region can say.
    func testRowsBeyondAnIntAreCountedWithoutATrap() {
        let select = MultipleSelectionInteraction()
        select.rowHeight = 1e-17
        let tall = Surface(regions: [
            Region(name: "list", frame: Rect(x: 0, y: 100, width: 480, height: 1e300), gestureRecognizers: [select])
        ])
        tall.handle([pair(0, .began, 200, 120), pair(0.1, .moved, 200, 160), pair(0.2, .ended, 200, 160)])
        XCTAssertEqual(select.selectedRows, Int(Int32.max) - 1...Int(Int32.max) - 1)
    }

    func testPanningBackFollowsTheTouches() {
        let select = MultipleSelectionInteraction()
        list(select).handle([
            pair(0, .began, 200, 300), pair(0.1, .moved, 200, 400), pair(0.2, .moved, 200, 250),
            pair(0.3, .ended, 200, 250),
        ])
        XCTAssertEqual(select.selectedRows, 3...4, "down to row 6, then back up to row 3: rows 3 and 4")
    }

    /// The midpoint must move more than 10 points before anything is decided; then it begins when
    /// it moved at least as far up or down as sideways (a 45° move begins), and fails otherwise.
    func testTheHysteresisAndTheDiagonalDecide() {
        let within = MultipleSelectionInteraction()
        let surface = list(within)
        surface.handle([pair(0, .began, 200, 300), pair(0.1, .moved, 200, 309.9)])
        XCTAssertEqual(within.state, .possible, "9.9 points stay within")
        surface.handle(pair(0.2, .moved, 200, 310.1))
        XCTAssertEqual(within.state, .began, "10.1 points pass")
        for (dx, dy, state) in [(8.0, 8.0, GestureRecognizer.State.began), (8.0, 7.9, .failed), (-8.0, -8.0, .began)] {
            let select = MultipleSelectionInteraction()
            list(select).handle([pair(0, .began, 200, 300), pair(0.1, .moved, 200 + dx, 300 + dy)])
            XCTAssertEqual(select.state, state, "moved (\(dx), \(dy))")
        }
    }

    func testSidewaysOneTouchThreeTouchesOrTheOptInOffNeverSelect() {
        let sideways = MultipleSelectionInteraction()
        list(sideways).handle([pair(0, .began, 200, 300), pair(0.1, .moved, 230, 305), pair(0.2, .ended, 230, 305)])
        XCTAssertEqual(sideways.record.transitions.map(\.state), [.failed], "sideways is the list's swipe actions")

        let one = MultipleSelectionInteraction()
        list(one).handle([
            Events.touches(0, [Events.touch(1, .began, 200, 300)]),
            Events.touches(0.1, [Events.touch(1, .moved, 200, 400)]),
            Events.touches(0.2, [Events.touch(1, .ended, 200, 400)]),
        ])
        XCTAssertEqual(one.record.transitions.map(\.state), [.failed])

        let three = MultipleSelectionInteraction()
        list(three).handle([
            Events.touches(
                0,
                [
                    Events.touch(1, .began, 180, 300), Events.touch(2, .began, 200, 300),
                    Events.touch(3, .began, 220, 300),
                ]),
            Events.touches(
                0.1,
                [
                    Events.touch(1, .moved, 180, 400), Events.touch(2, .moved, 200, 400),
                    Events.touch(3, .moved, 220, 400),
                ]),
        ])
        XCTAssertEqual(three.record.transitions.map(\.state), [.failed])

        let off = MultipleSelectionInteraction()
        off.shouldBeginMultipleSelectionInteraction = false
        list(off).handle([pair(0, .began, 200, 120), pair(0.1, .moved, 200, 250), pair(0.2, .ended, 200, 250)])
        XCTAssertEqual(off.record.transitions.map(\.state), [.failed])
        XCTAssertNil(off.selectedRows)
    }

    /// A pinch's simulated touches drifting down in compatibility mode select as fingers would;
    /// the same pinch as transform events is nothing a touch recognizer takes.
    func testAPinchsSimulatedTouchesSelectButItsTransformDoesNot() {
        // The pinch over the list, its pointer at (240, 300), drifting down as it spreads.
        let drift = [
            PinchStep(time: 0, centre: Point(x: 240, y: 300)), PinchStep(time: 0.05, centre: Point(x: 240, y: 308)),
            PinchStep(time: 0.1, scale: 1.2, centre: Point(x: 241, y: 340)),
            PinchStep(time: 0.2, scale: 1.4, centre: Point(x: 242, y: 380)),
        ]
        let compat = MultipleSelectionInteraction()
        list(compat).handle(PinchStreams.compat(drift))
        XCTAssertEqual(compat.record.transitions.first?.state, .began)
        let indirect = MultipleSelectionInteraction()
        list(indirect).handle(PinchStreams.indirect(drift))
        XCTAssertEqual(indirect.record.transitions, [])
    }
}
