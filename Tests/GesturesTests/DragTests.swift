import Gestures
import AppEvents
import XCTest
import TestSupport

final class DragTests: XCTestCase {
    /// A press at (100, 100) moving right: 5 points at 0.05 s, 12 at 0.1 s, 30 at 0.2 s, lifting at
    /// 0.3 s; the pointer's (of `type` to the app) unless `pointer` is false (a finger).
    private func pressAndDrag(
        _ type: TouchType, pointer: Bool = true, buttons: ButtonMask = .primary, from start: Double = 0
    ) -> [AppEvent] {
        [(0, TouchPhase.began, 100.0), (0.05, .moved, 105), (0.1, .moved, 112), (0.2, .moved, 130), (0.3, .ended, 130)]
            .map { time, phase, x in
                Events.touches(
                    start + time, [Events.touch(1, phase, x, 100, type: type, pointer: pointer)],
                    buttons: pointer ? buttons : [])
            }
    }

    func testAPointerClickAndDragBeginsPastTheThreshold() throws {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        let events = pressAndDrag(.indirectPointer)
        surface.handle(Array(events[0...1]))
        XCTAssertEqual(drag.state, .possible, "5 points is not a drag")
        surface.handle(events[2])
        XCTAssertEqual(drag.state, .began)
        XCTAssertEqual(drag.translation, .zero)
        surface.handle(Array(events[3...]))
        XCTAssertEqual(drag.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(drag.record.transitions.first?.time, 0.1)
        XCTAssertEqual(drag.record.finalValues?.translation, Point(x: 18, y: 0))
        let start = try XCTUnwrap(drag.record.starts.first)
        XCTAssertEqual(drag.record.starts.count, 1)
        XCTAssertEqual(start.input, .clickAndDrag)
        XCTAssertEqual(start.touchType, .indirectPointer)
        XCTAssertEqual(start.location, Point(x: 112, y: 100))
        XCTAssertEqual(start.liftDelay, 0.1, accuracy: 1e-9)
    }

    /// Compatibility mode's click is a `.direct` touch to the app, but UIKit knows it for the
    /// pointer's: it drags at once, as in indirect mode.
    func testCompatibilityModesClickAndDragBeginsAtOnceToo() throws {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        surface.handle(pressAndDrag(.direct))
        XCTAssertEqual(drag.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(drag.record.transitions.first?.time, 0.1)
        let start = try XCTUnwrap(drag.record.starts.first)
        XCTAssertEqual(start.input, .clickAndDrag)
        XCTAssertEqual(start.touchType, .direct)
    }

    /// A finger moving the same way needs the long press first: it fails.
    func testTheSameDragByAFingerFails() {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        surface.handle(pressAndDrag(.direct, pointer: false))
        surface.finish(at: 2)
        XCTAssertEqual(milestones(drag), [.failed])
        XCTAssertEqual(drag.record.transitions.first?.time, 0.1)
        XCTAssertEqual(drag.record.starts, [])
    }

    func testAFingerHeldForTheLiftDelayBeginsThenDrags() throws {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.3, [Events.touch(1, .moved, 104, 100)]))
        surface.handle(Events.touches(0.6, [Events.touch(1, .moved, 150, 100)]))
        surface.handle(Events.touches(0.7, [Events.touch(1, .ended, 150, 100)]))
        XCTAssertEqual(drag.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(drag.record.transitions.first?.time, 0.5)
        XCTAssertEqual(drag.record.finalValues?.translation, Point(x: 46, y: 0), "from where the touch was at the lift")
        let start = try XCTUnwrap(drag.record.starts.first)
        XCTAssertEqual(start.input, .longPress)
        XCTAssertEqual(start.touchType, .direct)
        XCTAssertEqual(start.liftDelay, 0.5, accuracy: 1e-9)
    }

    func testAFingerMovingBeforeTheLiftFails() {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.2, [Events.touch(1, .moved, 115, 100)]))
        surface.finish(at: 2)
        XCTAssertEqual(drag.record.transitions, [GestureTransition(state: .failed, time: 0.2)])
    }

    func testASecondaryPointerDragDoesNotBegin() {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        surface.handle(pressAndDrag(.indirectPointer, buttons: .secondary))
        surface.finish(at: 2)
        XCTAssertEqual(drag.record.transitions, [GestureTransition(state: .failed, time: 0)])
    }

    /// Another button pressed while the primary is held, before the drag began, fails it as a
    /// press of that button would: the pointer moving on does not lift a drag.
    func testAnotherButtonPressedBeforeTheDragBeganFailsIt() {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        var events = pressAndDrag(.indirectPointer)
        events.insert(
            Events.touches(
                0.07, [Events.touch(1, .stationary, 105, 100, type: .indirectPointer, pointer: true)],
                buttons: [.primary, .secondary]), at: 2)
        surface.handle(events)
        surface.finish(at: 2)
        XCTAssertEqual(drag.record.transitions, [GestureTransition(state: .failed, time: 0.07)])
    }

    func testASecondTouchFailsItBeforeItBeganAndIsIgnoredAfter() {
        let early = DragInteraction()
        let surface = makeSurface(early)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(
            Events.touches(0.2, [Events.touch(1, .stationary, 100, 100), Events.touch(2, .began, 300, 300)]))
        surface.finish(at: 2)
        XCTAssertEqual(milestones(early), [.failed])

        let late = DragInteraction()
        let other = makeSurface(late)
        other.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        other.handle(Events.touches(0.6, [Events.touch(1, .stationary, 100, 100), Events.touch(2, .began, 300, 300)]))
        other.handle(Events.touches(0.7, [Events.touch(1, .moved, 120, 100), Events.touch(2, .ended, 300, 300)]))
        other.handle(Events.touches(0.8, [Events.touch(1, .ended, 120, 100)]))
        XCTAssertEqual(late.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(late.record.transitions.last?.time, 0.8, "ends when the dragging touch lifts")
        XCTAssertEqual(late.record.finalValues?.translation, Point(x: 20, y: 0))
    }

    func testACancelledTouchCancelsTheDrag() {
        let drag = DragInteraction()
        let surface = makeSurface(drag)
        surface.handle(Array(pressAndDrag(.indirectPointer)[0...2]))
        surface.handle(
            Events.touches(0.15, [Events.touch(1, .cancelled, 112, 100, type: .indirectPointer)], buttons: .primary))
        XCTAssertEqual(milestones(drag), [.began, .cancelled])
    }

    /// A click held still, in compatibility mode a `.direct` touch to the app, lifts no drag
    /// however long it is held, as in indirect mode; a secondary one fails at once.
    func testAHeldClickLiftsNoDrag() {
        for buttons in [ButtonMask.secondary, [.primary, .secondary]] {
            let drag = DragInteraction()
            let surface = makeSurface(drag)
            surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100, pointer: true)], buttons: buttons))
            surface.handle(Events.touches(0.8, [Events.touch(1, .ended, 100, 100, pointer: true)], buttons: buttons))
            surface.finish(at: 2)
            XCTAssertEqual(milestones(drag), [.failed], "\(buttons)")
        }
        let primary = DragInteraction()
        let surface = makeSurface(primary)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100, pointer: true)], buttons: .primary))
        surface.finish(at: 0.6)
        XCTAssertEqual(milestones(primary), [], "a primary click held is no long press")
    }
}
