import Recordings
import XCTest

/// The fingers a touchpad's BTN_TOOL_* keys count, frame by frame, as libinput reads them.
final class ToolFingerCountTests: XCTestCase {
    private func key(_ code: UInt16, _ down: Bool) -> EvdevEvent {
        EvdevEvent(type: Evdev.EV_KEY, code: code, value: down ? 1 : 0)
    }

    func testEachFrameCountsTheKeyHeldAtItsEndAsLibinputReadsThem() {
        let keys: [[EvdevEvent]] = [
            [],
            [key(Evdev.BTN_TOUCH, true), key(Evdev.BTN_TOOL_FINGER, true)],
            [key(Evdev.BTN_TOOL_FINGER, false), key(Evdev.BTN_TOOL_DOUBLETAP, true)],
            [key(Evdev.BTN_TOOL_DOUBLETAP, false), key(Evdev.BTN_TOOL_TRIPLETAP, true)],
            [key(Evdev.BTN_TOOL_QUADTAP, true)],
            [key(Evdev.BTN_TOOL_TRIPLETAP, false)],
            [key(Evdev.BTN_TOOL_QUADTAP, false), key(Evdev.BTN_TOOL_QUINTTAP, true)],
            [key(Evdev.BTN_TOOL_QUINTTAP, false), key(Evdev.BTN_TOUCH, false)],
        ]
        let frames = keys.enumerated().map { index, events in
            EvdevFrame(
                time: UInt64(index) * 10_000,
                events: events + [EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)])
        }
        let recording = Recording(device: DeviceDescription(name: "pad"), frames: frames)
        // Frame 4 holds TRIPLETAP and QUADTAP at once, a kernel bug: the fewer fingers count.
        // QUINTTAP only marks an overflow, which keeps the count until BTN_TOUCH lifts.
        XCTAssertEqual(recording.toolFingerCounts, [0, 1, 2, 3, 3, 4, 4, 0])
    }
}
