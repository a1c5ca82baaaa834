import DesktopEvents
import LibinputEvents
import Testing

/// Every event of `wl_pointer` (version 8) and `zwp_pointer_gestures_v1` (version 3) mapped to
/// libinput's, in order and out of it.
struct DesktopEventMappingTests {
    private func mapped(_ events: [DesktopPointerEvent], version: UInt32 = 8) -> ([LibinputEvent], [String]) {
        var mapping = DesktopEventMapping(pointerVersion: version)
        let out = events.flatMap { mapping.map($0) }
        return (out, mapping.notes)
    }

    @Test func aPinchKeepsWaylandsScaleAndRotationAsLibinputs() {
        let (events, notes) = mapped([
            .pinchBegin(time: 100, fingers: 2),
            .pinchUpdate(time: 108, dx: 1, dy: -1, scale: 1.1, rotation: 2.5),
            .pinchUpdate(time: 116, dx: 0, dy: 0, scale: 1.25, rotation: -1),
            .pinchEnd(time: 124, cancelled: false),
        ])
        #expect(notes.isEmpty)
        #expect(
            events.map(\.kind) == [
                .gesturePinchBegin(fingers: 2),
                .gesturePinchUpdate(
                    fingers: 2, delta: GestureDelta(dx: 1, dy: -1, unacceleratedDx: 1, unacceleratedDy: -1),
                    scale: 1.1, angleDelta: 2.5),
                .gesturePinchUpdate(
                    fingers: 2, delta: GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0),
                    scale: 1.25, angleDelta: -1),
                .gesturePinchEnd(fingers: 2, scale: 1.25, cancelled: false),
            ])
        #expect(events.map(\.time) == [100_000, 108_000, 116_000, 124_000])
        #expect(events.allSatisfy { $0.device == "wayland" })
    }

    @Test func aSwipeAndAHoldAndACancelledEnd() {
        let (events, _) = mapped([
            .swipeBegin(time: 1, fingers: 3), .swipeUpdate(time: 2, dx: 4, dy: 0), .swipeEnd(time: 3, cancelled: true),
            .holdBegin(time: 10, fingers: 4), .holdEnd(time: 20, cancelled: false),
        ])
        #expect(
            events.map(\.kind) == [
                .gestureSwipeBegin(fingers: 3),
                .gestureSwipeUpdate(
                    fingers: 3, delta: GestureDelta(dx: 4, dy: 0, unacceleratedDx: 4, unacceleratedDy: 0)),
                .gestureSwipeEnd(fingers: 3, cancelled: true),
                .gestureHoldBegin(fingers: 4), .gestureHoldEnd(fingers: 4, cancelled: false),
            ])
    }

    @Test func outOfOrderAndInterruptedSequencesAreSaidNeverPassedOnHalf() {
        // An update and an end with no begin.
        let (orphans, orphanNotes) = mapped([
            .pinchUpdate(time: 1, dx: 0, dy: 0, scale: 1.2, rotation: 0), .swipeEnd(time: 2, cancelled: false),
        ])
        #expect(orphans.isEmpty)
        #expect(orphanNotes == ["a pinch update without its begin: dropped", "a swipe end without its begin: dropped"])
        // A begin while another gesture runs ends that one, cancelled.
        let (overlap, overlapNotes) = mapped([.swipeBegin(time: 1, fingers: 3), .pinchBegin(time: 5, fingers: 2)])
        #expect(
            overlap.map(\.kind) == [
                .gestureSwipeBegin(fingers: 3), .gestureSwipeEnd(fingers: 3, cancelled: true),
                .gesturePinchBegin(fingers: 2),
            ])
        #expect(overlapNotes == ["a pinch began while a swipe ran: that one ended here as cancelled"])
        // The pointer leaving mid-gesture ends it; what the compositor sends after is dropped.
        let (left, leftNotes) = mapped([
            .enter(x: 10, y: 10), .pinchBegin(time: 1, fingers: 2),
            .pinchUpdate(time: 2, dx: 0, dy: 0, scale: 0.9, rotation: 0), .leave,
            .pinchUpdate(time: 3, dx: 0, dy: 0, scale: 0.8, rotation: 0), .pinchEnd(time: 4, cancelled: false),
        ])
        #expect(left.last?.kind == .gesturePinchEnd(fingers: 2, scale: 0.9, cancelled: true))
        #expect(left.last?.time == 2000)
        #expect(
            leftNotes == [
                "the pointer left the window mid-pinch: ended here as cancelled",
                "a pinch update without its begin: dropped", "a pinch end without its begin: dropped",
            ])
    }

    @Test func motionIsTheDeltaOnTheSurfaceAndButtonsKeepTheirCodes() {
        let (events, _) = mapped([
            .enter(x: 5, y: 5), .motion(time: 1, x: 8, y: 4), .frame, .leave, .enter(x: 100, y: 100),
            .motion(time: 2, x: 101, y: 100), .button(time: 3, button: 0x110, pressed: true),
            .button(time: 4, button: 0x110, pressed: false),
        ])
        #expect(
            events.map(\.kind) == [
                .pointerMotion(dx: 3, dy: -1, unacceleratedDx: 3, unacceleratedDy: -1),
                .pointerMotion(dx: 1, dy: 0, unacceleratedDx: 1, unacceleratedDy: 0),
                .pointerButton(button: 0x110, state: .pressed, seatCount: 1),
                .pointerButton(button: 0x110, state: .released, seatCount: 0),
            ])
    }

    @Test func aFramesAxesAreOneScrollOfTheirSource() {
        let (events, _) = mapped([
            .axisSource(1), .axis(time: 10, axis: 0, value: 4.5), .axis(time: 10, axis: 1, value: -1), .frame,
            .axisSource(1), .axisStop(time: 20, axis: 0), .axisStop(time: 20, axis: 1), .frame,
            .axisSource(0), .axis(time: 30, axis: 0, value: 15), .axisValue120(axis: 0, value120: 120), .frame,
            .axisSource(0), .axis(time: 40, axis: 0, value: 15), .axisDiscrete(axis: 0, discrete: -1), .frame,
            .axisSource(2), .axis(time: 50, axis: 0, value: 2), .frame,
            .axisSource(3), .axis(time: 60, axis: 1, value: 10), .axisValue120(axis: 1, value120: 120), .frame,
            .frame,
        ])
        #expect(
            events.map(\.kind) == [
                .pointerScroll(Scroll(source: .finger, vertical: 4.5, horizontal: -1)),
                .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: 0)),
                .pointerScroll(Scroll(source: .wheel, vertical: 15, horizontal: nil, vertical120: 120)),
                .pointerScroll(Scroll(source: .wheel, vertical: 15, horizontal: nil, vertical120: -120)),
                .pointerScroll(Scroll(source: .continuous, vertical: 2, horizontal: nil)),
                .pointerScroll(Scroll(source: .wheel, vertical: nil, horizontal: 10, horizontal120: 120)),
            ])
        #expect(events[1].kind == .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: 0)))
        #expect(events.map(\.time) == [10_000, 20_000, 30_000, 40_000, 50_000, 60_000])
    }

    @Test func withoutFramesEachAxisEventIsAScrollAtOnce() {
        let (events, _) = mapped([.axis(time: 1, axis: 0, value: 3), .axis(time: 2, axis: 1, value: 1)], version: 4)
        #expect(
            events.map(\.kind) == [
                .pointerScroll(Scroll(source: .finger, vertical: 3, horizontal: nil)),
                .pointerScroll(Scroll(source: .finger, vertical: nil, horizontal: 1)),
            ])
    }

    @Test func theProtocolsMillisecondsUnwrap() {
        let (events, _) = mapped([
            .swipeBegin(time: UInt32.max - 1, fingers: 3), .swipeUpdate(time: 3, dx: 0, dy: 0),
        ])
        #expect(events[1].time - events[0].time == 5000)
    }
}

/// libinput's gestures against what the window received.
struct CompositorComparisonTests {
    private func event(_ ms: UInt64, _ kind: LibinputEvent.Kind, _ device: String = "event5") -> LibinputEvent {
        LibinputEvent(time: ms * 1000, device: device, kind: kind)
    }

    @Test func eachGestureIsPassedOnChangedOrKept() {
        let libinput = [
            event(0, .gesturePinchBegin(fingers: 2)),
            event(300, .gesturePinchEnd(fingers: 2, scale: 2, cancelled: false)),
            event(1000, .gestureSwipeBegin(fingers: 3)), event(1300, .gestureSwipeEnd(fingers: 3, cancelled: false)),
            event(2000, .pointerScroll(Scroll(source: .finger, vertical: 3, horizontal: nil))),
            event(2100, .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: nil))),
            event(3000, .gestureHoldBegin(fingers: 2)), event(3200, .gestureHoldEnd(fingers: 2, cancelled: false)),
        ]
        let window = [
            event(2, .gesturePinchBegin(fingers: 2), "wayland"),
            event(301, .gesturePinchEnd(fingers: 2, scale: 2, cancelled: false), "wayland"),
            event(2001, .pointerScroll(Scroll(source: .finger, vertical: 3, horizontal: nil)), "wayland"),
            event(2101, .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: nil)), "wayland"),
            event(3001, .gestureSwipeBegin(fingers: 2), "wayland"),
            event(3200, .gestureSwipeEnd(fingers: 2, cancelled: true), "wayland"),
        ]
        #expect(
            CompositorComparison.lines(libinput: libinput, window: window) == [
                "libinput: 2-finger pinch; the window received it",
                "libinput: 3-finger swipe; the window received nothing: the compositor kept it, "
                    + "or the pointer was not over the window",
                "libinput: finger scroll; the window received it",
                "libinput: 2-finger hold; the window received a 2-finger swipe instead",
            ])
    }

    /// sway 1.7 keeps holds: the finger scroll libinput began as the hold ended reached the window
    /// as libinput's scroll, not as something the window received in the hold's place.
    @Test func aGestureTheWindowReceivedIsOneOfLibinputsNotAnotherInstead() {
        let libinput = [
            event(0, .gestureHoldBegin(fingers: 2)), event(200, .gestureHoldEnd(fingers: 2, cancelled: true)),
            event(200, .pointerScroll(Scroll(source: .finger, vertical: 3, horizontal: nil))),
            event(400, .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: nil))),
        ]
        let window = [
            event(201, .pointerScroll(Scroll(source: .finger, vertical: 3, horizontal: nil)), "wayland"),
            event(401, .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: nil)), "wayland"),
        ]
        #expect(
            CompositorComparison.lines(libinput: libinput, window: window) == [
                "libinput: 2-finger hold (cancelled); the window received nothing: the compositor kept it, "
                    + "or the pointer was not over the window",
                "libinput: finger scroll; the window received it",
            ])
    }

    @Test func aPinchsScaleAndSummedRotationAgreeWithinWaylandsRounding() {
        func pinch(_ device: String, scales: [Double], angles: [Double]) -> [LibinputEvent] {
            let delta = GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0)
            let updates = zip(scales, angles).enumerated().map { i, update in
                event(
                    UInt64(10 * (i + 1)),
                    .gesturePinchUpdate(fingers: 2, delta: delta, scale: update.0, angleDelta: update.1), device)
            }
            return [event(0, .gesturePinchBegin(fingers: 2), device)] + updates + [
                event(100, .gesturePinchEnd(fingers: 2, scale: scales.last ?? 1, cancelled: false), device)
            ]
        }
        let libinput = pinch("event5", scales: [1.2, 1.5], angles: [10, 10])
        let rounded = pinch("wayland", scales: [1.203, 1.496], angles: [10.004, 9.996])
        let changed = pinch("wayland", scales: [1.2, 1.3], angles: [10, 5])
        #expect(
            CompositorComparison.lines(libinput: libinput, window: rounded) == [
                "libinput: 2-finger pinch; the window received it"
            ])
        #expect(
            CompositorComparison.lines(libinput: libinput, window: changed) == [
                "libinput: 2-finger pinch; the window received it, scale 1.300 where libinput's was 1.500, "
                    + "rotated 15.0° where libinput's was 20.0°"
            ])
    }
}
