import GestureSynthesis
import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A pad that tracks two fingers of three: libinput places the third where the topmost tracked
/// one is (`tp_position_fake_touches`), so a synthesized row of three with jitter must keep one
/// finger topmost, or libinput logs the third's trading places as a touch jump and discards it.
final class FakeTouchTests: XCTestCase {
    func testAJitteredSwipeOfThreeOnATwoSlotPadHasNoTouchJump() throws {
        let device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc").path)
        let script = "set jitter=0.3mm; swipe fingers=3 distance=20mm spacing=12mm; swipe fingers=3 direction=up"
        let recording = try GestureSynthesizer.synthesize(
            try GestureScript.parse(script, file: "swipe.gesture"), on: device.device,
            options: GestureSynthesizer.Options(for: device), file: "swipe.gesture")
        let explanation = try Replay.explain(recording, named: "swipe", options: ReplayOptions()).explanation
        let decisions = explanation.sequences.flatMap(\.decisions)
        XCTAssertEqual(explanation.sequences.count, 2)
        XCTAssertTrue(decisions.contains { $0.to == "GESTURE_STATE_SWIPE" }, "\(decisions.map(\.text))")
        XCTAssertFalse(decisions.contains { $0.text.contains("Touch jump") }, "\(decisions.map(\.text))")
    }
}
