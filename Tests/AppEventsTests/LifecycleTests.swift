@testable import AppEvents
import LibinputEvents
import XCTest

final class CancellationTests: XCTestCase {
    private func startPinch(mode: DeliveryMode) -> Harness {
        let harness = Harness(mode: mode)
        harness.send(.motion(5, 5))
        harness.send([.gesturePinchBegin(fingers: 2), .pinch(dx: 2, dy: 1, scale: 1.4, angle: 6)])
        return harness
    }

    func testResetCancelsALivePinchInBothModes() throws {
        let compat = startPinch(mode: .compatibility)
        let cancelled = try exactly(2, compat.reset())
        XCTAssertEqual(cancelled.map(\.type), [.touches, .hover])
        XCTAssertEqual(cancelled[0].touches.map(\.phase), [.cancelled, .cancelled])
        XCTAssertTrue(cancelled[0].touches.allSatisfy(\.isSimulated))
        XCTAssertEqual(cancelled[1].hoverTouch?.phase, .regionExited)
        XCTAssertEqual(compat.allViolations, [])

        let indirect = startPinch(mode: .indirectInput)
        let transformCancelled = try exactly(2, indirect.reset())
        XCTAssertEqual(transformCancelled.map(\.type), [.transform, .hover])
        XCTAssertEqual(transformCancelled[0].transform?.phase, .cancelled)
        XCTAssertEqual(transformCancelled[0].transform?.scale, 1.4)
        XCTAssertEqual(indirect.allViolations, [])
    }

    func testDeviceRemovalCancelsALivePinchInBothModes() throws {
        for mode in DeliveryMode.allCases {
            let harness = startPinch(mode: mode)
            XCTAssertEqual(
                harness.send(.deviceRemoved, device: "keyboard"), [], "another device's removal changes nothing")
            let events = try exactly(2, harness.send(.deviceRemoved))
            XCTAssertEqual(events.map(\.type), [mode == .indirectInput ? .transform : .touches, .hover])
            if mode == .indirectInput {
                XCTAssertEqual(events[0].transform?.phase, .cancelled)
            } else {
                XCTAssertEqual(events[0].touches.map(\.phase), [.cancelled, .cancelled])
            }
            XCTAssertEqual(events[1].hoverTouch?.phase, .regionExited)
            XCTAssertEqual(harness.send(.pinchEnd()), [], "libinput's late end finds nothing live")
            XCTAssertEqual(harness.allViolations, [])
        }
    }

    func testResetCancelsEverythingLive() throws {
        let harness = Harness(mode: .indirectInput)
        harness.send(.motion(1, 1))
        harness.send(.keyDown(Key.leftShift), device: "kbd")
        harness.send(.press(Button.left))
        harness.send(.fingerScroll(horizontal: nil, vertical: 4))
        harness.send(.gestureSwipeBegin(fingers: 3))
        harness.send(.gesturePinchBegin(fingers: 2))
        let events = try exactly(5, harness.reset())
        XCTAssertEqual(events.map(\.type), [.touches, .transform, .scroll, .systemGesture, .hover])
        XCTAssertEqual(events[0].touches.map(\.phase), [.cancelled])
        XCTAssertEqual(events[1].transform?.phase, .cancelled)
        XCTAssertEqual(events[2].scroll?.phase, .cancelled)
        XCTAssertEqual(events[3].systemGesture?.phase, .cancelled)
        XCTAssertEqual(events[4].hoverTouch?.phase, .regionExited)
        XCTAssertTrue(
            events.allSatisfy { $0.buttonMask.isEmpty && $0.modifierFlags.isEmpty },
            "held buttons and keys are forgotten")
        XCTAssertEqual(harness.reset(), [], "nothing left to cancel")
        XCTAssertEqual(harness.send(.release(Button.left)), [], "the release of a forgotten button")
        XCTAssertEqual(harness.allViolations, [])
    }

    func testRemovingTheMouseCancelsItsDragButNotTheTouchpadsScroll() throws {
        let harness = Harness(mode: .compatibility)
        harness.send(.press(Button.left), device: "mouse")
        harness.send(.fingerScroll(horizontal: nil, vertical: 4), device: "touchpad")
        let events = try exactly(1, harness.send(.deviceRemoved, device: "mouse"))
        XCTAssertEqual(events.map(\.type), [.touches])
        XCTAssertEqual(events[0].touches.map(\.phase), [.cancelled])
        XCTAssertEqual(events[0].buttonMask, [])
        XCTAssertEqual(
            harness.send(.fingerScroll(horizontal: 0, vertical: 0), device: "touchpad").map { $0.scroll?.phase },
            [.ended])
        XCTAssertEqual(harness.allViolations, [])
    }
}

final class DeliveryModeTests: XCTestCase {
    func testIndirectModeDeliversTransformPhasesAndNoSimulatedTouches() {
        let harness = Harness(mode: .indirectInput)
        harness.send(.press(Button.left))
        harness.send(.release(Button.left))
        let pinch = harness.send([
            .gesturePinchBegin(fingers: 2), .pinch(scale: 0.8, angle: -10), .pinch(scale: 0.5, angle: -5),
            .pinchEnd(scale: 0.5),
        ])
        XCTAssertEqual(pinch.map(\.type), [.transform, .transform, .transform, .transform])
        XCTAssertEqual(pinch.compactMap(\.transform).map(\.phase), [.began, .changed, .changed, .ended])
        XCTAssertEqual(pinch.compactMap(\.transform).map(\.scale), [1, 0.8, 0.5, 0.5])
        XCTAssertEqual(pinch.last?.transform?.rotation ?? 0, -15 * .pi / 180, accuracy: 1e-12)
        XCTAssertFalse(harness.events.flatMap(\.allTouches).contains(where: \.isSimulated))
        XCTAssertTrue(harness.events.flatMap(\.allTouches).allSatisfy { $0.type == .indirectPointer })
        XCTAssertEqual(harness.allViolations, [])
    }

    func testCompatibilityModeDeliversNoTransformAndNoIndirectPointer() {
        let harness = Harness(mode: .compatibility)
        harness.send(.motion(2, 2))
        harness.send([.press(Button.left), .release(Button.left)])
        harness.send([.gesturePinchBegin(fingers: 2), .pinch(scale: 2, angle: 30), .pinchEnd(scale: 2)])
        XCTAssertFalse(harness.events.contains { $0.type == .transform })
        XCTAssertTrue(harness.events.flatMap(\.allTouches).allSatisfy { $0.type == .direct })
        XCTAssertEqual(harness.events.flatMap(\.allTouches).filter(\.isSimulated).count, 6)
        XCTAssertEqual(harness.allViolations, [])
    }

    func testNonFiniteOrDegenerateInputNeverReachesTheApp() {
        for mode in DeliveryMode.allCases {
            let harness = Harness(mode: mode)
            harness.send([
                .motion(.nan, .infinity), .pointerMotionAbsolute(x: .nan, y: 0.5),
                .gesturePinchBegin(fingers: 2), .pinch(dx: .nan, dy: 1, scale: 0, angle: .infinity),
                .pinch(scale: .nan, angle: .nan), .pinch(scale: -3),
                .pinch(scale: .greatestFiniteMagnitude, angle: .greatestFiniteMagnitude),
                .pinch(scale: 2, angle: .greatestFiniteMagnitude), .pinchEnd(scale: .nan),
                .fingerScroll(horizontal: .infinity, vertical: .nan), .wheel(vertical: .nan, vertical120: .infinity),
                .gestureSwipeBegin(fingers: 3), .swipe(3, dx: .nan, dy: -.infinity),
                .gestureSwipeEnd(fingers: 3, cancelled: false),
            ])
            harness.requestPointerLock(true)
            harness.send(.pointerMotion(dx: 1, dy: 1, unacceleratedDx: .nan, unacceleratedDy: .infinity))
            harness.flush()
            XCTAssertFalse(harness.events.isEmpty)
            XCTAssertEqual(harness.allViolations, [], "\(mode)")
        }
    }

    func testTimestampsAreSecondsAndNeverGoBack() {
        let harness = Harness(mode: .compatibility)
        harness.time = 2_500_000
        XCTAssertEqual(harness.send(.motion(1, 0), dt: 0).map(\.timestamp), [2.5])
        harness.time = 2_400_000
        XCTAssertEqual(
            harness.send(.motion(1, 0), dt: 0).map(\.timestamp), [2.5], "an earlier event is stamped with the last time"
        )
        XCTAssertEqual(harness.send(.motion(1, 0), dt: 200_000).map(\.timestamp), [2.6])
        XCTAssertEqual(harness.allViolations, [])
    }

    /// Every silent event is counted under its disposition's reason, however often a reason
    /// comes back and in whatever order reasons first appear; two streams with the same counts
    /// account equally.
    func testAccountingCountsEachReasonWhateverOrderReasonsCameIn() {
        // A finger scroll's stop with no sequence live merges under a reason of its own.
        let stop = LibinputEvent.Kind.fingerScroll(horizontal: 0, vertical: 0)
        let key: [LibinputEvent.Kind] = [.keyDown(Key.leftShift), .keyUp(Key.leftShift)]
        let keyFirst = [.added("event5", [.pointer, .gesture])] + key + [stop, .added("event6", [.keyboard])]
        let scrollFirst = [.added("event6", [.keyboard]), stop] + key + [.added("event5", [.pointer, .gesture])]
        var accountings: [Accounting] = []
        for order in [keyFirst, scrollFirst] {
            let harness = Harness(mode: .compatibility)
            var merged: [String: Int] = [:], dropped: [String: Int] = [:]
            for kind in order {
                XCTAssertTrue(harness.send(kind).isEmpty)
                switch harness.translator.lastDisposition {
                case .merged(let why): merged[why, default: 0] += 1
                case .dropped(let why): dropped[why, default: 0] += 1
                case .emitted: XCTFail("\(kind) emitted an app event")
                }
            }
            let accounting = harness.translator.accounting
            XCTAssertEqual(accounting.events, order.count)
            XCTAssertEqual(accounting.emitted, 0)
            XCTAssertEqual(accounting.merged, merged)
            XCTAssertEqual(accounting.dropped, dropped)
            XCTAssertEqual(merged.count, 2, "the keys' reason and the scroll's")
            XCTAssertEqual(dropped.count, 1, "both devices are bookkeeping")
            accountings.append(accounting)
        }
        XCTAssertEqual(accountings[0], accountings[1])
    }

    /// A modifier's key (and caps lock) is merged into the flags later events carry; any other
    /// key changes nothing they carry, and is dropped as a key press, which is not modelled.
    func testAKeyThatIsNoModifierIsDroppedAsAKeyPress() {
        let harness = Harness(mode: .indirectInput)
        for key in [Key.leftShift, Key.capsLock] {
            harness.send(.keyDown(key), device: "kbd")
            XCTAssertEqual(harness.translator.lastDisposition, .merged("modifier and key state of later events"))
        }
        harness.send(.keyDown(30), device: "kbd") // KEY_A
        XCTAssertEqual(
            harness.translator.lastDisposition,
            .dropped("a key that is no modifier: key presses (UIPress) are not modelled"))
    }

    /// Each reason has a count of its own: all counted once add up under their dispositions,
    /// and two accountings that differ only in which reason they counted differ.
    func testEveryReasonIsCountedApart() {
        let reasons = SilentReason.allCases
        var all = Accounting()
        for reason in reasons { all.countSilent(reason) }
        XCTAssertEqual(all.events, reasons.count)
        XCTAssertEqual(all.merged.values.reduce(0, +) + all.dropped.values.reduce(0, +), reasons.count)
        for reason in reasons {
            var one = Accounting(), other = Accounting()
            one.countSilent(reason)
            other.countSilent(reasons[(reason.rawValue + 1) % reasons.count])
            XCTAssertNotEqual(one, other, "\(reason)")
        }
    }
}
