import AppEvents
import Gestures
import TestSupport
import XCTest

final class SwipeTests: XCTestCase {
    /// One touch from (100, 100) through `path`'s (dx, dy) offsets 20 ms apart, starting at `time`,
    /// lifting at the last unless `lifts` is false.
    private func flick(_ path: [(Double, Double)], at time: Double = 0, lifts: Bool = true) -> [AppEvent] {
        var events = [Events.touches(time, [Events.touch(1, .began, 100, 100)])]
        for (i, (dx, dy)) in path.enumerated() {
            let phase: TouchPhase = lifts && i == path.count - 1 ? .ended : .moved
            events.append(Events.touches(time + 0.02 * Double(i + 1), [Events.touch(1, phase, 100 + dx, 100 + dy)]))
        }
        return events
    }

    private func reasons(_ recognizer: GestureRecognizer) -> [FailureReason?] {
        recognizer.record.failureInputs.map(\.failure)
    }

    func testASwipeIsRecognizedAsItPassesTheDistanceBeforeItLifts() {
        let swipe = SwipeGestureRecognizer()
        let surface = makeSurface(swipe)
        surface.handle(flick([(20, 2), (45, 4)], lifts: false))
        XCTAssertEqual(swipe.state, .possible)
        surface.handle(Events.touches(0.06, [Events.touch(1, .moved, 160, 106)]))
        XCTAssertEqual(swipe.record.transitions, [GestureTransition(state: .recognized, time: 0.06)])
    }

    func testEachRuleItBreaksIsSaid() {
        let swipe = SwipeGestureRecognizer()
        let surface = makeSurface(swipe)
        // Leftwards where it takes right; down and right, 45° off.
        surface.handle(flick([(-30, 0), (-60, 0)]))
        surface.handle(flick([(40, 40)], at: 1))
        // Lifted short of the distance; slower than half a second.
        surface.handle(flick([(20, 0), (30, 0)], at: 2))
        surface.handle(Events.touches(3, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(3.6, [Events.touch(1, .moved, 170, 100)]))
        surface.handle(Events.touches(3.7, [Events.touch(1, .ended, 170, 100)]))
        // A second touch where it takes one.
        surface.handle(Events.touches(4, [Events.touch(1, .began, 100, 100), Events.touch(2, .began, 140, 100)]))
        XCTAssertEqual(
            reasons(swipe),
            [
                .offDirection(motion: Point(x: -60, y: 0), allowed: .right),
                .offDirection(motion: Point(x: 40, y: 40), allowed: .right),
                .liftedBeforeMoving(moved: 30, needed: 50), .tooSlow(allowed: 0.5),
                .tooManyTouches(count: 2, maximum: 1),
            ])
    }

    func testTheDirectionsAllowedAndTheTouchesRequiredDecide() {
        let swipe = SwipeGestureRecognizer(name: "sideways")
        swipe.direction = [.left, .up]
        swipe.numberOfTouchesRequired = 2
        let surface = makeSurface(swipe)
        surface.handle(flick([(0, -60)]))
        surface.handle([
            Events.touches(1, [Events.touch(1, .began, 100, 100), Events.touch(2, .began, 140, 100)]),
            Events.touches(1.02, [Events.touch(1, .moved, 80, 95), Events.touch(2, .moved, 120, 95)]),
            Events.touches(1.04, [Events.touch(1, .moved, 45, 90), Events.touch(2, .moved, 85, 90)]),
        ])
        XCTAssertEqual(reasons(swipe), [.tooFewTouches(count: 1, required: 2)])
        XCTAssertEqual(swipe.record.transitions.last, GestureTransition(state: .recognized, time: 1.04))
        XCTAssertEqual(swipe.direction.description, "left|up")
    }

    /// With no distance to go, the first move decides: a touch coming down is no motion to judge.
    func testWithoutADistanceTheFirstMoveDecides() {
        let swipe = SwipeGestureRecognizer()
        swipe.minimumDistance = 0
        let surface = makeSurface(swipe)
        surface.handle(flick([(3, 0)], lifts: false))
        XCTAssertEqual(swipe.record.transitions, [GestureTransition(state: .recognized, time: 0.02)])
    }
}
