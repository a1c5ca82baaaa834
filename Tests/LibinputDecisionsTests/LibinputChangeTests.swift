import LibinputDecisions
import LibinputEvents
import Quirks
import Recordings
import XCTest

/// The changes in libinput that can give a parting between two versions, told from the events
/// where they part and the device, released between the two.
final class LibinputChangeTests: XCTestCase {
    private func pad(
        vendor: UInt16 = 0, resolution: Int32 = 0, maximumX: Int32 = 4256, slots: Int32? = 4
    )
        -> DeviceDescription
    {
        var absinfo: [UInt16: AbsInfo] = [
            Evdev.ABS_X: AbsInfo(minimum: 0, maximum: maximumX, resolution: resolution),
            Evdev.ABS_Y: AbsInfo(minimum: 0, maximum: 3009, resolution: resolution),
        ]
        if let slots { absinfo[Evdev.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: slots - 1) }
        return DeviceDescription(
            name: "pad", vendor: vendor, codes: [Evdev.EV_ABS: Set(absinfo.keys)], absinfo: absinfo)
    }

    private func at(_ time: UInt64, _ kind: LibinputEvent.Kind) -> LibinputEvent {
        LibinputEvent(time: time, device: "event10", kind: kind)
    }

    private func scroll(_ horizontal: Double, vertical: Double? = nil, at time: UInt64 = 0) -> LibinputEvent {
        at(time, .pointerScroll(Scroll(source: .finger, vertical: vertical, horizontal: horizontal)))
    }

    /// A pointer motion of one unit, accelerated by `gain`.
    private func move(_ time: UInt64, _ gain: Double) -> LibinputEvent {
        at(time, .pointerMotion(dx: gain, dy: 0, unacceleratedDx: 1, unacceleratedDy: 0))
    }

    private func motion(_ dx: Double, unaccelerated: Double) -> LibinputEvent {
        LibinputEvent(
            time: 0, device: "event10",
            kind: .pointerMotion(dx: dx, dy: 0, unacceleratedDx: unaccelerated, unacceleratedDy: 0))
    }

    func testVersionsAreOrderedByTheirNumbers() {
        XCTAssertTrue(LibinputChange.isBefore("1.22.1", "1.28.1"))
        XCTAssertTrue(LibinputChange.isBefore("1.9.0", "1.22.1"))
        XCTAssertFalse(LibinputChange.isBefore("1.29.0", "1.29.0"))
        XCTAssertFalse(LibinputChange.isBefore("1.29", "1.29.0"), "a missing number is 0")
    }

    /// 1.31's fast swipe is a candidate where one version swipes and the other drags (its button,
    /// its motion) or sends nothing, with three-finger drag on alone.
    func testFastSwipeIsACandidateOnlyWithThreeFingerDragOn() {
        let swipe = at(100, .gestureSwipeBegin(fingers: 3))
        let press = at(100, .pointerButton(button: 0x110, state: .pressed, seatCount: 1))
        func candidates(_ other: LibinputEvent?, drag: Bool) -> [LibinputChange] {
            LibinputChange.candidates(
                between: "1.28.1", and: "1.31.3", expected: other, actual: swipe, device: pad(resolution: 30),
                tapping: false, threeFingerDrag: drag)
        }
        XCTAssertEqual(candidates(press, drag: true), [.threeFingerFastSwipe])
        XCTAssertEqual(candidates(move(100, 1), drag: true), [.threeFingerFastSwipe])
        XCTAssertEqual(candidates(nil, drag: true), [.threeFingerFastSwipe])
        XCTAssertEqual(candidates(press, drag: false), [])
        XCTAssertEqual(candidates(at(100, .gestureSwipeBegin(fingers: 4)), drag: true), [])
        XCTAssertEqual(
            LibinputChange.candidates(
                between: "1.28.1", and: "1.30.0", expected: press, actual: swipe, device: pad(resolution: 30),
                tapping: false, threeFingerDrag: true), [], "1.31.0 brought it")
    }

    /// mtdev's plugin is a candidate only on a pad without slots, between versions around 1.29.
    func testMtdevIsACandidateOnlyOnAProtocolAPadAcross1Point29() {
        let protocolA = DeviceDescription(
            name: "pad", codes: [Evdev.EV_ABS: [Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_POSITION_X]],
            absinfo: [Evdev.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 10)])
        let (a, b) = (motion(1, unaccelerated: 1), motion(2, unaccelerated: 2))
        func candidates(_ x: String, _ y: String, _ device: DeviceDescription) -> [LibinputChange] {
            LibinputChange.candidates(between: x, and: y, expected: a, actual: b, device: device, tapping: false)
        }
        XCTAssertEqual(candidates("1.28.1", "1.31.3", protocolA), [.mtdevPlugin])
        XCTAssertEqual(candidates("1.22.1", "1.28.1", protocolA), [])
        XCTAssertEqual(candidates("1.28.1", "1.31.3", pad(resolution: 40)), [])
    }

    /// Natural scrolling is told where libinput's quirks call the pad Apple's (a Bluetooth Magic
    /// Trackpad's vendor is not Apple's USB one) and the scroll changed sign, between versions
    /// that straddle 1.24.
    func testAChangeIsACandidateOnlyBetweenVersionsThatStraddleIt() {
        let pad = pad(vendor: 0x004c, resolution: 40)
        var apple = LibinputQuirks()
        apple.appleTouchpad = true
        let (a, b) = (scroll(-0.11), scroll(0.11))
        func candidates(_ x: String, _ y: String, _ b: LibinputEvent, _ quirks: LibinputQuirks) -> [LibinputChange] {
            LibinputChange.candidates(
                between: x, and: y, expected: a, actual: b, device: pad, quirks: quirks, tapping: false)
        }
        XCTAssertEqual(candidates("1.22.1", "1.28.1", b, apple), [.appleNaturalScroll])
        XCTAssertEqual(candidates("1.23.0", "1.24.0", b, apple), [.appleNaturalScroll])
        XCTAssertEqual(candidates("1.28.1", "1.31.3", b, apple), [])
        XCTAssertEqual(candidates("1.22.1", "1.28.1", b, LibinputQuirks()), [], "not an Apple pad to libinput")
        XCTAssertEqual(candidates("1.22.1", "1.28.1", scroll(0.2), apple), [], "no sign changed")
    }

    /// A dropped first update is told by the version that dropped it: 68a2ff0d (1.27.0) a
    /// pinch's, c3aa00ef (1.27.1) a scroll's or swipe's; 68a2ff0d's two slips are 1.27.0's alone.
    func testTheFirstUpdatesAreTheirOwnCommits() {
        let device = pad(resolution: 40)
        func event(_ kind: LibinputEvent.Kind) -> LibinputEvent {
            LibinputEvent(time: 0, device: "event10", kind: kind)
        }
        let delta = GestureDelta(dx: 1, dy: 0, unacceleratedDx: 1, unacceleratedDy: 0)
        let pinch = event(.gesturePinchUpdate(fingers: 2, delta: delta, scale: 1.1, angleDelta: 0))
        let pinchBegin = event(.gesturePinchBegin(fingers: 2))
        func candidates(
            _ x: String, _ y: String, _ a: LibinputEvent?, _ b: LibinputEvent?, after: LibinputEvent?
        ) -> [LibinputChange] {
            LibinputChange.candidates(
                between: x, and: y, expected: a, actual: b, after: after, resumesAtOnce: true, device: device,
                tapping: false)
        }
        XCTAssertEqual(candidates("1.26.0", "1.27.0", pinch, nil, after: pinchBegin), [.firstUpdateNotSent])
        XCTAssertEqual(candidates("1.22.1", "1.28.1", scroll(0.7), nil, after: nil), [.firstScrollSwipeUpdateNotSent])
        XCTAssertEqual(candidates("1.26.0", "1.27.0", scroll(0.7), nil, after: nil), [])
        // A scroll turning pinch lost its begin in 1.27.0 alone: not between 1.26 and 1.28.
        XCTAssertEqual(
            candidates("1.26.0", "1.27.0", pinchBegin, pinch, after: scroll(0.5)), [.scrollToPinchWithoutBegin])
        XCTAssertEqual(
            candidates("1.27.0", "1.27.1", pinch, pinchBegin, after: scroll(0.5)), [.scrollToPinchWithoutBegin])
        XCTAssertEqual(candidates("1.26.0", "1.28.1", pinchBegin, pinch, after: scroll(0.5)), [])
    }

    /// The same unaccelerated motion accelerated otherwise is the speed curve; another
    /// unaccelerated motion on a pad whose units per mm change by one unit is the wider range.
    func testMotionTellsTheSpeedCurveFromTheWiderRange() {
        let wider = pad(maximumX: 69 * 29 - 1)
        let same = (motion(-7.98, unaccelerated: -52), motion(-7.97, unaccelerated: -52))
        let other = (motion(-15.0, unaccelerated: -15), motion(-15.54, unaccelerated: -15.54))
        func candidates(_ pair: (LibinputEvent, LibinputEvent), on device: DeviceDescription) -> [LibinputChange] {
            LibinputChange.candidates(
                between: "1.22.1", and: "1.28.1", expected: pair.0, actual: pair.1, device: device, tapping: false)
        }
        XCTAssertEqual(candidates(same, on: pad(resolution: 40)), [.speedFactor])
        XCTAssertEqual(candidates(other, on: wider), [.widerWithoutResolution])
        XCTAssertEqual(candidates(other, on: pad()), [], "4256 and 4257 units are both 61 per mm")
    }

    /// With tapping on, a pad without gestures (one slot) no longer scrolls at once from 1.26.
    func testTappingEndsTheImmediateScrollOnAPadWithoutGestures() {
        let single = pad(resolution: 40, slots: nil)
        XCTAssertTrue(
            LibinputChange.tapEndsImmediateScroll.explains(
                expected: scroll(0.7), actual: nil, device: single, tapping: true))
        XCTAssertFalse(
            LibinputChange.tapEndsImmediateScroll.explains(
                expected: scroll(0.7), actual: nil, device: single, tapping: false))
        XCTAssertFalse(
            LibinputChange.tapEndsImmediateScroll.explains(
                expected: scroll(0.7), actual: nil, device: pad(resolution: 40), tapping: true))
    }

    /// The wait's last event, after which the waiting version goes on at once, is the wait's too:
    /// one run of events it did not send, not a difference no change gives.
    func testTheEndOfTappingsWaitIsTheWait() throws {
        func scrolling(_ time: UInt64, _ value: Double) -> LibinputEvent { scroll(value, at: time) }
        // Both move the pointer first, so that their moments line up.
        let moved = move(0, 1)
        let before = [moved] + [(10_000, 0.7), (20_000, 7.2), (30_000, 1.97), (40_000, 1.3)].map(scrolling)
        let parting = try XCTUnwrap(
            VersionParting.between(
                ("1.22.1", before), ("1.28.1", [moved, scrolling(40_000, 1.3)]),
                device: pad(resolution: 40, slots: nil),
                quirks: LibinputQuirks(), tapping: true))
        XCTAssertEqual(parting.changes, [.tapEndsImmediateScroll])
        XCTAssertEqual(parting.further.map(\.change), [])
        // Amid the scroll, an event on one axis alone where the other version's lock sent none.
        XCTAssertTrue(
            LibinputChange.tapEndsImmediateScroll.explains(
                expected: nil, actual: scrolling(50_000, 0.7), after: scrolling(40_000, 1.3), resumesAtOnce: true,
                device: pad(resolution: 40, slots: nil), tapping: true))
        XCTAssertFalse(
            LibinputChange.tapEndsImmediateScroll.explains(
                expected: nil, actual: scrolling(50_000, 0.7), after: moved, resumesAtOnce: true,
                device: pad(resolution: 40, slots: nil), tapping: true), "no scroll under way")
    }

    /// After an opening a change gives (the speed curve), a later difference none gives (a motion
    /// event the newer version lacks) is told once, without a change; the stop of a scroll the
    /// newer version sent none of is that scroll's, and not told, though the scroll before it
    /// was sent.
    func testALaterDifferenceNoChangeGivesIsToldOnce() throws {
        func scrolling(_ time: UInt64, _ value: Double) -> LibinputEvent {
            at(time, .pointerScroll(Scroll(source: .finger, vertical: value, horizontal: nil)))
        }
        let sent = [scrolling(10_000, 2), scrolling(20_000, 0)]
        let before =
            [move(0, 1)] + sent + [scrolling(50_000, 3), scrolling(60_000, 0), move(70_000, 1), move(80_000, 1)]
        let after = [move(0, 0.99913)] + sent + [move(70_000, 0.99913)]
        let parting = try XCTUnwrap(
            VersionParting.between(
                ("1.22.1", before), ("1.28.1", after), device: pad(), quirks: LibinputQuirks(), tapping: false))
        XCTAssertEqual(parting.changes, [.speedFactor])
        // The second scroll's first update is c3aa00ef's; its stop is no difference of its own; the
        // lost motion at 80 ms no known change gives.
        XCTAssertEqual(parting.further.map(\.change), [.firstScrollSwipeUpdateNotSent, nil])
        XCTAssertEqual(parting.further.map(\.index), [3, 6])
        XCTAssertEqual(
            parting.lines().last,
            "  and at event 6 (+0.080 s): 1.22.1 POINTER_MOTION 1.000000/0.000000 (+1.000000/+0.000000), 1.28.1 "
                + "nothing, which no change between them that TouchSynth knows gives")
    }

    /// c3aa00ef's first scroll event no longer seeds the scroll's axis lock: an event the same
    /// but for one axis, kept by one version alone, is c3aa00ef's, the other axis the same; where
    /// tapping's wait began the scroll at another moment, it is the wait's.
    func testAnAxisOneVersionKeptIsTheAxisLockUnseeded() {
        func both(_ vertical: Double?, _ horizontal: Double) -> LibinputEvent { scroll(horizontal, vertical: vertical) }
        func candidates(
            _ x: String, _ y: String, _ a: LibinputEvent, _ b: LibinputEvent, on device: DeviceDescription,
            tapping: Bool = false
        ) -> [LibinputChange] {
            LibinputChange.candidates(between: x, and: y, expected: a, actual: b, device: device, tapping: tapping)
        }
        let device = pad(resolution: 40)
        let (dropped, kept) = (both(nil, 0.657931), both(-0.701793, 0.657931))
        XCTAssertEqual(candidates("1.22.1", "1.31.3", dropped, kept, on: device), [.scrollAxisLockUnseeded])
        XCTAssertEqual(candidates("1.31.3", "1.22.1", kept, dropped, on: device), [.scrollAxisLockUnseeded])
        XCTAssertEqual(candidates("1.27.0", "1.27.1", dropped, kept, on: device), [.scrollAxisLockUnseeded])
        XCTAssertEqual(candidates("1.28.1", "1.31.3", dropped, kept, on: device), [])
        XCTAssertEqual(candidates("1.22.1", "1.31.3", dropped, both(-0.7, 0.6), on: device), [], "another axis too")
        // Where tapping's wait begins the scroll later, the lock starts later too: the wait's doing.
        XCTAssertEqual(
            candidates("1.22.1", "1.31.3", dropped, kept, on: pad(resolution: 40, slots: nil), tapping: true),
            [.tapEndsImmediateScroll])
    }

    /// From 68a2ff0d a button event cancels the pointer motion under way: a motion one version
    /// sent at the moment of a button both sent, right after it, is that; and the motion right
    /// after, the same but accelerated otherwise, is its doing too, not a difference of its own.
    func testAMotionLostWithAButtonEventIsTheButtonCancellingIt() throws {
        let release = at(20_000, .pointerButton(button: 272, state: .released, seatCount: 0))
        let device = pad(resolution: 40)
        func candidates(_ x: String, _ y: String, _ lost: LibinputEvent, after: LibinputEvent) -> [LibinputChange] {
            LibinputChange.candidates(
                between: x, and: y, expected: lost, actual: nil, after: after, device: device, tapping: false)
        }
        XCTAssertEqual(candidates("1.22.1", "1.31.3", move(20_000, 0.17), after: release), [.buttonCancelsMotion])
        XCTAssertEqual(candidates("1.28.1", "1.31.3", move(20_000, 0.17), after: release), [])
        XCTAssertEqual(candidates("1.22.1", "1.31.3", move(30_000, 0.17), after: release), [], "a later frame")
        XCTAssertEqual(candidates("1.22.1", "1.31.3", move(20_000, 0.17), after: move(10_000, 1)), [])

        let before = [move(0, 1), move(10_000, 1), release, move(20_000, 0.17), move(30_000, 0.94), move(40_000, 1)]
        let after = [move(0, 0.99913), move(10_000, 0.99913), release, move(30_000, 1.07), move(40_000, 0.99913)]
        let parting = try XCTUnwrap(
            VersionParting.between(
                ("1.22.1", before), ("1.31.3", after), device: device, quirks: LibinputQuirks(), tapping: false))
        XCTAssertEqual(parting.changes, [.speedFactor])
        XCTAssertEqual(parting.further.map(\.change), [.buttonCancelsMotion])
        XCTAssertEqual(parting.further.map(\.index), [3])
    }
}
