import GestureSynthesis
import LibinputEvents
import Recordings
import ReplayChannel
import Replays
import XCTest
import TestSupport

/// A script's jitter held to libinput's jump rule: the synthesizer's warning and real libinput's
/// log agree on whether moves are discarded as jumps.
final class JitterJumpTests: XCTestCase {
    private static let desc = Fixtures.devices.appendingPathComponent(
        "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")

    /// The notes of the script's recording, and the jumps libinput logs replaying it.
    private func warnedAndLogged(_ script: String) throws -> (notes: [String], jumps: Int) {
        let synthesis = try GestureSynthesizer.perform(
            try GestureScript.parse(script, file: "t"), on: try RecordingLoader.load(Self.desc.path).device, file: "t")
        var jumps = 0
        try Replay.stream(.recording(synthesis.recording)) { output in
            if case .log(let message) = output, message.text.contains("Touch jump detected") { jumps += 1 }
        }
        return (synthesis.recording.notes, jumps)
    }

    func testTheWarningAndLibinputAgree() throws {
        let swipe = "swipe fingers=2 direction=right distance=30mm duration=2000ms"
        let jumpy = try warnedAndLogged("set jitter=3mm seed=3; " + swipe)
        XCTAssertTrue(jumpy.notes.contains { $0.contains("the jitter of 3 mm moves its fingers") }, "\(jumpy.notes)")
        XCTAssertGreaterThan(jumpy.jumps, 0)
        let calm = try warnedAndLogged("set jitter=0.5mm seed=3; " + swipe)
        XCTAssertEqual(calm.notes, [])
        XCTAssertEqual(calm.jumps, 0)
    }
}
