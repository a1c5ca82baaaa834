import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// The tap timer restarts at each touch-down and lift: two fingers landing 100 ms apart and lifting
/// together 150 ms later tap, though they were down 250 ms, longer than the 180 ms timer.
final class TapTimerTests: XCTestCase {
    /// The one sequence `fingers` make, with tapping on or off.
    private func sequence(_ fingers: [Finger], tapping: Bool) throws -> SequenceExplanation {
        var options = ReplayOptions()
        options.configuration.tapToClick = tapping
        let explanation = try Replay.explain(
            try FingerPaths.recording(fingers), named: "fixture", options: options
        ).explanation
        return try XCTUnwrap(explanation.sequences.first)
    }

    func testAStaggeredTwoFingerTapIsSaidToBeOneTappingOffWithholds() throws {
        let staggered: [Finger] = [.resting(0.1, 0.35, x: 40, y: 30), .resting(0.2, 0.35, x: 60, y: 30)]
        let tapped = try sequence(staggered, tapping: true)
        XCTAssertTrue(tapped.reported.contains(.button(0x111)), "libinput taps it: \(tapped.reported)")
        let off = try sequence(staggered, tapping: false)
        XCTAssertTrue(
            off.conclusion.contains(
                "libinput sent no tap: tapping is off (libinput's default; --enable-tap turns it on)"),
            off.conclusion)
    }

    /// A touch of exactly 180 ms is no tap: the timer due at the lift's instant fires first.
    func testATouchOfExactlyTheTimeoutIsNoTap() throws {
        let held = [Finger.resting(0.1, 0.28, x: 50, y: 30)]
        let tapping = try sequence(held, tapping: true)
        XCTAssertFalse(tapping.reported.contains(.button(0x110)), "libinput does not tap it: \(tapping.reported)")
        let off = try sequence(held, tapping: false)
        XCTAssertFalse(off.conclusion.contains("tapping is off"), off.conclusion)
    }
}
