import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A gesture libinput ended because a new finger count lasted its 100 ms: the closing line says
/// which touches came or went, for an earlier gesture and for the one it speaks of, so that a
/// "cancelled" in the reported list has its reason where it is read.
final class GestureEndedByCountTests: XCTestCase {
    private let rule = " (libinput ends a gesture at a new finger count that lasts 100 ms)"

    /// A resting finger's hold, cancelled when a second finger came down for 200 ms, then a
    /// hold again once it lifted.
    func testAHoldCancelledByASecondFingerIsSaid() throws {
        let recording = try FingerPaths.recording([.resting(0, 1.2, x: 50, y: 30), .resting(0.4, 0.6, x: 70, y: 32)])
        let sequence = try XCTUnwrap(
            try Replay.explain(recording, named: "two holds", options: ReplayOptions()).explanation.sequences.first)
        XCTAssertEqual(sequence.reported.map(\.description), ["hold 1 cancelled", "hold 1"])
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a hold because"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.hasSuffix(
                "; before it, libinput cancelled a hold when touch 1 came down and the new count, 2 fingers, lasted "
                    + "100 ms" + rule), sequence.conclusion)
    }

    /// A four-finger swipe beside a resting finger: the resting finger's hold is cancelled as the
    /// three come down, and the swipe as they lift, each said once, the rule with the first.
    func testASwipeAndTheHoldBeforeItAreEachSaidCancelled() throws {
        let recording = try FingerPaths.synthesized(
            "rest fingers=1 at=center; pause 200ms; swipe fingers=3 direction=right distance=40mm")
        let sequence = try XCTUnwrap(
            try Replay.explain(recording, named: "swipe", options: ReplayOptions()).explanation.sequences.first)
        XCTAssertEqual(sequence.reported.map(\.description), ["hold 1 cancelled", "swipe 4 cancelled"])
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 4-finger swipe"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.hasSuffix(
                "; before it, libinput cancelled a hold when touches 1, 2, 3 came down and the new count, 4 fingers, "
                    + "lasted 100 ms" + rule
                    + "; libinput cancelled it when touches 1, 2, 3 lifted and the new count, 1 finger, lasted 100 ms"),
            sequence.conclusion)
    }
}
