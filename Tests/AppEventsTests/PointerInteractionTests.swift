import AppEvents
import LibinputEvents
import XCTest

/// The pointer model on the examples of WWDC20 10093 "Build for the iPadOS pointer", through the
/// translator, every stream held to the invariant checker.
final class PointerInteractionTests: XCTestCase {
    /// The pointer starts at the screen's centre, (720, 450).
    private func harness(_ interactions: [PointerInteraction], mode: DeliveryMode = .indirectInput) -> Harness {
        let harness = Harness(mode: mode, configuration: .init(pointerInteractions: interactions))
        harness.send(.added("event5", [.pointer, .gesture]))
        return harness
    }

    private func regionEvents(_ events: [AppEvent]) -> [String] {
        events.compactMap { event in
            guard case .pointerRegion(let region) = event.payload else { return nil }
            return "\(region.phase.rawValue) \(region.region)"
        }
    }

    /// WWDC20 10093, 8:02: a text view's line with a vertical beam and `.vertical` constrained axes:
    /// the pointer rides a horizontal rail along the line.
    func testAVerticalBeamWithVerticalConstrainedAxesHoldsYOnTheLine() throws {
        let line = PointerRegion(
            identifier: "line", rect: Rect(x: 600, y: 440, width: 300, height: 20),
            style: .shape(.verticalBeam(length: 20), constrainedAxes: .vertical))
        let h = harness([PointerInteraction(view: "text", viewFrame: line.rect, regions: [line])])
        h.send(.motion(1, 3))
        var locations: [Point] = []
        for (dx, dy) in [(5.0, 2.0), (7, -4), (12, 5), (-3, -6)] {
            locations += h.send(.motion(dx, dy)).compactMap(\.hoverTouch?.location)
        }
        XCTAssertEqual(locations.count, 4)
        XCTAssertEqual(Set(locations.map(\.y)), [450], "the rail is the line's middle")
        XCTAssertEqual(locations.map(\.x), [726, 733, 745, 742], "x follows the motion")
        XCTAssertEqual(
            h.translator.pointer.location.y, 450, "the pointer underneath still moves: 450 + 3 + 2 - 4 + 5 - 6")
        XCTAssertEqual(regionEvents(h.events), ["willEnter line"])
        XCTAssertEqual(h.allViolations, [])
    }

    /// A line half off the screen: its rail is the screen's last row of points, and holds.
    func testARailOffTheScreenLiesOnItsEdge() {
        let line = PointerRegion(
            identifier: "line", rect: Rect(x: 600, y: 440, width: 300, height: 1000),
            style: .shape(.verticalBeam(length: 20), constrainedAxes: .vertical))
        let h = harness([PointerInteraction(view: "text", viewFrame: line.rect, regions: [line])])
        h.send(.motion(1, 0))
        h.send(.motion(4, 30))
        XCTAssertEqual(Set(h.events.compactMap(\.hoverTouch?.location.y)), [Double(900).nextDown])
        XCTAssertEqual(h.allViolations, [])
    }

    /// WWDC20 10093 (Reminders): contiguous regions hand over on one event, exit then enter, with
    /// no drop to the system pointer between them.
    func testContiguousRegionsHandOverWithNoGap() throws {
        let style = PointerStyle.effect(.highlight)
        let regions = (0..<3).map {
            PointerRegion(
                identifier: "cell\($0)", rect: Rect(x: 700 + 40 * Double($0), y: 400, width: 40, height: 100),
                style: style)
        }
        let h = harness([
            PointerInteraction(view: "list", viewFrame: Rect(x: 700, y: 400, width: 120, height: 100), regions: regions)
        ])
        h.send(.motion(1, 0))
        let crossing = h.send(.motion(25, 0))
        XCTAssertEqual(regionEvents(crossing), ["willExit cell0", "willEnter cell1"])
        XCTAssertEqual(crossing.count, 3, "the exit, the enter and the hover's move, on one event")
        XCTAssertEqual(Set(crossing.map(\.timestamp)).count, 1)
        h.send(.motion(40, 0))
        XCTAssertEqual(
            regionEvents(h.events),
            ["willEnter cell0", "willExit cell0", "willEnter cell1", "willExit cell1", "willEnter cell2"])
        XCTAssertEqual(h.allViolations, [])
    }

    /// WWDC20 10093: a region padded beyond the view makes the pointer snap to the button before it
    /// reaches its edge; by default (magnetism 0) the app sees the pointer where it is.
    func testAPaddedRegionIsEnteredBeforeThePointerReachesTheView() throws {
        let button = Rect(x: 760, y: 430, width: 40, height: 40)
        let padded = PointerRegion(
            identifier: "button", rect: Rect(x: 740, y: 418, width: 80, height: 64), style: .effect(.lift))
        let h = harness([PointerInteraction(view: "button", viewFrame: button, regions: [padded])])
        h.send(.motion(10, 0))
        XCTAssertEqual(regionEvents(h.events), [], "730 is outside the padding")
        let entering = h.send(.motion(15, 0))
        XCTAssertEqual(regionEvents(entering), ["willEnter button"])
        XCTAssertEqual(h.translator.pointer.location.x, 745, "short of the view (760)")
        XCTAssertEqual(entering.last?.hoverTouch?.location, Point(x: 745, y: 450), "not pulled")
        h.send(.motion(30, 0))
        XCTAssertEqual(h.translator.pointerLocation, Point(x: 775, y: 450), "inside the view the pointer is free")
        XCTAssertEqual(h.allViolations, [])
    }

    /// Magnetism 1 pulls onto the view's edge, 0.5 halfway; 0 leaves the pointer where it is.
    func testMagnetismScalesThePull() {
        let button = Rect(x: 760, y: 430, width: 40, height: 40)
        let padded = PointerRegion(
            identifier: "b", rect: Rect(x: 740, y: 418, width: 80, height: 64), style: .effect(.highlight))
        for (magnetism, x) in [(1.0, 760.0), (0.5, 752.5), (0.0, 745.0)] {
            let h = harness([PointerInteraction(view: "b", viewFrame: button, regions: [padded], magnetism: magnetism)])
            h.send(.motion(25, 0))
            XCTAssertEqual(h.translator.pointerLocation.x, x, "magnetism \(magnetism)")
        }
    }

    /// A hover effect leaves the pointer unchanged and does not snap: no magnetism pulls it.
    func testAHoverIsNotPulled() {
        let button = Rect(x: 760, y: 430, width: 40, height: 40)
        for effect in PointerStyle.Effect.allCases {
            let padded = PointerRegion(
                identifier: "b", rect: Rect(x: 740, y: 418, width: 80, height: 64), style: .effect(effect))
            let h = harness([PointerInteraction(view: "b", viewFrame: button, regions: [padded], magnetism: 1)])
            h.send(.motion(25, 0))
            XCTAssertEqual(h.translator.pointerLocation.x, effect == .hover ? 745 : 760, "\(effect)")
        }
    }

    /// Overlapping interactions: the topmost view's region wins; its exit hands back to the one below.
    func testTheTopmostViewsRegionWins() {
        let below = PointerInteraction(view: "canvas", viewFrame: Rect(x: 0, y: 0, width: 1440, height: 900))
        let above = PointerInteraction(view: "panel", viewFrame: Rect(x: 730, y: 400, width: 100, height: 100))
        let h = harness([below, above])
        h.send(.motion(1, 0))
        h.send(.motion(20, 0))
        h.send(.motion(200, 0))
        XCTAssertEqual(
            regionEvents(h.events),
            ["willEnter canvas", "willExit canvas", "willEnter panel", "willExit panel", "willEnter canvas"])
    }

    /// A click's touch follows the constrained pointer too, and the click is on the rail.
    func testAClickOnARailLandsOnTheLine() {
        let line = PointerRegion(
            identifier: "line", rect: Rect(x: 600, y: 440, width: 300, height: 30),
            style: .shape(.verticalBeam(length: 30), constrainedAxes: .vertical))
        for mode in DeliveryMode.allCases {
            let h = harness([PointerInteraction(view: "text", viewFrame: line.rect, regions: [line])], mode: mode)
            h.send(.motion(2, 8))
            h.send(.press(Button.left))
            h.send(.motion(30, -5))
            h.send(.release(Button.left))
            let touches = h.events.flatMap(\.touches)
            XCTAssertEqual(touches.map(\.phase), [.began, .moved, .ended], "\(mode)")
            XCTAssertEqual(Set(touches.map(\.location.y)), [455], "\(mode)")
            XCTAssertEqual(h.allViolations, [], "\(mode)")
        }
    }

    /// Locking the pointer and losing the last device each leave the region, before the hover's
    /// exit or the lock's notification; a push past the screen's edge keeps it in the region.
    func testAHiddenPointerLeavesItsRegion() {
        let whole = [PointerInteraction(view: "canvas", viewFrame: Rect(x: 0, y: 0, width: 1440, height: 900))]
        let h = harness(whole)
        h.send(.motion(1, 0))
        let pushed = h.send(.motion(0, -2000))
        XCTAssertEqual(regionEvents(pushed), [])
        XCTAssertEqual(pushed.last?.hoverTouch?.phase, .regionMoved)
        h.send(.motion(0, 100))
        let locked = h.requestPointerLock(true)
        XCTAssertEqual(regionEvents(locked), ["willExit canvas"])
        if case .pointerLock(true) = locked.last?.payload {
        } else {
            XCTFail("the lock's notification comes after the exit")
        }
        h.requestPointerLock(false)
        h.send(.motion(5, 5))
        let removed = h.send(.deviceRemoved)
        XCTAssertEqual(regionEvents(removed), ["willExit canvas"])
        XCTAssertEqual(
            regionEvents(h.events),
            ["willEnter canvas", "willExit canvas", "willEnter canvas", "willExit canvas"])
        XCTAssertEqual(h.allViolations, [])
    }

    /// Without pointer interactions nothing changes: no region events, the pointer where libinput puts it.
    func testNoInteractionsLeaveThePointerAlone() {
        let h = harness([])
        h.send(.motion(3, 4))
        XCTAssertEqual(regionEvents(h.events), [])
        XCTAssertEqual(h.translator.pointerLocation, h.translator.pointer.location)
        XCTAssertNil(h.translator.pointerRegion)
    }

    /// The JSON form of a region event.
    func testRegionEventsEncodeTheirRegionAndStyle() throws {
        let event = AppEvent(
            timestamp: 1.5, buttonMask: [], modifierFlags: [],
            payload: .pointerRegion(
                PointerRegionEvent(
                    phase: .willEnter, view: "text", region: "line.2", rect: Rect(x: 0, y: 20, width: 100, height: 20),
                    style: .shape(.verticalBeam(length: 20), constrainedAxes: .vertical), location: Point(x: 5, y: 30)))
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(event), as: UTF8.self)
        XCTAssertEqual(
            json,
            #"{"buttonMask":0,"location":[5,30],"modifierFlags":0,"phase":"willEnter","rect":[0,20,100,20],"#
                + #""region":"line.2","style":"verticalBeam(20) constrained vertical","timestamp":1.5,"#
                + #""type":"pointerRegion","view":"text"}"#
        )
    }
}
