import KernelEmulation
import Recordings
import TestSupport
import XCTest

/// ``InputCoreFilter`` against what a real kernel delivered: the VM tier played
/// `keyboard/leds.evemu` and `keyboard/tablet-mode-on.evemu` through uinput and evtest read the
/// device (`kernel-captures/README.md`).
final class KernelCaptureTests: XCTestCase {
    func testLEDsAndRepeatRatesReachReadersAsTheKernelPassedThem() throws {
        let played = try RecordingLoader.load(Fixtures.directory.appendingPathComponent("keyboard/leds.evemu").path)
        let captured = try RecordingLoader.load(
            Fixtures.directory.appendingPathComponent("kernel-captures/leds.kernel.evtest").path)
        XCTAssertEqual(captured.device.codes, played.device.codes, "evtest's header, its repeat rates included")
        XCTAssertEqual(InputCoreFilter.delivered(played).map(\.events), captured.frames.map(\.events))
        XCTAssertLessThan(captured.frames.count, played.frames.count, "frames that changed nothing are gone")
    }

    /// A switch on as the recording began: the device starts with it on, and a frame restating it
    /// reaches no reader.
    func testASwitchOnAsTheRecordingBeganStartsOn() throws {
        let played = try RecordingLoader.load(
            Fixtures.directory.appendingPathComponent("keyboard/tablet-mode-on.evemu").path)
        let captured = try RecordingLoader.load(
            Fixtures.directory.appendingPathComponent("kernel-captures/tablet-mode-on.kernel.evtest").path)
        XCTAssertEqual(captured.device.initiallyOn, InitialState(switchesOn: [Evdev.SW_TABLET_MODE]))
        XCTAssertEqual(captured.device.initiallyOn, played.device.initiallyOn)
        XCTAssertEqual(InputCoreFilter.delivered(played).map(\.events), captured.frames.map(\.events))
        XCTAssertEqual(captured.frames.count, played.frames.count - 1)
    }
}
