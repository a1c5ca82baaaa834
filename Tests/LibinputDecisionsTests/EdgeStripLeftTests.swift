import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// With edge scrolling, a finger that comes down in the right edge's 7 mm strip and leaves it
/// before it has scrolled is given to the pointer (`EDGE_NEW` to `AREA`): the closing line says
/// where it began, when and where it left, and cites the rule.
final class EdgeStripLeftTests: XCTestCase {
    func testAFingerLeavingTheEdgeStripBeforeScrollingIsSaid() throws {
        let recording = try FingerPaths.synthesized(
            "move fingers=1 dx=-20mm dy=20mm at=85%,50%", on: FingerPaths.twoSlots)
        var options = ReplayOptions()
        options.configuration.scrollMethod = .edge
        let sequence = try XCTUnwrap(
            try Replay.explain(recording, named: "edge", options: options).explanation.sequences.first)
        XCTAssertEqual(sequence.reported, [.motion])
        let conclusion = sequence.conclusion
        XCTAssertTrue(conclusion.hasPrefix("libinput made this pointer motion: "), conclusion)
        XCTAssertTrue(
            conclusion.contains(" mm from the right edge, in the 7 mm where edge scrolling scrolls, and left "),
            conclusion)
        XCTAssertTrue(
            conclusion.hasSuffix(
                "libinput's edge scrolling gave the touch up to the pointer; "
                    + "src/evdev-mt-touchpad-edge-scroll.c:180 (libinput 1.22.1)"), conclusion)
    }
}
