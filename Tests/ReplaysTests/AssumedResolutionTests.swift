import GestureSynthesis
import LibinputEvents
import Recordings
import ReplayChannel
import Replays
import XCTest
import TestSupport

/// A pad whose single-touch axes have no resolution makes libinput assume a 69 × 50 mm pad for
/// all four axes, its multitouch axes' resolution overridden: the synthesizer measures as it does.
final class AssumedResolutionTests: XCTestCase {
    func testAResolutionOnTheMultitouchAxesAloneIsOverriddenAsLibinputDoes() throws {
        var device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        ).device
        // Named and numbered so that no quirk gives it a resolution or size hint (Elantech's would).
        (device.name, device.bustype, device.vendor, device.product) = ("Test Touchpad", 0x18, 0x1234, 0x5678)
        device.absinfo[Evdev.ABS_X]?.resolution = 0
        device.absinfo[Evdev.ABS_Y]?.resolution = 0
        let recording = try GestureSynthesizer.synthesize(
            try GestureScript.parse("move dx=30mm duration=300ms", file: "t"), on: device, file: "t")
        var logged: [String] = []
        _ = try Replay.stream(.recording(recording)) { output in
            if case .log(let message) = output { logged.append(message.text) }
        }
        XCTAssertTrue(logged.contains { $0.contains("assuming a size of 69x50mm") }, "\(logged)")
        let xs = recording.frames.flatMap(\.events).filter {
            $0.type == Evdev.EV_ABS && $0.code == Evdev.ABS_MT_POSITION_X
        }.map(\.value)
        let travel = Double(try XCTUnwrap(xs.max()) - XCTUnwrap(xs.min()))
        // 3097 units over 69 mm: 44 units a millimetre, not the axis's 31.
        XCTAssertEqual(travel / 30, 44, accuracy: 0.5)
    }
}
