import AppEvents
import Gestures
import TestSupport
import XCTest

/// Each recognizer says which of its rules the input broke when it fails, with the numbers.
final class FailureReasonTests: XCTestCase {
    private func reasons(_ recognizer: GestureRecognizer) -> [FailureReason?] {
        recognizer.record.failureInputs.map(\.failure)
    }

    private func drag(_ id: Int, from start: Point, by dx: Double, at time: Double, lift: Double) -> [AppEvent] {
        [
            Events.touches(time, [Events.touch(id, .began, start.x, start.y)]),
            Events.touches(time + 0.02, [Events.touch(id, .moved, start.x + dx, start.y)]),
            Events.touches(lift, [Events.touch(id, .ended, start.x + dx, start.y)]),
        ]
    }

    func testATapSaysWhichOfItsRulesTheInputBroke() {
        let tap = TapGestureRecognizer()
        let surface = makeSurface(tap)
        surface.handle(drag(1, from: Point(x: 100, y: 100), by: 30, at: 0, lift: 0.1))
        surface.handle(Events.click(at: 1, 100, 100, buttons: .secondary))
        surface.handle([
            Events.touches(2, [Events.touch(1, .began, 100, 100), Events.touch(2, .began, 140, 100)]),
            Events.touches(2.1, [Events.touch(1, .ended, 100, 100), Events.touch(2, .ended, 140, 100)]),
        ])
        XCTAssertEqual(
            reasons(tap),
            [
                .moved(distance: 30, allowed: 10), .buttons(pressed: .secondary, required: .primary),
                .tooManyTouches(count: 2, maximum: 1),
            ])
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        let doubled = makeSurface(double)
        doubled.handle(Events.click(at: 0, 100, 100))
        doubled.finish(at: 1)
        XCTAssertEqual(reasons(double), [.nextTapLate(taps: 1, required: 2, interval: 0.35)])
        XCTAssertEqual(double.record.transitions.last?.state, .failed)
    }

    func testAPressSaysHowLongItWasHeldOrHowFarItMoved() {
        let press = LongPressGestureRecognizer()
        let surface = makeSurface(press)
        surface.handle(drag(1, from: Point(x: 100, y: 100), by: 0, at: 0, lift: 0.2))
        surface.handle(drag(1, from: Point(x: 100, y: 100), by: 40, at: 1, lift: 1.1))
        XCTAssertEqual(
            reasons(press),
            [.liftedTooSoon(held: 0.2, needed: 0.5), .moved(distance: 40, allowed: press.allowableMovement)])
    }

    func testAPanSaysItDidNotMoveEnoughOrMovedAcrossItsAxis() {
        let pan = PanGestureRecognizer()
        pan.axis = .vertical
        let surface = makeSurface(pan)
        surface.handle(drag(1, from: Point(x: 100, y: 100), by: 4, at: 0, lift: 0.1))
        surface.handle(drag(1, from: Point(x: 100, y: 100), by: 40, at: 1, lift: 1.1))
        XCTAssertEqual(
            reasons(pan),
            [
                .liftedBeforeMoving(moved: 4, needed: 10),
                .acrossItsAxis(motion: Point(x: 40, y: 0), axis: .vertical),
            ])
    }

    /// A pan that needs two touches and had one says so, not that it did not move enough; a
    /// two-finger long press told of one touch, three, and a lift a quarter of a second after its
    /// second touch came down, its time counted from there.
    func testTooFewOrTooManyTouchesAreToldAsSuch() {
        let pan = PanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        makeSurface(pan).handle(drag(1, from: Point(x: 100, y: 100), by: 180, at: 0, lift: 0.5))
        XCTAssertEqual(reasons(pan), [.tooFewTouches(count: 1, required: 2)])

        let press = LongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        let surface = makeSurface(press)
        surface.handle(drag(1, from: Point(x: 100, y: 100), by: 0, at: 0, lift: 0.1))
        let (a, b, c) = (
            Events.touch(1, .began, 100, 100), Events.touch(2, .began, 150, 100), Events.touch(3, .began, 200, 100)
        )
        surface.handle([
            Events.touches(1, [a, b, c]),
            Events.touches(
                1.1, [a, b, c].map { Events.touch(Int($0.id.rawValue), .ended, $0.location.x, $0.location.y) }),
        ])
        surface.handle([
            Events.touches(2, [Events.touch(1, .began, 100, 100)]),
            Events.touches(2.25, [Events.touch(1, .stationary, 100, 100), Events.touch(2, .began, 150, 100)]),
            Events.touches(2.5, [Events.touch(1, .ended, 100, 100), Events.touch(2, .ended, 150, 100)]),
        ])
        XCTAssertEqual(
            reasons(press),
            [
                .tooFewTouches(count: 1, required: 2), .tooManyTouches(count: 3, maximum: 2),
                .liftedTooSoon(held: 0.25, needed: 0.5),
            ])
    }

    /// A drag's touch lifted before its delay, a secondary press; multiple selection's sideways
    /// motion and a pair that lost a touch; a pinch's second touch that never came.
    func testDragsSelectionsAndPinchesSayWhy() {
        let drag = DragInteraction()
        let dragging = makeSurface(drag)
        dragging.handle(self.drag(1, from: Point(x: 100, y: 100), by: 0, at: 0, lift: 0.2))
        dragging.handle(Events.click(at: 1, 100, 100, buttons: .secondary))
        XCTAssertEqual(
            reasons(drag),
            [
                .liftedTooSoon(held: 0.2, needed: drag.liftDelay),
                .buttons(pressed: .secondary, required: .primary),
            ])

        let select = MultipleSelectionInteraction()
        let selecting = makeSurface(select)
        selecting.handle([
            Events.touches(0, [Events.touch(1, .began, 100, 100), Events.touch(2, .began, 140, 100)]),
            Events.touches(0.1, [Events.touch(1, .moved, 140, 102), Events.touch(2, .moved, 180, 102)]),
            Events.touches(0.2, [Events.touch(1, .ended, 140, 102), Events.touch(2, .ended, 180, 102)]),
        ])
        XCTAssertEqual(reasons(select), [.acrossItsAxis(motion: Point(x: 40, y: 2), axis: .vertical)])

        let pinch = PinchGestureRecognizer()
        makeSurface(pinch).handle(self.drag(1, from: Point(x: 100, y: 100), by: 0, at: 0, lift: 0.1))
        XCTAssertEqual(reasons(pinch), [.tooFewTouches(count: 1, required: 2)])
    }

    /// A pointer's click without the secondary button opens no menu; a finger lifted early opens none either.
    func testAContextMenuSaysAPrimaryClickOpensNothing() {
        let menu = ContextMenuInteraction()
        let surface = makeSurface(menu)
        surface.handle(Events.click(at: 0, 100, 100))
        surface.handle(drag(2, from: Point(x: 100, y: 100), by: 0, at: 1, lift: 1.25))
        XCTAssertEqual(
            reasons(menu), [.clickOpensNothing, .liftedTooSoon(held: 0.25, needed: menu.minimumPressDuration)])
    }

    /// A loss to another recognizer is a reason too; a cancelled input another.
    func testLosingArbitrationAndACancelledInputAreReasons() {
        let first = TapGestureRecognizer(name: "first"), second = TapGestureRecognizer(name: "second")
        let surface = makeSurface(first, second)
        surface.handle(Events.click(at: 0, 100, 100))
        XCTAssertEqual(reasons(second), [.lostArbitration])
        let pinch = PinchGestureRecognizer()
        let pinching = makeSurface(pinch)
        pinching.handle([Events.transform(0, .began), Events.transform(0.1, .cancelled)])
        XCTAssertEqual(reasons(pinch), [.cancelled])
    }
}
