import Foundation
import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A clickpad's press pins the touches where they are: the pointer stands still until a touch
/// has moved 1.5 mm from there, which explain says with how long it took, and ends a hold.
final class ClickPinTests: XCTestCase {
    /// A finger resting through the press at 0.2 s, then creeping 3 mm/s from 0.3 s: it is
    /// 1.5 mm from where it was pinned at 0.8 s, 600 ms after the press.
    func testAPointerStillAfterAClickIsSaidPinned() throws {
        let finger = Finger(down: 0, up: 1.2) { t in (50 + 3 * max(0, t - 0.3), 30) }
        let recording = try FingerPaths.recording([finger], button: 0.2..<1.0)
        let explanation = try Replay.explain(recording, named: "pin", options: ReplayOptions()).explanation
        let conclusion = try XCTUnwrap(explanation.sequences.first).conclusion
        XCTAssertTrue(conclusion.hasPrefix("libinput made this a click (BTN_LEFT)"), conclusion)
        let words =
            "the press pinned touch 0 where it was: libinput moves no pointer with a pinned touch until it has "
            + "moved 1.5 mm from there, which touch 0 did "
        let said = try XCTUnwrap(conclusion.range(of: words), conclusion)
        let rest = conclusion[said.upperBound...]
        XCTAssertTrue(rest.contains(" ms later (src/evdev-mt-touchpad.c:797 (libinput 1.22.1))"), conclusion)
        let later = try XCTUnwrap(Double(rest.prefix { $0.isNumber }), conclusion)
        XCTAssertEqual(later, 600, accuracy: 16)
        // Pressed and lifted without creeping, the touch's pin moves no pointer late; it ends the
        // hold the resting finger began 40 ms after it came down, which is said.
        let still = try FingerPaths.recording([.resting(0, 1.2, x: 50, y: 30)], button: 0.2..<1.0)
        let stillSequence = try XCTUnwrap(
            try Replay.explain(still, named: "still", options: ReplayOptions()).explanation.sequences.first)
        let stillConclusion = stillSequence.conclusion
        XCTAssertFalse(stillConclusion.contains("the press pinned touch"), stillConclusion)
        XCTAssertEqual(stillSequence.reported.map(\.description), ["hold 1", "BTN_LEFT"])
        XCTAssertTrue(
            stillConclusion.contains(
                "; it also sent hold 1 (ended by the press: a clickpad's press pins every touch where it is, "
                    + "and libinput's gesture machine counts no pinned touch, so no finger was left holding; "
                    + "src/evdev-mt-touchpad.c:1817 (libinput 1.22.1))"), stillConclusion)
        // A press before the hold timer fired has no hold to end, and says nothing of one.
        let early = try FingerPaths.recording([.resting(0, 1.2, x: 50, y: 30)], button: 0.02..<1.0)
        let earlyConclusion = try XCTUnwrap(
            try Replay.explain(early, named: "early", options: ReplayOptions()).explanation.sequences.first
        ).conclusion
        XCTAssertTrue(earlyConclusion.hasPrefix("libinput made this a click (BTN_LEFT)"), earlyConclusion)
        XCTAssertFalse(earlyConclusion.contains("hold"), earlyConclusion)
    }

    /// Of two holds before a press, the press ended only the second: the first, which a second
    /// finger coming down cancelled, is not said to be the press's.
    func testOnlyTheHoldAPressEndedIsSaidToBeIt() throws {
        let recording = try FingerPaths.recording(
            [.resting(0, 1.2, x: 50, y: 30), .resting(0.4, 0.5, x: 60, y: 32)], button: 0.9..<1.1)
        let sequence = try XCTUnwrap(
            try Replay.explain(recording, named: "two holds", options: ReplayOptions()).explanation.sequences.first)
        XCTAssertEqual(sequence.reported.map(\.description), ["hold 1 cancelled", "hold 1", "BTN_LEFT"])
        XCTAssertEqual(sequence.conclusion.components(separatedBy: "ended by the press").count, 2, sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains("; it also sent hold 1 cancelled, hold 1 (ended by the press: "),
            sequence.conclusion)
    }
}
