import Gestures
import AppEvents
import XCTest
import TestSupport

final class ContextMenuTests: XCTestCase {
    func testASecondaryClickOpensTheMenuAtTouchDownInBothModes() throws {
        for type in [TouchType.indirectPointer, .direct] {
            let menu = ContextMenuInteraction()
            let surface = makeSurface(menu)
            surface.handle(Events.click(at: 2, 100, 100, buttons: .secondary, type: type))
            surface.finish(at: 3)
            XCTAssertEqual(menu.record.transitions, [GestureTransition(state: .recognized, time: 2)], "\(type)")
            let start = try XCTUnwrap(menu.record.starts.first)
            XCTAssertEqual(menu.record.starts.count, 1)
            XCTAssertEqual(start.input, .secondaryClick)
            XCTAssertEqual(start.touchType, type)
            XCTAssertEqual(start.liftDelay, 0)
            XCTAssertEqual(start.location, Point(x: 100, y: 100))
        }
    }

    func testAControlClickOpensItUnlessTreatedAsPrimary() {
        let menu = ContextMenuInteraction()
        let surface = makeSurface(menu)
        surface.handle(Events.click(at: 0, 100, 100, modifiers: .control, type: .indirectPointer))
        XCTAssertEqual(milestones(menu), [.recognized])
        XCTAssertEqual(menu.record.starts.map(\.input), [.controlClick])

        // As the talk's sample asks, control alone: with shift too, the click is a primary one.
        let shifted = ContextMenuInteraction()
        let third = makeSurface(shifted)
        third.handle(Events.click(at: 0, 100, 100, modifiers: [.control, .shift], type: .indirectPointer))
        third.finish(at: 2)
        XCTAssertEqual(milestones(shifted), [.failed])

        let plain = ContextMenuInteraction()
        plain.treatsControlClickAsSecondary = false
        let other = makeSurface(plain)
        other.handle(Events.click(at: 0, 100, 100, modifiers: .control, type: .indirectPointer))
        other.finish(at: 2)
        XCTAssertEqual(milestones(plain), [.failed])
        XCTAssertEqual(plain.record.starts, [])
    }

    func testAFingerHeldHalfASecondOpensIt() throws {
        let menu = ContextMenuInteraction()
        let surface = makeSurface(menu)
        surface.handle(Events.touches(1, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(1.2, [Events.touch(1, .moved, 104, 103)]))
        surface.finish(at: 1.4)
        XCTAssertEqual(menu.state, .possible)
        surface.finish(at: 3)
        XCTAssertEqual(menu.record.transitions, [GestureTransition(state: .recognized, time: 1.5)])
        let start = try XCTUnwrap(menu.record.starts.first)
        XCTAssertEqual(start.input, .longPress)
        XCTAssertEqual(start.liftDelay, 0.5, accuracy: 1e-9)
        XCTAssertEqual(start.touchType, .direct)
        XCTAssertFalse(start.isSimulated)
        XCTAssertEqual(start.location, Point(x: 104, y: 103))
    }

    func testAFingerLiftedOrMovedFirstDoesNotOpenIt() {
        let lifted = ContextMenuInteraction()
        let surface = makeSurface(lifted)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.3, [Events.touch(1, .ended, 100, 100)]))
        surface.finish(at: 2)
        XCTAssertEqual(milestones(lifted), [.failed])

        let moved = ContextMenuInteraction()
        let other = makeSurface(moved)
        other.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        other.handle(Events.touches(0.2, [Events.touch(1, .moved, 120, 100)]))
        other.finish(at: 2)
        XCTAssertEqual(milestones(moved), [.failed])
        XCTAssertEqual(moved.record.starts, [])
    }

    /// Compatibility mode's accidental activation: a pinch held still is two fingers held still.
    func testThePinchTouchesHeldStillOpenIt() throws {
        let menu = ContextMenuInteraction()
        let surface = makeSurface(menu)
        surface.handle(PinchStreams.compat([PinchStep(time: 0), PinchStep(time: 0.6), PinchStep(time: 0.7)]))
        XCTAssertEqual(menu.record.transitions, [GestureTransition(state: .recognized, time: 0.5)])
        let start = try XCTUnwrap(menu.record.starts.first)
        XCTAssertEqual(start.input, .longPress)
        XCTAssertTrue(start.isSimulated)
        XCTAssertEqual(start.location, Point(x: 450, y: 400), "the first touch")
    }

    /// A primary click held does not open it in either mode: compatibility mode's click is a
    /// `.direct` touch to the app, but UIKit knows it for the pointer's.
    func testAPointerHeldDoesNotOpenItInEitherMode() {
        for type in [TouchType.indirectPointer, .direct] {
            let menu = ContextMenuInteraction()
            let surface = makeSurface(menu)
            surface.handle(
                Events.touches(0, [Events.touch(1, .began, 100, 100, type: type, pointer: true)], buttons: .primary))
            surface.finish(at: 1)
            XCTAssertEqual(menu.state, .possible, "\(type)")
            surface.handle(
                Events.touches(1, [Events.touch(1, .ended, 100, 100, type: type, pointer: true)], buttons: .primary))
            surface.finish(at: 2)
            XCTAssertEqual(milestones(menu), [.failed], "\(type)")
            XCTAssertEqual(menu.record.starts, [], "\(type)")
        }
    }

    func testItResetsOnceTheTouchLiftsAndOpensAgain() {
        let menu = ContextMenuInteraction()
        let surface = makeSurface(menu)
        surface.handle(Events.click(at: 0, 100, 100, buttons: .secondary, type: .indirectPointer))
        surface.handle(Events.click(at: 1, 200, 200, buttons: .secondary, type: .indirectPointer))
        XCTAssertEqual(milestones(menu), [.recognized, .recognized])
        XCTAssertEqual(menu.record.starts.map(\.time), [0, 1])
    }

    func testAStartHeldByArbitrationIsRecordedWhenItHappens() {
        let menu = ContextMenuInteraction()
        let tap = TapGestureRecognizer()
        tap.buttonMaskRequired = .secondary
        tap.numberOfTapsRequired = 2
        menu.require(toFail: tap)
        let surface = makeSurface(tap, menu)
        surface.handle(Events.click(at: 0, 100, 100, buttons: .secondary, type: .indirectPointer))
        XCTAssertEqual(menu.record.starts, [], "held while the double tap may still be recognized")
        surface.finish(at: 1)
        XCTAssertEqual(milestones(menu), [.recognized])
        XCTAssertEqual(
            menu.record.transitions.first?.time ?? 0, 0.4, accuracy: 1e-9, "when the double tap's wait ran out")
        XCTAssertEqual(menu.record.starts.map(\.time), menu.record.transitions.map(\.time))
        XCTAssertEqual(menu.record.starts.first?.liftDelay ?? 0, 0.4, accuracy: 1e-9)
    }

    /// A menu opened at the touch-down fails a tap on the same touch whichever is listed first:
    /// UIKit hands the touch to both before either wins.
    func testAMenuOpenedAtTouchDownFailsATapListedAfterIt() {
        for menuFirst in [true, false] {
            let menu = ContextMenuInteraction()
            let tap = TapGestureRecognizer()
            let surface = menuFirst ? makeSurface(menu, tap) : makeSurface(tap, menu)
            surface.handle(Events.click(at: 0, 100, 100, buttons: .secondary, type: .indirectPointer))
            surface.finish(at: 1)
            XCTAssertEqual(milestones(menu), [.recognized], "menu first: \(menuFirst)")
            XCTAssertEqual(milestones(tap), [.failed], "menu first: \(menuFirst)")
            XCTAssertEqual(tap.record.transitions.first?.time, 0, "at the touch-down, menu first: \(menuFirst)")
        }
    }

    func testAStartRefusedByArbitrationIsNotRecorded() {
        let menu = ContextMenuInteraction()
        let tap = TapGestureRecognizer()
        tap.buttonMaskRequired = .secondary
        menu.require(toFail: tap)
        let surface = makeSurface(tap, menu)
        surface.handle(Events.click(at: 0, 100, 100, buttons: .secondary, type: .indirectPointer))
        surface.finish(at: 1)
        XCTAssertEqual(milestones(tap), [.recognized])
        XCTAssertEqual(milestones(menu), [.failed])
        XCTAssertEqual(menu.record.starts, [])
    }

    /// A view's menu and drag are coordinated, as UIKit does: a finger's long press opens the
    /// menu and lifts the drag at once; a long press recognizer on the same view still competes.
    func testAViewsMenuAndDragStartTogetherOnALongPress() {
        let menu = ContextMenuInteraction(), drag = DragInteraction(), press = LongPressGestureRecognizer()
        let surface = makeSurface(menu, drag)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.7, [Events.touch(1, .moved, 130, 100)]))
        surface.handle(Events.touches(0.8, [Events.touch(1, .ended, 130, 100)]))
        XCTAssertEqual(milestones(menu), [.recognized])
        XCTAssertEqual(drag.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(menu.record.starts.map(\.time), [0.5])
        XCTAssertEqual(drag.record.starts.map(\.time), [0.5])

        let competing = ContextMenuInteraction()
        let other = makeSurface(press, competing)
        other.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        other.handle(Events.touches(0.8, [Events.touch(1, .ended, 100, 100)]))
        XCTAssertEqual(milestones(press), [.began, .ended])
        XCTAssertEqual(milestones(competing), [.failed], "the long press, first to fire, wins")
    }
}
