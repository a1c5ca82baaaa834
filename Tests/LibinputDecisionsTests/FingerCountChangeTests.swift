import Foundation
import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A new finger count during a gesture on pads that count fingers by their BTN_TOOL_* keys:
/// libinput takes it at once before the gesture's first event, and the one position such a pad
/// reports steps as the count changes, which is no finger's travel.
final class FingerCountChangeTests: XCTestCase {
    private func explained(_ name: String) throws -> (Recording, Explanation) {
        let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
        return (recording, try Replay.explain(recording, named: name, options: ReplayOptions()).explanation)
    }

    /// The frame at which `key` went down, and its time.
    private func press(of key: UInt16, after start: UInt64 = 0, in recording: Recording) throws -> Int {
        try XCTUnwrap(
            recording.frames.indices.first { index in
                recording.frames[index].time >= start
                    && recording.frames[index].events.contains {
                        $0.type == Evdev.EV_KEY && $0.code == key && $0.value == 1
                    }
            })
    }

    /// The bcm5974's three-finger click (libinput 1.22.1): its scroll began with two fingers,
    /// the third came down before libinput sent any of it, and the scroll went on with three.
    func testACountChangedBeforeTheFirstEventIsTakenAtOnce() throws {
        let (recording, explanation) = try explained("touchpads_bcm5974.three-finger-click.events")
        let finding = try XCTUnwrap(
            explanation.sequences.flatMap(\.findings).first { $0.rule == .fingerSwitch && $0.limit == nil },
            "\(explanation.sequences.flatMap(\.findings).map(\.text))")
        let sequence = try XCTUnwrap(explanation.sequences.first { $0.findings.contains(finding) })
        // The third finger's key is the frame the finding names.
        let third = try press(of: Evdev.BTN_TOOL_TRIPLETAP, in: recording)
        XCTAssertEqual(finding.time, recording.frames[third].time)
        XCTAssertTrue(finding.text.hasPrefix("the fingers went from 2 fingers to 3 fingers"), finding.text)
        XCTAssertTrue(finding.text.hasSuffix("so its scroll went on with 3 fingers"), finding.text)
        XCTAssertTrue(finding.source.contains("evdev-mt-touchpad-gestures.c:1442 "), finding.source)
        XCTAssertTrue(sequence.conclusion.contains("2-finger scroll"), sequence.conclusion)
        XCTAssertTrue(sequence.conclusion.contains("; then " + finding.text), sequence.conclusion)
        // libinput sent its scroll after the third finger came down, and decided nothing between.
        XCTAssertTrue(sequence.reported.contains { $0.description.hasPrefix("scroll") }, "\(sequence.reported)")
    }

    /// The Cypress pad (semi-MT, one slot followed) reports one position; when a third finger
    /// came down, it stepped 11 mm in one frame, which explain says is the count's, not travel.
    func testAStepAtAKeyCountedFingerIsNotTravel() throws {
        let (recording, explanation) = try explained("touchpads_CyPS2_Cypress_Trackpad.three_finger_press.events")
        let third = try press(of: Evdev.BTN_TOOL_TRIPLETAP, in: recording)
        // The single-touch position, before and after, in mm by each axis's resolution.
        func position(at frame: Int) throws -> (x: Double, y: Double) {
            var axes: [UInt16: Int32] = [:]
            for event in recording.frames[...frame].flatMap(\.events) where event.type == Evdev.EV_ABS {
                axes[event.code] = event.value
            }
            let x = try XCTUnwrap(recording.device.absinfo[Evdev.ABS_X]),
                y = try XCTUnwrap(recording.device.absinfo[Evdev.ABS_Y])
            return (
                Double(try XCTUnwrap(axes[Evdev.ABS_X])) / Double(x.resolution),
                Double(try XCTUnwrap(axes[Evdev.ABS_Y])) / Double(y.resolution)
            )
        }
        let (before, after) = (try position(at: third - 1), try position(at: third))
        let step = ((after.x - before.x) * (after.x - before.x) + (after.y - before.y) * (after.y - before.y))
            .squareRoot()
        XCTAssertGreaterThan(step, 10)
        let finding = try XCTUnwrap(
            explanation.sequences.flatMap(\.findings).first { $0.rule == .fingerSwitch && $0.exceeds },
            "\(explanation.sequences.flatMap(\.findings).map(\.text))")
        XCTAssertTrue(
            finding.text.contains(
                "(a step of \(String(format: "%.1f", step)) mm in the frame the fingers went from 2 to 3, "
                    + "which the pad counts by its BTN_TOOL_* keys"), finding.text)
        XCTAssertTrue(finding.text.contains("src/evdev-mt-touchpad.c:1461 (libinput 1.22.1)); no finger travelled"))
    }

    /// A lone finger that moved 1 mm only in the frame after it came down, where libinput still
    /// restarts the motion history, moves no pointer: said with the lift before the hold timer.
    /// The same move a frame later moves it.
    func testAMoveOnlyWhereTheMotionHistoryRestartsIsSaidToMoveNothing() throws {
        func conclusion(movingAt: Double) throws -> String {
            var finger = Finger(down: 0, up: 0.028) { t in (t < movingAt ? 30 : 31, 25) }
            // A pressure of its own in each frame, so that the kernel drops none of them.
            finger.pressing = { t in 60 + Int32(t * 125) }
            let recording = try FingerPaths.recording([finger], on: FingerPaths.twoSlots)
            let explanation = try Replay.explain(recording, named: "short", options: ReplayOptions()).explanation
            return try XCTUnwrap(explanation.sequences.first).conclusion
        }
        let reset = try conclusion(movingAt: 0.008)
        XCTAssertTrue(reset.hasPrefix("libinput reported nothing"), reset)
        XCTAssertTrue(
            reset.contains(
                "; touch 0 moved 1.0 mm, only in frames where libinput restarts the touches' motion history (where "
                    + "the count of fingers changed, and the frame after), which move no pointer "
                    + "(src/evdev-mt-touchpad.c:1461 (libinput 1.22.1))"), reset)
        let later = try conclusion(movingAt: 0.016)
        XCTAssertTrue(later.hasPrefix("libinput made this pointer motion"), later)
    }

    /// Where the kernel drops the frame after the touch-down whole (the finger still, the same
    /// pressure), libinput's frame after is the next it delivers: a move there moves no pointer.
    func testTheFrameAfterACountChangeIsTheNextTheKernelDelivers() throws {
        let finger = Finger(down: 0, up: 0.028) { t in (t < 0.016 ? 30 : 31, 25) }
        let recording = try FingerPaths.recording([finger], on: FingerPaths.twoSlots)
        let replay = try Replay.explain(recording, named: "still", options: ReplayOptions())
        XCTAssertFalse(replay.replay.events.contains { if case .pointerMotion = $0.kind { true } else { false } })
        let conclusion = try XCTUnwrap(replay.explanation.sequences.first).conclusion
        XCTAssertTrue(
            conclusion.contains("; touch 0 moved 1.0 mm, only in frames where libinput restarts"), conclusion)
    }
}
