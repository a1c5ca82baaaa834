import KernelEmulation
import Recordings
import XCTest

/// ``InputCoreFilter`` against the rules of the kernel's `input_get_disposition` and
/// `input_handle_abs_event` (drivers/input/input.c), one rule per case.
final class InputCoreFilterTests: XCTestCase {
    func abs(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(type: Evdev.EV_ABS, code: code, value: value) }
    func key(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(type: Evdev.EV_KEY, code: code, value: value) }
    let syn = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)

    func touchpad(fuzz: Int32 = 0, touchpadTool: Bool = true) -> DeviceDescription {
        DeviceDescription(
            name: "pad",
            codes: [
                Evdev.EV_SYN: [0],
                Evdev.EV_KEY: touchpadTool ? [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER] : [Evdev.BTN_TOUCH],
                Evdev.EV_ABS: [
                    Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_SLOT, Evdev.ABS_MT_TRACKING_ID, Evdev.ABS_MT_POSITION_X,
                    Evdev.ABS_MT_POSITION_Y,
                ],
            ],
            absinfo: [
                Evdev.ABS_X: AbsInfo(minimum: 0, maximum: 1000, fuzz: fuzz),
                Evdev.ABS_Y: AbsInfo(minimum: 0, maximum: 1000, fuzz: fuzz),
                Evdev.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
                Evdev.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                Evdev.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, fuzz: fuzz),
                Evdev.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 1000, fuzz: fuzz),
            ])
    }

    func pass(_ filter: inout InputCoreFilter, _ events: [EvdevEvent]) -> [EvdevEvent] {
        var out: [EvdevEvent] = []
        filter.pass(events + [syn], into: &out)
        return out
    }

    func testUnchangedValuesAndRedundantSlotsAreDropped() {
        var filter = InputCoreFilter(device: touchpad())
        XCTAssertEqual(
            pass(
                &filter,
                [
                    abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_TRACKING_ID, 5), abs(Evdev.ABS_MT_POSITION_X, 100),
                    key(Evdev.BTN_TOUCH, 1),
                ]),
            [abs(Evdev.ABS_MT_TRACKING_ID, 5), abs(Evdev.ABS_MT_POSITION_X, 100), key(Evdev.BTN_TOUCH, 1), syn],
            "slot 0 is current already: its ABS_MT_SLOT is not repeated")
        XCTAssertEqual(
            pass(
                &filter,
                [abs(Evdev.ABS_MT_SLOT, 1), abs(Evdev.ABS_MT_TRACKING_ID, 6), abs(Evdev.ABS_MT_POSITION_X, 100)]),
            [abs(Evdev.ABS_MT_SLOT, 1), abs(Evdev.ABS_MT_TRACKING_ID, 6), abs(Evdev.ABS_MT_POSITION_X, 100), syn],
            "the same X in another slot is a change there")
        XCTAssertEqual(
            pass(&filter, [abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_POSITION_X, 100), key(Evdev.BTN_TOUCH, 1)]), [],
            "nothing changed: the slot switch is held back and the empty frame dropped")
        XCTAssertEqual(
            pass(&filter, [abs(Evdev.ABS_MT_POSITION_X, 101)]),
            [abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_POSITION_X, 101), syn],
            "the held-back switch to slot 0 comes before its first change")
        XCTAssertEqual(
            pass(&filter, [EvdevEvent(type: Evdev.EV_REL, code: 0, value: 3), key(0x110, 1)]), [],
            "codes the device does not have are dropped")
    }

    /// `EV_SW` and `EV_LED` as `input_get_disposition` takes them: passed when they change the
    /// device's state, which ``KernelDeviceState`` then holds for `EVIOCGSW` and `EVIOCGLED`.
    func testSwitchesAndLEDsPassOnlyWhenTheyChangeAndAreHeld() {
        let lid = EvdevEvent(type: Evdev.EV_SW, code: 0, value: 1)
        let capsLock = EvdevEvent(type: Evdev.EV_LED, code: 1, value: 1)
        let device = DeviceDescription(
            name: "lid and keyboard", codes: [Evdev.EV_SYN: [0], Evdev.EV_SW: [0], Evdev.EV_LED: [1]])
        var filter = InputCoreFilter(device: device)
        XCTAssertEqual(pass(&filter, [lid, capsLock]), [lid, capsLock, syn])
        XCTAssertEqual(pass(&filter, [lid, capsLock]), [], "neither changed")
        XCTAssertEqual(filter.state.switchesOn, [0])
        XCTAssertEqual(filter.state.ledsOn, [1])
        let off = [EvdevEvent(type: Evdev.EV_LED, code: 1, value: 0)]
        XCTAssertEqual(pass(&filter, off + [EvdevEvent(type: Evdev.EV_LED, code: 2, value: 1)]), off + [syn])
        XCTAssertEqual(filter.state.ledsOn, [], "an LED the device lacks is dropped")
    }

    func testRepeatRatesPassOnlyWhenTheyChange() {
        func rep(_ code: UInt16, _ value: Int32) -> EvdevEvent {
            EvdevEvent(type: Evdev.EV_REP, code: code, value: value)
        }
        let device = DeviceDescription(name: "keyboard", codes: [Evdev.EV_SYN: [0], Evdev.EV_REP: [0, 1]])
        var filter = InputCoreFilter(device: device)
        XCTAssertEqual(pass(&filter, [rep(0, 250), rep(1, 33)]), [], "the soft repeat's own rates")
        XCTAssertEqual(pass(&filter, [rep(0, 600), rep(1, 33), rep(1, -1), rep(2, 5)]), [rep(0, 600), syn])
        XCTAssertEqual(pass(&filter, [rep(0, 600), rep(1, 25)]), [rep(1, 25), syn], "each rate is held")
        var without = InputCoreFilter(device: DeviceDescription(name: "mouse", codes: [Evdev.EV_SYN: [0]]))
        XCTAssertEqual(pass(&without, [rep(0, 600)]), [], "a device without EV_REP")
    }

    func testForceFeedbackPowerAndSoundPassByTypeAndConfigurationBySyn() {
        let effect = EvdevEvent(type: Evdev.EV_FF, code: 0x60, value: 1) // FF_GAIN: any code of the type
        let power = EvdevEvent(type: Evdev.EV_PWR, code: 3, value: 0)
        let bell = EvdevEvent(type: Evdev.EV_SND, code: 1, value: 1)
        let config = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_CONFIG, value: 0)
        let device = DeviceDescription(
            name: "pc speaker", codes: [Evdev.EV_SYN: [0], Evdev.EV_FF: [0x50], Evdev.EV_PWR: [], Evdev.EV_SND: [1]])
        var filter = InputCoreFilter(device: device)
        XCTAssertEqual(pass(&filter, [effect, power, bell, bell]), [effect, power, bell, bell, syn], "no state held")
        let dropped = [
            EvdevEvent(type: Evdev.EV_FF, code: 0x60, value: -1), EvdevEvent(type: Evdev.EV_SND, code: 2, value: 1),
            EvdevEvent(type: Evdev.EV_FF_STATUS, code: 0, value: 1), EvdevEvent(type: Evdev.EV_SW, code: 0, value: 1),
            EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0),
        ]
        XCTAssertEqual(pass(&filter, dropped), [])
        XCTAssertEqual(pass(&filter, [config]), [config, syn])
    }

    func testTheDeviceStartsWhereItsHeaderSaysAndEverySlotEmpty() {
        var device = touchpad()
        device.absinfo[Evdev.ABS_MT_SLOT]?.value = 1
        device.absinfo[Evdev.ABS_MT_TRACKING_ID]?.value = 5
        device.absinfo[Evdev.ABS_X]?.value = 100
        var filter = InputCoreFilter(device: device)
        XCTAssertEqual(
            pass(&filter, [abs(Evdev.ABS_MT_TRACKING_ID, 5), abs(Evdev.ABS_X, 100)]),
            [abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_TRACKING_ID, 5), syn],
            "readers were told of slot 1, events go to slot 0 (input_mt_init_slots), which is empty; ABS_X is at 100 "
                + "already"
        )
        var same = InputCoreFilter(device: device)
        XCTAssertEqual(
            pass(&same, [abs(Evdev.ABS_MT_SLOT, 1), abs(Evdev.ABS_MT_TRACKING_ID, 7)]),
            [abs(Evdev.ABS_MT_TRACKING_ID, 7), syn],
            "slot 1 is the one readers know: its switch is not repeated")
    }

    /// A switch on as the recording began: restating it changes nothing, so the kernel drops it;
    /// turning it off passes.
    func testTheStateARecordingBeganWithIsTheKernelsFirst() {
        var device = touchpad()
        device.codes[Evdev.EV_SW] = [Evdev.SW_TABLET_MODE]
        device.initiallyOn = InitialState(switchesOn: [Evdev.SW_TABLET_MODE])
        var filter = InputCoreFilter(device: device)
        let tabletMode = { (value: Int32) in EvdevEvent(type: Evdev.EV_SW, code: Evdev.SW_TABLET_MODE, value: value) }
        XCTAssertEqual(pass(&filter, [tabletMode(1)]), [])
        XCTAssertEqual(pass(&filter, [tabletMode(0)]), [tabletMode(0), syn])
        XCTAssertEqual(filter.state.switchesOn, [])
    }

    func testFuzzDampsSmallMovesUnlessUdevZeroedIt() {
        var touchpad = InputCoreFilter(device: self.touchpad(fuzz: 8))
        XCTAssertEqual(pass(&touchpad, [abs(Evdev.ABS_X, 100)]), [abs(Evdev.ABS_X, 100), syn])
        XCTAssertEqual(
            pass(&touchpad, [abs(Evdev.ABS_X, 102)]), [abs(Evdev.ABS_X, 102), syn],
            "a touchpad's fuzz is 0 after udev's rule")

        var other = InputCoreFilter(device: self.touchpad(fuzz: 8, touchpadTool: false).withoutDirectTouch())
        XCTAssertEqual(pass(&other, [abs(Evdev.ABS_X, 100)]), [abs(Evdev.ABS_X, 100), syn])
        XCTAssertEqual(pass(&other, [abs(Evdev.ABS_X, 103)]), [], "within half the fuzz: the old value stays")
        XCTAssertEqual(
            pass(&other, [abs(Evdev.ABS_X, 106)]), [abs(Evdev.ABS_X, 101), syn], "within the fuzz: (3 old + new) / 4")
        XCTAssertEqual(
            pass(&other, [abs(Evdev.ABS_X, 115)]), [abs(Evdev.ABS_X, 108), syn], "within twice the fuzz: the mean")
        XCTAssertEqual(pass(&other, [abs(Evdev.ABS_X, 200)]), [abs(Evdev.ABS_X, 200), syn], "beyond: as it is")
    }
}

private extension DeviceDescription {
    /// Neither touchpad nor touchscreen for udev (no BTN_TOUCH either): its kernel fuzz stays.
    func withoutDirectTouch() -> DeviceDescription {
        var d = self
        d.codes[Evdev.EV_KEY] = [0x110]
        return d
    }
}
