import Gestures
import IndirectInput
import XCTest

final class HoverTests: XCTestCase {
    /// "panel" [100, 100, 200 × 100] with a hover recognizer, under "badge" [250, 150, 50 × 50].
    private func makePanel() -> (Surface, HoverGestureRecognizer) {
        let hover = HoverGestureRecognizer()
        let surface = Surface(regions: [
            Region(name: "canvas", frame: Rect(x: 0, y: 0, width: 1000, height: 1000)),
            Region(name: "panel", frame: Rect(x: 100, y: 100, width: 200, height: 100), gestureRecognizers: [hover]),
            Region(name: "badge", frame: Rect(x: 250, y: 150, width: 50, height: 50)),
        ])
        return (surface, hover)
    }

    func testBeganChangedEndedFollowThePointerOverTheRegion() {
        let (surface, hover) = makePanel()
        surface.handle(Events.hover(0, .regionEntered, 50, 50))
        XCTAssertEqual(hover.state, .possible, "the pointer entered the window, not the panel")

        surface.handle(Events.hover(0.1, .regionMoved, 150, 150))
        XCTAssertEqual(hover.state, .began)
        XCTAssertEqual(hover.location, Point(x: 150, y: 150))
        surface.handle(Events.hover(0.2, .regionMoved, 160, 150))
        XCTAssertEqual(hover.state, .changed)
        surface.handle(Events.hover(0.3, .regionMoved, 400, 150))
        XCTAssertEqual(hover.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(hover.record.transitions.map(\.time), [0.1, 0.2, 0.3])
        XCTAssertEqual(hover.state, .possible, "ready for the next entry")

        surface.handle(Events.hover(0.4, .regionMoved, 150, 150))
        surface.handle(Events.hover(0.5, .regionExited, 150, 150))
        XCTAssertEqual(milestones(hover), [.began, .ended, .began, .ended], "leaving the window ends it too")
    }

    func testARecognizerRequiringTheHoverToFailFailsWhenItBegins() {
        // The requirement made before the surface is built, and after: the surface skips looking
        // for recognizers that must fail when it knows of no requirement.
        for requiredAfterBuilding in [false, true] {
            let hover = HoverGestureRecognizer()
            let tap = TapGestureRecognizer()
            if !requiredAfterBuilding { tap.require(toFail: hover) }
            let surface = Surface(regions: [
                Region(name: "panel", frame: Rect(x: 100, y: 100, width: 200, height: 100), gestureRecognizers: [hover, tap]),
            ])
            if requiredAfterBuilding { tap.require(toFail: hover) }
            surface.handle(Events.hover(0, .regionMoved, 150, 150))
            XCTAssertEqual(hover.state, .began)
            XCTAssertEqual(tap.record.transitions.map(\.state), [.failed], "required after building: \(requiredAfterBuilding)")
        }
    }

    func testARegionOnTopHidesThePanel() {
        let (surface, hover) = makePanel()
        surface.handle(Events.hover(0, .regionMoved, 150, 150))
        surface.handle(Events.hover(0.1, .regionMoved, 260, 160))
        XCTAssertEqual(milestones(hover), [.began, .ended], "the badge lies on top of the panel there")
    }
}
