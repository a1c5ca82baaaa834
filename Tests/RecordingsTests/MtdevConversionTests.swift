import Recordings
import XCTest

/// A protocol A pad read through mtdev, as libinput's plugin reads it from 1.29.
final class MtdevConversionTests: XCTestCase {
    /// A pad that leaves contacts of touch major 0 behind a lifted finger, as the bcm5974 does.
    private func pad(touchMajorValue: Int32) -> DeviceDescription {
        let axis = { (value: Int32) in AbsInfo(value: value, minimum: 0, maximum: 1000) }
        return DeviceDescription(
            name: "protocol A pad",
            codes: [
                Evdev.EV_SYN: [Evdev.SYN_REPORT, Evdev.SYN_MT_REPORT],
                Evdev.EV_ABS: [Evdev.ABS_MT_TOUCH_MAJOR, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y],
            ],
            absinfo: [
                Evdev.ABS_MT_TOUCH_MAJOR: axis(touchMajorValue), Evdev.ABS_MT_POSITION_X: axis(0),
                Evdev.ABS_MT_POSITION_Y: axis(0),
            ])
    }

    private func frame(_ time: UInt64, _ contacts: [(major: Int32, x: Int32, y: Int32)]) -> EvdevFrame {
        var events: [EvdevEvent] = []
        for contact in contacts {
            events += [
                EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MAJOR, value: contact.major),
                EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X, value: contact.x),
                EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_Y, value: contact.y),
                EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_MT_REPORT, value: 0),
            ]
        }
        return EvdevFrame(
            time: time, events: events + [EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)])
    }

    /// Two contacts of touch major 0 take slots 0 and 1 where mtdev is not told of the axis (its
    /// value in the header is 0): the finger that lands beside the second follows it into slot 1.
    /// Told of the axis, mtdev drops them, and the finger takes the lowest slot, 0. Neither reads
    /// the contacts that do not touch as fingers.
    func testAContactOfTouchMajorZeroTakesASlotWhereMtdevIsNotToldOfTheAxis() {
        let frames = [
            frame(0, [(0, 100, 100), (0, 900, 900)]),
            frame(8000, [(40, 890, 890)]),
            frame(16000, [(45, 880, 880)]),
        ]
        for (value, slot) in [(Int32(0), 1), (1, 0)] {
            let read = Recording(device: pad(touchMajorValue: value), frames: frames).readThroughMtdev()
            let tracks = read.fingerTracks
            XCTAssertEqual(tracks.map(\.slot), [slot], "header value \(value)")
            XCTAssertEqual(tracks.first?.points.map(\.frame), [1, 2], "header value \(value)")
        }
    }
}
