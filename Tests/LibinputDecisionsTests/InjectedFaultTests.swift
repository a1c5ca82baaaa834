import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// What explain says of touches a fault injected into the replay struck.
final class InjectedFaultTests: XCTestCase {
    /// Touches whose frames all fell among the events a `SYN_DROPPED` lost (`--syn-dropped`):
    /// libinput never read them, which is said, not that it does not tap.
    func testATapLostToSynDroppedIsSaidLost() throws {
        let fingers = [
            Finger.resting(0, 0.06, x: 50, y: 30), Finger.resting(0.876, 0.94, x: 50, y: 30),
            Finger.resting(1.6, 1.664, x: 50, y: 30),
        ]
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        try options.fault(unplug: [], synDropped: [FaultSpec(parsing: "0.84+120")], start: nil)
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "lost", options: options)
            .explanation.sequences
        XCTAssertEqual(sequences.count, 3)
        let lost = sequences[1]
        XCTAssertEqual(lost.reported, [])
        XCTAssertTrue(
            lost.conclusion.hasPrefix(
                "libinput decided nothing of these touches: it met a SYN_DROPPED injected (--syn-dropped) "),
            lost.conclusion)
        XCTAssertFalse(lost.conclusion.contains("does not run on this device"), lost.conclusion)
        // The taps around it were read and made.
        XCTAssertTrue(sequences[2].conclusion.hasPrefix("libinput made this a tap"), sequences[2].conclusion)
    }

    /// A tap-and-drag whose touchpad is unplugged with the finger down (`--unplug`): libinput let
    /// the tap's button go as it removed the device, not as the finger lifted, which it never saw.
    func testADragUnpluggedLetsTheButtonGoThen() throws {
        let fingers = [
            Finger.resting(0, 0.06, x: 50, y: 30), Finger.moving(0.15, 0.6, x: 40, y: 30, dx: 1, dy: 0, speed: 40),
        ]
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        try options.fault(unplug: [FaultSpec(parsing: "0.3")], synDropped: [], start: nil)
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "unplugged", options: options)
            .explanation.sequences
        let drag = try XCTUnwrap(sequences.last?.findings.first { $0.rule == .tapDrag }, "\(sequences)")
        XCTAssertTrue(
            drag.text.hasSuffix(
                "the touchpad was unplugged with the finger down, and libinput let the button go as it removed it"),
            drag.text)
    }

    /// A contact too light to begin a touch, long after a SYN_DROPPED that lost nothing of it:
    /// libinput read it and logged no decision, which is said as the light touch it was.
    func testALightTouchAfterAnEarlierDropIsNotSaidLost() throws {
        let fingers = [
            Finger.resting(0, 0.06, x: 50, y: 30), Finger.resting(1.5, 1.8, x: 50, y: 30, pressure: 5),
        ]
        var options = ReplayOptions()
        try options.fault(unplug: [], synDropped: [FaultSpec(parsing: "0.02+30")], start: nil)
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "light", options: options)
            .explanation.sequences
        let light = try XCTUnwrap(sequences.last)
        XCTAssertFalse(light.conclusion.contains("SYN_DROPPED"), light.conclusion)
        XCTAssertTrue(light.conclusion.hasPrefix("libinput saw no touch"), light.conclusion)
    }

    /// A drag whose finger lifted before the touchpad was unplugged, a palm keeping the sequence
    /// open: libinput let the button go as the finger lifted.
    func testADragEndedBeforeTheUnplugLetsTheButtonGoAtTheLift() throws {
        let fingers = [
            Finger.resting(0, 0.06, x: 50, y: 30), Finger.moving(0.15, 0.45, x: 40, y: 30, dx: 1, dy: 0, speed: 40),
            Finger.resting(0.1, 1.0, x: 20, y: 40, pressure: 200),
        ]
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        try options.fault(unplug: [FaultSpec(parsing: "0.8")], synDropped: [], start: nil)
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "lifted", options: options)
            .explanation.sequences
        let drag = try XCTUnwrap(sequences.last?.findings.first { $0.rule == .tapDrag }, "\(sequences)")
        XCTAssertTrue(drag.text.hasSuffix("libinput let the button go when the finger lifted"), drag.text)
    }
}
