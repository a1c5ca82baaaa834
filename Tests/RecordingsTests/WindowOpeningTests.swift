import Recordings
import XCTest

/// A window's first frame puts down what a reader opening the device at its start would find.
final class WindowOpeningTests: XCTestCase {
    /// A lid closed and Caps Lock lit before the cut are so from the window's first frame; a lid
    /// still closed at its end stays closed, as a finger still down does not.
    func testSwitchesAndLEDsOnAtTheStartAreOnFromTheFirstFrame() {
        let syn = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)
        let lid = EvdevEvent(type: Evdev.EV_SW, code: 0, value: 1)
        let capsLock = EvdevEvent(type: Evdev.EV_LED, code: 1, value: 1)
        let scrollLock = EvdevEvent(type: Evdev.EV_LED, code: 2, value: 1)
        let key = EvdevEvent(type: Evdev.EV_KEY, code: 30, value: 1)
        let device = DeviceDescription(
            name: "lid and keyboard",
            codes: [Evdev.EV_SYN: [0], Evdev.EV_SW: [0], Evdev.EV_LED: [1, 2], Evdev.EV_KEY: [30]])
        let recording = Recording(
            device: device,
            frames: [
                EvdevFrame(time: 0, events: [lid, capsLock, scrollLock, syn]),
                EvdevFrame(time: 100, events: [EvdevEvent(type: Evdev.EV_LED, code: 2, value: 0), syn]),
                EvdevFrame(time: 200, events: [key, syn]),
                EvdevFrame(time: 400, events: [EvdevEvent(type: Evdev.EV_KEY, code: 30, value: 0), syn]),
            ])
        let part = recording.window(from: 150, to: 300)
        XCTAssertEqual(part.frames.first, EvdevFrame(time: 0, events: [lid, capsLock, syn]))
        XCTAssertEqual(
            part.frames.last, EvdevFrame(time: 150, events: [EvdevEvent(type: Evdev.EV_KEY, code: 30, value: 0), syn]),
            "the key is released at the cut; the lid is not opened")
    }

    /// `--end 1.001` keeps the frame stamped 1.001000 s: 1.001 × 10⁶ is 1000999.99… in binary, and
    /// seconds name the microsecond nearest them, not the one below.
    func testAnEndInSecondsKeepsTheFrameStampedThere() throws {
        let syn = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)
        let device = DeviceDescription(name: "keyboard", codes: [Evdev.EV_SYN: [0], Evdev.EV_KEY: [30]])
        let recording = Recording(
            device: device,
            frames: [
                EvdevFrame(time: 0, events: [EvdevEvent(type: Evdev.EV_KEY, code: 30, value: 1), syn]),
                EvdevFrame(time: 1_001_000, events: [EvdevEvent(type: Evdev.EV_KEY, code: 30, value: 0), syn]),
            ])
        let part = try recording.cut(from: nil, to: 1.001, file: "keyboard")
        XCTAssertEqual(part.frames.map(\.time), [0, 1_001_000])
    }
}
