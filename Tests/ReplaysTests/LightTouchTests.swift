import GestureSynthesis
import LibinputEvents
import Recordings
import Replays
import XCTest
import TestSupport

/// A finger the synthesizer warns is too light to begin a touch, held to real libinput: it
/// moves no pointer, where the same finger at its default pressure does.
final class LightTouchTests: XCTestCase {
    func testALightFingerWarnedOfMovesNoPointer() throws {
        let desc = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path)
        for (script, light) in [("move dx=20mm pressure=3", true), ("move dx=20mm", false)] {
            let recording = try GestureSynthesizer.synthesize(
                try GestureScript.parse(script, file: "t"), on: desc.device,
                options: GestureSynthesizer.Options(for: desc), file: "t")
            XCTAssertEqual(recording.notes.contains { $0.contains("touch threshold") }, light, "\(recording.notes)")
            let moved = try Replay(.recording(recording)).events.contains {
                if case .pointerMotion = $0.kind { true } else { false }
            }
            XCTAssertEqual(moved, !light, script)
        }
    }
}
