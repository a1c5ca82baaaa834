import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// With drag lock, a dragging finger that lifts and comes back within 300 ms drags on: the
/// finding cites where libinput goes on dragging (`tp_tap_dragging_tap_handle_event`), not the
/// state a touch after a tap is in (`tp_tap_dragging_or_doubletap_handle_event`).
final class DragLockTests: XCTestCase {
    func testADragResumedWithinTheLockCitesTheDraggingState() throws {
        let recording = try FingerPaths.synthesized(
            "set gap=0ms; tap fingers=1; pause 80ms; move fingers=1 dx=20mm duration=400ms; pause 100ms; "
                + "move fingers=1 dx=-15mm duration=300ms")
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        options.configuration.dragLock = true
        let sequences = try Replay.explain(recording, named: "lock", options: options).explanation.sequences
        XCTAssertEqual(sequences.count, 3)
        let resumed = try XCTUnwrap(sequences.last?.findings.first { $0.rule == .tapDrag })
        XCTAssertTrue(resumed.text.contains(" ms after the dragging finger lifted, within the 300 ms"), resumed.text)
        XCTAssertEqual(resumed.source, "src/evdev-mt-touchpad-tap.c:930 (libinput 1.22.1)")
        let first = try XCTUnwrap(sequences[1].findings.first { $0.rule == .tapDrag })
        XCTAssertEqual(first.source, "src/evdev-mt-touchpad-tap.c:764 (libinput 1.22.1)")
    }
}
