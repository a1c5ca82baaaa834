import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// Contacts libinput leaves out of a rule take no part in explain's numbers for it: a palm or a
/// touch too light to begin never enters the tap machine, a touch too light to begin moves no
/// pointer, and a finger resting on a clickpad's software button is no finger to the gesture
/// machine (`tp_tap_handle_state`, `tp_touch_active_for_gesture`).
final class UncountedTouchTests: XCTestCase {
    private func sequence(_ fingers: [Finger], tap: Bool = false) throws -> SequenceExplanation {
        var options = ReplayOptions()
        options.configuration.tapToClick = tap
        let explanation = try Replay.explain(FingerPaths.recording(fingers), named: "fixture", options: options)
            .explanation
        XCTAssertEqual(explanation.sequences.count, 1)
        return try XCTUnwrap(explanation.sequences.first)
    }

    /// A palm (pressure 200, over the 130 threshold) rests from 0 s; a finger taps 64 ms at 0.3 s.
    /// The tap is one finger's, timed from its own touch; the palm's 300 ms is no timer that fired.
    func testAPalmBesideATapIsNotTimed() throws {
        let fingers = [
            Finger.resting(0, 0.5, x: 25, y: 40, pressure: 200), Finger.resting(0.3, 0.364, x: 60, y: 26),
        ]
        let sequence = try sequence(fingers, tap: true)
        XCTAssertTrue(sequence.reported.contains(.button(0x110)), "\(sequence.reported)")
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this a tap because the longest the fingers stayed without a touch or a release was "
                    + "64 ms, within the 180 ms of a tap"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("timer fired"), sequence.conclusion)
        // The release that made the one-finger tap is cited (`tp_tap_touch_handle_event`).
        let timed = try XCTUnwrap(sequence.findings.first { $0.rule == .tapTime })
        XCTAssertEqual(timed.source, "src/evdev-mt-touchpad-tap.c:233 (libinput 1.22.1)")
    }

    /// The same with a contact too light to begin a touch (pressure 5, under 10): no disagreement
    /// with libinput's log is claimed.
    func testALightContactBesideATapIsNotTimed() throws {
        let fingers = [Finger.resting(0, 0.5, x: 25, y: 40, pressure: 5), Finger.resting(0.3, 0.364, x: 60, y: 26)]
        let sequence = try sequence(fingers, tap: true)
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a tap because"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("disagree"), sequence.conclusion)
        XCTAssertFalse(sequence.findings.contains { $0.text.contains("timer fired") }, "\(sequence.findings)")
    }

    /// Two fingers tapping with tap-and-drag off: libinput's tap machine goes `TOUCH_2` →
    /// `TOUCH_2_RELEASE` → `IDLE`, never to a `2FGTAP_*` state, and the tap is still two fingers'.
    func testATwoFingerTapWithDragOffIsTwoFingers() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        options.configuration.tapDrag = false
        let fingers = [Finger.resting(0, 0.08, x: 40, y: 30), Finger.resting(0, 0.08, x: 60, y: 30)]
        let sequence = try XCTUnwrap(
            try Replay.explain(FingerPaths.recording(fingers), named: "fixture", options: options).explanation
                .sequences.first)
        XCTAssertTrue(sequence.reported.contains(.button(0x111)), "\(sequence.reported)")
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 2-finger tap because"), sequence.conclusion)
        // The release of `TOUCH_2_RELEASE` made it (`tp_tap_touch2_release_handle_event`).
        let timed = try XCTUnwrap(sequence.findings.first { $0.rule == .tapTime })
        XCTAssertEqual(timed.source, "src/evdev-mt-touchpad-tap.c:445 (libinput 1.22.1)")
    }

    /// Two fingers come down 8 ms apart on the bottom software buttons, and one moves up into the
    /// main area: libinput lets the other go with it, as one gesture's fingers
    /// (`tp_button_release_other_bottom_touches`), and counts two for the hold.
    func testAFingerOnAButtonIsReleasedByOneThatBeganWithIt() throws {
        let fingers = [
            Finger.resting(0, 0.9, x: 30, y: 62.9),
            Finger.moving(0.008, 0.6, x: 60, y: 64.7, dx: 0, dy: -1, speed: 50),
        ]
        let sequence = try sequence(fingers)
        let hold = try XCTUnwrap(sequence.findings.first { $0.rule == .holdTimer }, "\(sequence.findings)")
        XCTAssertTrue(hold.text.contains("the hold timer's 40 ms with 2 fingers"), hold.text)
        XCTAssertFalse(sequence.conclusion.contains("rested on the software button"), sequence.conclusion)
    }

    /// A thumb resting low (jailed, which tapping does not ignore) and two fingers tapping above:
    /// the tap machine counts three, and when the two lift it waits in `TOUCH_3_RELEASE_2`, whose
    /// timer sends a 3-finger tap (BTN_MIDDLE) though no button was pressed; said as the tap.
    func testAThumbTheTapMachineCountsMakesAThreeFingerTap() throws {
        let fingers = [
            Finger.resting(0, 1.3, x: 50, y: 62.9), Finger.resting(0.6, 0.664, x: 40, y: 20),
            Finger.resting(0.6, 0.664, x: 60, y: 20),
        ]
        let sequence = try sequence(fingers, tap: true)
        XCTAssertTrue(sequence.reported.contains(.button(0x112)), "\(sequence.reported)")
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this a 3-finger tap (BTN_MIDDLE): two of the three fingers its tap machine counted "
                    + "had lifted, and it sent the tap as it left that state (TOUCH_3_RELEASE_2) by TIMEOUT"),
            sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("button was pressed"), sequence.conclusion)
    }

    /// The same, with the pad's button pressed 36 ms after the two lifted: the press makes the tap
    /// machine leave `TOUCH_3_RELEASE_2`, which sends the 3-finger tap beside the click.
    func testAPressAfterTwoOfThreeLiftedSendsTheirTapToo() throws {
        let fingers = [
            Finger.resting(0, 1.3, x: 50, y: 62.9), Finger.resting(0.6, 0.664, x: 40, y: 20),
            Finger.resting(0.6, 0.664, x: 60, y: 20),
        ]
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let sequence = try XCTUnwrap(
            try Replay.explain(
                FingerPaths.recording(fingers, button: 0.7..<0.8), named: "fixture", options: options
            ).explanation.sequences.first)
        XCTAssertEqual(sequence.reported.filter { $0 == .button(0x112) }.count, 2, "\(sequence.reported)")
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a click (BTN_MIDDLE)"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "; its tap machine sent a 3-finger tap too: two of the three fingers it counted had lifted, and the "
                    + "press made it leave that state (TOUCH_3_RELEASE_2)"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("no tap"), sequence.conclusion)
    }

    /// A light contact resting while a finger moves 20 mm: the pointer moved by that finger alone.
    func testALightContactMovesNoPointer() throws {
        let fingers = [
            Finger.resting(0, 0.8, x: 25, y: 40, pressure: 5),
            Finger.moving(0.2, 0.7, x: 50, y: 30, dx: 1, dy: 0, speed: 40),
        ]
        let conclusion = try sequence(fingers).conclusion
        XCTAssertTrue(conclusion.hasPrefix("libinput made this pointer motion: "), conclusion)
        XCTAssertTrue(conclusion.contains(" unaccelerated in all, from touch 1"), conclusion)
        XCTAssertFalse(conclusion.contains("touches 0 and 1"), conclusion)
    }

    /// A finger rests on the bottom-middle software button; two more come down above and scroll
    /// down together. libinput scrolls with two fingers, by touches 1 and 2: explain measures
    /// those two and counts no third finger.
    func testAFingerOnASoftwareButtonIsNoFingerOfAScroll() throws {
        let fingers = [
            Finger.resting(0, 1.2, x: 50, y: 62.9),
            Finger.moving(0.6, 1.1, x: 41, y: 14, dx: 0, dy: 1, speed: 50),
            Finger.moving(0.6, 1.1, x: 59, y: 14, dx: 0, dy: 1, speed: 50),
        ]
        let sequence = try sequence(fingers)
        XCTAssertEqual(sequence.reported, [.scroll(.finger)])
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 2-finger scroll"), sequence.conclusion)
        let texts = sequence.findings.map(\.text)
        XCTAssertTrue(texts.contains { $0.hasPrefix("the touches were 18.0 × 0.0 mm apart") }, "\(texts)")
        XCTAssertFalse(texts.contains { $0.hasPrefix("touch 0 moved") }, "\(texts)")
        XCTAssertFalse(texts.contains { $0.contains("to 3 fingers") }, "\(texts)")
    }
}
