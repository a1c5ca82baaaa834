import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// Touches whose frames all fell among the events a `SYN_DROPPED` lost (`--syn-dropped`):
/// libinput never read them, which is what explain says of them, not that it does not tap.
final class LostFramesTests: XCTestCase {
    func testATapLostToSynDroppedIsSaidLost() throws {
        let fingers = [
            Finger.resting(0, 0.06, x: 50, y: 30), Finger.resting(0.876, 0.94, x: 50, y: 30),
            Finger.resting(1.6, 1.664, x: 50, y: 30),
        ]
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        try options.fault(unplug: [], synDropped: [FaultSpec(parsing: "0.84+120")], start: nil)
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "lost", options: options)
            .explanation.sequences
        XCTAssertEqual(sequences.count, 3)
        let lost = sequences[1]
        XCTAssertEqual(lost.reported, [])
        XCTAssertTrue(
            lost.conclusion.hasPrefix(
                "libinput decided nothing of these touches: it met a SYN_DROPPED injected (--syn-dropped) "),
            lost.conclusion)
        XCTAssertFalse(lost.conclusion.contains("does not run on this device"), lost.conclusion)
        // The taps around it were read and made.
        XCTAssertTrue(sequences[2].conclusion.hasPrefix("libinput made this a tap"), sequences[2].conclusion)
    }
}
