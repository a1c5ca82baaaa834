import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// Tap-and-drag's citations: with drag lock, a dragging finger that lifts and comes back within
/// 300 ms drags on where libinput goes on dragging (`tp_tap_dragging_tap_handle_event`), not the
/// state a touch after a tap is in (`tp_tap_dragging_or_doubletap_handle_event`); a drag's wait
/// is cited where the tap of its fingers set it.
final class TapDragCitationTests: XCTestCase {
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

    /// A drag after a two-finger tap is held against that tap's 200 ms, whose timer is set where
    /// `TOUCH_2_RELEASE` taps (`tp_tap_set_drag_timer(tp, time, 2)`), which is cited.
    func testADragAfterATwoFingerTapCitesItsTimer() throws {
        let fingers = [
            Finger.resting(0, 0.06, x: 40, y: 30), Finger.resting(0, 0.06, x: 60, y: 30),
            Finger.moving(0.15, 0.45, x: 40, y: 30, dx: 1, dy: 0, speed: 50),
        ]
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "drag", options: options)
            .explanation.sequences
        let drag = try XCTUnwrap(sequences.last?.findings.first { $0.rule == .tapDrag })
        XCTAssertEqual(drag.limit, 200)
        XCTAssertTrue(
            drag.text.contains(
                "2-finger tap's button for a drag (160 ms and 20 ms a finger; "
                    + "src/evdev-mt-touchpad-tap.c:452 (libinput 1.22.1))"), drag.text)
    }
}
