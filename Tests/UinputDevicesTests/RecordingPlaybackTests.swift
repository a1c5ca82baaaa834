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

    /// The files' own devices first, then their other devices, each with its file's place.
    func testDevicesAreMadeInTheReplaysOrderWithTheirFiles() {
        let device = { (name: String) in DeviceDescription(name: name) }
        let recording = { (name: String, others: [String]) in
            var made = Recording(device: device(name), frames: [])
            made.otherDevices = others.map { Recording(device: device($0), frames: []) }
            return made
        }
        let order = UinputPlayback.order(
            recording("pad", ["pad's keyboard"]), with: [recording("lid", []), recording("mouse", ["mouse's keys"])])
        XCTAssertEqual(order.map(\.recording.device.name), ["pad", "lid", "mouse", "pad's keyboard", "mouse's keys"])
        XCTAssertEqual(order.map(\.file), [0, 1, 2, 0, 2])
    }

    /// Several devices on one clock: their frames by time, and at one instant in the order the
    /// devices are given (a keyboard beside the pad after the pad).
    func testSeveralDevicesPlayOnOneClock() {
        let frame = { (time: UInt64, code: UInt16) in
            EvdevFrame(time: time, events: [EvdevEvent(type: Evdev.EV_KEY, code: code, value: 1), self.syn])
        }
        let playback = RecordingPlayback(devices: [
            [frame(0, 1), frame(20, 2), frame(30, 3)], [frame(10, 11), frame(20, 12)], [frame(0, 21)],
        ])
        XCTAssertEqual(playback.timeline.map(\.device), [0, 2, 1, 0, 1, 0])
        XCTAssertEqual(playback.timeline.map(\.frame.events[0].code), [1, 21, 11, 2, 12, 3])
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
            XCTAssertEqual((error as? UinputError)?.kind, .notADevice)
            XCTAssertEqual(
                (error as? UinputError)?.message,
                "/dev/null is a character device that is not uinput (it refuses enabling EV_ABS)")
        }
    }
}
