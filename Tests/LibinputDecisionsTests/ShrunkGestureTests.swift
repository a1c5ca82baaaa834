import GestureSynthesis
import LibinputDecisions
import LibinputEventText
import Recordings
import Replays
import TestSupport
import XCTest

/// Default lengths shrunk to keep a gesture clear of a pad's edges leave it the gesture it was
/// to libinput.
final class ShrunkGestureTests: XCTestCase {
    func testShrunkDefaultsMakeTheSameGesture() throws {
        let device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_Logitech_Wireless_Touchpad.desc").path)
        let cases: [(String, ReportedGesture)] = [
            ("pinch fingers=3", .pinch(fingers: 3, end: .ended)), ("pinch fingers=4", .pinch(fingers: 4, end: .ended)),
            ("swipe fingers=4", .swipe(fingers: 4, end: .ended)),
        ]
        for (script, gesture) in cases {
            let recording = try GestureSynthesizer.synthesize(
                try GestureScript.parse(script, file: "t.gesture"), on: device.device,
                options: GestureSynthesizer.Options(for: device), file: "t.gesture")
            XCTAssertTrue(recording.notes.contains { $0.contains("shrink") }, "\(script): \(recording.notes)")
            let explanation = try Replay.explain(recording, named: script, options: ReplayOptions()).explanation
            let reported = explanation.sequences.flatMap(\.reported)
            XCTAssertEqual(reported, [gesture], script)
        }
    }
}
