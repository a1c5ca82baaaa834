import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A contact too light for libinput to begin a touch hovers (`TOUCH_HOVERING`): libinput counts
/// no finger for it (`nfingers_down`), yet weighs its moves for jumps (`tp_process_state`), so
/// each jump it logs of one has its numbers.
final class HoveringJumpTests: XCTestCase {
    /// A light move on the ASUS N500JK, whose quirks begin a touch at pressure 10.
    private func lightMove(_ script: String) throws -> Recording {
        try FingerPaths.synthesized(script)
    }

    /// Each logged jump's finding, at the frame libinput logged it, agreeing with the log.
    private func assertEachJumpExplained(
        _ recording: Recording, count: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let explanation = try Replay.explain(recording, named: "hover", options: ReplayOptions()).explanation
        let sequence = try XCTUnwrap(explanation.sequences.first, file: file, line: line)
        let lines = sequence.decisions.filter { $0.text.contains("Touch jump") }
        let findings = sequence.findings.filter { $0.rule == .touchJump }
        XCTAssertEqual(lines.count, count, "\(sequence.decisions.map(\.text))", file: file, line: line)
        XCTAssertEqual(
            findings.map(\.time), lines.compactMap { $0.cause?.time }, "\(findings.map(\.text))", file: file,
            line: line)
        XCTAssertTrue(
            findings.allSatisfy { $0.agreesWithLog == true }, "\(findings.map(\.text))", file: file, line: line)
    }

    /// A contact that never begins restarts no history the frame after it lands: its first move
    /// is weighed, as its second is.
    func testAContactThatNeverBeginsHasEachJumpExplained() throws {
        let recording = try lightMove("move dx=30mm duration=16ms pressure=2%")
        try assertEachJumpExplained(recording, count: 2)
    }

    /// A contact that jumps while it hovers and then presses to begin a touch: the jump before
    /// the touch began has its numbers, as has the one two frames after, where the history
    /// libinput started again at the new finger count weighs its first move.
    func testAJumpBeforePressureBeganTheTouchIsExplained() throws {
        var recording = try lightMove("move dx=60mm duration=80ms pressure=2%")
        // From the fifth frame on, it presses past libinput's begin pressure.
        let press = [Evdev.ABS_MT_PRESSURE, Evdev.ABS_PRESSURE].map {
            EvdevEvent(type: Evdev.EV_ABS, code: $0, value: 30)
        }
        recording.frames[4].events.insert(contentsOf: press, at: recording.frames[4].events.count - 1)
        try assertEachJumpExplained(recording, count: 2)
    }
    /// On the hp8470p the pad still tracks a contact after BTN_TOUCH said the fingers lifted,
    /// and libinput logs its jump two frames on: the line has its numbers, of the contact hovering
    /// then, on each version.
    func testAJumpLoggedAfterTheFingersLiftedIsExplained() throws {
        let path = "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(path).path)
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.31.3"])) {
            var options = ReplayOptions()
            options.libinput = build
            let sequences = try Replay.explain(recording, named: path, options: options).explanation.sequences
            let lines = sequences.flatMap(\.decisions).filter { $0.text.contains("Touch jump") }
            let findings = sequences.flatMap(\.findings).filter { $0.rule == .touchJump }
            XCTAssertFalse(lines.isEmpty, build.version)
            XCTAssertEqual(findings.map(\.time), lines.compactMap { $0.cause?.time }, build.version)
            XCTAssertTrue(findings.allSatisfy { $0.agreesWithLog == true }, "\(findings.map(\.text))")
            XCTAssertTrue(
                findings.contains { $0.text.contains("hovering after the fingers lifted") }, "\(findings.map(\.text))")
        }
    }

    /// libinput's log tells 5 touch jumps a day and discards later ones without a line: past the
    /// fifth, the rule finds them all the same, said as discarded unsaid, not as the log's.
    func testJumpsPastTheLogsLimitAreFoundByTheRule() throws {
        let recording = try FingerPaths.synthesized(
            Array(repeating: "move dx=30mm duration=16ms; pause 300ms", count: 7).joined(separator: "; "))
        let explanation = try Replay.explain(recording, named: "jumps", options: ReplayOptions()).explanation
        let lines = explanation.sequences.flatMap(\.decisions).filter { $0.text.contains("Touch jump") }
        let findings = explanation.sequences.flatMap(\.findings).filter { $0.rule == .touchJump }
        XCTAssertEqual(lines.count, 5, "\(lines.map(\.text))")
        let unsaid = findings.filter { $0.agreesWithLog == nil }
        XCTAssertEqual(findings.count - unsaid.count, 5, "\(findings.map(\.text))")
        XCTAssertEqual(unsaid.count, 2, "\(findings.map(\.text))")
        XCTAssertTrue(unsaid.allSatisfy { $0.exceeds && $0.text.contains("discarded it without a line") })
        let lastLine = try XCTUnwrap(lines.last?.cause?.time)
        XCTAssertTrue(unsaid.allSatisfy { $0.time > lastLine }, "\(unsaid.map(\.time)) after \(lastLine)")
    }

}
