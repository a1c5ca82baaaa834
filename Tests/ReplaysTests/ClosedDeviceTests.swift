import Foundation
import LibinputEvents
import MockedDevices
import Recordings
import Replays
import TestSupport
import XCTest

/// A device its program closed, on the machine's clock as on the virtual one: a kernel passes its
/// events to no reader, and a reader that opens it again asks for the state they left.
final class ClosedDeviceTests: XCTestCase {
    private func realTime(speed: Double = 1) -> ReplayOptions {
        var options = ReplayOptions()
        options.timing.clock = .real
        options.timing.speed = speed
        return options
    }

    /// A touchpad libinput suspended from the set-up, through 8,000 events (190 KiB, more than a
    /// pty holds): the harness writes it none, and the replay ends as it should, with no event of
    /// it. Written all the same, they filled the pty and the harness gave up on the program. The
    /// frames count as delivered to the device on both clocks alike.
    func testASuspendedTouchpadIsWrittenNoFrame() throws {
        let path = Fixtures.directory.appendingPathComponent(
            "evemu-devices/touchpads_bcm5974.three-finger-click.events")
        var virtual = ReplayOptions()
        virtual.configuration.sendEvents = .disabled
        var options = realTime(speed: 4)
        options.configuration.sendEvents = .disabled
        let replay = try Replay(.file(path.path), options: options)
        XCTAssertEqual(replay.events.map(\.typeName), ["DEVICE_ADDED"])
        XCTAssertTrue(replay.report.libinputLog.contains { $0.text == "event10 - " + LibinputLogMessage.deviceClosed })
        let onVirtualClock = try Replay(.file(path.path), options: virtual)
        XCTAssertEqual(replay.report.framesDelivered, onVirtualClock.report.framesDelivered)
        XCTAssertGreaterThan(replay.report.framesDelivered, 0)
    }

    /// A lid shut under moving fingers and opened while they stay down: libinput closes the
    /// touchpad and opens it again, and libevdev, asking the device's state, finds the touches
    /// the frames it missed left, as on the virtual clock: it meets no lift of a touch it took
    /// for up.
    func testATouchpadOpenedAgainFindsTheStateItMissed() throws {
        let path = Fixtures.directory.appendingPathComponent("keyboard/lid-shut-under-fingers.yml").path
        for options in [ReplayOptions(), realTime()] {
            let replay = try Replay(.file(path), options: options)
            let log = replay.report.libinputLog.map(\.text)
            XCTAssertEqual(log.filter { $0.hasSuffix(LibinputLogMessage.deviceClosed) }.count, 1, "\(log)")
            XCTAssertEqual(log.filter { $0.hasSuffix(LibinputLogMessage.deviceReopened) }.count, 1, "\(log)")
            XCTAssertFalse(log.contains { $0.contains("double tracking ID") }, "\(options.timing.clock): \(log)")
        }
    }
}
