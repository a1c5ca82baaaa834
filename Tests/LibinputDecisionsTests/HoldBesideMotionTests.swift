import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A resting finger's hold, then a creep of 0.4 mm: libinput keeps the hold and moves the
/// pointer beside it (`HOLD` → `HOLD_AND_MOTION`), under the 0.5 mm past which a moving finger
/// ends its hold. explain says so in the numbers and in the closing line, which the pointer
/// motion in the reported list otherwise leaves unexplained.
final class HoldBesideMotionTests: XCTestCase {
    func testAHeldFingerCreepingUnderHalfAMillimetreKeepsItsHold() throws {
        let finger = Finger(down: 0, up: 0.8) { t in (50 + min(0.4, max(0, t - 0.3)), 30) }
        let sequence = try XCTUnwrap(
            try Replay.explain(FingerPaths.recording([finger]), named: "creep", options: ReplayOptions())
                .explanation.sequences.first)
        XCTAssertEqual(sequence.reported.map(\.description), ["motion", "hold 1"])
        let kept = try XCTUnwrap(sequence.findings.first { $0.rule == .holdAndMotion }, "\(sequence.findings)")
        XCTAssertFalse(kept.exceeds)
        XCTAssertLessThan(kept.value, 0.5)
        XCTAssertTrue(kept.text.hasPrefix("the held finger first moved the pointer "), kept.text)
        XCTAssertEqual(kept.source, "src/evdev-mt-touchpad-gestures.c:885 (libinput 1.22.1)")
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a hold because"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "; it also moved the pointer (0.4 mm unaccelerated in all, from touch 0): "
                    + kept.text), sequence.conclusion)
    }

    /// A finger creeping 3.3 mm/s from the start: the hold timer fires while it moves the pointer,
    /// 0.1 mm from where it was detected, and libinput holds beside the motion; past 0.5 mm it
    /// cancels the hold. Both are said, each against the threshold.
    func testAHoldBesideMotionBeginsUnderTheThresholdAndEndsPastIt() throws {
        let finger = Finger.moving(0, 0.6, x: 50, y: 30, dx: 1, dy: 0, speed: 10 / 3)
        let sequence = try XCTUnwrap(
            try Replay.explain(FingerPaths.recording([finger]), named: "creep", options: ReplayOptions())
                .explanation.sequences.first)
        let found = sequence.findings.filter { $0.rule == .holdAndMotion }
        XCTAssertEqual(found.map(\.exceeds), [false, true], "\(found)")
        XCTAssertTrue(found.first?.text.hasPrefix("the finger had moved 0.1 mm when the hold timer fired") == true)
        XCTAssertTrue(found.last?.text.hasSuffix("so libinput cancelled the hold and moved the pointer") == true)
        XCTAssertTrue(
            sequence.conclusion.contains("; it also sent hold 1 cancelled, because " + (found.last?.text ?? "")),
            sequence.conclusion)
    }

    /// The same creep, then a second finger down from 0.8 s to 1.1 s: the kept hold is cancelled
    /// by the new count, which is said, and the hold after it, which moved no pointer, is not
    /// said to have moved it.
    func testAKeptHoldCancelledByASecondFingerIsSaidSo() throws {
        let finger = Finger(down: 0, up: 1.3) { t in (50 + min(0.4, max(0, t - 0.3)), 30) }
        let sequence = try XCTUnwrap(
            try Replay.explain(
                FingerPaths.recording([finger, .resting(0.8, 1.1, x: 70, y: 32)]), named: "creep",
                options: ReplayOptions()
            ).explanation.sequences.first)
        XCTAssertEqual(sequence.reported.map(\.description), ["motion", "hold 1 cancelled", "hold 1"])
        XCTAssertTrue(
            sequence.conclusion.contains("; before it, libinput cancelled a hold when touch 1 came down"),
            sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("it also moved the pointer"), sequence.conclusion)
    }
}
