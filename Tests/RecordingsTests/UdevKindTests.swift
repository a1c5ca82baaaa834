import Recordings
import XCTest

/// The kinds udev's input_id builtin gives a device by its codes (`test_pointers`): by its
/// single-touch or multitouch positions, a pen before a finger tool, a finger tool that is not
/// direct a touchpad, a touch otherwise a touchscreen.
final class UdevKindTests: XCTestCase {
    private func device(abs: [UInt16], keys: [UInt16], properties: Set<UInt16> = []) -> DeviceDescription {
        DeviceDescription(
            name: "pad", codes: [Evdev.EV_ABS: Set(abs), Evdev.EV_KEY: Set(keys)],
            absinfo: Dictionary(uniqueKeysWithValues: abs.map { ($0, AbsInfo(minimum: 0, maximum: 1000)) }),
            properties: properties)
    }

    func testKindsByPositionsAndTools() {
        let (x, y, mtX, mtY) = (Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)
        let finger = Evdev.BTN_TOOL_FINGER, touch = Evdev.BTN_TOUCH, pen: UInt16 = 0x140
        let cases: [(String, DeviceDescription, String?)] = [
            ("single-touch pad", device(abs: [x, y], keys: [finger, touch]), "ID_INPUT_TOUCHPAD"),
            ("multitouch positions alone", device(abs: [mtX, mtY], keys: [finger, touch]), "ID_INPUT_TOUCHPAD"),
            (
                "a fake multitouch device's positions",
                device(abs: [mtX, mtY, Evdev.ABS_MT_SLOT, 0x2e], keys: [finger]),
                nil
            ),
            ("a pen", device(abs: [x, y], keys: [finger, touch, pen]), "ID_INPUT_TABLET"),
            (
                "direct", device(abs: [mtX, mtY], keys: [finger, touch], properties: [Evdev.INPUT_PROP_DIRECT]),
                "ID_INPUT_TOUCHSCREEN"
            ),
            ("touch without a finger tool", device(abs: [x, y], keys: [touch]), "ID_INPUT_TOUCHSCREEN"),
        ]
        for (name, device, expected) in cases {
            let pointing = device.udevInputKinds.filter { $0 != "ID_INPUT_KEY" && $0 != "ID_INPUT_MOUSE" }
            XCTAssertEqual(pointing, expected.map { [$0] } ?? [], name)
        }
    }

    /// A wheel alone is keys to udev, and any switch a switch (systemd's builtin_input_id): a lid's
    /// switch reaches libinput only so.
    func testAWheelAloneIsKeysAndASwitchIsASwitch() {
        let wheel = DeviceDescription(name: "wheel", codes: [Evdev.EV_REL: [Evdev.REL_WHEEL]])
        XCTAssertEqual(wheel.udevInputKinds, ["ID_INPUT_KEY"])
        let mouse = DeviceDescription(
            name: "mouse", codes: [Evdev.EV_REL: [0, 1, Evdev.REL_WHEEL], Evdev.EV_KEY: [0x110]])
        XCTAssertEqual(mouse.udevInputKinds, ["ID_INPUT_MOUSE"], "a pointer's wheel is no key")
        let lid = DeviceDescription(name: "Lid Switch", codes: [Evdev.EV_SW: [0]])
        XCTAssertEqual(lid.udevInputKinds, ["ID_INPUT_SWITCH"])
        XCTAssertTrue(lid.isLibinputDevice)
        let jack = DeviceDescription(name: "Headphone", codes: [Evdev.EV_SW: [2]])
        XCTAssertFalse(jack.isLibinputDevice, "libinput takes a lid or tablet-mode switch, not a jack")
    }
}
