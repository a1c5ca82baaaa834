import AppEventInvariants
import AppEvents
import XCTest

/// Hand-made streams, good and bad: a checker that cannot fail would prove nothing.
final class InvariantCheckerTests: XCTestCase {
    private func event(_ time: Double, _ payload: AppEvent.Payload) -> AppEvent {
        AppEvent(timestamp: time, buttonMask: [], modifierFlags: [], payload: payload)
    }

    private func touch(
        _ id: Int, _ phase: TouchPhase, type: TouchType = .direct, at location: Point = Point(x: 1, y: 1),
        simulated: Bool = false
    ) -> Touch {
        Touch(
            id: TouchID(id), phase: phase, type: type, location: location, previousLocation: location,
            isSimulated: simulated)
    }

    private func rules(_ events: [AppEvent], mode: DeliveryMode = .compatibility) -> [InvariantChecker.Violation.Rule] {
        InvariantChecker.violations(in: events, mode: mode).map(\.rule)
    }

    func testALegalStreamPasses() {
        let stream = [
            event(0, .hover(touch(1, .regionEntered))),
            event(0.1, .hover(touch(1, .regionMoved))),
            event(0.1, .touches([touch(2, .began)])),
            event(0.2, .touches([touch(2, .moved)])),
            event(0.2, .touches([touch(2, .stationary)])),
            event(0.3, .touches([touch(2, .ended)])),
            event(0.3, .transform(TransformEvent(phase: .began, scale: 1, rotation: 0, location: .zero))),
            event(0.4, .transform(TransformEvent(phase: .cancelled, scale: 2, rotation: 1, location: .zero))),
            event(
                0.5,
                .scroll(
                    ScrollEvent(
                        phase: .began, type: .discrete, delta: .zero, translation: .zero, value120: .zero,
                        location: .zero))),
            event(
                0.6,
                .scroll(
                    ScrollEvent(
                        phase: .ended, type: .discrete, delta: .zero, translation: .zero, location: .zero))),
            event(0.7, .pointerLock(isLocked: true)),
            event(0.7, .relativeMotion(dx: 1, dy: 2)),
            event(0.8, .hover(touch(1, .regionExited))),
        ]
        XCTAssertEqual(rules(stream, mode: .indirectInput), [])
        let transforms = stream.filter { if case .transform = $0.payload { true } else { false } }
        XCTAssertEqual(transforms.count, 2)
        XCTAssertEqual(rules(stream.filter { !transforms.contains($0) }, mode: .compatibility), [])
    }

    func testATouchOffTheScreenIsReportedWhereTheScreenIsGiven() {
        let screen = Size(width: 100, height: 50)
        let stream = [
            event(0, .touches([touch(1, .began, at: Point(x: 99.5, y: 0))])),
            event(0, .touches([touch(1, .moved, at: Point(x: 100, y: 0))])),
            event(0, .touches([touch(1, .ended, at: Point(x: 3, y: -1))])),
        ]
        let violations = InvariantChecker.violations(in: stream, mode: .compatibility, screen: screen)
        XCTAssertEqual(violations.map(\.rule), [.touchOffScreen, .touchOffScreen])
        XCTAssertEqual(violations.map(\.eventIndex), [1, 2])
        XCTAssertEqual(InvariantChecker.violations(in: stream, mode: .compatibility), [])
    }

    func testATouchThatNeverEndsIsReportedAtTheEnd() {
        var checker = InvariantChecker(mode: .compatibility)
        XCTAssertEqual(checker.check(event(0, .touches([touch(7, .began)]))), [])
        XCTAssertEqual(checker.check(event(0, .touches([touch(7, .moved)]))), [])
        let unfinished = checker.finish()
        XCTAssertEqual(unfinished.map(\.rule), [.touchNeverEnded])
        XCTAssertNil(unfinished.first?.eventIndex)
    }

    func testAnEventAfterTheEndIsReported() {
        let stream = [
            event(0, .touches([touch(1, .began)])),
            event(0, .touches([touch(1, .ended)])),
            event(0, .touches([touch(1, .moved)])),
            event(0, .touches([touch(1, .cancelled)])),
        ]
        let violations = InvariantChecker.violations(in: stream, mode: .compatibility)
        XCTAssertEqual(violations.map(\.rule), [.eventAfterEnd, .eventAfterEnd])
        XCTAssertEqual(violations.map(\.eventIndex), [2, 3])
    }

    func testNonFiniteNumbersAreReportedWherever() {
        let nan = Double.nan
        XCTAssertEqual(
            rules([
                event(0, .touches([touch(1, .began, at: Point(x: nan, y: 0))])), event(0, .touches([touch(1, .ended)])),
            ]), [.nonFinite])
        XCTAssertEqual(rules([event(.infinity, .pointerLock(isLocked: true))]), [.nonFinite])
        XCTAssertEqual(
            rules(
                [
                    event(0, .transform(TransformEvent(phase: .began, scale: .infinity, rotation: 0, location: .zero))),
                    event(0, .transform(TransformEvent(phase: .ended, scale: 1, rotation: nan, location: .zero))),
                ], mode: .indirectInput), [.nonFinite, .nonFinite])
        XCTAssertEqual(
            rules([
                event(
                    0,
                    .scroll(
                        ScrollEvent(
                            phase: .began, type: .discrete, delta: .zero, translation: .zero,
                            value120: Point(x: 0, y: nan), location: .zero))),
                event(
                    0,
                    .scroll(
                        ScrollEvent(
                            phase: .ended, type: .discrete, delta: .zero, translation: .zero, location: .zero))),
            ]), [.nonFinite])
        XCTAssertEqual(
            rules([event(0, .pointerLock(isLocked: true)), event(0, .relativeMotion(dx: nan, dy: 0))]), [.nonFinite])
    }

    func testDeliveryModeRulesAreReported() {
        let simulated = [
            event(0, .touches([touch(1, .began, simulated: true)])),
            event(0, .touches([touch(1, .ended, simulated: true)])),
        ]
        XCTAssertEqual(
            rules(simulated, mode: .indirectInput), [.simulatedTouchInIndirectMode, .simulatedTouchInIndirectMode])
        XCTAssertEqual(rules(simulated, mode: .compatibility), [])

        let pointer = [event(0, .hover(touch(1, .regionEntered, type: .indirectPointer)))]
        XCTAssertEqual(rules(pointer, mode: .compatibility), [.indirectPointerInCompatibilityMode])
        XCTAssertEqual(rules(pointer, mode: .indirectInput), [])

        let pinch = [
            event(0, .transform(TransformEvent(phase: .began, scale: 1, rotation: 0, location: .zero))),
            event(0, .transform(TransformEvent(phase: .ended, scale: 2, rotation: 0, location: .zero))),
        ]
        XCTAssertEqual(
            rules(pinch, mode: .compatibility), [.transformInCompatibilityMode, .transformInCompatibilityMode])
        XCTAssertEqual(rules(pinch, mode: .indirectInput), [])
    }

    func testIllegalPhaseOrdersAreReported() {
        XCTAssertEqual(
            rules([event(0, .touches([touch(1, .moved)])), event(0, .touches([touch(1, .ended)]))]),
            [.illegalPhaseOrder])
        XCTAssertEqual(
            rules([
                event(0, .touches([touch(1, .began)])), event(0, .touches([touch(1, .began)])),
                event(0, .touches([touch(1, .ended)])),
            ]), [.illegalPhaseOrder])
        XCTAssertEqual(
            rules([event(0, .touches([touch(1, .regionEntered)]))]), [.illegalPhaseOrder],
            "hover phase in a touches event")
        XCTAssertEqual(
            rules([event(0, .hover(touch(1, .regionEntered))), event(0, .hover(touch(1, .ended)))]),
            [.illegalPhaseOrder, .illegalPhaseOrder])
        XCTAssertEqual(
            rules(
                [event(0, .transform(TransformEvent(phase: .changed, scale: 1, rotation: 0, location: .zero)))],
                mode: .indirectInput), [.illegalPhaseOrder])
        XCTAssertEqual(
            rules([
                event(
                    0, .systemGesture(SystemGestureEvent(kind: .swipe, phase: .began, fingers: 3, translation: .zero))),
                event(
                    0, .systemGesture(SystemGestureEvent(kind: .hold, phase: .ended, fingers: 3, translation: .zero))),
            ]), [.illegalPhaseOrder, .gestureNeverEnded])
        XCTAssertEqual(
            rules([
                event(
                    0,
                    .scroll(
                        ScrollEvent(phase: .began, type: .continuous, delta: .zero, translation: .zero, location: .zero)
                    )),
                event(
                    0,
                    .scroll(
                        ScrollEvent(phase: .began, type: .continuous, delta: .zero, translation: .zero, location: .zero)
                    )),
            ]), [.illegalPhaseOrder, .gestureNeverEnded])
    }

    func testTimeGoingBackIsReported() {
        XCTAssertEqual(
            rules([event(1, .pointerLock(isLocked: true)), event(0.5, .pointerLock(isLocked: false))]),
            [.timestampDecreased])
    }

    func testPointerLockRulesAreReported() {
        XCTAssertEqual(rules([event(0, .pointerLock(isLocked: false))]), [.pointerLockUnchanged])
        XCTAssertEqual(rules([event(0, .relativeMotion(dx: 1, dy: 1))]), [.relativeMotionWhileUnlocked])
    }

    func testViolationsDescribeThemselves() {
        let violations = InvariantChecker.violations(in: [event(0, .touches([touch(3, .moved)]))], mode: .compatibility)
        XCTAssertEqual(
            violations.map(\.description),
            [
                "event 0: illegalPhaseOrder: touch #3 moved without began",
                "end of stream: touchNeverEnded: touch #3 began but never ended or was cancelled",
            ])
    }

    private func region(
        _ phase: PointerRegionEvent.Phase, _ name: String, axes: PointerStyle.Axes = [],
        at location: Point = Point(x: 50, y: 10)
    ) -> AppEvent.Payload {
        let style: PointerStyle =
            axes.isEmpty ? .effect(.highlight) : .shape(.verticalBeam(length: 20), constrainedAxes: axes)
        return .pointerRegion(
            PointerRegionEvent(
                phase: phase, view: "v", region: name, rect: Rect(x: 0, y: 0, width: 100, height: 20),
                style: style, location: location))
    }

    func testPointerRegionRulesAreReported() {
        XCTAssertEqual(
            rules([
                event(0, region(.willEnter, "a")), event(0, region(.willExit, "a")), event(1, region(.willEnter, "b")),
            ]), [],
            "a region still entered at the end is the pointer at rest")
        XCTAssertEqual(
            rules([event(0, region(.willEnter, "a")), event(0, region(.willEnter, "b"))]), [.pointerRegionUnbalanced])
        XCTAssertEqual(
            rules([event(0, region(.willEnter, "a")), event(0, region(.willEnter, "a"))]), [.pointerRegionUnbalanced],
            "entered twice")
        XCTAssertEqual(rules([event(0, region(.willExit, "a"))]), [.pointerRegionUnbalanced], "an exit with no enter")
        XCTAssertEqual(
            rules([event(0, region(.willEnter, "a")), event(0, region(.willExit, "b"))]), [.pointerRegionUnbalanced],
            "the wrong region's exit")
        XCTAssertEqual(rules([event(0, region(.willEnter, "a", at: Point(x: 1, y: .nan)))]), [.nonFinite])
    }

    func testAConstrainedAxisMustBeHeld() {
        let onRail = Point(x: 30, y: 10), offRail = Point(x: 30, y: 12)
        XCTAssertEqual(
            rules([
                event(0, region(.willEnter, "line", axes: .vertical, at: onRail)),
                event(0, .hover(touch(1, .regionEntered, at: onRail))),
                event(1, .hover(touch(1, .regionMoved, at: Point(x: 70, y: 10)))),
            ]), [])
        XCTAssertEqual(
            rules([
                event(0, region(.willEnter, "line", axes: .vertical, at: onRail)),
                event(0, .hover(touch(1, .regionEntered, at: offRail))),
            ]), [.constrainedAxisNotHeld])
        XCTAssertEqual(
            rules([
                event(0, region(.willEnter, "line", axes: .horizontal, at: Point(x: 50, y: 3))),
                event(0, .touches([touch(2, .began, at: Point(x: 49, y: 3))])),
                event(0, .touches([touch(2, .ended, at: Point(x: 50, y: 3))])),
            ]), [.constrainedAxisNotHeld])
        XCTAssertEqual(
            rules([
                event(0, region(.willEnter, "line", axes: .vertical, at: onRail)),
                event(0, .touches([touch(3, .began, at: offRail, simulated: true)])),
                event(0, .touches([touch(3, .ended, at: offRail, simulated: true)])),
            ]), [], "simulated touches are not the pointer")
        XCTAssertEqual(
            rules([
                event(0, region(.willEnter, "line", axes: .vertical, at: offRail)),
                event(0, .hover(touch(1, .regionEntered, at: offRail))),
            ]), [], "the rail is where the enter put the pointer")
        XCTAssertEqual(
            rules([
                event(0, region(.willEnter, "line", axes: .vertical, at: onRail)),
                event(0, region(.willExit, "line", axes: .vertical, at: onRail)),
                event(0, .hover(touch(1, .regionEntered, at: offRail))),
            ]), [], "free again after the exit")
    }
}
