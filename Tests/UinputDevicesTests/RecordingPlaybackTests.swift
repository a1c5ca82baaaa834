import Recordings
import UinputDevices
import XCTest

/// What a recording's frames become on a uinput device, and how a device that cannot be made
/// says why. The kernel's side is the VM tier's (`tools/vm-test` plays every recording with
/// `touchsynth play`).
final class RecordingPlaybackTests: XCTestCase {
    private let syn = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)

    func testKeyRepeatsAreLeftToTheKernel() {
        let key = { (value: Int32) in EvdevEvent(type: Evdev.EV_KEY, code: 30, value: value) }
        let x = EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_X, value: 3)
        XCTAssertEqual(RecordingPlayback.written(EvdevFrame(time: 0, events: [key(1), syn])), [key(1), syn])
        XCTAssertNil(
            RecordingPlayback.written(EvdevFrame(time: 0, events: [key(2), syn])),
            "a frame of repeats alone is not written")
        XCTAssertEqual(RecordingPlayback.written(EvdevFrame(time: 0, events: [key(2), x, syn])), [x, syn])
    }

    func testADeviceThatCannotBeMadeSaysWhy() {
        let device = DeviceDescription(
            name: "pad", codes: [Evdev.EV_ABS: [Evdev.ABS_X]], absinfo: [Evdev.ABS_X: AbsInfo(minimum: 0, maximum: 9)])
        XCTAssertThrowsError(try UinputDevice(device, path: "/nonexistent/uinput"), "a typo, not a module missing") {
            error in
            XCTAssertEqual((error as? UinputError)?.kind, .notADevice)
        }
        XCTAssertThrowsError(try UinputDevice(device, path: "/tmp"), "a directory") { error in
            XCTAssertEqual((error as? UinputError)?.message, "/tmp is a directory, not the uinput device")
        }
        XCTAssertThrowsError(try UinputDevice(device, path: "/dev/null"), "not a uinput node: its ioctls fail") {
            error in
            XCTAssertEqual((error as? UinputError)?.kind, .system)
            XCTAssertTrue((error as? UinputError)?.message.hasPrefix("uinput: enabling EV_ABS") ?? false, "\(error)")
        }
    }
}
