import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// What a tap's sequence sent beside the tap is said after it: a hold as the fingers rested, and
/// on a touchpad with buttons of its own a press of one, which libinput keeps from tapping.
final class TapBesideTests: XCTestCase {
    private func conclusion(_ script: String, on description: String) throws -> String {
        let recording = try FingerPaths.synthesized(script, on: Fixtures.devices.appendingPathComponent(description))
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let explained = try Replay.explain(recording, named: "tap", options: options).explanation
        return try XCTUnwrap(explained.sequences.first).conclusion
    }

    /// The Lenovo P50's pad has buttons of its own: a finger down on it while one is pressed taps
    /// and clicks, and both are said. (A script's still click there is the button alone.)
    func testAPressOfAPadsOwnButtonIsSaidBesideTheTap() throws {
        let said = try conclusion(
            "set gap=10ms; rest; click duration=50ms; lift", on: "touchpads_SynPS2_Synaptics_TouchPad.lenovo-p50.desc")
        XCTAssertTrue(said.hasPrefix("libinput made this a tap because "), said)
        XCTAssertTrue(
            said.contains(
                "; it also sent BTN_LEFT (the touchpad's own button: libinput keeps its presses from the tap machine "
                    + "on a pad that is no clickpad, so it sent the press and the tap; "
                    + "src/evdev-mt-touchpad-tap.c:1210 (libinput 1.22.1)), hold 1"), said)
    }

    /// A two-finger tap whose fingers rested past the hold timer sent a hold first, said after the tap.
    func testAHoldBeforeATapIsSaid() throws {
        let said = try conclusion("tap fingers=2", on: "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
        XCTAssertTrue(said.hasPrefix("libinput made this a 2-finger tap because "), said)
        XCTAssertTrue(said.hasSuffix("; it also sent hold 2"), said)
    }
}
