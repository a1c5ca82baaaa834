import DesktopEvents
import LibinputEvents
import Testing

/// X11's XInput events in Wayland's terms, then through the one mapping to libinput's events.
struct XInputTranslationTests {
    /// Device 11, a touchpad (the gesture class) scrolling on valuators 2 (horizontal) and 3
    /// (vertical), 120 a click; device 12, a mouse, its wheel on valuator 3.
    private let devices = [
        11: XInputTranslation.Device(
            scroll: [2: XInputScrollAxis(axis: 1, increment: 120), 3: XInputScrollAxis(axis: 0, increment: 120)],
            isTouchpad: true),
        12: XInputTranslation.Device(scroll: [3: XInputScrollAxis(axis: 0, increment: 120)], isTouchpad: false),
    ]

    private func translated(_ events: [XInputEvent]) -> (desktop: [DesktopPointerEvent], libinput: [LibinputEvent]) {
        var translation = XInputTranslation(devices: devices)
        var mapping = DesktopEventMapping(device: "x11", framesScroll: true)
        let desktop = events.flatMap { translation.translate($0) }
        return (desktop, desktop.flatMap { mapping.map($0) })
    }

    @Test func aTouchpadsScrollValuatorsAreAFingerScrollThatStopsAtNoChange() {
        let (_, libinput) = translated([
            .enter(x: 10, y: 10, scroll: [11: [2: 0, 3: 1000]]),
            .motion(time: 5, device: 11, x: 10, y: 10, valuators: [3: 1080]),
            .motion(time: 6, device: 11, x: 10, y: 10, valuators: [2: -24, 3: 1080]),
        ])
        #expect(
            libinput.map(\.kind) == [
                .pointerScroll(Scroll(source: .finger, vertical: 10, horizontal: nil)),
                .pointerScroll(Scroll(source: .finger, vertical: 0, horizontal: -3)),
            ])
        #expect(libinput.map(\.time) == [5000, 6000])
    }

    /// A touchpad enabled while the pointer is over the window: queried as it was enabled, its
    /// first scroll is a scroll.
    @Test func aDeviceEnabledLaterScrollsFromWhereItWasQueried() {
        var translation = XInputTranslation(devices: [:])
        translation.learn(devices[11]!, id: 11, positions: [3: 0])
        #expect(
            translation.translate(.motion(time: 5, device: 11, x: 0, y: 0, valuators: [3: 40])) == [
                .motion(time: 5, x: 0, y: 0), .axisSource(1), .axis(time: 5, axis: 0, value: 5), .frame,
            ])
    }

    @Test func aMousesWheelIsClicksIn120ths() {
        let (_, libinput) = translated([
            .enter(x: 10, y: 10, scroll: [12: [3: 0]]),
            .motion(time: 5, device: 12, x: 10, y: 10, valuators: [3: 120]),
            .button(time: 5, button: 5, pressed: true, emulated: true),
        ])
        #expect(
            libinput.map(\.kind) == [
                .pointerScroll(Scroll(source: .wheel, vertical: 15, horizontal: nil, vertical120: 120))
            ])
    }

    @Test func aValuatorWithNoKnownPositionGivesOneAndNoScroll() {
        let (desktop, _) = translated([
            .enter(x: 0, y: 0, scroll: [:]),
            .motion(time: 5, device: 11, x: 0, y: 0, valuators: [3: 500]),
            .motion(time: 6, device: 13, x: 0, y: 0, valuators: [3: 700]),
        ])
        #expect(desktop == [.enter(x: 0, y: 0)])
    }

    @Test func buttonsAreLibinputsCodesAndTheEmulatedWheelButtonsAreLeftOut() {
        let (_, libinput) = translated(
            [(1, 0x110), (2, 0x112), (3, 0x111), (8, 0x113), (9, 0x114)].flatMap { button, _ in
                [XInputEvent.button(time: 1, button: button, pressed: true, emulated: false)]
            } + [.button(time: 2, button: 4, pressed: true, emulated: true)])
        #expect(
            libinput.map(\.kind)
                == [0x110, 0x112, 0x111, 0x113, 0x114].map {
                    .pointerButton(button: $0, state: .pressed, seatCount: 1)
                })
    }

    @Test func motionIsTheDeltaOnTheWindowAndGesturesPassThrough() {
        let delta = GestureDelta(dx: 1, dy: 2, unacceleratedDx: 1, unacceleratedDy: 2)
        let (_, libinput) = translated([
            .enter(x: 10, y: 10, scroll: [:]),
            .motion(time: 1, device: 11, x: 13, y: 14, valuators: [:]),
            .gesture(.pinchBegin(time: 2, fingers: 2)),
            .gesture(.pinchUpdate(time: 3, dx: 1, dy: 2, scale: 1.5, rotation: -4)),
            .gesture(.pinchEnd(time: 4, cancelled: true)),
            .gesture(.swipeBegin(time: 5, fingers: 3)), .gesture(.swipeUpdate(time: 6, dx: 1, dy: 2)),
            .gesture(.swipeEnd(time: 7, cancelled: false)),
            .leave,
        ])
        #expect(
            libinput.map(\.kind) == [
                .pointerMotion(dx: 3, dy: 4, unacceleratedDx: 3, unacceleratedDy: 4),
                .gesturePinchBegin(fingers: 2),
                .gesturePinchUpdate(fingers: 2, delta: delta, scale: 1.5, angleDelta: -4),
                .gesturePinchEnd(fingers: 2, scale: 1.5, cancelled: true),
                .gestureSwipeBegin(fingers: 3), .gestureSwipeUpdate(fingers: 3, delta: delta),
                .gestureSwipeEnd(fingers: 3, cancelled: false),
            ])
        #expect(libinput.allSatisfy { $0.device == "x11" })
    }
}
