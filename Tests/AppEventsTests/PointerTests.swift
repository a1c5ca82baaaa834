import AppEvents
import LibinputEvents
import XCTest

final class ClickAndDragTests: XCTestCase {
    private func clickAndDrag(mode: DeliveryMode) throws -> (Harness, began: Touch, moved: Touch, ended: Touch) {
        let harness = Harness(mode: mode)
        let start = harness.translator.pointer.location
        let began = try exactly(1, harness.send(.press(Button.left)))
        let moved = try exactly(1, harness.send(.motion(10, -4)))
        let ended = try exactly(1, harness.send(.release(Button.left)))
        XCTAssertEqual(began[0].buttonMask, .primary)
        let touches = try [began, moved, ended].map { try exactly(1, $0[0].touches)[0] }
        XCTAssertEqual(touches[0].location, start)
        XCTAssertEqual(touches[1].previousLocation, start)
        XCTAssertEqual(touches[1].location, Point(x: start.x + 10, y: start.y - 4))
        XCTAssertEqual(touches[2].location, touches[1].location)
        XCTAssertEqual(harness.allViolations, [])
        return (harness, touches[0], touches[1], touches[2])
    }

    func testClickAndDragIsADirectTouchInCompatibilityMode() throws {
        let (harness, began, moved, ended) = try clickAndDrag(mode: .compatibility)
        XCTAssertEqual([began.phase, moved.phase, ended.phase], [.began, .moved, .ended])
        XCTAssertEqual([began.type, moved.type, ended.type], [.direct, .direct, .direct])
        XCTAssertEqual(Set([began.id, moved.id, ended.id]).count, 1)
        XCTAssertFalse(began.isSimulated)
        XCTAssertFalse(harness.events.contains { $0.type == .hover }, "no hover while the button is held")
    }

    func testClickAndDragIsAnIndirectPointerTouchInIndirectMode() throws {
        let (_, began, moved, ended) = try clickAndDrag(mode: .indirectInput)
        XCTAssertEqual([began.phase, moved.phase, ended.phase], [.began, .moved, .ended])
        XCTAssertEqual([began.type, moved.type, ended.type], [.indirectPointer, .indirectPointer, .indirectPointer])
    }

    func testReleaseEventCarriesTheReleasedButtonAndLaterEventsDoNot() {
        let harness = Harness(mode: .indirectInput)
        XCTAssertEqual(harness.send(.press(Button.right)).map(\.buttonMask), [.secondary])
        XCTAssertEqual(harness.send(.release(Button.right)).map(\.buttonMask), [.secondary])
        XCTAssertEqual(harness.send(.motion(1, 0)).map(\.buttonMask), [[]])
    }

    func testSecondButtonDuringADragReportsAStationaryTouch() throws {
        let harness = Harness(mode: .compatibility)
        let id = try exactly(1, harness.send(.press(Button.left)).flatMap(\.touches))[0].id
        let joined = harness.send(.press(Button.middle))
        XCTAssertEqual(joined.map(\.buttonMask), [[.primary, .button(3)]])
        XCTAssertEqual(joined.flatMap(\.touches).map(\.phase), [.stationary])
        XCTAssertEqual(joined.flatMap(\.touches).map(\.id), [id])
        XCTAssertEqual(harness.send(.release(Button.left)).flatMap(\.touches).map(\.phase), [.stationary])
        XCTAssertEqual(harness.send(.release(Button.middle)).flatMap(\.touches).map(\.phase), [.ended])
        XCTAssertEqual(harness.allViolations, [])
    }

    func testLinuxButtonCodesMapToUIKitButtonNumbers() {
        XCTAssertEqual(ButtonMask(libinputButton: 0x110), .primary)
        XCTAssertEqual(ButtonMask(libinputButton: 0x111), .secondary)
        XCTAssertEqual(ButtonMask(libinputButton: 0x112), .button(3))
        XCTAssertEqual(ButtonMask(libinputButton: 0x113), .button(4))
        XCTAssertEqual(ButtonMask(libinputButton: 0x114), .button(5))
        XCTAssertEqual(ButtonMask(libinputButton: 0x117), .button(8))
        XCTAssertNil(ButtonMask(libinputButton: 0x10f))
        XCTAssertNil(ButtonMask(libinputButton: 0x110 + 62))
    }

    func testTapCountCountsQuickClicksOfTheSameButtonInPlace() {
        let harness = Harness(mode: .compatibility)
        func click(_ button: UInt32, after dt: UInt64 = 100_000) -> Int? {
            let began = harness.send(.press(button), dt: dt)
            harness.send(.release(button), dt: 50_000)
            return began.first?.touches.first?.tapCount
        }
        XCTAssertEqual(click(Button.left), 1)
        XCTAssertEqual(click(Button.left), 2)
        XCTAssertEqual(click(Button.left, after: 500_000), 3, "0.5 s after the release still counts")
        XCTAssertEqual(click(Button.left, after: 500_001), 1, "later starts over")
        XCTAssertEqual(click(Button.left), 2)
        XCTAssertEqual(click(Button.right), 1, "another button starts over")
        harness.send(.motion(9, 0))
        XCTAssertEqual(click(Button.right), 1, "more than 8 points away starts over")
        harness.send(.motion(8, 0))
        XCTAssertEqual(click(Button.right), 2, "8 points away still counts")

        // A drag is no click: the press after it starts a new count.
        harness.send(.press(Button.right))
        harness.send(.motion(30, 0))
        harness.send(.motion(-30, 0))
        harness.send(.release(Button.right))
        XCTAssertEqual(click(Button.right), 1)

        // A press stamped before the last release (clocks of two devices) is taken as simultaneous.
        harness.time -= 80_000
        XCTAssertEqual(click(Button.right, after: 0), 2)
        XCTAssertEqual(harness.allViolations, [])
    }
}

final class HoverTests: XCTestCase {
    private func hover(_ events: [AppEvent], file: StaticString = #filePath, line: UInt = #line) throws -> Touch {
        try XCTUnwrap(exactly(1, events, file: file, line: line)[0].hoverTouch, file: file, line: line)
    }

    /// The window is full-screen: a motion past an edge stops the pointer on it and the hover
    /// goes on; pushing further against that edge reports nothing.
    func testHoverEntersMovesAndStaysAtTheScreenEdge() throws {
        let harness = Harness(mode: .compatibility)
        let entered = try hover(harness.send(.motion(100, 0)))
        XCTAssertEqual(entered.phase, .regionEntered)
        XCTAssertEqual(entered.location, Point(x: 820, y: 450))
        XCTAssertEqual(entered.type, .direct)

        let moved = try hover(harness.send(.motion(600, 10)))
        XCTAssertEqual(moved.phase, .regionMoved)
        XCTAssertEqual(moved.location, Point(x: 1420, y: 460))
        XCTAssertEqual(moved.previousLocation, Point(x: 820, y: 450))

        // The screen, like a view's bounds, excludes its right edge: the pointer stops at the
        // last point before it.
        XCTAssertEqual(try hover(harness.send(.motion(19.5, 0))).phase, .regionMoved)
        let atEdge = try hover(harness.send(.motion(0.5, 0)))
        XCTAssertEqual(atEdge.phase, .regionMoved)
        XCTAssertEqual(atEdge.id, entered.id)
        XCTAssertEqual(atEdge.location, Point(x: 1440.0.nextDown, y: 460))

        let along = try hover(harness.send(.motion(50, 5)))
        XCTAssertEqual(along.phase, .regionMoved, "pushing out and down slides along the edge")
        XCTAssertEqual(along.location, Point(x: 1440.0.nextDown, y: 465))
        XCTAssertEqual(harness.send(.motion(50, 0)), [], "pushing straight out moves nothing")
        XCTAssertEqual(
            harness.translator.lastDisposition, .dropped("pointer motion that left the pointer where it was"))
        XCTAssertEqual(harness.allViolations, [])
    }

    /// A click with the pointer pushed against the top edge, as a toolbar button is often
    /// clicked, is the app's in either mode: the touch begins on the edge and ends there.
    func testAClickWithThePointerPushedAgainstAnEdgeIsTheApps() throws {
        for mode in DeliveryMode.allCases {
            let harness = Harness(mode: mode)
            _ = harness.send(.motion(0, -2000))
            let touches = [LibinputEvent.Kind.press(Button.left), .motion(-5, -3), .release(Button.left)]
                .flatMap { harness.send($0) }.flatMap(\.touches)
            XCTAssertEqual(touches.map(\.phase), [.began, .moved, .ended], "\(mode)")
            XCTAssertEqual(touches.map(\.location.y), [0, 0, 0], "\(mode)")
            XCTAssertEqual(harness.allViolations, [], "\(mode)")
        }
    }

    /// A non-finite delta counts as 0 while the hover moves, as in any motion.
    func testANonFiniteDeltaMovesTheHoverAlongTheOtherAxisOnly() throws {
        let harness = Harness(mode: .compatibility)
        _ = try hover(harness.send(.motion(100, 0)))
        let alongY = try hover(harness.send(.motion(.nan, 10)))
        XCTAssertEqual(alongY.phase, .regionMoved)
        XCTAssertEqual(alongY.location, Point(x: 820, y: 460))
        let alongX = try hover(harness.send(.motion(-20, -.infinity)))
        XCTAssertEqual(alongX.phase, .regionMoved)
        XCTAssertEqual(alongX.location, Point(x: 800, y: 460))
        XCTAssertEqual(harness.send(.motion(.infinity, .nan)), [], "no motion at all")
        XCTAssertEqual(harness.allViolations, [])
    }
    func testHoverIsAnIndirectPointerInIndirectMode() {
        let harness = Harness(mode: .indirectInput)
        XCTAssertEqual(harness.send(.motion(1, 1)).map { $0.hoverTouch?.type }, [.indirectPointer])
    }

    func testAbsoluteMotionMapsOntoTheScreen() {
        let harness = Harness(mode: .compatibility)
        let entered = harness.send(.pointerMotionAbsolute(x: 0.25, y: 0.5))
        XCTAssertEqual(entered.map { $0.hoverTouch?.location }, [Point(x: 360, y: 450)])
        // The device's far edge is the screen's last point, on it; beyond it, clamped to it.
        XCTAssertEqual(
            harness.send(.pointerMotionAbsolute(x: 1, y: 1)).map { $0.hoverTouch?.location },
            [Point(x: 1440.0.nextDown, y: 900.0.nextDown)])
        XCTAssertEqual(
            harness.send(.pointerMotionAbsolute(x: 1.5, y: 0.5)).map { $0.hoverTouch?.phase }, [.regionMoved])
        XCTAssertEqual(harness.translator.pointer.location, Point(x: 1440.0.nextDown, y: 450))
    }

    /// The clamp takes any point but NaN: deltas that are not finite count as 0, huge ones land
    /// on the screen's edge, and an absolute point that comes out NaN (0 times a screen side a
    /// library caller made infinite) leaves the pointer where it was.
    func testPointerStateKeepsAFinitePointOnTheScreen() {
        var pointer = PointerState(screenSize: Size(width: 100, height: 50))
        pointer.move(dx: .nan, dy: .infinity)
        XCTAssertEqual(pointer.location, Point(x: 50, y: 25))
        XCTAssertTrue(pointer.move(dx: .greatestFiniteMagnitude, dy: -.greatestFiniteMagnitude))
        XCTAssertEqual(pointer.location, Point(x: 100.nextDown, y: 0))
        XCTAssertFalse(pointer.move(dx: 1, dy: -1), "pressed further into the corner")

        var unbounded = PointerState(screenSize: Size(width: .infinity, height: 50))
        unbounded.move(toNormalizedX: 0.5, y: 0.5)
        let before = unbounded.location
        XCTAssertFalse(before.x.isNaN)
        unbounded.move(toNormalizedX: 0, y: 0.5)
        XCTAssertEqual(unbounded.location, before)
    }

    /// A point prints with two decimals at most, and any coordinate prints, however large.
    func testAPointDescribesAnyCoordinate() {
        XCTAssertEqual(Point(x: 1.234, y: 2).description, "(1.23, 2)")
        XCTAssertEqual(
            Point(x: .greatestFiniteMagnitude, y: -.infinity).description, "(\(Double.greatestFiniteMagnitude), -inf)")
        XCTAssertEqual(Point(x: .nan, y: 1e15).description, "(nan, 1000000000000000.0)")
    }

    func testHoverExitsWhenTheLastPointingDeviceIsRemoved() {
        let harness = Harness(mode: .compatibility)
        harness.send(.added("touchpad", [.pointer, .gesture]), device: "event5")
        harness.send(.added("mouse", [.pointer]), device: "event6")
        harness.send(.added("keyboard", [.keyboard]), device: "event7")
        harness.send(.motion(3, 3), device: "event5")
        XCTAssertEqual(harness.send(.deviceRemoved, device: "event7"), [], "a keyboard is no pointer")
        XCTAssertEqual(harness.send(.deviceRemoved, device: "event6"), [], "the touchpad still drives the pointer")
        let exited = harness.send(.deviceRemoved, device: "event5")
        XCTAssertEqual(exited.map { $0.hoverTouch?.phase }, [.regionExited])
        XCTAssertEqual(harness.allViolations, [])
    }

    /// A device never announced joins the pointing devices at its first motion, even one that
    /// moves a live hover on: the hover then outlives the first device's removal.
    func testAHoverMovedByASecondDeviceOutlivesTheFirst() throws {
        let harness = Harness(mode: .compatibility)
        harness.send(.motion(3, 3), device: "event5")
        harness.send(.motion(3, 3), device: "event5")
        XCTAssertEqual(try hover(harness.send(.motion(2, 0), device: "event6")).phase, .regionMoved)
        XCTAssertEqual(harness.send(.deviceRemoved, device: "event5"), [], "the second device still drives the pointer")
        XCTAssertEqual(harness.send(.deviceRemoved, device: "event6").map { $0.hoverTouch?.phase }, [.regionExited])
        XCTAssertEqual(harness.allViolations, [])
    }

    func testNoHoverWhileAButtonIsHeld() throws {
        let harness = Harness(mode: .compatibility)
        harness.send(.motion(1, 0))
        harness.send(.press(Button.left))
        let drag = harness.send(.motion(5, 0))
        XCTAssertEqual(drag.map(\.type), [.touches])
        // At the release the hover catches up with the dragged pointer, so a hover recognizer
        // whose view the drag left ends there rather than at the next motion.
        let release = harness.send(.release(Button.left))
        XCTAssertEqual(release.map(\.type), [.touches, .hover])
        let caughtUp = try XCTUnwrap(release.last?.hoverTouch)
        XCTAssertEqual(caughtUp.phase, .regionMoved)
        XCTAssertEqual(caughtUp.location, release.first?.allTouches.first?.location)
        XCTAssertEqual(harness.send(.motion(1, 0)).map { $0.hoverTouch?.phase }, [.regionMoved])
        // A click that did not move the pointer leaves the hover where it was: nothing to catch up.
        harness.send(.press(Button.left))
        XCTAssertEqual(harness.send(.release(Button.left)).map(\.type), [.touches])
        XCTAssertEqual(harness.allViolations, [])
    }
}

final class ModifierTests: XCTestCase {
    func testModifiersAreTrackedAcrossKeyboards() {
        let harness = Harness(mode: .compatibility)
        harness.send(.keyDown(Key.leftShift), device: "kbd1")
        harness.send(.keyDown(Key.leftCtrl), device: "kbd2")
        XCTAssertEqual(harness.send(.press(Button.left), device: "mouse").map(\.modifierFlags), [[.shift, .control]])
        harness.send(.release(Button.left), device: "mouse")

        // Shift held on both keyboards stays until both are released.
        harness.send(.keyDown(Key.rightShift), device: "kbd2")
        harness.send(.keyUp(Key.leftShift), device: "kbd1")
        XCTAssertEqual(harness.translator.pointer.modifierFlags, [.shift, .control])
        harness.send(.keyUp(Key.rightShift), device: "kbd2")
        XCTAssertEqual(harness.translator.pointer.modifierFlags, [.control])

        harness.send(.keyDown(Key.leftAlt), device: "kbd1")
        harness.send(.keyDown(Key.leftMeta), device: "kbd1")
        harness.send(.keyDown(30), device: "kbd1")
        XCTAssertEqual(
            harness.send(.motion(1, 0), device: "mouse").map(\.modifierFlags), [[.control, .alternate, .command]])

        // A keyboard that goes away lets go of its keys.
        harness.send(.deviceRemoved, device: "kbd2")
        XCTAssertEqual(harness.translator.pointer.modifierFlags, [.alternate, .command])
    }

    func testCapsLockTogglesAlphaShiftOnPress() {
        var pointer = PointerState()
        pointer.setKey(Key.capsLock, .pressed, device: "kbd")
        XCTAssertEqual(pointer.modifierFlags, .alphaShift)
        pointer.setKey(Key.capsLock, .pressed, device: "kbd")
        XCTAssertEqual(pointer.modifierFlags, .alphaShift, "a repeated press of a held key is no new press")
        pointer.setKey(Key.capsLock, .released, device: "kbd")
        XCTAssertEqual(pointer.modifierFlags, .alphaShift)
        pointer.setKey(Key.capsLock, .pressed, device: "kbd")
        XCTAssertEqual(pointer.modifierFlags, [])
        pointer.setKey(Key.capsLock, .released, device: "kbd")
        pointer.setKey(Key.capsLock, .pressed, device: "kbd2")
        XCTAssertEqual(pointer.modifierFlags, .alphaShift)
        pointer.removeDevice("kbd2")
        XCTAssertEqual(pointer.modifierFlags, .alphaShift, "the lock outlives the keyboard")
    }
}

final class PointerLockTests: XCTestCase {
    private func lockEvents(_ events: [AppEvent]) -> [Bool] {
        events.compactMap {
            if case .pointerLock(let isLocked) = $0.payload { return isLocked }
            return nil
        }
    }

    func testTheSystemGrantsAndWithdrawsTheLockAsTheSceneChanges() {
        let harness = Harness(mode: .indirectInput)
        XCTAssertEqual(lockEvents(harness.requestPointerLock(true)), [true])
        XCTAssertEqual(harness.requestPointerLock(true), [], "no change, no notification")
        XCTAssertEqual(
            lockEvents(harness.updateScene(SceneConditions(isFullScreen: false))), [false], "Slide Over appeared")
        XCTAssertEqual(
            lockEvents(harness.updateScene(SceneConditions(isFullScreen: false, isForegroundActive: false))), [])
        XCTAssertEqual(lockEvents(harness.updateScene(SceneConditions())), [true], "re-evaluated without a new request")
        XCTAssertEqual(harness.updateScene(SceneConditions(isFrontmost: false)), [], "iPadOS does not ask")
        XCTAssertEqual(lockEvents(harness.requestPointerLock(false)), [false])
        XCTAssertFalse(harness.translator.pointer.lock.isLocked)
        XCTAssertEqual(harness.allViolations, [])
    }

    /// On Mac Catalyst the app must be frontmost, and a window that does not fill the screen keeps the lock.
    func testMacCatalystGrantsTheLockToTheFrontmostApp() {
        let harness = Harness(mode: .indirectInput, configuration: .init(pointerLockPolicy: .macCatalyst))
        XCTAssertEqual(lockEvents(harness.requestPointerLock(true)), [true])
        XCTAssertEqual(harness.updateScene(SceneConditions(isFullScreen: false)), [])
        XCTAssertEqual(lockEvents(harness.updateScene(SceneConditions(isFrontmost: false))), [false])
        XCTAssertEqual(lockEvents(harness.updateScene(SceneConditions())), [true])
        XCTAssertEqual(harness.allViolations, [])
    }

    func testAPolicyCanRefuseTheLock() {
        let never = Harness(mode: .compatibility, configuration: .init(pointerLockPolicy: .never))
        XCTAssertEqual(never.requestPointerLock(true), [])
        XCTAssertFalse(never.translator.pointer.lock.isLocked)
        XCTAssertTrue(never.translator.pointer.lock.prefersPointerLocked)

        let foregroundOnly = PointerLockPolicy { prefers, scene in prefers && scene.isForegroundActive }
        let custom = Harness(mode: .compatibility, configuration: .init(pointerLockPolicy: foregroundOnly))
        custom.updateScene(SceneConditions(isFullScreen: false))
        XCTAssertEqual(lockEvents(custom.requestPointerLock(true)), [true])
    }

    func testPointerStateFreezesTheLocationWhileLocked() {
        var pointer = PointerState(screenSize: Size(width: 100, height: 50))
        XCTAssertEqual(pointer.location, Point(x: 50, y: 25))
        XCTAssertTrue(pointer.lock.setPrefersPointerLocked(true))
        pointer.move(dx: 10, dy: 10)
        pointer.move(toNormalizedX: 0, y: 0)
        XCTAssertEqual(pointer.location, Point(x: 50, y: 25))
        XCTAssertTrue(pointer.lock.updateScene(SceneConditions(isForegroundActive: false)))
        pointer.move(dx: 10, dy: 10)
        XCTAssertEqual(pointer.location, Point(x: 60, y: 35))
    }

    /// The lock hides the pointer: its hover ends before the lock's notification, and the first
    /// motion after the lock is lifted is a new hover.
    func testALockedPointerStaysStillAndReportsRelativeMotion() {
        let harness = Harness(mode: .compatibility)
        let entered = harness.send(.motion(10, 10)).compactMap(\.hoverTouch)
        let frozen = harness.translator.pointer.location
        let locked = harness.requestPointerLock(true)
        XCTAssertEqual(locked.map(\.hoverTouch?.phase), [.regionExited, nil])
        XCTAssertEqual(locked.last?.payload, .pointerLock(isLocked: true))
        let events = harness.send(.motion(8, -6))
        XCTAssertEqual(events.map(\.payload), [.relativeMotion(dx: 4, dy: -3)], "unaccelerated deltas, no hover")
        XCTAssertEqual(harness.send(.pointerMotionAbsolute(x: 0.1, y: 0.1)), [])
        XCTAssertEqual(harness.translator.pointer.location, frozen)

        harness.requestPointerLock(false)
        let back = harness.send(.motion(8, -6)).compactMap(\.hoverTouch)
        XCTAssertEqual(back.map(\.location), [Point(x: frozen.x + 8, y: frozen.y - 6)])
        XCTAssertEqual(back.map(\.phase), [.regionEntered])
        XCTAssertNotEqual(back.first?.id, entered.first?.id)
        XCTAssertEqual(harness.allViolations, [])
    }
}
