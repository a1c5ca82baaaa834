import AppEvents
import LibinputEvents
import XCTest

final class ScrollTests: XCTestCase {
    func testFingerScrollBeginsChangesAndEndsAtTheStop() {
        for mode in DeliveryMode.allCases {
            let harness = Harness(mode: mode)
            let location = harness.translator.pointer.location
            let events = harness.send([
                .fingerScroll(horizontal: 1.5, vertical: -4),
                .fingerScroll(horizontal: nil, vertical: -6),
                .fingerScroll(horizontal: 0.5, vertical: -2),
                .fingerScroll(horizontal: 0, vertical: 0),
            ])
            XCTAssertEqual(
                events.compactMap(\.scroll),
                [
                    ScrollEvent(
                        phase: .began, type: .continuous, delta: Point(x: 1.5, y: -4),
                        translation: Point(x: 1.5, y: -4), location: location),
                    ScrollEvent(
                        phase: .changed, type: .continuous, delta: Point(x: 0, y: -6),
                        translation: Point(x: 1.5, y: -10), location: location),
                    ScrollEvent(
                        phase: .changed, type: .continuous, delta: Point(x: 0.5, y: -2),
                        translation: Point(x: 2, y: -12), location: location),
                    ScrollEvent(
                        phase: .ended, type: .continuous, delta: .zero, translation: Point(x: 2, y: -12),
                        location: location),
                ])
            XCTAssertEqual(events.count, 4)
            XCTAssertEqual(harness.send(.fingerScroll(horizontal: 0, vertical: 0)), [], "a stop with nothing live")
            XCTAssertEqual(harness.allViolations, [])
        }
    }

    /// A device libinput reverses the scroll values of (natural scrolling) gives the app the
    /// sign an iPad's default gives: its values reversed back, a 0 staying 0 (not −0); another
    /// device's, and the same device added again without it, are taken as they come.
    func testAScrollLibinputReversesIsReversedBack() throws {
        var natural = DeviceInfo(name: "pad", sysname: "event5", capabilities: [.pointer], sizeMM: nil)
        natural.naturalScrolling = true
        let harness = Harness(mode: .indirectInput)
        harness.send(.deviceAdded(natural))
        let reversed = harness.send([
            .fingerScroll(horizontal: 0, vertical: -4), .wheel(vertical: -15, vertical120: -120),
        ])
        let scrolls = reversed.compactMap(\.scroll)
        XCTAssertEqual(scrolls.first?.delta, Point(x: 0, y: 4))
        XCTAssertEqual(scrolls.first?.delta.x.sign, .plus)
        XCTAssertEqual(scrolls.last?.delta, Point(x: 0, y: 15))
        XCTAssertEqual(scrolls.last?.value120, Point(x: 0, y: 120))
        let other = harness.send(.wheel(vertical: -15, vertical120: -120), device: "event6").compactMap(\.scroll)
        XCTAssertEqual(other.last?.delta, Point(x: 0, y: -15))
        natural.naturalScrolling = false
        harness.send(.deviceAdded(natural))
        XCTAssertEqual(
            harness.send(.fingerScroll(horizontal: 0, vertical: -4)).compactMap(\.scroll).last?.delta,
            Point(x: 0, y: -4))
        harness.send(.fingerScroll(horizontal: 0, vertical: 0))
        XCTAssertEqual(harness.allViolations, [])
    }

    func testWheelIsDiscreteKeepsValue120AndEndsOnTheNextPointerEvent() throws {
        let harness = Harness(mode: .compatibility)
        let events = harness.send([.wheel(vertical: 15, vertical120: 120), .wheel(vertical: 7.5, vertical120: 60)])
        XCTAssertEqual(events.compactMap(\.scroll).map(\.phase), [.began, .changed])
        XCTAssertEqual(events.compactMap(\.scroll).map(\.type), [.discrete, .discrete])
        XCTAssertEqual(events.compactMap(\.scroll).map(\.value120), [Point(x: 0, y: 120), Point(x: 0, y: 60)])
        XCTAssertEqual(events.compactMap(\.scroll).map(\.translation), [Point(x: 0, y: 15), Point(x: 0, y: 22.5)])

        XCTAssertEqual(harness.send(.keyDown(Key.leftShift)), [], "a key is no pointer event")
        let ended = try exactly(2, harness.send(.motion(1, 0)))
        XCTAssertEqual(ended.map(\.type), [.scroll, .hover])
        XCTAssertEqual(ended[0].scroll?.phase, .ended)
        XCTAssertEqual(ended[0].scroll?.translation, Point(x: 0, y: 22.5))
        XCTAssertEqual(harness.allViolations, [])
    }

    func testWheelSequenceEndsAfterTheTimeoutStampedWhenItExpired() throws {
        let harness = Harness(mode: .indirectInput)
        let began = try exactly(1, harness.send(.wheel(vertical: 15, vertical120: 120)))
        XCTAssertEqual(
            harness.send(.wheel(vertical: 15, vertical120: 120), dt: 149_999).map { $0.scroll?.phase }, [.changed])
        let lastWheel = harness.time

        let next = try exactly(2, harness.send(.wheel(vertical: -15, vertical120: -120), dt: 400_000))
        XCTAssertEqual(next.map { $0.scroll?.phase }, [.ended, .began])
        XCTAssertEqual(next[0].timestamp, Double(lastWheel + 150_000) / 1e6, accuracy: 1e-9)
        XCTAssertEqual(next[1].timestamp, Double(harness.time) / 1e6, accuracy: 1e-9)
        XCTAssertGreaterThan(next[0].timestamp, began[0].timestamp)

        let flushed = try exactly(1, harness.flush(dt: 20_000))
        XCTAssertEqual(flushed.map { $0.scroll?.phase }, [.ended])
        XCTAssertEqual(flushed[0].timestamp, Double(harness.time) / 1e6, accuracy: 1e-9, "flushed before the timeout")
        XCTAssertEqual(harness.flush(), [])
        XCTAssertEqual(harness.allViolations, [])
    }

    func testFingerScrollEndsAWheelSequence() {
        let harness = Harness(mode: .compatibility)
        harness.send(.wheel(vertical: 15, vertical120: 120))
        let events = harness.send(.fingerScroll(horizontal: nil, vertical: 3))
        XCTAssertEqual(events.compactMap(\.scroll).map(\.phase), [.ended, .began])
        XCTAssertEqual(events.compactMap(\.scroll).map(\.type), [.discrete, .continuous])
        XCTAssertEqual(harness.allViolations.map(\.rule), [.gestureNeverEnded], "the finger scroll is still live")
    }
}

final class SystemGestureTests: XCTestCase {
    func testThreeFingerSwipeIsASystemGestureWithCumulativeTranslation() {
        for mode in DeliveryMode.allCases {
            let harness = Harness(mode: mode)
            let events = harness.send([
                .gestureSwipeBegin(fingers: 3),
                .swipe(3, dx: -10, dy: 1),
                .swipe(3, dx: -25, dy: 2),
                .gestureSwipeEnd(fingers: 3, cancelled: false),
            ])
            XCTAssertEqual(
                events.compactMap(\.systemGesture),
                [
                    SystemGestureEvent(kind: .swipe, phase: .began, fingers: 3, translation: .zero),
                    SystemGestureEvent(kind: .swipe, phase: .changed, fingers: 3, translation: Point(x: -10, y: 1)),
                    SystemGestureEvent(kind: .swipe, phase: .changed, fingers: 3, translation: Point(x: -35, y: 3)),
                    SystemGestureEvent(kind: .swipe, phase: .ended, fingers: 3, translation: Point(x: -35, y: 3)),
                ])
            XCTAssertEqual(events.count, 4, "nothing else: no touches, no scroll")
            XCTAssertEqual(harness.allViolations, [])
        }
    }

    /// A three-finger pinch on a trackpad goes Home or to the App Switcher (the iPad User Guide):
    /// no simulated touches, no transform.
    func testThreeFingerPinchIsASystemGestureInBothModes() {
        for mode in DeliveryMode.allCases {
            let harness = Harness(mode: mode)
            let delta = GestureDelta(dx: 4, dy: -2, unacceleratedDx: 4, unacceleratedDy: -2)
            let events = harness.send([
                .gesturePinchBegin(fingers: 3),
                .gesturePinchUpdate(fingers: 3, delta: delta, scale: 0.8, angleDelta: 5),
                .gesturePinchUpdate(fingers: 3, delta: delta, scale: 0.6, angleDelta: 5),
                .gesturePinchEnd(fingers: 3, scale: 0.6, cancelled: false),
            ])
            XCTAssertEqual(
                events.compactMap(\.systemGesture),
                [
                    SystemGestureEvent(kind: .pinch, phase: .began, fingers: 3, translation: .zero),
                    SystemGestureEvent(
                        kind: .pinch, phase: .changed, fingers: 3, translation: Point(x: 4, y: -2), scale: 0.8),
                    SystemGestureEvent(
                        kind: .pinch, phase: .changed, fingers: 3, translation: Point(x: 8, y: -4), scale: 0.6),
                    SystemGestureEvent(
                        kind: .pinch, phase: .ended, fingers: 3, translation: Point(x: 8, y: -4), scale: 0.6),
                ])
            XCTAssertEqual(events.count, 4, "nothing else: no touches, no transform")
            XCTAssertEqual(harness.allViolations, [])
        }
    }

    func testHoldIsASystemGestureAndMotionCancelsIt() {
        let harness = Harness(mode: .compatibility)
        let events = harness.send([
            .gestureHoldBegin(fingers: 2), .gestureHoldEnd(fingers: 2, cancelled: false),
            .gestureHoldBegin(fingers: 1), .gestureHoldEnd(fingers: 1, cancelled: true),
        ])
        XCTAssertEqual(events.compactMap(\.systemGesture).map(\.phase), [.began, .ended, .began, .cancelled])
        XCTAssertEqual(events.compactMap(\.systemGesture).map(\.kind), [.hold, .hold, .hold, .hold])
        XCTAssertEqual(events.compactMap(\.systemGesture).map(\.fingers), [2, 2, 1, 1])
        XCTAssertEqual(harness.allViolations, [])
    }
}
