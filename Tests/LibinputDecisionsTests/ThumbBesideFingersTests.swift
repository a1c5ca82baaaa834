import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A thumb beside other fingers on a clickpad, explained by the rules libinput weighs it by:
/// those of several touches as a touch comes down (`tp_thumb_update_multifinger`) and the
/// gesture machine's resting thumb, each against libinput's log on the system's version and
/// 1.31.3.
final class ThumbBesideFingersTests: XCTestCase {
    private func explained(_ script: String) throws -> [(String, SequenceExplanation)] {
        let recording = try FingerPaths.synthesized(script)
        return try ([LibinputBuild.system] + libinputBuilds(["1.31.3"])).map { build in
            var options = ReplayOptions()
            options.libinput = build
            let explanation = try Replay.explain(recording, named: "thumb", options: options).explanation
            let label = "\(build.version): \(script)"
            let sequence = try XCTUnwrap(explanation.sequences.first, label)
            for finding in sequence.findings where finding.agreesWithLog == false {
                XCTFail("\(label): \(finding.text) disagrees with libinput's log")
            }
            return (label, sequence)
        }
    }

    func testATouchFarAboveARestingThumbMakesItAThumb() throws {
        for (label, sequence) in try explained("rest fingers=1 at=50%,96%; pause 200ms; move dx=15mm at=50%,30%") {
            let context = try XCTUnwrap(sequence.findings.first { $0.rule == .thumbContext }, label)
            XCTAssertEqual(context.touch, 0, label)
            XCTAssertTrue(context.exceeds, label)
            XCTAssertGreaterThan(context.value, 25, label)
            XCTAssertEqual(context.agreesWithLog, true, label)
            XCTAssertTrue(sequence.decisions.contains { $0.machine == .thumb && $0.to == "THUMB_STATE_PINCH" }, label)
            XCTAssertTrue(sequence.conclusion.contains(context.text), "\(label): \(sequence.conclusion)")
        }
    }

    /// Close enough to scroll with, the two count as fingers: the jailed thumb is let go, which
    /// libinput does not log, and is no longer counted as set aside.
    func testATouchCloseToAJailedThumbLetsItGo() throws {
        for (label, sequence) in try explained("rest fingers=1 at=50%,90%; pause 200ms; move dx=15mm at=50%,70%") {
            XCTAssertTrue(sequence.decisions.contains { $0.to == "THUMB_STATE_JAILED" }, label)
            let context = try XCTUnwrap(sequence.findings.first { $0.rule == .thumbContext }, label)
            XCTAssertFalse(context.exceeds, label)
            XCTAssertLessThan(context.value, 25, label)
            XCTAssertTrue(sequence.conclusion.contains("until " + context.text), "\(label): \(sequence.conclusion)")
            XCTAssertTrue(
                context.text.hasPrefix(
                    "touch 1 came down 500 ms after touch 0, and the lowest, touch 0, is 7.5 × 13.3 mm from the next "
                        + "lowest, touch 1, within 35 × 25 mm"), "\(label): \(context.text)")
            // Both sides of the box, for a reader of the JSON, which `value` and `limit` give one of.
            let box = try XCTUnwrap(context.box, label)
            for (side, expected) in zip([box.x, box.y, box.limitX, box.limitY], [7.5, 13.3, 35, 25]) {
                XCTAssertEqual(side, expected, accuracy: 0.06, label)
            }
        }
    }

    /// Two touches level at the bottom have no lowest: libinput takes the first it finds, which
    /// the finding says of the pair rather than of one touch.
    func testLevelTouchesAreWeighedAsAPair() throws {
        for (label, sequence) in try explained("rest fingers=2 spacing=18mm at=50%,50%; pause 300ms") {
            let context = try XCTUnwrap(sequence.findings.first { $0.rule == .thumbContext }, label)
            XCTAssertTrue(
                context.text.hasPrefix(
                    "touch 1 came down with touch 0, and the two lowest, touches 0 and 1, are level (libinput takes "
                        + "touch 0, the first it finds, for the lowest) and 18.0 × 0.0 mm apart"),
                "\(label): \(context.text)")
        }
    }

    /// A contact too light to begin a touch, landing far below two fingers, is no thumb:
    /// libinput's rules for several touches pass over a hovering touch, so only the fingers'
    /// landing is weighed (the explanation agreeing with the log is checked by `explained`).
    func testALightContactBelowTwoFingersIsWeighedByNoThumbRule() throws {
        let script = "rest fingers=2 spacing=18mm at=50%,30%; pause 200ms; move dx=5mm at=50%,90% pressure=2%"
        for (label, sequence) in try explained(script) {
            let contexts = sequence.findings.filter { $0.rule == .thumbContext }
            XCTAssertEqual(contexts.count, 1, "\(label): \(contexts.map(\.text))")
            XCTAssertTrue(
                contexts.allSatisfy { ($0.touch ?? 0) < 2 && !$0.exceeds }, "\(label): \(contexts.map(\.text))")
        }
    }

    func testTouchesDownTogetherAboveTheExclusionLineAreAllFingers() throws {
        for (label, sequence) in try explained("rest fingers=2 spacing=40mm at=50%,80%; pause 100ms") {
            let context = try XCTUnwrap(sequence.findings.first { $0.rule == .thumbContext }, label)
            XCTAssertEqual(context.unit, .ms, label)
            XCTAssertNil(context.box, "a time decides: \(label)")
            XCTAssertLessThan(context.value, 100, label)
            XCTAssertFalse(context.exceeds, label)
            XCTAssertFalse(sequence.decisions.contains { $0.machine == .thumb }, label)
        }
    }

    /// A finger moving past `max_move` beside a resting one lower down: the gesture machine takes
    /// the lower for a thumb. Where the resting touch began alone above the thumb line it was no
    /// thumb then, and its place agrees with the log.
    func testAFingerMovingBesideARestingOneMakesTheLowerAThumb() throws {
        for (label, sequence) in try explained("rest fingers=1 at=30%,80%; move dx=15mm; tap fingers=1 at=60%,40%") {
            let resting = try XCTUnwrap(sequence.findings.first { $0.rule == .restingThumb }, label)
            XCTAssertEqual(resting.touch, 0, label)
            XCTAssertTrue(resting.exceeds, label)
            XCTAssertEqual(resting.agreesWithLog, true, label)
            let place = try XCTUnwrap(sequence.findings.first { $0.rule == .thumbPosition }, label)
            XCTAssertFalse(place.exceeds, label)
            XCTAssertEqual(place.agreesWithLog, true, label)
            XCTAssertTrue(sequence.conclusion.contains(resting.text), "\(label): \(sequence.conclusion)")
        }
    }
}
