import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A scroll libinput decided on and sent nothing of: its gesture machine scrolls by the touches'
/// average motion, and the reason it came to nothing is the one the frames show.
final class StillScrollTests: XCTestCase {
    /// libinput 1.22.1 follows one slot of the bcm5974 and counts the second finger by
    /// BTN_TOOL_DOUBLETAP, so two fingers make a scroll at once; resting still, they send none,
    /// and explain says they did not move, not that they moved opposite ways.
    func testFingersThatRestedAreNotSaidToHaveMovedOppositeWays() throws {
        let recording = try FingerPaths.synthesized(
            "hold fingers=2 duration=600ms",
            on: Fixtures.devices.appendingPathComponent("touchpads_bcm5974.three-finger-click.desc"))
        let explanation = try Replay.explain(recording, named: "rest", options: ReplayOptions()).explanation
        let conclusion = try XCTUnwrap(explanation.sequences.first).conclusion
        XCTAssertTrue(conclusion.hasPrefix("libinput began a 2-finger scroll"), conclusion)
        XCTAssertTrue(
            conclusion.contains(
                "it sent no scroll events while the fingers stayed down: its gesture machine scrolls by the "
                    + "touches' average motion, and the touches did not move; "), conclusion)
        XCTAssertFalse(conclusion.contains("opposite ways"), conclusion)
    }
}
