import Foundation
@testable import LibinputDecisions
import LibinputEvents
import Recordings
import Replays
import TestSupport
import XCTest

/// Fixtures on either side of each rule's threshold, replayed on libinput 1.22.1, 1.28.1 and
/// 1.31.3: the explanation names the deciding number, on the side of the limit the fixture is
/// on, and no recomputed rule disagrees with libinput's own log.
final class ThresholdFixtureTests: XCTestCase {
    private func builds() throws -> [LibinputBuild] {
        try libinputBuilds(["1.22.1", "1.28.1", "1.31.3"])
    }

    /// The one sequence of `recording` explained on each version.
    private func explained(
        _ recording: Recording, tap: Bool = false, quirks: [String] = [],
        scrollMethod: DeviceConfiguration.ScrollMethod? = nil, clickMethod: DeviceConfiguration.ClickMethod? = nil,
        keyboard: Recording? = nil, disableWhileTyping: Bool? = nil
    ) throws -> [(version: String, sequence: SequenceExplanation)] {
        try builds().map { build in
            var options = ReplayOptions()
            options.configuration.disableWhileTyping = disableWhileTyping
            options.otherDevices = keyboard.map { [.recording($0)] } ?? []
            options.configuration.scrollMethod = scrollMethod
            options.configuration.clickMethod = clickMethod
            options.libinput = build
            options.configuration.tapToClick = tap
            options.quirks = quirks
            let explanation = try Replay.explain(recording, named: "fixture", options: options).explanation
            XCTAssertEqual(explanation.sequences.count, 1, build.version)
            let sequence = try XCTUnwrap(explanation.sequences.first, build.version)
            for finding in sequence.findings where finding.agreesWithLog == false {
                XCTFail("\(build.version): \(finding.text) disagrees with libinput's log: \(sequence.conclusion)")
            }
            return (build.version, sequence)
        }
    }

    /// Every sequence of `recording` explained on each version.
    private func explainedAll(
        _ recording: Recording, tap: Bool
    ) throws -> [(version: String, sequences: [SequenceExplanation])] {
        try builds().map { build in
            var options = ReplayOptions()
            options.libinput = build
            options.configuration.tapToClick = tap
            let explanation = try Replay.explain(recording, named: "fixture", options: options).explanation
            return (build.version, explanation.sequences)
        }
    }

    /// A quirks file of one section for touchpads, holding `lines`, removed after the test.
    private func quirksFile(_ name: String, _ section: String, _ lines: String) throws -> String {
        let path = temporaryPath(name)
        try "[\(section)]\nMatchUdevType=touchpad\n\(lines)\n".write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func finding(_ rule: Rule, in sequence: SequenceExplanation, _ version: String) throws -> Finding {
        try XCTUnwrap(sequence.findings.last { $0.rule == rule }, "\(version): no \(rule) in \(sequence.findings)")
    }

    /// Two fingers moving slowly together, 39 and 41 mm apart: when the 150 ms have passed, the
    /// first are inside the 40 × 7 mm box (the spacing decides: a scroll), the second not (the
    /// directions decide, once each moved 1.5 mm).
    func testTheSpacingBoxJustInsideAndJustOutside() throws {
        for (spacing, inside) in [(39.0, true), (41.0, false)] {
            let fingers = [0.0, spacing].map { offset in
                Finger.moving(0, 0.6, x: 30 + offset, y: 20, dx: 0, dy: 1, speed: 8)
            }
            for (version, sequence) in try explained(try FingerPaths.recording(fingers)) {
                let box = try finding(.gestureSpacing, in: sequence, version)
                XCTAssertEqual(box.value < 40, inside, "\(version): \(box.text)")
                XCTAssertEqual(!box.exceeds, inside, "\(version): \(box.text)")
                XCTAssertTrue(sequence.conclusion.contains("scroll"), "\(version): \(sequence.conclusion)")
                XCTAssertTrue(
                    sequence.conclusion.contains(inside ? "apart" : "the same way"),
                    "\(version): \(sequence.conclusion)")
            }
        }
    }

    /// Fingers moving apart and together are a pinch by the directions; moving the same way, a scroll.
    func testApartAndTogetherArePinchesTheSameWayIsAScroll() throws {
        let cases: [(dx: Double, outcome: String)] = [(1, "pinch"), (-1, "pinch")]
        for (dx, outcome) in cases {
            let fingers = [
                Finger.moving(0, 0.4, x: 40, y: 30, dx: -dx, dy: 0, speed: 40),
                Finger.moving(0, 0.4, x: 60, y: 30, dx: dx, dy: 0, speed: 40),
            ]
            for (version, sequence) in try explained(try FingerPaths.recording(fingers)) {
                let direction = try finding(.gestureDirection, in: sequence, version)
                XCTAssertTrue(direction.exceeds, "\(version): \(direction.text)")
                XCTAssertTrue(
                    sequence.conclusion.contains("a 2-finger \(outcome)"), "\(version): \(sequence.conclusion)")
                XCTAssertTrue(sequence.conclusion.contains("different ways"), "\(version): \(sequence.conclusion)")
            }
        }
    }

    /// Two fingers parting by one device unit a frame each (1/31 mm at 125 Hz), evenly: libinput
    /// takes them for a scroll, and they have not moved 1.5 mm each when the 300 ms in which a
    /// scroll may turn pinch are over; the scroll sends nothing, its touches' average motion
    /// being nil in every frame.
    func testASlowEvenPinchStaysAScrollThatSendsNothing() throws {
        let fingers = [
            Finger.moving(0, 0.96, x: 41, y: 30, dx: -1, dy: 0, speed: 125.0 / 31),
            Finger.moving(0, 0.96, x: 59, y: 30, dx: 1, dy: 0, speed: 125.0 / 31),
        ]
        for (version, sequence) in try explained(try FingerPaths.recording(fingers)) {
            let closing = try finding(.scrollToPinch, in: sequence, version)
            XCTAssertTrue(closing.exceeds, "\(version): \(closing.text)")
            XCTAssertLessThan(closing.value, 300, "\(version): \(closing.text)")
            XCTAssertTrue(closing.text.contains("not each 1.5 mm"), "\(version): \(closing.text)")
            XCTAssertTrue(
                sequence.conclusion.contains("it stayed one: ")
                    && sequence.conclusion.contains(
                        "it sent no scroll events while the fingers stayed down: its gesture machine scrolls by the "
                            + "touches' average motion"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// A third finger down for 48 ms beside a scroll that has sent nothing: libinput takes the
    /// new count at once (before 1.28 the gesture has not begun; from 1.28 `SCROLL_START` does not
    /// wait), so no count is said to have been passed over while libinput waited.
    func testACountChangeBesideAScrollThatSentNothingIsNotWaitedOn() throws {
        let fingers = [
            Finger.moving(0, 0.96, x: 41, y: 30, dx: -1, dy: 0, speed: 125.0 / 31),
            Finger.moving(0, 0.96, x: 59, y: 30, dx: 1, dy: 0, speed: 125.0 / 31),
            Finger.resting(0.5, 0.548, x: 50, y: 20),
        ]
        for (version, sequences) in try explainedAll(try FingerPaths.recording(fingers), tap: false) {
            let passedOver = sequences.flatMap(\.findings).filter { $0.text.contains("and back in") }
            XCTAssertEqual(passedOver.map(\.text), [], version)
        }
    }

    /// Parting at 6 mm/s each, the touches pass 1.5 mm within the 300 ms: the scroll turns pinch,
    /// and no finding speaks of the window closing on a scroll.
    func testAScrollThatTurnsPinchInTimeHasNoClosingWindow() throws {
        let fingers = [
            Finger.moving(0, 0.6, x: 41, y: 30, dx: -1, dy: 0, speed: 6),
            Finger.moving(0, 0.6, x: 59, y: 30, dx: 1, dy: 0, speed: 6),
        ]
        for (version, sequence) in try explained(try FingerPaths.recording(fingers)) {
            XCTAssertTrue(sequence.conclusion.contains("a 2-finger pinch"), "\(version): \(sequence.conclusion)")
            XCTAssertFalse(
                sequence.findings.contains { $0.text.contains("can no longer turn pinch") },
                "\(version): \(sequence.findings.map(\.text))")
        }
    }

    /// Two fingers that first move up together, then part: libinput scrolls, sends scroll events,
    /// and turns the scroll a pinch within its 300 ms. The closing line says the scroll an app got
    /// first, and why it began.
    func testAPinchLibinputScrolledFirstSaysSo() throws {
        func finger(_ x: Double, away: Double) -> Finger {
            Finger(down: 0, up: 0.6) { t in
                t < 0.12 ? (x, 30 - 30 * t) : (x + away * 30 * (t - 0.12), 30 - 30 * 0.12)
            }
        }
        for (version, sequence) in try explained(
            try FingerPaths.recording([finger(41, away: -1), finger(59, away: 1)]))
        {
            XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 2-finger pinch"), sequence.conclusion)
            XCTAssertTrue(
                sequence.conclusion.contains(
                    "; it had made a scroll first, and sent scroll events until it turned pinch, "
                        + "because "), "\(version): \(sequence.conclusion)")
        }
    }

    /// With tapping on, a touch 90 ms after a tap that then moves is a tap-and-drag: the tap's
    /// button held, said against the 180 ms libinput holds it, and let go in the drag's sequence,
    /// which says so; one that lifts at once is a second tap, said as such.
    func testATouchAfterATapDragsOrTapsAgain() throws {
        let tap = Finger.resting(0, 0.06, x: 50, y: 30)
        let dragged = try explainedAll(
            try FingerPaths.recording([tap, .moving(0.15, 0.45, x: 40, y: 30, dx: 1, dy: 0, speed: 60)]), tap: true)
        for (version, sequences) in dragged {
            let drag = try XCTUnwrap(sequences.last, version)
            let found = try finding(.tapDrag, in: drag, version)
            XCTAssertEqual(found.limit, 180, version)
            XCTAssertLessThan(found.value, 180, version)
            XCTAssertTrue(
                drag.conclusion.hasPrefix("libinput made this a tap-and-drag: touch 1 came down ")
                    && drag.conclusion.contains("a drag, the tap's button held"), "\(version): \(drag.conclusion)")
            // Versions are compared on the conclusion cited by file alone: no line of any.
            XCTAssertNil(drag.conclusionAcrossVersions.firstMatch(of: /\.c:[0-9]/), drag.conclusionAcrossVersions)
            XCTAssertEqual(sequences.first?.reported.compactMap(\.button), [UInt32(Evdev.BTN_LEFT)], version)
            XCTAssertEqual(drag.reported.last, .buttonRelease(UInt32(Evdev.BTN_LEFT)), version)
        }
        let twice = try explainedAll(try FingerPaths.recording([tap, .resting(0.15, 0.21, x: 50, y: 30)]), tap: true)
        for (version, sequences) in twice {
            let second = try XCTUnwrap(sequences.last, version)
            XCTAssertTrue(
                second.conclusion.hasPrefix("libinput made this a tap, a second tap while libinput held the one "),
                "\(version): \(second.conclusion)")
        }
        // A touch after a tap that rests 400 ms drags, and makes no hold: the timer makes none then.
        let rested = try explainedAll(try FingerPaths.recording([tap, .resting(0.15, 0.55, x: 50, y: 30)]), tap: true)
        for (version, sequences) in rested {
            let drag = try XCTUnwrap(sequences.last, version)
            XCTAssertFalse(drag.reported.contains { if case .hold = $0 { true } else { false } }, version)
            XCTAssertTrue(
                drag.conclusion.contains("no hold, as libinput's hold timer begins none while its tap machine drags"),
                "\(version): \(drag.conclusion)")
        }
    }

    /// A tap held 170 ms is a tap; 190 ms, the 180 ms timer fires first.
    func testATapOf170AndOf190Milliseconds() throws {
        for (held, isTap) in [(0.170, true), (0.190, false)] {
            let recording = try FingerPaths.recording([.resting(0, held, x: 50, y: 30)])
            for (version, sequence) in try explained(recording, tap: true) {
                let time = try finding(.tapTime, in: sequence, version)
                XCTAssertEqual(time.exceeds, !isTap, "\(version): \(time.text)")
                XCTAssertEqual(time.agreesWithLog, true, "\(version): \(time.text)")
                XCTAssertEqual(
                    sequence.conclusion.hasPrefix("libinput made this a tap"), isTap,
                    "\(version): \(sequence.conclusion)")
            }
        }
    }

    /// The tap timer cited is that of the state it fired in: two fingers held past 180 ms, a third
    /// landing after, time out in TOUCH_2, not TOUCH_3.
    func testTheTapTimerCitedIsThatOfTheFingersItFiredWith() throws {
        let recording = try FingerPaths.recording(
            [.resting(0, 0.4, x: 30, y: 30), .resting(0, 0.4, x: 50, y: 30), .resting(0.25, 0.4, x: 70, y: 30)])
        for (version, sequence) in try explained(recording, tap: true) {
            XCTAssertEqual(sequence.fingers, 3, version)
            let time = try finding(.tapTime, in: sequence, version)
            XCTAssertTrue(time.exceeds, "\(version): \(time.text)")
            XCTAssertEqual(time.source, RuleBook(version: version).source(.tapTime, tapFingers: 2), version)
        }
    }

    /// Three fingers on a touchpad of two slots, the third told by BTN_TOOL_TRIPLETAP alone and
    /// landing 100 ms after the others, all lifting at 220 ms: libinput counts it, and its touch
    /// restarts the tap timer, so no pause reaches 180 ms and the fingers tap (BTN_MIDDLE).
    func testAThirdFingerToldByItsToolKeyAloneCountsAndRestartsTheTapTimer() throws {
        let recording = try FingerPaths.recording(
            [.resting(0, 0.22, x: 30, y: 30), .resting(0, 0.22, x: 50, y: 30), .resting(0.1, 0.22, x: 70, y: 30)],
            on: FingerPaths.twoSlots)
        for (version, sequence) in try explained(recording, tap: true) {
            XCTAssertEqual(sequence.fingers, 3, version)
            XCTAssertEqual(sequence.touches.count, 2, version)
            XCTAssertEqual(sequence.fingersKey, Evdev.BTN_TOOL_TRIPLETAP, version)
            let time = try finding(.tapTime, in: sequence, version)
            XCTAssertEqual(time.value, 120, accuracy: 1, "\(version): \(time.text)")
            XCTAssertEqual(time.agreesWithLog, true, "\(version): \(time.text)")
            XCTAssertTrue(
                sequence.reported.contains(.button(UInt32(Evdev.BTN_MIDDLE))), "\(version): \(sequence.reported)")
            XCTAssertTrue(
                sequence.conclusion.hasPrefix("libinput made this a 3-finger tap"), "\(version): \(sequence.conclusion)"
            )
        }
    }

    /// Three fingers moving left on a touchpad of two slots: libinput cannot tell where the
    /// third is and swipes as soon as they move, whatever the directions say. The pad is a
    /// Synaptics serial one, whose touches jump with more fingers than slots: with tapping on,
    /// their motion ends no tap, and the 180 ms timer does.
    func testThreeFingersOnTwoSlotsSwipeAtOnceAndTheirMotionEndsNoTap() throws {
        let fingers = [30.0, 48, 66].map { x in Finger.moving(0, 0.4, x: x, y: 30, dx: -1, dy: 0, speed: 60) }
        let recording = try FingerPaths.recording(fingers, on: FingerPaths.twoSlots)
        for tap in [false, true] {
            for (version, sequence) in try explained(recording, tap: tap) {
                let fake = try finding(.gestureFakeFingers, in: sequence, version)
                XCTAssertEqual(fake.value, 3, "\(version): \(fake.text)")
                XCTAssertEqual(fake.agreesWithLog, true, "\(version): \(fake.text)")
                XCTAssertEqual(sequence.deciding?.rule, .gestureFakeFingers, "\(version): \(sequence.conclusion)")
                XCTAssertTrue(
                    sequence.conclusion.hasPrefix("libinput made this a 3-finger swipe"),
                    "\(version): \(sequence.conclusion)")
                guard tap else { continue }
                let jumps = try finding(.tapFakeFingerMotion, in: sequence, version)
                XCTAssertGreaterThan(jumps.value, jumps.limit ?? 0, "\(version): \(jumps.text)")
                let time = try finding(.tapTime, in: sequence, version)
                XCTAssertTrue(time.exceeds, "\(version): \(time.text)")
                XCTAssertEqual(time.agreesWithLog, true, "\(version): \(time.text)")
            }
        }
    }

    /// Three fingers tapping a two-slot pad (Dell's Elantech, at its quirk's 31 units per mm),
    /// the two tracked ones level until the second comes 0.4 mm above the first: libinput keeps
    /// the third at the top-most tracked finger, so it jumps 18 mm, and no tap is made.
    func testAFingerToldByItsToolKeyJumpsWithTheTopMostFinger() throws {
        var pad = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad.Dell-Inspiron-7520.desc").path
        ).device
        for code in [Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y] {
            pad.absinfo[code]?.resolution = 31
        }
        let fingers = [
            Finger.resting(0, 0.1, x: 30, y: 30),
            Finger(down: 0, up: 0.1) { t in (48, t < 0.03 ? 30.2 : 29.8) },
            Finger.resting(0, 0.1, x: 66, y: 30.2),
        ]
        for (version, sequence) in try explained(FingerPaths.recording(fingers, device: pad), tap: true) {
            let travel = try finding(.tapTravel, in: sequence, version)
            XCTAssertTrue(travel.exceeds, "\(version): \(travel.text)")
            XCTAssertEqual(travel.agreesWithLog, true, "\(version): \(travel.text)")
            XCTAssertTrue(travel.text.hasPrefix("touch 2, told by its tool key alone"), "\(version): \(travel.text)")
            XCTAssertFalse(sequence.reported.contains(.button(UInt32(Evdev.BTN_MIDDLE))), version)
        }
    }

    /// Three fingers swiping on a semi-MT touchpad: libinput makes two fingers a scroll on it and
    /// three nothing at all, which the closing line says rather than that nothing was reported.
    func testThreeFingersOnASemiMTTouchpadMakeNothingAndTheLineSaysWhy() throws {
        let fingers = [30.0, 48, 66].map { x in Finger.moving(0, 0.4, x: x, y: 30, dx: -1, dy: 0, speed: 60) }
        for (version, sequence) in try explained(try FingerPaths.recording(fingers, on: FingerPaths.semiMT)) {
            XCTAssertEqual(sequence.reported, [], version)
            XCTAssertNotNil(sequence.findings.first { $0.rule == .gestureSupport }, version)
            XCTAssertTrue(
                sequence.conclusion.hasPrefix("libinput reported nothing, because the touchpad is semi-MT"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// Two fingers tapping a touchscreen: libinput hands the touches on as they are, which the
    /// closing line says rather than that no tap was sent.
    func testATouchscreensTouchesArePassedOnAsTouches() throws {
        let recording = FingerPaths.recording(
            [.resting(0, 0.1, x: 100, y: 100), .resting(0, 0.1, x: 150, y: 100)], device: FingerPaths.touchscreen)
        for (version, sequence) in try explained(recording, tap: true) {
            XCTAssertEqual(sequence.reported, [.touch, .touch], version)
            XCTAssertTrue(
                sequence.conclusion.hasPrefix("libinput passed on 2 touches as touch events"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// A finger landing 1.5 mm from the top of a clickpad 66 mm tall, without top buttons, is
    /// in its top edge zone (5 % of the height): libinput takes it for a palm.
    func testAFingerLandingInTheTopEdgeZoneIsAnEdgePalm() throws {
        let recording = try FingerPaths.recording([.resting(0, 0.3, x: 50, y: 1.5)])
        for (version, sequence) in try explained(recording) {
            let edge = try finding(.palmEdge, in: sequence, version)
            XCTAssertEqual(edge.value, 1.5, accuracy: 0.1, "\(version): \(edge.text)")
            XCTAssertEqual(edge.limit ?? 0, 66 * 0.05, accuracy: 0.2, "\(version): \(edge.text)")
            XCTAssertEqual(edge.agreesWithLog, true, "\(version): \(edge.text)")
            XCTAssertTrue(edge.text.contains("top edge zone"), "\(version): \(edge.text)")
        }
    }

    /// A finger landing in a side's edge zone that libinput does not take for a palm says why:
    /// with edge scrolling, the right edge's scroll strip; on 1.22, a software button below it.
    func testAFingerInTheEdgeZoneThatIsNoPalmSaysWhy() throws {
        let right = try FingerPaths.recording([.moving(0, 0.4, x: 96, y: 20, dx: 0, dy: 1, speed: 50)])
        for (version, sequence) in try explained(right, scrollMethod: .edge) {
            let edge = try finding(.palmEdge, in: sequence, version)
            XCTAssertFalse(edge.exceeds, "\(version): \(edge.text)")
            XCTAssertTrue(edge.text.contains("where edge scrolling scrolls"), "\(version): \(edge.text)")
        }
        let onButton = try FingerPaths.recording([.moving(0, 0.4, x: 3, y: 63, dx: 1, dy: -1, speed: 40)])
        for (version, sequence) in try explained(onButton) where version == "1.22.1" {
            let edge = try finding(.palmEdge, in: sequence, version)
            XCTAssertTrue(edge.text.contains("software button area"), "\(version): \(edge.text)")
            XCTAssertFalse(sequence.conclusion.contains("as a palm (edge)"), "\(version): \(sequence.conclusion)")
        }
    }

    /// A tap that travels 1.0 mm stays a tap; one that travels 1.6 mm is motion.
    func testATapThatTravels1Point0And1Point6Millimetres() throws {
        for (travel, isTap) in [(1.0, true), (1.6, false)] {
            let recording = try FingerPaths.recording([
                // The last frame down, at 96 ms, is `travel` from where the touch began.
                .moving(0, 0.1, x: 50, y: 30, dx: 1, dy: 0, speed: travel / 0.096)
            ])
            for (version, sequence) in try explained(recording, tap: true) {
                let travelled = try finding(.tapTravel, in: sequence, version)
                XCTAssertEqual(travelled.exceeds, !isTap, "\(version): \(travelled.text)")
                XCTAssertEqual(travelled.agreesWithLog, true, "\(version): \(travelled.text)")
                XCTAssertEqual(
                    sequence.conclusion.hasPrefix("libinput made this a tap"), isTap,
                    "\(version): \(sequence.conclusion)")
            }
        }
    }

    /// A touch pressing 140 is a palm by libinput's default threshold (130); a quirk raising the
    /// threshold to 150 makes it a finger, and explain says what the quirk changed.
    func testAPalmByPressureAndTheQuirkThatMakesItAFinger() throws {
        var pressing = Finger.moving(0, 0.3, x: 50, y: 30, dx: 1, dy: 0, speed: 40)
        pressing.pressure = 140
        let recording = try FingerPaths.recording([pressing])
        let quirk = try quirksFile("finger.quirks", "Harder palms", "AttrPalmPressureThreshold=150")
        let palms = try explained(recording)
        let fingers = try explained(recording, quirks: [quirk])
        for ((version, palm), (_, finger)) in zip(palms, fingers) {
            let pressed = try finding(.palmPressure, in: palm, version)
            XCTAssertTrue(pressed.exceeds && pressed.limit == 130, "\(version): \(pressed.text)")
            XCTAssertTrue(palm.conclusion.contains("as a palm (pressure)"), "\(version): \(palm.conclusion)")
            let light = try finding(.palmPressure, in: finger, version)
            XCTAssertTrue(!light.exceeds && light.limit == 150, "\(version): \(light.text)")
            XCTAssertTrue(finger.conclusion.contains("pointer motion"), "\(version): \(finger.conclusion)")
            XCTAssertNotEqual(palm.conclusion, finger.conclusion, version)
        }
    }

    /// A finger that presses harder only after 150 ms is a palm from then: explain dates the
    /// pressure finding at the first frame above the threshold, not at the touch's begin.
    func testAPalmByPressureIsDatedWhenThePressurePassed() throws {
        var pressing = Finger.moving(0, 0.4, x: 50, y: 30, dx: 1, dy: 0, speed: 40)
        pressing.pressing = { $0 < 0.15 ? 60 : 140 }
        for (version, sequence) in try explained(try FingerPaths.recording([pressing])) {
            let pressed = try finding(.palmPressure, in: sequence, version)
            let down = try XCTUnwrap(sequence.touches.first, version).down
            XCTAssertTrue(pressed.exceeds, "\(version): \(pressed.text)")
            XCTAssertGreaterThanOrEqual(pressed.time, down + 150_000, "\(version): \(pressed.text)")
            XCTAssertLessThanOrEqual(pressed.time, down + 150_000 + 8_000, "\(version): one frame at 125 Hz")
            XCTAssertTrue(sequence.conclusion.contains("as a palm (pressure)"), "\(version): \(sequence.conclusion)")
        }
    }

    /// With a quirk's palm size of 500, a touch whose contact reaches 600 is a palm by size; one of
    /// 450 is a finger, and explain gives both numbers (libinput logs no size threshold).
    func testAPalmBySizeOnEitherSideOfTheQuirksThreshold() throws {
        let quirk = try quirksFile("size.quirks", "Palms by size", "AttrPalmSizeThreshold=500")
        for (size, isPalm) in [(600, true), (450, false)] {
            var finger = Finger.moving(0, 0.3, x: 50, y: 30, dx: 1, dy: 0, speed: 40)
            finger.major = Int32(size)
            for (version, sequence) in try explained(try FingerPaths.recording([finger]), quirks: [quirk]) {
                let measured = try finding(.palmSize, in: sequence, version)
                XCTAssertEqual(measured.value, Double(size), "\(version): \(measured.text)")
                XCTAssertEqual(measured.limit, 500, "\(version): \(measured.text)")
                XCTAssertEqual(measured.exceeds, isPalm, "\(version): \(measured.text)")
                XCTAssertEqual(measured.agreesWithLog, true, "\(version): \(measured.text)")
                XCTAssertEqual(
                    sequence.conclusion.contains("as a palm (touch size)"), isPalm, "\(version): \(sequence.conclusion)"
                )
                XCTAssertEqual(
                    sequence.conclusion.contains("pointer motion"), !isPalm, "\(version): \(sequence.conclusion)")
            }
        }
    }

    /// A semi-MT pad is read as a single-touch one, by ABS_PRESSURE, its slots' pressure unread:
    /// two fingers whose first presses 5 (ABS_PRESSURE 5) begin no touch, the second's 80 aside.
    func testASemiMTPadsPressureIsItsSingleTouchOne() throws {
        let recording = try FingerPaths.recording(
            [.resting(0, 0.3, x: 40, y: 30, pressure: 5), .resting(0.02, 0.3, x: 60, y: 30, pressure: 80)],
            on: FingerPaths.semiMT)
        for (version, sequence) in try explained(recording) {
            XCTAssertTrue(sequence.conclusion.hasPrefix("libinput saw no touch"), "\(version): \(sequence.conclusion)")
            XCTAssertEqual(Set(sequence.touches.compactMap(\.peakPressure)), [5], version)
        }
    }

    /// A quirk turning on size-based touch detection on a pad that reports no touch minor: libinput
    /// takes the minor as 0, so however broad the contact no touch ever begins, and explain says why.
    func testSizeBasedDetectionWithoutAMinorBeginsNoTouch() throws {
        let quirk = try quirksFile("touch-size.quirks", "Sized", "AttrTouchSizeRange=150:130")
        var finger = Finger.moving(0, 0.3, x: 50, y: 30, dx: 1, dy: 0, speed: 40)
        finger.major = 248
        for (version, sequence) in try explained(try FingerPaths.recording([finger]), quirks: [quirk]) {
            let sized = try finding(.touchSize, in: sequence, version)
            XCTAssertEqual(sized.agreesWithLog, true, "\(version): \(sized.text)")
            XCTAssertTrue(sized.text.contains("248 by 0 (the pad reports no minor"), "\(version): \(sized.text)")
            XCTAssertTrue(sequence.conclusion.hasPrefix("libinput saw no touch"), "\(version): \(sequence.conclusion)")
        }
    }

    /// A palm resting while two fingers pinch: libinput counts and follows only the two, so the
    /// pinch is a two-finger one, decided by those two fingers' directions.
    func testAPalmRestingBesideAPinchIsNeitherCountedNorFollowed() throws {
        let recording = try FingerPaths.recording([
            .resting(0, 0.8, x: 30, y: 45, pressure: 150),
            .moving(0.3, 0.8, x: 45, y: 25, dx: -1, dy: 0, speed: 20),
            .moving(0.3, 0.8, x: 55, y: 25, dx: 1, dy: 0, speed: 20),
        ])
        for (version, sequence) in try explained(recording) {
            XCTAssertTrue(
                sequence.conclusion.hasPrefix("libinput made this a 2-finger pinch"),
                "\(version): \(sequence.conclusion)")
            let directions = try finding(.gestureDirection, in: sequence, version)
            XCTAssertTrue(
                directions.text.hasPrefix("touch 1 went") && directions.text.contains("touch 2 went"), directions.text)
        }
    }

    /// On a 66 mm tall clickpad, a touch beginning below 85 % of the height is jailed as a thumb;
    /// one beginning above it is not. libinput draws the line in device units, truncated (1801 of
    /// 2119 at 32 a millimetre), and jails a touch on it: 1801 units down, 56.28 mm, is a thumb.
    func testAThumbInTheClickpadsBottomBand() throws {
        for (y, isThumb) in [(62.0, true), (1801.0 / 32, true), (52.0, false)] {
            let recording = try FingerPaths.recording([.resting(0, 0.3, x: 50, y: y)])
            for (version, sequence) in try explained(recording) {
                if isThumb {
                    let band = try finding(.thumbPosition, in: sequence, version)
                    XCTAssertTrue(band.exceeds && band.agreesWithLog == true, "\(version): \(band.text)")
                    XCTAssertTrue(sequence.conclusion.contains("as a thumb"), "\(version): \(sequence.conclusion)")
                } else {
                    XCTAssertFalse(sequence.decisions.contains { $0.machine == .thumb }, version)
                    XCTAssertFalse(sequence.findings.contains { $0.rule == .thumbPosition }, version)
                }
            }
        }
    }

    /// A touch jailed in the bottom band that then moves fast escapes jail and moves the pointer:
    /// the sequence says it was let go, and why, not that it stayed set aside; one that crosses
    /// the thumb line slowly escapes by its place.
    func testAThumbThatEscapesJailIsSaidLetGo() throws {
        let cases: [(finger: Finger, reason: String)] = [
            (.moving(0, 0.4, x: 30, y: 62, dx: 1, dy: 0, speed: 50), "moved faster than 20 mm/s for 10 frames"),
            (.moving(0, 0.8, x: 50, y: 58, dx: 0, dy: -1, speed: 10), "had moved above the thumb line at 56.3 mm"),
        ]
        for (finger, reason) in cases {
            for (version, sequence) in try explained(try FingerPaths.recording([finger])) {
                XCTAssertTrue(
                    sequence.conclusion.contains("as a thumb (jailed)")
                        && sequence.conclusion.contains("ms later: it " + reason), "\(version): \(sequence.conclusion)")
            }
        }
    }

    /// Where thumbs are told by pressure too, a touch jailed below the 92 % line that moves slowly
    /// above it escapes by its place: said so, not as speed.
    func testAThumbLeavingTheExclusionAreaIsSaidToHaveLeftIt() throws {
        let quirk = try quirksFile("thumbs.quirks", "Thumbs", "AttrThumbPressureThreshold=100")
        let finger = Finger.moving(0, 0.6, x: 50, y: 63, dx: 0, dy: -1, speed: 7.5)
        for (version, sequence) in try explained(try FingerPaths.recording([finger]), quirks: [quirk]) {
            XCTAssertTrue(
                sequence.conclusion.contains("it had moved above the line at 60.9 mm (92 %)"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// Where a quirk has libinput tell thumbs by size or pressure too, the band between 85 % and
    /// 92 % of the height jails only a touch whose contact is a thumb's (longer than the size, its
    /// minor shorter than 0.6 times it; this pad has no minor, which is 0): pressure counts only
    /// below 92 %, where every touch is jailed. On the 66.2 mm pad the band is 56.3 to 60.9 mm.
    func testThumbsToldByPressureOrSizeTooAreJailedInTheBandByTheirContactOnly() throws {
        let cases: [(quirk: String, y: Double, major: Int32, pressure: Int32, jailed: Bool)] = [
            ("AttrThumbSizeThreshold=500", 58.5, 300, 60, false),
            ("AttrThumbSizeThreshold=500", 58.5, 500, 60, false),
            ("AttrThumbSizeThreshold=500", 58.5, 501, 60, true),
            ("AttrThumbSizeThreshold=500", 63, 300, 60, true),
            ("AttrThumbPressureThreshold=100", 58.5, 300, 110, false),
            ("AttrThumbPressureThreshold=100", 63, 300, 60, true),
        ]
        for c in cases {
            let quirk = try quirksFile("thumbs.quirks", "Thumbs", c.quirk)
            var finger = Finger.resting(0, 0.3, x: 50, y: c.y, pressure: c.pressure)
            finger.major = c.major
            let label = "\(c.quirk), y \(c.y) mm, major \(c.major), pressure \(c.pressure)"
            for (version, sequence) in try explained(try FingerPaths.recording([finger]), quirks: [quirk]) {
                let band = try finding(.thumbPosition, in: sequence, version)
                XCTAssertEqual(band.exceeds, c.jailed, "\(version), \(label): \(band.text)")
                XCTAssertEqual(band.agreesWithLog, true, "\(version), \(label): \(band.text)")
                XCTAssertEqual(
                    sequence.decisions.contains { $0.machine == .thumb }, c.jailed, "\(version), \(label)")
            }
        }
    }

    /// A finger that rests past the hold timer and then creeps keeps its hold beside the pointer
    /// until it has moved 0.5 mm: then libinput cancels the hold, and explain says by how much.
    func testAHoldEndedByTheFingersCreepSaysHowFar() throws {
        let creeping = Finger(down: 0, up: 0.45) { t in (40 + max(0, t - 0.1) * 10, 30) }
        for (version, sequence) in try explained(try FingerPaths.recording([creeping])) {
            let left = try finding(.holdAndMotion, in: sequence, version)
            XCTAssertTrue(left.exceeds && left.value >= 0.5, "\(version): \(left.text)")
            XCTAssertTrue(
                sequence.conclusion.contains("it also sent hold 1 cancelled, because the finger had moved"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// Fingers a cut (`--end`) lifted are still down at the end, and the hold they did not make is
    /// said to be the cut's, not a lift of theirs.
    func testTouchesTheCutLiftedAreStillDownAtTheEnd() throws {
        let recording = try FingerPaths.recording([.resting(0, 0.5, x: 40, y: 30), .resting(0, 0.5, x: 60, y: 30)])
        let explanation = try Replay.explain(recording, named: "fixture", to: 0.02, options: ReplayOptions())
            .explanation
        let sequence = try XCTUnwrap(explanation.sequences.first)
        XCTAssertEqual(sequence.touches.map(\.stillDown), [true, true])
        XCTAssertTrue(explanation.endsInCut)
        let short = try finding(.holdTimer, in: sequence, "system")
        XCTAssertTrue(short.text.hasPrefix("the part replayed (cut by --end) ended 20 ms after"), short.text)
    }

    /// A laptop keyboard pressing a key at each of `keys` (seconds), each held `held` seconds (nil:
    /// still held when the recording ends); its first frame, a scan code alone, plays with the
    /// touchpad's first.
    private func keyboard(_ keys: [Double], code: UInt16 = 30, held: Double? = 0.02) throws -> Recording {
        let device = try RecordingLoader.load(Fixtures.directory.appendingPathComponent("keyboard/typing.evemu").path)
        func frame(_ time: Double, _ events: [EvdevEvent]) -> EvdevFrame {
            EvdevFrame(
                time: UInt64(time * 1e6),
                events: events + [EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)])
        }
        let scan = EvdevEvent(type: Evdev.EV_MSC, code: 4, value: 0x1e)
        var frames = [frame(0, [scan])]
        for key in keys {
            frames.append(frame(key, [scan, EvdevEvent(type: Evdev.EV_KEY, code: code, value: 1)]))
            if let held {
                frames.append(frame(key + held, [scan, EvdevEvent(type: Evdev.EV_KEY, code: code, value: 0)]))
            }
        }
        return Recording(device: device.device, frames: frames)
    }

    /// `recording` with a frame that holds no touch at its start, `seconds` before its first:
    /// the fingers come down that long after a keyboard's first frame.
    private func laterBy(_ seconds: Double, _ recording: Recording) -> Recording {
        var later = recording
        let shift = UInt64(seconds * 1e6)
        for index in later.frames.indices { later.frames[index].time += shift }
        later.frames.insert(
            EvdevFrame(time: 0, events: [EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)]), at: 0)
        return later
    }

    /// A touch that begins 90 ms after a key is a palm by typing, said with the key and libinput's
    /// timer; let go once the timer ran out, unless another key came after it began.
    func testATypingPalmIsSaidWithItsKeyAndWhyItStayed() throws {
        let pad = laterBy(
            0.12, try FingerPaths.recording([Finger.moving(0, 0.5, x: 40, y: 30, dx: 1, dy: 0, speed: 30)]))
        for (keys, stays) in [([0.03], false), ([0.03, 0.17], true)] {
            for (version, sequence) in try explained(pad, keyboard: try keyboard(keys)) {
                let said = sequence.conclusion
                XCTAssertTrue(
                    said.contains(
                        "as a palm (typing): touch 0 began 90 ms after a key went down, within the 200 ms that "
                            + "libinput's typing timer runs after a first key"), "\(version): \(said)")
                XCTAssertEqual(said.contains("let go"), !stays, "\(version): \(said)")
                XCTAssertEqual(
                    said.contains("it stayed one: a key went down again 50 ms after it began"), stays,
                    "\(version): \(said)")
                let palm = try finding(.typingPalm, in: sequence, version)
                XCTAssertEqual(sequence.deciding, palm, version)
                XCTAssertEqual(palm.value, 90, accuracy: 0.5, "\(version): \(palm.text)")
                XCTAssertEqual(palm.limit, 200, "\(version)")
                XCTAssertEqual(palm.exceeds, false, "\(version)")
                XCTAssertEqual(palm.agreesWithLog, true, "\(version)")
            }
        }
    }

    /// A key held past the timer sets it again for 500 ms when it runs out: a touch that begins
    /// then is a palm by that setting, measured from it, whether the key is let go later in the
    /// recording or not at all.
    func testATouchWhileAKeyIsHeldIsMeasuredFromTheTimersNewStart() throws {
        let pad = laterBy(
            0.3, try FingerPaths.recording([Finger.moving(0, 0.5, x: 40, y: 30, dx: 1, dy: 0, speed: 30)]))
        for (version, sequence) in try [0.5, nil].flatMap({
            try explained(pad, keyboard: try keyboard([0.03], held: $0))
        }) {
            let palm = try finding(.typingPalm, in: sequence, version)
            XCTAssertEqual(palm.value, 70, accuracy: 0.5, "\(version): \(palm.text)")
            XCTAssertEqual(palm.limit, 500, "\(version)")
            XCTAssertEqual(palm.agreesWithLog, true, "\(version): \(palm.text)")
            XCTAssertTrue(
                palm.text.hasPrefix("touch 0 began 70 ms after libinput's typing timer ran out with a key still held"),
                "\(version): \(palm.text)")
            XCTAssertTrue(palm.source.contains(":2239 ") || !version.hasPrefix("1.28"), palm.source)
        }
    }

    /// A key held 800 ms while a finger moves: the typing timer ran out twice with it down, each
    /// time set again for 500 ms, which the closing line says as why motion stayed dropped so long.
    func testAKeyHeldThroughTheTypingTimerIsSaidToSetItAgain() throws {
        let pad = try FingerPaths.recording([Finger.moving(0, 2, x: 30, y: 30, dx: 1, dy: 0, speed: 20)])
        for (version, sequence) in try explained(pad, keyboard: try keyboard([0.3], held: 0.8)) {
            XCTAssertTrue(
                sequence.conclusion.contains(
                    "until its typing timer runs out, here 1200 ms later (a key was still held when it ran out, "
                        + "2 times, which set it again for 500 ms; src/evdev-mt-touchpad.c:"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// The keyboard unplugged 100 ms after a key: libinput counts it as not typing from then
    /// (`tp_interface_device_removed`), so motion comes back at once, though the 200 ms timer
    /// runs on and tapping stays suspended with it; both are said.
    func testAKeyboardUnpluggedWhileTypingEndsItThen() throws {
        let pad = try FingerPaths.recording([Finger.moving(0, 1.5, x: 30, y: 30, dx: 1, dy: 0, speed: 20)])
        var options = ReplayOptions()
        options.otherDevices = [.recording(try keyboard([0.3], held: 0.05))]
        try options.fault(unplug: [FaultSpec(parsing: "0.4@event11")], synDropped: [], start: nil)
        let sequence = try XCTUnwrap(
            try Replay.explain(pad, named: "fixture", options: options).explanation.sequences.first)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "until its typing timer runs out, here 200 ms later; the keyboard was unplugged 100 ms after the key, "
                    + "and libinput let the touches' motion through from then, as it counts an unplugged keyboard as "
                    + "not typing (src/evdev-mt-touchpad.c:2653 (libinput 1.22.1)), though its timer ran on, and "
                    + "tapping stayed suspended with it"), sequence.conclusion)
    }

    /// With disable-while-typing off, the keyboard libinput paired sets nothing aside, and no
    /// typing is said, nor the keyboard named as one whose typing would.
    func testWithDisableWhileTypingOffNoTypingIsSaid() throws {
        let pad = laterBy(
            0.12, try FingerPaths.recording([Finger.moving(0, 0.5, x: 40, y: 30, dx: 1, dy: 0, speed: 30)]))
        let keys = try keyboard([0.03, 0.17])
        for (version, sequence) in try explained(pad, keyboard: keys, disableWhileTyping: false) {
            XCTAssertEqual(sequence.reported, [.motion], version)
            XCTAssertFalse(sequence.conclusion.contains("typing"), "\(version): \(sequence.conclusion)")
            XCTAssertFalse(sequence.findings.contains { $0.rule == .typingPalm }, version)
        }
        for off in [false, true] {
            var options = ReplayOptions()
            options.otherDevices = [.recording(keys)]
            options.configuration.disableWhileTyping = off ? false : nil
            let explanation = try Replay.explain(pad, named: "fixture", options: options).explanation
            XCTAssertEqual(explanation.thresholds.typingKeyboard == nil, off)
        }
    }

    /// Shift alone starts no disable-while-typing: the touch is a finger, and no key is said.
    func testShiftAloneSetsNoTouchAside() throws {
        let pad = laterBy(
            0.12, try FingerPaths.recording([Finger.moving(0, 0.5, x: 40, y: 30, dx: 1, dy: 0, speed: 30)]))
        for (version, sequence) in try explained(pad, keyboard: try keyboard([0.03], code: 42)) {
            XCTAssertEqual(sequence.reported, [.motion], version)
            XCTAssertFalse(sequence.conclusion.contains("key went down"), "\(version): \(sequence.conclusion)")
        }
    }

    /// Versions that stop a moving finger for a key alike end its sequence alike, though the
    /// rules they cite are at other lines of their sources.
    func testVersionsThatDecideAlikeAtOtherSourceLinesEndAlike() throws {
        let pad = laterBy(
            0.01, try FingerPaths.recording([Finger.moving(0, 0.5, x: 40, y: 30, dx: 1, dy: 0, speed: 30)]))
        let explanations = try ([LibinputBuild.system] + libinputBuilds(["1.31.3"])).map { build in
            var options = ReplayOptions()
            options.libinput = build
            options.otherDevices = [.recording(try keyboard([0.03]))]
            return try Replay.explain(pad, named: "fixture", options: options).explanation
        }
        let (old, new) = try (XCTUnwrap(explanations[0].sequences.first), XCTUnwrap(explanations[1].sequences.first))
        XCTAssertTrue(old.conclusion.contains("disable-while-typing stopped the touches"), old.conclusion)
        XCTAssertNotEqual(old.conclusion, new.conclusion)
        XCTAssertEqual(old.conclusionAcrossVersions, new.conclusionAcrossVersions)
        XCTAssertEqual(ExplanationChange.changes(from: explanations[0], to: explanations[1]), [])
    }

    /// A key that cancels a scroll is told though another key made a touch of the same sequence a
    /// typing palm before the scroll began.
    func testAKeyCancellingAScrollIsToldBesideATypingPalm() throws {
        let pad = laterBy(
            0.01,
            try FingerPaths.recording([
                Finger.resting(0, 2.2, x: 30, y: 30), Finger.moving(0.4, 1.9, x: 52, y: 30, dx: 1, dy: 0, speed: 10),
            ]))
        for (version, sequence) in try explained(pad, keyboard: try keyboard([0.31, 1.5])) {
            XCTAssertTrue(sequence.findings.contains { $0.rule == .typingPalm }, "\(version): \(sequence.findings)")
            XCTAssertTrue(
                sequence.conclusion.contains("ms after they came down cancelled the scroll under way"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// A key pressed while a finger taps suspends tapping: no tap, and explain says the key did it.
    func testAKeyDuringATapStopsIt() throws {
        let pad = laterBy(0.01, try FingerPaths.recording([Finger.resting(0, 0.064, x: 40, y: 30)]))
        for (version, sequence) in try explained(pad, tap: true, keyboard: try keyboard([0.03])) {
            XCTAssertEqual(sequence.reported, [], "\(version): no tap")
            XCTAssertTrue(
                sequence.conclusion.contains(
                    "a key went down 20 ms after the fingers came down, and disable-while-typing"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// A click is said by the area the finger was in when the button went down: one that began
    /// on the bottom-right button and moved up into the main area clicks left.
    func testAClickIsSaidByTheAreaAtThePress() throws {
        let moved = Finger(down: 0, up: 0.4) { t in (80, max(44, 63 - 80 * t)) }
        let stayed = Finger.resting(0, 0.4, x: 80, y: 63)
        for (finger, area) in [(moved, nil), (stayed, "bottom-right")] {
            let recording = try FingerPaths.recording([finger], button: 0.3..<0.35)
            for (version, sequence) in try explained(recording) {
                XCTAssertEqual(
                    sequence.conclusion.contains("with touch 0 in its"), area != nil,
                    "\(version): \(sequence.conclusion)")
                if let area { XCTAssertTrue(sequence.conclusion.contains(area), "\(version): \(sequence.conclusion)") }
                let button = area == nil ? "BTN_LEFT" : "BTN_RIGHT"
                XCTAssertTrue(sequence.conclusion.contains("a click (\(button))"), "\(version): \(sequence.conclusion)")
            }
        }
    }

    /// Two fingers that rest past the hold timer before they press are a click first, the hold
    /// said after it; four fingers pressed with clickfinger make no click, and that is the reason
    /// given, not the hold timer.
    func testAClickAfterAHoldAndClickfingersFourFingers() throws {
        let two = [0.0, 20].map { Finger.resting(0, 0.3, x: 40 + $0, y: 30) }
        for (version, sequence) in try explained(
            try FingerPaths.recording(two, button: 0.12..<0.2), clickMethod: .clickfinger)
        {
            XCTAssertTrue(
                sequence.conclusion.hasPrefix("libinput made this a click (BTN_RIGHT)"),
                "\(version): \(sequence.conclusion)")
            XCTAssertTrue(sequence.conclusion.contains("also sent hold 2"), "\(version): \(sequence.conclusion)")
        }
        let four = [0.0, 15, 30, 45].map { Finger.resting(0, 0.3, x: 20 + $0, y: 30) }
        for (version, sequence) in try explained(
            try FingerPaths.recording(four, button: 0.04..<0.2), clickMethod: .clickfinger)
        {
            XCTAssertTrue(
                sequence.conclusion.contains("pressed with 4 fingers on the pad, and clickfinger"),
                "\(version): \(sequence.conclusion)")
            XCTAssertNil(sequence.deciding, "\(version): \(String(describing: sequence.deciding))")
        }
    }

    /// Two fingers clickfinger counts as one, each way it does: further apart than two clicking
    /// together, and a thumb resting in the bottom 20 mm below a finger more than 20 mm above it.
    func testTwoFingersClickfingerCountsAsOneSayHowFarApart() throws {
        let cases = [
            (
                [Finger.resting(0, 0.3, x: 20, y: 30), Finger.resting(0, 0.3, x: 75, y: 30)],
                "here two fingers were down, 55.0 × 0.0 mm apart, wider than the 40 × 30 mm of two fingers clicking "
                    + "together, so it counted one; src/evdev-mt-touchpad-buttons.c:"
            ),
            (
                [Finger.resting(0, 0.3, x: 40, y: 24), Finger.resting(0, 0.3, x: 50, y: 50)],
                "here two fingers were down, 10.0 × 26.0 mm apart, more than 20 mm up and down with one in the pad's "
                    + "bottom 20 mm and the other above it"
            ),
        ]
        for (fingers, said) in cases {
            for (version, sequence) in try explained(
                try FingerPaths.recording(fingers, button: 0.12..<0.2), clickMethod: .clickfinger)
            {
                XCTAssertTrue(
                    sequence.conclusion.hasPrefix("libinput made this a click (BTN_LEFT)"),
                    "\(version): \(sequence.conclusion)")
                XCTAssertTrue(sequence.conclusion.contains(said), "\(version): \(sequence.conclusion)")
            }
        }
        // Closer together, they are two: the right button, and no distance said.
        let close = [Finger.resting(0, 0.3, x: 40, y: 30), Finger.resting(0, 0.3, x: 60, y: 30)]
        for (version, sequence) in try explained(
            try FingerPaths.recording(close, button: 0.12..<0.2), clickMethod: .clickfinger)
        {
            XCTAssertTrue(sequence.conclusion.contains("BTN_RIGHT"), "\(version): \(sequence.conclusion)")
            XCTAssertTrue(sequence.conclusion.contains("here it counted 2"), "\(version): \(sequence.conclusion)")
        }
        // A thumb libinput took for one that may pinch is no finger to clickfinger
        // (`tp_thumb_ignored`): it counts one, and no distance is the reason.
        let thumb = [Finger.resting(0, 0.8, x: 50, y: 59.6), Finger.resting(0.3, 0.6, x: 50, y: 29.8)]
        for (version, sequence) in try explained(
            try FingerPaths.recording(thumb, button: 0.35..<0.45), clickMethod: .clickfinger)
        {
            XCTAssertTrue(sequence.conclusion.contains("BTN_LEFT"), "\(version): \(sequence.conclusion)")
            XCTAssertTrue(sequence.conclusion.contains("here it counted 1"), "\(version): \(sequence.conclusion)")
            XCTAssertTrue(sequence.conclusion.contains("as a thumb (jailed, then pinch)"), "\(version)")
            XCTAssertFalse(sequence.conclusion.contains("mm apart"), "\(version): \(sequence.conclusion)")
        }
    }

    /// A finger resting on a software button while another moves is counted in no gesture: the
    /// move is pointer motion, and explain says why the resting touch did not make it a scroll.
    func testAFingerRestingOnASoftwareButtonBesideAMoveCountsAsNone() throws {
        let fingers = [
            Finger.resting(0, 1.1, x: 50, y: 59.6),
            Finger.moving(0.5, 0.83, x: 42.5, y: 46.3, dx: 1, dy: 0, speed: 48),
        ]
        for (version, sequence) in try explained(try FingerPaths.recording(fingers)) {
            XCTAssertEqual(sequence.reported, [.motion], version)
            XCTAssertTrue(
                sequence.conclusion.contains(
                    "touch 0 rested on the software button BOTTOM_M, moving 0.0 mm, so libinput counted it as no finger"
                ),
                "\(version): \(sequence.conclusion)")
        }
    }
    /// A finger coming down on a software button with another, low enough to be a thumb that may
    /// pinch: tapping ignores such a thumb from its start (`tp_thumb_ignored_for_tap`), so libinput
    /// taps with one finger (`1FGTAP_TAPPED`, BTN_LEFT), which is said, and the software button's
    /// rule, which a tap does not go by, is not.
    func testATapPassesOverAThumbOnASoftwareButton() throws {
        let fingers = [Finger.resting(0, 0.08, x: 50, y: 62), Finger.resting(0, 0.08, x: 50, y: 30)]
        for (version, sequence) in try explained(try FingerPaths.recording(fingers), tap: true) {
            XCTAssertTrue(sequence.reported.contains(.button(0x110)), "\(version): \(sequence.reported)")
            XCTAssertTrue(
                sequence.conclusion.hasPrefix("libinput made this a tap because"), "\(version): \(sequence.conclusion)")
            XCTAssertTrue(sequence.conclusion.contains("set aside touch 0 as a thumb (pinch)"), "\(version)")
            XCTAssertFalse(sequence.conclusion.contains("as no finger"), "\(version): \(sequence.conclusion)")
        }
    }

    /// A finger resting on the clickpad's software button moves nothing until it has moved 5 mm:
    /// the sequence says so, where it said only that nothing was reported. (Thumbs told by size
    /// too, so that a finger's contact in the bottom band is no thumb.)
    func testAFingerRestingOnASoftwareButtonIsSaidToWaitFor5Millimetres() throws {
        let quirk = try quirksFile("thumbs.quirks", "Thumbs", "AttrThumbSizeThreshold=500")
        var finger = Finger.moving(0, 0.3, x: 50, y: 58.5, dx: 1, dy: 0, speed: 5)
        finger.major = 300
        for (version, sequence) in try explained(try FingerPaths.recording([finger]), quirks: [quirk]) {
            XCTAssertTrue(
                sequence.conclusion.hasPrefix("libinput reported nothing: touch 0 rested on the software button "),
                "\(version): \(sequence.conclusion)")
            XCTAssertTrue(
                sequence.conclusion.contains("only once it has moved more than 5 mm; src/evdev-mt-touchpad-buttons.c:"),
                "\(version): \(sequence.conclusion)")
        }
    }

    /// A thumb's contact is long and narrow: on a pad that reports a touch minor, a contact longer
    /// than the size but whose minor is not below 0.6 times it is no thumb in the band.
    func testAThumbsContactIsNarrowToo() throws {
        let quirk = try quirksFile("thumbs.quirks", "Thumbs", "AttrThumbSizeThreshold=500")
        var pad = try RecordingLoader.load(FingerPaths.clickpad.path).device
        pad.codes[Evdev.EV_ABS]?.insert(Evdev.ABS_MT_TOUCH_MINOR)
        pad.absinfo[Evdev.ABS_MT_TOUCH_MINOR] = pad.absinfo[Evdev.ABS_MT_TOUCH_MAJOR]
        for (minor, jailed) in [(Int32(299), true), (300, false)] {
            var finger = Finger.resting(0, 0.3, x: 50, y: 58.5)
            (finger.major, finger.minor) = (600, minor)
            for (version, sequence) in try explained(FingerPaths.recording([finger], device: pad), quirks: [quirk]) {
                let contact = try finding(.thumbPosition, in: sequence, version)
                XCTAssertEqual(contact.exceeds, jailed, "\(version), minor \(minor): \(contact.text)")
                XCTAssertEqual(contact.agreesWithLog, true, "\(version), minor \(minor): \(contact.text)")
            }
        }
    }

    /// With edge scrolling libinput jails no thumb, wherever a touch begins: explain says so, not
    /// that the band's line jailed it.
    func testEdgeScrollingJailsNoThumb() throws {
        let recording = try FingerPaths.recording([.resting(0, 0.3, x: 50, y: 63)])
        for (version, sequence) in try explained(recording, scrollMethod: .edge) {
            let band = try finding(.thumbPosition, in: sequence, version)
            XCTAssertFalse(band.exceeds, "\(version): \(band.text)")
            XCTAssertEqual(band.agreesWithLog, true, "\(version): \(band.text)")
            XCTAssertTrue(band.text.hasSuffix("with edge scrolling libinput jails no thumb"), band.text)
            XCTAssertFalse(sequence.decisions.contains { $0.machine == .thumb }, version)
        }
    }

    /// Two fingers scrolling down, then parting sideways: within 300 ms libinput turns the scroll
    /// into a pinch, and explain says when and why; after them it stays a scroll.
    func testAScrollThatTurnsIntoAPinchWithin300Milliseconds() throws {
        func finger(x: Double, side: Double, parting: Double) -> Finger {
            Finger(down: 0, up: parting + 0.3) { t in
                t < parting ? (x, 20 + 25 * t) : (x + side * 40 * (t - parting), 20 + 25 * parting)
            }
        }
        for (parting, turns) in [(0.1, true), (0.4, false)] {
            let recording = try FingerPaths.recording([
                finger(x: 40, side: -1, parting: parting), finger(x: 60, side: 1, parting: parting),
            ])
            for (version, sequence) in try explained(recording) {
                let pinched = sequence.reported.map(\.description).contains("pinch 2")
                XCTAssertEqual(pinched, turns, "\(version): \(sequence.reported)")
                if turns {
                    let switched = try finding(.scrollToPinch, in: sequence, version)
                    XCTAssertTrue(switched.value < 300 && !switched.exceeds, "\(version): \(switched.text)")
                    XCTAssertTrue(
                        sequence.conclusion.contains("a 2-finger pinch"), "\(version): \(sequence.conclusion)")
                    // The scroll's end is sent as it turns; the pinch's first event, a frame (8 ms at
                    // 125 Hz) later, with the next frame that moves the touches.
                    XCTAssertTrue(
                        sequence.conclusion.contains("its first pinch event came 8 ms after it decided"),
                        "\(version): \(sequence.conclusion)")
                } else {
                    XCTAssertTrue(
                        sequence.conclusion.contains("a 2-finger scroll"), "\(version): \(sequence.conclusion)")
                }
            }
        }
    }
}
