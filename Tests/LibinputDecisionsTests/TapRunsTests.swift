import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// libinput's tap machine, run by run: a palm resting while a finger taps more than once is one
/// sequence, and the machine runs once for each tap; each run is timed from its own touch, its
/// fingers are its own, and the line tells them all.
final class TapRunsTests: XCTestCase {
    /// The one sequence `fingers` make on the clickpad, tapping on (and drag lock with `dragLock`),
    /// the pad's button held down through `button` (seconds) when given.
    private func sequence(
        _ fingers: [Finger], button: Range<Double>? = nil, dragLock: Bool = false
    ) throws -> SequenceExplanation {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        if dragLock { options.configuration.dragLock = true }
        let recording = try FingerPaths.recording(fingers, button: button)
        let explanation = try Replay.explain(recording, named: "fixture", options: options).explanation
        XCTAssertEqual(explanation.sequences.count, 1)
        return try XCTUnwrap(explanation.sequences.first)
    }

    /// A palm (pressure 200, over the 130 threshold) rests from 0 s to `until`.
    private func palm(until: Double = 2) -> Finger { .resting(0, until, x: 25, y: 40, pressure: 200) }

    /// Two 64 ms taps 0.7 s apart: two taps, each timed from its own touch, where the stretch from
    /// the first's release to the second's touch read as the tap timer firing.
    func testTwoTapsBesideAPalmAreTwoTaps() throws {
        let sequence = try sequence([
            palm(), .resting(0.3, 0.364, x: 60, y: 26), .resting(1.0, 1.064, x: 60, y: 26),
        ])
        XCTAssertEqual(sequence.reported.filter { $0 == .button(0x110) }.count, 2, "\(sequence.reported)")
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this 2 taps, the last by touch 2 because the longest the fingers stayed without a "
                    + "touch or a release was 64 ms"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("BTN_LEFT"), "both buttons are the taps': \(sequence.conclusion)")
        let timed = sequence.findings.filter { $0.rule == .tapTime }
        XCTAssertEqual(timed.map(\.time), [364_000, 1_064_000])
        XCTAssertEqual(timed.map(\.value), [64, 64])
        XCTAssertFalse(timed.contains { $0.exceeds }, "\(timed)")
    }

    /// A 2-finger tap, then a finger's: the line names the kinds.
    func testTapsOfSeveralFingersAreNamed() throws {
        let sequence = try sequence([
            palm(), .resting(0.3, 0.364, x: 50, y: 26), .resting(0.3, 0.364, x: 70, y: 26),
            .resting(1.0, 1.064, x: 60, y: 26),
        ])
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this 2 taps (a 2-finger tap, then a tap), the last by touch 3"),
            sequence.conclusion)
        XCTAssertTrue(sequence.conclusion.contains("; it also sent hold 2, hold 1;"), sequence.conclusion)
    }

    /// A finger held 500 ms, then a 64 ms tap: the tap is told, with why the touch before it made
    /// none, and the tap's button is no click, as no button was pressed.
    func testAHeldTouchBeforeATapIsToldBesideIt() throws {
        let sequence = try sequence([palm(), .resting(0.3, 0.8, x: 60, y: 26), .resting(1.2, 1.264, x: 60, y: 26)])
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a tap because"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "; before it, touch 1 made no tap, because the fingers stayed 180 ms without a touch or a release, "
                    + "the 180 ms tap timer fired"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("button was pressed"), sequence.conclusion)
        let timed = sequence.findings.filter { $0.rule == .tapTime }
        XCTAssertEqual(timed.map(\.exceeds), [true, false])
    }

    /// A second tap 86 ms after the first lifted, while libinput holds the first's button: the
    /// release in `DRAGGING_OR_DOUBLETAP` made it (`tp_tap_dragging_or_doubletap_handle_event`).
    func testADoubleTapBesideAPalmCitesTheSecondTapsRelease() throws {
        let sequence = try sequence([
            palm(), .resting(0.3, 0.364, x: 60, y: 26), .resting(0.45, 0.514, x: 60, y: 26),
        ])
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this 2 taps, the last by touch 2, a second tap while libinput held the one before's "
                    + "button, because"), sequence.conclusion)
        let timed = sequence.findings.filter { $0.rule == .tapTime }
        XCTAssertEqual(timed.map(\.value), [64, 64])
        XCTAssertEqual(
            timed.map(\.source),
            ["src/evdev-mt-touchpad-tap.c:233 (libinput 1.22.1)", "src/evdev-mt-touchpad-tap.c:751 (libinput 1.22.1)"])
    }

    /// A tap, then a finger that comes down 86 ms after it lifted and moves: a tap-and-drag in the
    /// one sequence, the gap measured from the tap's lift; the tap's button is not a click.
    func testATapAndDragBesideAPalmIsADrag() throws {
        let sequence = try sequence([
            palm(), .resting(0.3, 0.364, x: 60, y: 26),
            .moving(0.45, 1.2, x: 60, y: 26, dx: 1, dy: 0, speed: 20),
        ])
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this a tap-and-drag: touch 2 came down 86 ms after the tap before it lifted"),
            sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("button was pressed"), sequence.conclusion)
    }

    /// A finger's tap 108 ms after a 2-finger tap lifted: libinput's `2FGTAP_DRAGGING_OR_DOUBLETAP`
    /// counts the tap before's fingers, and the second tap is one finger's (BTN_LEFT).
    func testASecondTapAfterATwoFingerTapIsOneFingers() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let fingers: [Finger] = [
            .resting(0, 0.064, x: 40, y: 30), .resting(0, 0.064, x: 60, y: 30), .resting(0.172, 0.236, x: 50, y: 30),
        ]
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "fixture", options: options)
            .explanation.sequences
        let second = try XCTUnwrap(sequences.last)
        XCTAssertEqual(sequences.count, 2)
        XCTAssertTrue(second.reported.contains(.button(0x110)), "\(second.reported)")
        XCTAssertTrue(
            second.conclusion.hasPrefix(
                "libinput made this a tap, a second tap while libinput held the one before's button, because"),
            second.conclusion)
    }

    /// A lone finger's three taps, each 88 ms after the one before lifted: three sequences, and the
    /// last two each a tap while libinput held the one before's button, the third told as third.
    func testATripleTapsThirdTapIsCalledThird() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let fingers: [Finger] = [0, 0.152, 0.304].map { .resting($0, $0 + 0.064, x: 50, y: 30) }
        let sequences = try Replay.explain(FingerPaths.recording(fingers), named: "fixture", options: options)
            .explanation.sequences
        XCTAssertEqual(sequences.count, 3)
        XCTAssertEqual(
            sequences.map { $0.conclusion.components(separatedBy: " because ").first ?? "" },
            [
                "libinput made this a tap",
                "libinput made this a tap, a second tap while libinput held the one before's button,",
                "libinput made this a tap, a third tap while libinput held the one before's button,",
            ],
            "\(sequences.map(\.conclusion))")
    }

    /// Three taps beside a palm, one sequence: the last is the third of its row.
    func testThreeTapsBesideAPalmEndInAThird() throws {
        let sequence = try sequence([palm()] + [0.3, 0.45, 0.6].map { .resting($0, $0 + 0.064, x: 60, y: 26) })
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this 3 taps, the last by touch 3, a third tap while libinput held the one before's "),
            sequence.conclusion)
    }

    /// A tap, then a tap-and-drag: the drag speaks, and the tap before its own is told.
    func testATapBeforeATapAndDragIsTold() throws {
        let sequence = try sequence([
            palm(until: 3), .resting(0.3, 0.364, x: 60, y: 26), .resting(1.0, 1.064, x: 60, y: 26),
            .moving(1.15, 1.9, x: 60, y: 26, dx: 1, dy: 0, speed: 20),
        ])
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a tap-and-drag: touch 3"), sequence.conclusion)
        XCTAssertTrue(sequence.conclusion.contains("; before it, touch 1 made a tap;"), sequence.conclusion)
    }

    /// A touch that becomes a palm 100 ms after it came down leaves the tap machine then
    /// (`TAP_EVENT_PALM`), though it rests on: two taps after it are two runs of their own, not a
    /// click, and its own run made no tap.
    func testATouchThatBecomesAPalmLeavesTheRunAsItDoes() throws {
        var becomesPalm = Finger.resting(0, 2, x: 25, y: 40)
        becomesPalm.pressing = { $0 < 0.1 ? 60 : 200 }
        let sequence = try sequence([
            becomesPalm, .resting(0.5, 0.564, x: 60, y: 26), .resting(1.2, 1.264, x: 60, y: 26),
        ])
        XCTAssertTrue(
            sequence.conclusion.hasPrefix("libinput made this 2 taps, the last by touch 2"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "; before it, touch 0 made no tap, because the tap machine let go of a touch set aside as a palm"),
            sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("button was pressed"), sequence.conclusion)
    }

    /// Three fingers, two of which lift: the tap machine's timer in `TOUCH_3_RELEASE_2` sends
    /// their 3-finger tap (BTN_MIDDLE), which a later tap does not make "no tap".
    func testAThreeFingerTapSentLateIsCountedBesideALaterTap() throws {
        let sequence = try sequence([
            palm(), .resting(0.4, 0.464, x: 40, y: 20), .resting(0.4, 0.464, x: 55, y: 20),
            .resting(0.4, 0.92, x: 70, y: 20), .resting(1.5, 1.564, x: 60, y: 26),
        ])
        XCTAssertEqual(sequence.reported.filter { $0 == .button(0x112) }.count, 1, "\(sequence.reported)")
        XCTAssertTrue(
            sequence.conclusion.hasPrefix("libinput made this 2 taps (a 3-finger tap, then a tap), the last by touch"),
            sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("made no tap"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("BTN_MIDDLE"), "both buttons are the taps': \(sequence.conclusion)")
    }

    /// The pad's button pressed during a tap-and-drag: the click speaks, and the drag is told
    /// beside it, ended by the press (`TAP_EVENT_BUTTON`).
    func testAPressDuringATapAndDragTellsTheDrag() throws {
        let sequence = try sequence(
            [palm(), .resting(0.3, 0.364, x: 60, y: 26), .moving(0.45, 1.5, x: 60, y: 26, dx: 1, dy: 0, speed: 20)],
            button: 1.1..<1.2)
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a click (BTN_LEFT)"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "; it also made a tap-and-drag: touch 2 came down 86 ms after the tap before it lifted"),
            sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "the pad's button was pressed during it, and libinput let the tap's button go"),
            sequence.conclusion)
    }

    /// With drag lock, a finger back 200 ms after the dragging one lifted goes on with the drag:
    /// the line is the drag's, and neither its tap nor the drag before the lift is told again.
    func testADragResumedUnderDragLockIsOneDrag() throws {
        let sequence = try sequence(
            [
                palm(until: 3), .resting(0.3, 0.364, x: 60, y: 26),
                .moving(0.45, 1.0, x: 40, y: 26, dx: 1, dy: 0, speed: 20),
                .moving(1.2, 1.8, x: 60, y: 26, dx: 1, dy: 0, speed: 20),
            ], dragLock: true)
        XCTAssertTrue(
            sequence.conclusion.hasPrefix(
                "libinput made this a tap-and-drag: touch 3 came down 200 ms after the dragging finger lifted"),
            sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("before it, touch"), sequence.conclusion)
    }

    /// With drag lock, a finger back 200 ms after the dragging one lifted that lifts again without
    /// moving is a tap, which ends the drag then rather than at the lock's 300 ms.
    func testATapEndsADragLockAndIsSaidTo() throws {
        let sequence = try sequence(
            [
                palm(until: 3), .resting(0.3, 0.364, x: 60, y: 26),
                .moving(0.45, 1.0, x: 40, y: 26, dx: 1, dy: 0, speed: 20), .resting(1.2, 1.264, x: 60, y: 26),
            ], dragLock: true)
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a tap-and-drag: touch 2"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "with drag lock, a finger came back after the lift and lifted again without moving, a tap, which let "
                    + "the button go (src/evdev-mt-touchpad-tap.c:923 (libinput 1.22.1))"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("waits 300 ms"), sequence.conclusion)
    }

    /// Two fingers down 10 ms apart, the second lifting at 100 ms and the first at 250 ms: each
    /// stretch between a touch or a release is under 180 ms, and libinput's 2-finger tap is
    /// recomputed as one, the first's lift ending it rather than the second's.
    func testTheTapEndsAtTheLastLiftWhateverTheSlot() throws {
        let sequence = try sequence([.resting(0, 0.25, x: 40, y: 30), .resting(0.01, 0.1, x: 60, y: 30)])
        XCTAssertTrue(sequence.reported.contains(.button(0x111)), "\(sequence.reported)")
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 2-finger tap because"), sequence.conclusion)
        XCTAssertFalse(sequence.conclusion.contains("disagree"), sequence.conclusion)
        let timed = try XCTUnwrap(sequence.findings.first { $0.rule == .tapTime })
        XCTAssertEqual(timed.value, 150)
    }

    /// A thumb on the clickpad's button area clicks: the tap machine goes DEAD, and as the thumb's
    /// lift never reaches it, stays so. The next finger's short touch is no tap because of that,
    /// which is said, where the frames alone would time a tap the machine never ran.
    func testATouchAfterAThumbsClickFindsTheTapMachineStillDead() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let fingers = [
            Finger.moving(0, 0.3, x: 20, y: 59.6, dx: 1, dy: 0, speed: 2), .resting(0.6, 0.66, x: 50, y: 30),
        ]
        let recording = try FingerPaths.recording(fingers, button: 0.05..<0.2)
        let sequences = try Replay.explain(recording, named: "fixture", options: options).explanation.sequences
        let after = try XCTUnwrap(sequences.last)
        XCTAssertEqual(sequences.count, 2)
        XCTAssertTrue(
            after.decisions.contains { $0.machine == .tap && $0.from == "TAP_STATE_DEAD" }, "\(after.decisions)")
        XCTAssertTrue(
            after.conclusion.contains("no tap, because libinput's tap machine was still DEAD"), after.conclusion)
        XCTAssertFalse(after.findings.contains { [.tapTime, .tapTravel].contains($0.rule) }, "\(after.findings)")
    }

    /// A finger tapping at the pad's side in its software button area: libinput 1.22.1 took it for
    /// a palm as far as tapping goes (`tp_palm_tap_is_palm`, gone in 1.23.0), which is the reason
    /// said for no tap, not a motion timed; 1.31.3's edge palm detection takes it for a palm.
    func testATapAtTheEdgeOfTheButtonAreaIsAPalmTapBefore1Point23() throws {
        let recording = try FingerPaths.recording([.resting(0, 0.06, x: 2, y: 59)])
        for build in try libinputBuilds(["1.22.1", "1.31.3"]) {
            var options = ReplayOptions()
            (options.libinput, options.configuration.tapToClick) = (build, true)
            options.configuration.clickMethod = .buttonAreas
            let sequence = try XCTUnwrap(
                try Replay.explain(recording, named: "fixture", options: options).explanation.sequences.first)
            let palmTap = "for a palm as far as tapping goes (palm-tap detected)"
            if build.version == "1.22.1" {
                XCTAssertTrue(
                    sequence.conclusion.contains("because libinput took touch 0"), sequence.conclusion)
                XCTAssertTrue(sequence.conclusion.contains(palmTap), sequence.conclusion)
                XCTAssertFalse(sequence.findings.contains { $0.rule == .tapTravel }, "\(sequence.findings)")
            } else {
                XCTAssertTrue(
                    sequence.conclusion.contains("as a palm (edge)"), "\(build.version): \(sequence.conclusion)")
                XCTAssertFalse(sequence.conclusion.contains(palmTap), sequence.conclusion)
            }
        }
    }

}
