import GestureSynthesis
import LibinputDecisions
import LibinputEventText
import Recordings
import Replays
import TestSupport
import XCTest

/// A pinch of three or four fingers lands with a thumb below the others, as a hand pinches:
/// libinput reports a pinch of that many fingers, not the swipe it makes of one finger beside
/// two that move the same way.
final class SynthesizedPinchTests: XCTestCase {
    func testAPinchOfThreeOrFourFingersIsOneToLibinput() throws {
        let device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path)
        for fingers in [3, 4] {
            let script = "pinch fingers=\(fingers)"
            let recording = try GestureSynthesizer.synthesize(
                try GestureScript.parse(script, file: "pinch.gesture"), on: device.device,
                options: GestureSynthesizer.Options(for: device), file: "pinch.gesture")
            let explanation = try Replay.explain(recording, named: "pinch", options: ReplayOptions()).explanation
            let reported = explanation.sequences.flatMap(\.reported)
            XCTAssertTrue(
                reported.contains(.pinch(fingers: fingers, end: .ended)), "\(script): \(reported)")
        }
    }
}
