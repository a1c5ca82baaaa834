import Gestures
import AppEvents
import XCTest
import TestSupport

final class LongPressTests: XCTestCase {
    func testFiresAfterHalfASecondWithoutMovement() {
        let press = LongPressGestureRecognizer()
        let surface = makeSurface(press)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.3, [Events.touch(1, .moved, 104, 103)]))
        XCTAssertEqual(press.state, .possible)
        surface.handle(Events.touches(0.7, [Events.touch(1, .moved, 150, 103)]))
        XCTAssertEqual(press.record.transitions.map(\.state), [.began, .changed])
        XCTAssertEqual(
            press.record.transitions.first?.time, 0.5, "the deadline fires at its own time, before the later event")
        surface.handle(Events.touches(0.8, [Events.touch(1, .ended, 150, 103)]))
        XCTAssertEqual(milestones(press), [.began, .ended])
    }

    func testFailsWhenTheTouchMovesFirst() {
        let press = LongPressGestureRecognizer()
        let surface = makeSurface(press)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.2, [Events.touch(1, .moved, 112, 100)]))
        surface.finish(at: 2)
        XCTAssertEqual(milestones(press), [.failed])
    }

    func testFailsWhenLiftedEarly() {
        let press = LongPressGestureRecognizer()
        let surface = makeSurface(press)
        surface.handle(Events.click(at: 0, 100, 100))
        surface.finish(at: 2)
        XCTAssertEqual(milestones(press), [.failed])
    }

    func testFinishFiresAPressStillHeldAtTheEndOfTheStream() {
        let press = LongPressGestureRecognizer()
        let surface = makeSurface(press)
        surface.handle(Events.touches(10, [Events.touch(1, .began, 100, 100)]))
        surface.finish(at: 10.4)
        XCTAssertEqual(press.state, .possible)
        surface.finish(at: 11)
        XCTAssertEqual(press.record.transitions, [GestureTransition(state: .began, time: 10.5)])
    }

    func testAdvanceOnTheRecognizerFiresItsTimer() {
        let press = LongPressGestureRecognizer()
        press.minimumPressDuration = 1
        let surface = makeSurface(press)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        press.advance(to: 0.9)
        XCTAssertEqual(press.state, .possible)
        press.advance(to: 1.2)
        XCTAssertEqual(press.state, .began)
    }

    func testAnActiveLongPressPreventsAPan() {
        let press = LongPressGestureRecognizer()
        let pan = PanGestureRecognizer()
        let surface = makeSurface(press, pan)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.6, [Events.touch(1, .moved, 130, 100)]))
        surface.handle(Events.touches(0.7, [Events.touch(1, .ended, 130, 100)]))
        XCTAssertEqual(milestones(press), [.began, .ended])
        XCTAssertEqual(
            pan.record.transitions, [GestureTransition(state: .failed, time: 0.5)],
            "fails as soon as the long press begins, not only when it would begin itself")
    }
}
