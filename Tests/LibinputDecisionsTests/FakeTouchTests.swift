import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A pad that tracks two fingers of three: libinput places the third where the topmost tracked
/// one is (`tp_position_fake_touches`), so a synthesized row of three with jitter must keep one
/// finger topmost, or libinput logs the third's trading places as a touch jump and discards it.
final class FakeTouchTests: XCTestCase {
    private func synthesized(_ script: String) throws -> Recording {
        try FingerPaths.synthesized(
            script, on: Fixtures.devices.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc"))
    }

    /// The top-most tracked touch, and of two at one height the lower slot, as libinput walks them.
    func testFakeTouchesTakeTheTopMostTouchTheLowerSlotOfATie() {
        let tracked: [(slot: Int, y: Double)] = [(0, 5), (1, 2), (2, 2)]
        XCTAssertEqual(FakeTouches.anchor(among: tracked, y: { $0.y })?.slot, 1)
        XCTAssertEqual(FakeTouches.anchor(among: Array(tracked.prefix(1)), y: { $0.y })?.slot, 0)
        XCTAssertNil(FakeTouches.anchor(among: [(slot: Int, y: Double)](), y: { $0.y }))
    }

    func testAJitteredSwipeOfThreeOnATwoSlotPadHasNoTouchJump() throws {
        let recording = try synthesized(
            "set jitter=0.3mm; swipe fingers=3 distance=20mm spacing=12mm; swipe fingers=3 direction=up")
        let explanation = try Replay.explain(recording, named: "swipe", options: ReplayOptions()).explanation
        let decisions = explanation.sequences.flatMap(\.decisions)
        XCTAssertEqual(explanation.sequences.count, 2)
        XCTAssertTrue(decisions.contains { $0.to == "GESTURE_STATE_SWIPE" }, "\(decisions.map(\.text))")
        XCTAssertFalse(decisions.contains { $0.text.contains("Touch jump") }, "\(decisions.map(\.text))")
    }

    /// Each touch jump libinput logged has its numbers, on each version: the touch that moved
    /// past the limits at that frame, and for the finger counted by a key alone, the tracked
    /// touches it was placed at; none where libinput starts the touches' history again.
    func testEachTouchJumpIsExplainedByTheMoveThatMadeIt() throws {
        // Jitter of 2 mm: fingers 4 mm apart in height trade the top-most place.
        let recording = try synthesized("set jitter=2mm seed=3; swipe fingers=3 distance=20mm spacing=12mm")
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.31.3"])) {
            var options = ReplayOptions()
            options.libinput = build
            let explanation = try Replay.explain(recording, named: "swipe", options: options).explanation
            let sequence = try XCTUnwrap(explanation.sequences.first, build.version)
            let lines = sequence.decisions.filter { $0.text.contains("Touch jump") }
            let findings = sequence.findings.filter { $0.rule == .touchJump }
            XCTAssertGreaterThan(lines.count, 1, build.version)
            XCTAssertEqual(findings.count, lines.count, "\(build.version): \(findings.map(\.text))")
            for finding in findings {
                XCTAssertEqual(finding.agreesWithLog, true, "\(build.version): \(finding.text)")
                XCTAssertTrue(lines.contains { $0.cause?.time == finding.time }, finding.text)
                XCTAssertTrue(finding.source.contains("evdev-mt-touchpad.c:"), finding.source)
            }
            XCTAssertTrue(
                findings.contains { $0.touch == 2 && $0.text.contains(", touch 1 the frame before") },
                "\(build.version): \(findings.map(\.text))")
            // The view's and the report's timeline carry each jump's numbers beside its line.
            let notes = explanation.notes.filter { $0.line.contains("Touch jump") }
            XCTAssertEqual(notes.count, lines.count, build.version)
            XCTAssertTrue(notes.allSatisfy { $0.why?.contains("at libinput's 12 ms") == true }, "\(notes)")
            // No jump is weighed at the frame the fingers land nor the next.
            let landed = try XCTUnwrap(sequence.touches.first?.down)
            XCTAssertTrue(findings.allSatisfy { $0.time > landed + 8_000 }, "\(findings.map(\.time))")
        }
    }
}
