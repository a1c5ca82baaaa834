import Recordings
import TestSupport
import XCTest

/// The node a written file names a device by when its description named none.
final class WrittenNodeTests: XCTestCase {
    /// An evemu file names no node: `getevent` and `libinput record` files written from it name
    /// the same one, so that `--device` picks it alike in either.
    func testADeviceWithoutANodeIsNamedAlikeByEveryWriter() throws {
        let recording = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path)
        XCTAssertNil(recording.device.source.node)
        XCTAssertTrue(GeteventFormat.header(recording).hasPrefix("add device 1: /dev/input/event0\n"))
        XCTAssertTrue(LibinputRecordFormat.header(recording).contains("- node: /dev/input/event0\n"))
    }
}
