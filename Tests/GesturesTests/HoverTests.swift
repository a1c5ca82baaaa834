import Gestures
import AppEvents
import XCTest
import TestSupport

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

    /// A hover touch is a touch: a recognizer whose `allowedTouchTypes` leave out its type
    /// never sees it, as an indirect pointer's hover in indirect input mode.
    func testAHoverOfATypeTheRecognizerRefusesIsNotDelivered() {
        let (surface, hover) = makePanel()
        hover.allowedTouchTypes = [.direct]
        surface.handle(Events.hover(0, .regionMoved, 150, 150, type: .indirectPointer))
        XCTAssertEqual(hover.state, .possible)
        surface.handle(Events.hover(0.1, .regionMoved, 160, 150, type: .direct))
        XCTAssertEqual(hover.state, .began)
        hover.allowedTouchTypes = [.indirectPointer]
        surface.handle(Events.hover(0.2, .regionMoved, 170, 150, type: .indirectPointer))
        XCTAssertEqual(hover.record.transitions.map(\.state), [.began, .changed])
    }

    func testARecognizerRequiringTheHoverToFailFailsWhenItBegins() {
        // The requirement made before the surface is built, and after: the surface skips looking
        // for recognizers that must fail when it knows of no requirement.
        for requiredAfterBuilding in [false, true] {
            let hover = HoverGestureRecognizer()
            let tap = TapGestureRecognizer()
            if !requiredAfterBuilding { tap.require(toFail: hover) }
            let surface = Surface(regions: [
                Region(
                    name: "panel", frame: Rect(x: 100, y: 100, width: 200, height: 100),
                    gestureRecognizers: [hover, tap])
            ])
            if requiredAfterBuilding { tap.require(toFail: hover) }
            surface.handle(Events.hover(0, .regionMoved, 150, 150))
            XCTAssertEqual(hover.state, .began)
            XCTAssertEqual(
                tap.record.transitions.map(\.state), [.failed], "required after building: \(requiredAfterBuilding)")
        }
    }

    func testARegionOnTopHidesThePanel() {
        let (surface, hover) = makePanel()
        surface.handle(Events.hover(0, .regionMoved, 150, 150))
        surface.handle(Events.hover(0.1, .regionMoved, 260, 160))
        XCTAssertEqual(milestones(hover), [.began, .ended], "the badge lies on top of the panel there")
    }

    /// Moves over the panel in one region, with a modifier pressed part-way, a pass over the
    /// badge on top, a record read mid-way, and the window left: the built-in hover recognizer
    /// and an app's subclass of it read the same, the state at every event, the location at
    /// every fifth, the record mid-way and at the end.
    func testAnAppSubclassOfHoverReadsAsTheBuiltInOne() {
        final class AppHover: HoverGestureRecognizer {}
        var events = [Events.hover(0, .regionEntered, 50, 50)]
        for step in 0..<20 {
            events.append(
                Events.hover(
                    0.1 + Double(step) * 0.01, .regionMoved, 110 + Double(step) * 5, 120,
                    modifiers: step >= 12 ? .shift : []))
        }
        events += [
            Events.hover(0.4, .regionMoved, 260, 160),
            Events.hover(0.41, .regionMoved, 200, 160),
            Events.hover(0.42, .regionMoved, 210, 165),
            Events.hover(0.43, .regionMoved, 220, 170),
            Events.hover(0.5, .regionExited, 220, 170),
        ]
        let builtIn = HoverGestureRecognizer()
        let subclassed = AppHover()
        let surfaces = [builtIn, subclassed].map { hover in
            Surface(regions: [
                Region(
                    name: "panel", frame: Rect(x: 100, y: 100, width: 200, height: 100), gestureRecognizers: [hover]),
                Region(name: "badge", frame: Rect(x: 250, y: 150, width: 50, height: 50)),
            ])
        }
        for (index, event) in events.enumerated() {
            surfaces.forEach { $0.handle(event) }
            XCTAssertEqual(builtIn.state, subclassed.state, "event \(index)")
            XCTAssertEqual(builtIn.modifierFlags, subclassed.modifierFlags, "event \(index)")
            if index % 5 == 0 { XCTAssertEqual(builtIn.location, subclassed.location, "event \(index)") }
            if index == 8 { XCTAssertEqual(builtIn.record, subclassed.record, "read mid-way") }
        }
        XCTAssertEqual(builtIn.record, subclassed.record)
        XCTAssertEqual(builtIn.record.transitions.map(\.state), [.began, .changed, .ended, .began, .changed, .ended])
        XCTAssertEqual(builtIn.record.transitions.map(\.count), [1, 19, 1, 1, 2, 1], "every move inside counted")
    }

    /// A delegate set while the pointer hovers is asked about the next move, and its no keeps
    /// the recognizer where it was.
    func testADelegateSetWhileHoveringIsAskedAboutTheNextMove() {
        let (surface, hover) = makePanel()
        for step in 0..<5 {
            surface.handle(Events.hover(Double(step) * 0.01, .regionMoved, 110 + Double(step) * 10, 120))
        }
        let delegate = RecordingDelegate()
        delegate.acceptsEvent = { _ in false }
        hover.delegate = delegate
        surface.handle(Events.hover(0.1, .regionMoved, 200, 130))
        XCTAssertEqual(delegate.eventQuestions.count, 1)
        XCTAssertEqual(hover.location, Point(x: 150, y: 120), "the last move it took")
        XCTAssertEqual(hover.record.transitions.map(\.count), [1, 4])
    }

    /// A region taken by another surface keeps what its recognizers handled on the first one.
    func testARegionMovedToAnotherSurfaceKeepsItsLastHoverMoves() {
        let (surface, hover) = makePanel()
        for step in 0..<5 {
            surface.handle(Events.hover(Double(step) * 0.01, .regionMoved, 110 + Double(step) * 10, 120))
        }
        let other = Surface()
        other.addRegion(surface.regions[1])
        XCTAssertEqual(hover.location, Point(x: 150, y: 120))
        XCTAssertEqual(hover.record.transitions.map(\.count), [1, 4])
    }
}
