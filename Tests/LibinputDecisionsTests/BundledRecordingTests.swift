import Foundation
import GestureSynthesis
import LibinputDecisions
import LibinputEventText
import Recordings
import Replays
import TestSupport
import XCTest

/// Every bundled recording explained, tapping on: each line libinput logged after the first
/// frame is attributed to a frame, a timer or a fault; every gesture it reported rests on a
/// deciding number; no recomputed rule disagrees with its log; and each sequence counts every
/// finger libinput's tap machine took a touch of, those a touchpad tells by a BTN_TOOL_* key
/// beyond its slots included.
final class BundledRecordingTests: XCTestCase {
    /// A tap machine given up is said so, not timed: a fourth finger or the button pressed
    /// (`TAP_STATE_DEAD`), or a lone touch set aside as a thumb (back to `TAP_STATE_IDLE`, the
    /// timer stopped), ends it before any timer could.
    func testATapMachineGivenUpIsToldWhyNotTimed() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let cases: [(String, String)] = [
            ("synthesized/four-finger-hold.yml", "no tap, because a fourth finger touched"),
            ("evemu-devices/touchpads_bcm5974.three-finger-click.events", "no tap, because the button was pressed"),
            (
                "evemu-devices/touchpads_SynPS2_Synaptics_TouchPad.button-rpress.events",
                "no tap, because the tap machine let go of a touch set aside as a thumb"
            ),
        ]
        for (name, said) in cases {
            let recording = try RecordingLoader.load(Fixtures.directory.appendingPathComponent(name).path)
            let explanation = try Replay.explain(recording, named: name, options: options).explanation
            let given = try XCTUnwrap(explanation.sequences.first { $0.conclusion.contains(said) }, name)
            XCTAssertFalse(given.findings.contains { $0.rule == .tapTime }, "\(name): \(given.findings)")
        }
    }

    /// With tapping on, a scroll begun while the tap machine holds motion back (1.22.1: a semi-MT
    /// pad's two fingers scroll at once) is cancelled at each frame it waits, and begun again
    /// there: said with the tap state and how often, and not for a cancel the button's press or
    /// a new finger count gives.
    func testAScrollTheTapMachineHeldBackIsSaidCancelled() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        func conclusions(_ name: String) throws -> [String] {
            let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
            return try Replay.explain(recording, named: name, options: options).explanation.sequences.map(\.conclusion)
        }
        let held =
            "while its tap machine waited in TOUCH_2 to know whether this was a tap, it asked for motion to be held "
            + "back"
        let press = try conclusions("touchpads_CyPS2_Cypress_Trackpad.two_finger_press.events")
        let scroll = try XCTUnwrap(press.first { $0.contains(held) }, "\(press)")
        XCTAssertTrue(
            scroll.contains(
                "libinput cancelled the scroll it had begun 2 times (tp_gesture_cancel_motion_gestures, "
                    + "src/evdev-mt-touchpad.c:1877 (libinput 1.22.1)), beginning it again at the same frame, so that "
                    + "its motion went on in pieces, each ending in a scroll stop (values of 0)"), scroll)
        // The bcm5974's second scroll is cancelled with three fingers down and a new count pending:
        // not begun again; its first, once, then cut by the button, whose cancel is the press's.
        let bcm = try conclusions("touchpads_bcm5974.three-finger-click.events")
        XCTAssertTrue(bcm[2].contains("cancelled the scroll it had begun once"), bcm[2])
        XCTAssertTrue(bcm[4].contains("waited in TOUCH_3"), bcm[4])
        XCTAssertFalse(bcm[4].contains("beginning it again"), bcm[4])
        options.configuration.tapToClick = false
        XCTAssertFalse(
            try conclusions("touchpads_CyPS2_Cypress_Trackpad.two_finger_press.events").joined().contains(held))
    }

    /// From 1.26, with tapping on, the two fingers of a one-slot or semi-MT pad no longer scroll
    /// at once: they wait, as a pad with gestures does, and explain says so and cites the rule.
    func testWithTappingOnAOneSlotPadsScrollWaitsFrom1Point26() throws {
        let name = "touchpads_AlpsPS2_ALPS_GlidePoint.2-finger-tap.events"
        let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
        for (build, tapping) in try [(LibinputBuild.system, true)]
            + libinputBuilds(["1.28.1"]).flatMap({ [($0, false), ($0, true)] })
        {
            var options = ReplayOptions()
            options.libinput = build
            options.configuration.tapToClick = tapping
            let explanation = try Replay.explain(recording, named: name, options: options).explanation
            let support = try XCTUnwrap(
                explanation.sequences.flatMap(\.findings).first { $0.rule == .gestureSupport }, build.version)
            let waits = build.version == "1.28.1" && tapping
            // The second finger came down 21 ms before the scroll, and ABS_Y had moved 246 units at 28
            // a mm: past max_move, the finger libinput counts by the key moving with it.
            XCTAssertEqual(
                support.text.hasSuffix(
                    "(with tapping on): 1 mm after 150 ms, before it 4 mm by one finger or 1.5 mm by each; here a "
                        + "finger moved 8.8 mm in 22 ms"), waits, "\(name) \(build.version): \(support.text)")
            XCTAssertEqual(support.source.contains(":1347 "), waits, support.source)
        }
    }

    /// One touch past `max_move` beside one at rest: libinput weighs them as thumb and finger by
    /// height, and a moving thumb (the lower, here by 0.1 mm) beside a resting finger scrolls.
    func testOneTouchDecidingAloneIsToldAsTheThumbLibinputTakesItFor() throws {
        let name = "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
        let explanation = try Replay.explain(recording, named: name, options: ReplayOptions()).explanation
        let alone = try XCTUnwrap(
            explanation.sequences.flatMap(\.findings).first {
                $0.rule == .gestureMovement && $0.text.contains("decides alone")
            })
        XCTAssertTrue(
            alone.text.hasSuffix(
                "; libinput takes the lower, touch 0, for a thumb, and a thumb moving beside a resting finger makes "
                    + "two fingers a scroll"), alone.text)
    }

    /// Which of the motion rules began a semi-MT pad's scroll, with tapping on, is the one cited:
    /// a slow scroll waits past the 150 ms (3 mm/s: 1 mm by 333 ms), a quicker one begins when each
    /// finger passed 1.5 mm, and one of 5 mm a frame at once, one finger past 4 mm.
    func testAWaitingScrollCitesTheRuleThatBeganIt() throws {
        let glidePoint = Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2_ALPS_GlidePoint.desc")
        var options = ReplayOptions()
        options.libinput = try XCTUnwrap(libinputBuilds(["1.31.3"]).first)
        options.configuration.tapToClick = true
        for (script, here, line) in [
            ("scroll dy=3mm duration=1s", "; here 336 ms had passed and a finger had moved 1.0 mm", ":1431 "),
            ("scroll dy=10mm duration=500ms", "; here each finger moved", ":1524 "),
            ("scroll dy=40mm duration=64ms", "; here a finger moved 5.0 mm in 8 ms", ":1491 "),
        ] {
            let recording = try FingerPaths.synthesized(script, on: glidePoint)
            let explanation = try Replay.explain(recording, named: "scroll", options: options).explanation
            let support = try XCTUnwrap(
                explanation.sequences.flatMap(\.findings).first { $0.rule == .gestureSupport }, script)
            XCTAssertTrue(support.text.contains(here), "\(script): \(support.text)")
            XCTAssertTrue(support.source.contains(line), "\(script): \(support.source)")
        }
    }

    /// Three fingers on a pad libinput follows by one slot make no gesture, by the rule of each
    /// version: 1.22.1 stops where two fingers would scroll; from 1.26 it seeks the top and bottom
    /// touches among the slots it follows, and finds one. So too where a third lands 8 ms after
    /// two, with tapping on, where two would have waited to move (1.22.1's two scrolled at once).
    func testThreeFingersOnOneFollowedSlotAreToldByTheirOwnRule() throws {
        let expected = [
            "1.22.1": ("makes no gesture of 3 fingers: without gestures, only two fingers scroll", ":1077 "),
            "1.28.1": ("finds no two of the 3 fingers to follow, and makes no gesture of them", ":1488 "),
        ]
        let later = try libinputBuilds(["1.28.1"])
        let cases = [
            ("touchpads_CyPS2_Cypress_Trackpad.three_finger_tap.events", false, [LibinputBuild.system] + later),
            ("touchpads_bcm5974.three-finger-click.events", true, later),
        ]
        for (name, tapping, builds) in cases {
            let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
            for build in builds {
                var options = ReplayOptions()
                options.libinput = build
                options.configuration.tapToClick = tapping
                let explanation = try Replay.explain(recording, named: name, options: options).explanation
                let support = try XCTUnwrap(
                    explanation.sequences.filter { $0.fingers == 3 }.flatMap(\.findings).first {
                        $0.rule == .gestureSupport
                    }, "\(name) \(build.version)")
                let (said, line) = try XCTUnwrap(expected[build.version])
                XCTAssertTrue(support.text.hasSuffix(said), "\(name) \(build.version): \(support.text)")
                XCTAssertTrue(support.source.contains(line), "\(name) \(build.version): \(support.source)")
            }
        }
    }

    /// An edge scroll that began once the finger moved 3 mm cites where libinput checks the 3 mm,
    /// and the lock timer it came before.
    func testAnEdgeScrollBegunByItsMoveCitesTheThreshold() throws {
        let name = "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.edge-scroll-vertical.events"
        let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
        var options = ReplayOptions()
        options.configuration.scrollMethod = .edge
        let explanation = try Replay.explain(recording, named: name, options: options).explanation
        let conclusion = try XCTUnwrap(explanation.sequences.map(\.conclusion).first { $0.contains("edge scroll") })
        XCTAssertTrue(
            conclusion.hasSuffix(
                "once it had moved 3 mm along the edge (src/evdev-mt-touchpad-edge-scroll.c:483 (libinput 1.22.1)), "
                    + "before its 300 ms lock timer (src/evdev-mt-touchpad-edge-scroll.c:94 (libinput 1.22.1))"),
            conclusion)
    }

    /// A pad without a resolution is measured as each version measures it: 69 mm over its range,
    /// which from 1.25 counts both ends (2001 of the DualPoint's units: 29 a millimetre, not 28).
    func testAPadWithoutAResolutionIsMeasuredAsEachVersionDoes() throws {
        let recording = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2-ALPS-DualPoint-TouchPad.events").path)
        var starts: [Double] = []
        for build in try [LibinputBuild.system] + libinputBuilds(["1.28.1"]) {
            var options = ReplayOptions()
            options.libinput = build
            let explanation = try Replay.explain(recording, named: "dualpoint", options: options).explanation
            starts.append(try XCTUnwrap(explanation.sequences.first?.touches.first?.from.x, build.version))
        }
        XCTAssertEqual(starts[0] / starts[1], 29.0 / 28, accuracy: 1e-9, "\(starts)")
    }

    /// A touchpad sending its contacts without slots has one slot before 1.29 and mtdev's ten
    /// after: on 1.31.3 nothing is told by a slot it no longer lacks, the header says why, and
    /// each sequence's touches are those libinput's log names, in the slots mtdev gave them.
    func testAPadWithoutSlotsIsReadThroughMtdevFrom1Point29() throws {
        let recording = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path)
        for build in try [LibinputBuild.system] + libinputBuilds(["1.31.3"]) {
            var options = ReplayOptions()
            options.libinput = build
            let explanation = try Replay.explain(recording, named: "bcm5974", options: options).explanation
            let mtdev = build.version == "1.31.3"
            XCTAssertEqual(explanation.throughMtdev, mtdev, build.version)
            XCTAssertEqual(explanation.slots, mtdev ? 10 : 1, build.version)
            let oneSlot = explanation.sequences.contains { sequence in
                sequence.fingersKey != nil || sequence.findings.contains { $0.rule == .gestureSupport }
            }
            XCTAssertEqual(oneSlot, !mtdev, build.version)
            // With one slot libinput runs no gestures, so no hold timer: none is said to have waited.
            let timed = explanation.sequences.filter { $0.findings.contains { $0.rule == .holdTimer } }.map(\.number)
            if !mtdev { XCTAssertEqual(timed, [], build.version) }
            // Before mtdev, ABS_X's 1280 units are counted at the resolution of the multitouch
            // axes' 9760: distances come out shorter than the finger's, and the header says by how much.
            let axes = recording.device.absinfo
            let span = { (code: UInt16) in Double(axes[code]!.maximum) - Double(axes[code]!.minimum) }
            XCTAssertEqual(
                explanation.singleTouchReading?.shorterX,
                mtdev ? nil : span(Evdev.ABS_MT_POSITION_X) / span(Evdev.ABS_X), build.version)
            guard mtdev else { continue }
            for sequence in explanation.sequences {
                let logged = Set(sequence.decisions.compactMap(\.touch))
                XCTAssertEqual(Set(sequence.touches.map(\.touch)), logged, "sequence \(sequence.number)")
                XCTAssertEqual(sequence.fingers, logged.count, "sequence \(sequence.number)")
            }
            XCTAssertEqual(explanation.sequences.map(\.fingers).max(), 3, "the recording's three-finger click")
            // The motion is touch 0's alone: it ended before touch 1 came down.
            XCTAssertTrue(
                explanation.sequences.contains {
                    $0.conclusion.hasPrefix("libinput made this a click (BTN_RIGHT)")
                        && $0.conclusion.contains("; it also sent hold 1 (ended by the press: ")
                        && $0.conclusion.contains(/\), pointer motion: [0-9.]+ mm unaccelerated in all, from touch 0$/)
                },
                "a click leads its line, the hold (which the press ended) and the motion sent beside it after")
        }
    }

    /// The two versions divide the bcm5974's recording into different sequences: their changes
    /// pair those over the same stretch of it, each sequence of either in one change at most.
    func testVersionsThatDivideARecordingDifferentlyArePairedByWhenTheirSequencesAre() throws {
        let recording = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path)
        let explained = try ([LibinputBuild.system] + libinputBuilds(["1.31.3"])).map { build in
            var options = ReplayOptions()
            options.libinput = build
            return try Replay.explain(recording, named: "bcm5974", options: options).explanation
        }
        let (before, after) = (explained[0], explained[1])
        XCTAssertNotEqual(before.sequences.count, after.sequences.count)
        let changes = ExplanationChange.changes(from: before, to: after)
        XCTAssertTrue(changes.contains { !$0.dividedAlike }, "\(changes)")
        XCTAssertEqual(changes.flatMap(\.numbers), Array(Set(changes.flatMap(\.numbers))).sorted())
        XCTAssertEqual(changes.flatMap(\.beforeNumbers), Array(Set(changes.flatMap(\.beforeNumbers))).sorted())
        for change in changes where !change.numbers.isEmpty && !change.beforeNumbers.isEmpty {
            let a = change.beforeNumbers.map { before.sequences[$0 - 1] }
            let b = change.numbers.map { after.sequences[$0 - 1] }
            XCTAssertTrue(
                a.contains { x in b.contains { y in x.start <= y.end && y.start <= x.end } },
                "sequences \(change.beforeNumbers) and \(change.numbers) do not overlap")
            XCTAssertEqual(change.before, a.map(\.conclusion).joined(separator: "; then "))
        }
    }

    /// Gestures performed on the bcm5974 as protocol A contacts, explained on 1.31.3: each
    /// sequence counts the fingers libinput's log names, and its gesture rests on a deciding
    /// number no log line contradicts.
    func testProtocolAGesturesAreExplainedFingerForFingerThroughMtdev() throws {
        let device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_bcm5974.three-finger-click.desc").path)
        let script = try GestureScript.parse(
            "pinch scale=2 angle=30deg; pause 300ms; swipe fingers=3 direction=left; pause 300ms; hold fingers=4",
            file: "protocol-a.gesture")
        let recording = try GestureSynthesizer.synthesize(
            script, on: device.device, options: GestureSynthesizer.Options(for: device), file: "protocol-a.gesture")
        var options = ReplayOptions()
        options.libinput = try XCTUnwrap(libinputBuilds(["1.31.3"]).first)
        let explanation = try Replay.explain(recording, named: "protocol-a", options: options).explanation
        XCTAssertTrue(explanation.throughMtdev)
        XCTAssertEqual(explanation.sequences.map(\.fingers), [2, 3, 4])
        for sequence in explanation.sequences {
            XCTAssertEqual(sequence.fingers, Set(sequence.decisions.compactMap(\.touch)).count, sequence.conclusion)
            XCTAssertNotNil(sequence.deciding, "sequence \(sequence.number): \(sequence.conclusion)")
            for finding in sequence.findings where finding.agreesWithLog == false {
                XCTFail("sequence \(sequence.number): \(finding.text) disagrees with libinput's log")
            }
        }
    }

    /// The bcm5974's thumb line is a share of the height libinput gives it by its single-touch
    /// axes (80 mm, where its multitouch axes span 75), placed on the axes it reads touches by:
    /// through mtdev (1.31.3), a touch 88 % down the multitouch axes is above it and one 93 % down
    /// below; read as single-touch (the system's 1.22.1 on Debian 12), the single-touch position is
    /// measured against the multitouch axes, so neither is near it. explain says each as libinput
    /// decided it.
    func testTheBcm5974sThumbLineIsLibinputsOwn() throws {
        let device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_bcm5974.three-finger-click.desc").path)
        for build in try [LibinputBuild.system] + libinputBuilds(["1.31.3"]) {
            var options = ReplayOptions()
            options.libinput = build
            for (down, jailedThroughMtdev) in [(88, false), (93, true)] {
                let text = "hold fingers=1 duration=300ms at=50%,\(down)%"
                let recording = try GestureSynthesizer.synthesize(
                    try GestureScript.parse(text, file: "thumb.gesture"), on: device.device,
                    options: GestureSynthesizer.Options(for: device), file: "thumb.gesture")
                let explanation = try Replay.explain(recording, named: "thumb", options: options).explanation
                let label = "\(build.version), \(down) %"
                let sequence = try XCTUnwrap(explanation.sequences.first, label)
                let jailed = sequence.decisions.contains { $0.machine == .thumb }
                XCTAssertEqual(jailed, explanation.throughMtdev && jailedThroughMtdev, label)
                let line = sequence.findings.first { $0.rule == .thumbPosition }
                XCTAssertEqual(line?.exceeds ?? false, jailed, "\(label): \(line?.text ?? "no line")")
                for finding in sequence.findings where finding.agreesWithLog == false {
                    XCTFail("\(label): \(finding.text) disagrees with libinput's log")
                }
            }
        }
    }

    /// Played ten times slower, the Cypress pad's two-finger tap outlasts the tap timer: it is
    /// explained as libinput lived it, its times the replay's and no rule against libinput's log.
    func testARecordingPlayedSlowerIsExplainedAsLibinputLivedIt() throws {
        let url = Fixtures.evemu.appendingPathComponent("touchpads_CyPS2_Cypress_Trackpad.two_finger_tap.events")
        let recording = try RecordingLoader.load(url.path)
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        let normal = try Replay.explain(recording, named: "cypress", options: options).explanation
        options.timing.speed = 0.1
        let slow = try Replay.explain(recording, named: "cypress", options: options).explanation
        XCTAssertEqual(slow.sequences.count, normal.sequences.count)
        XCTAssertNotEqual(slow.sequences.map(\.reported), normal.sequences.map(\.reported), "the tap is gone")
        for (a, b) in zip(normal.sequences, slow.sequences) {
            XCTAssertEqual(Double(b.end - b.start), Double(a.end - a.start) * 10, accuracy: 10)
            for finding in b.findings where finding.agreesWithLog == false {
                XCTFail("sequence \(b.number): \(finding.text) disagrees with libinput's log")
            }
        }
    }

    func testEveryLineAttributedEveryGestureDecidedNoDisagreement() throws {
        var gestures = 0, countedByKey = 0, keptFromLibinput = 0
        for url in Fixtures.recordings {
            let name = url.lastPathComponent
            var options = ReplayOptions()
            options.configuration.tapToClick = true
            options.refusesEmpty = false
            let recording = try RecordingLoader.load(url.path)
            let (explanation, _, replay) = try Replay.explain(recording, named: url.path, options: options)
            let log = replay.report.libinputLog
            if let first = log.firstIndex(where: { $0.cause != nil }) {
                let unplaced = log[first...].filter { $0.cause == nil }.map(\.text)
                XCTAssertEqual(unplaced, [], "\(name): lines after the first frame without a frame or timer")
            }
            // A device whose quirks disable its position events (Apple's Magic Mouse) says so.
            let disabled = explanation.quirks?.properties.contains { $0.value.contains("EV_ABS") } ?? false
            for sequence in explanation.sequences where disabled && sequence.reported.isEmpty {
                keptFromLibinput += 1
                XCTAssertTrue(sequence.conclusion.contains("quirks keep the touches' events"), sequence.conclusion)
            }
            for sequence in explanation.sequences {
                let tapped = Set(
                    sequence.decisions.filter { $0.machine == .tap && $0.event?.hasSuffix("TOUCH") == true }
                        .compactMap(\.touch))
                XCTAssertGreaterThanOrEqual(
                    sequence.fingers, tapped.count,
                    "\(name) sequence \(sequence.number): libinput's tap machine touched \(tapped.sorted())")
                if sequence.fingersKey != nil {
                    countedByKey += 1
                    XCTAssertGreaterThan(sequence.fingers, explanation.slots, "\(name) sequence \(sequence.number)")
                }
                // Tapping was on: a touch that sent no tap did not for that reason.
                XCTAssertFalse(sequence.conclusion.contains("tapping is off"), "\(name): \(sequence.conclusion)")
                for finding in sequence.findings where finding.agreesWithLog == false {
                    XCTFail("\(name) sequence \(sequence.number): \(finding.text) disagrees with libinput's log")
                }
                // A finding's own citation follows its text: one within it is said where it belongs.
                for finding in sequence.findings where finding.text.contains(/\(libinput [^()]*\)\)?$/) {
                    XCTFail("\(name) sequence \(sequence.number): \(finding.text) ends in a citation")
                }
                let reportsGesture = sequence.reported.contains {
                    switch $0 {
                    case .pinch, .swipe, .hold, .scroll(.finger): true
                    default: false
                    }
                }
                guard reportsGesture else { continue }
                gestures += 1
                XCTAssertNotNil(
                    sequence.deciding,
                    "\(name) sequence \(sequence.number): \(sequence.reported): \(sequence.conclusion)")
            }
        }
        XCTAssertGreaterThan(gestures, 20)
        XCTAssertGreaterThan(countedByKey, 0, "no bundled touchpad counts fingers by a BTN_TOOL_* key")
        XCTAssertGreaterThan(keptFromLibinput, 0, "no bundled device's quirks disable its touches")
    }

    /// On libinput 1.28.1 the Apple touchpad's two-finger click starts a scroll that the click
    /// ends before any scroll event: its line says libinput began the scroll and sent none. No
    /// line says libinput made a sequence a scroll, pinch or swipe it sent no events of.
    func testAGestureEndedBeforeItsFirstEventIsToldAsBegunNotMade() throws {
        var options = ReplayOptions()
        options.libinput = try XCTUnwrap(libinputBuilds(["1.28.1"]).first)
        let url = Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events")
        let explanation = try Replay.explain(RecordingLoader.load(url.path), named: url.path, options: options)
            .explanation
        var begun = 0
        for sequence in explanation.sequences {
            let sent: [String: Bool] = [
                "scroll": sequence.reported.contains(.scroll(.finger)),
                "pinch": sequence.reported.contains { if case .pinch = $0 { true } else { false } },
                "swipe": sequence.reported.contains { if case .swipe = $0 { true } else { false } },
            ]
            if let made = sequence.conclusion.firstMatch(of: /^libinput made this an? (?:[0-9]+-finger )?(\w+)/),
                let wasSent = sent[String(made.1)]
            {
                XCTAssertTrue(wasSent, "sequence \(sequence.number): \(sequence.conclusion); sent \(sequence.reported)")
            }
            if sequence.conclusion.hasPrefix("libinput began") {
                begun += 1
                XCTAssertFalse(sent["scroll"] ?? true, sequence.conclusion)
                XCTAssertTrue(sequence.conclusion.contains("it sent no scroll events"), sequence.conclusion)
            }
        }
        XCTAssertEqual(begun, 1, explanation.sequences.map(\.conclusion).joined(separator: "\n"))
    }

    /// A touch libinput began by pressure or size begins, in explain, at the frame libinput began
    /// it: the pressure it weighs is the one the kernel's input core delivers, damped within the
    /// axis's fuzz (the bcm5974's ABS_PRESSURE 31 after 28, fuzz 5, reaches libinput as 28), and a
    /// contact too small for size-based detection is no touch yet (the bcm5974 from 1.29).
    func testATouchBeginsByPressureOrSizeWhereLibinputBeganIt() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        var begun = 0
        // Every recording on the system's libinput; through 1.31.3's mtdev, where size-based
        // detection begins the bcm5974's touches, that pad's.
        let bcm5974 = Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events")
        let runs =
            try [(LibinputBuild.system, Fixtures.recordings)] + libinputBuilds(["1.31.3"]).map { ($0, [bcm5974]) }
        for (build, urls) in runs {
            options.libinput = build
            for url in urls {
                let recording = try RecordingLoader.load(url.path)
                let explanation = try Replay.explain(recording, named: url.path, options: options).explanation
                for sequence in explanation.sequences {
                    let begins = sequence.decisions.filter { $0.touchBegunBy != nil }
                    for touch in sequence.touches {
                        // The begin nearest the touch's down, before it or after.
                        let times = begins.filter { $0.touch == touch.touch }.compactMap(\.cause?.time)
                            .filter { sequence.start...touch.up ~= $0 }
                        guard let nearest = times.min(by: { $0.distance(to: touch.down) < $1.distance(to: touch.down) })
                        else { continue }
                        begun += 1
                        XCTAssertEqual(
                            nearest, touch.down,
                            "\(url.lastPathComponent), \(explanation.libinputVersion), sequence \(sequence.number), "
                                + "touch \(touch.touch)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(begun, 30)
    }

    /// On a pad that detects touches by neither pressure nor size, each touch explain lists is one
    /// libinput began and ended: its button machine leaves NONE for the touch at its down and comes
    /// back at its up, and each touch libinput began is listed. BTN_TOUCH decides both, a frame
    /// after the tracking ID began and a frame before it ended on the HP EliteBook 8470p; so does
    /// the BTN_TOOL_* count, which two contacts under BTN_TOOL_FINGER exceed, and which
    /// BTN_TOOL_QUINTTAP's overflow holds: a contact that comes down then waits for its end.
    func testATouchWithoutPressureOrSizeLastsWhileLibinputHadIt() throws {
        var options = ReplayOptions()
        options.configuration.tapToClick = true
        var touches = 0
        func check(_ explanation: Explanation, named name: String) {
            for sequence in explanation.sequences {
                let buttons = sequence.decisions.filter { $0.machine == .button }
                // The fingers a key alone tells of, beyond the slots, have no line of their own.
                let begins = buttons.filter { $0.from?.hasSuffix("NONE") == true && $0.touch ?? 0 < explanation.slots }
                let downs = Set(sequence.touches.map { "touch \($0.touch) at \($0.down)" })
                for begin in begins {
                    let begun = "touch \(begin.touch ?? -1) at \(begin.cause?.time ?? 0)"
                    XCTAssertTrue(downs.contains(begun), "\(name), sequence \(sequence.number): \(begun) not listed")
                }
                for touch in sequence.touches {
                    let named = "\(name), sequence \(sequence.number), touch \(touch.touch)"
                    let own = buttons.filter { $0.touch == touch.touch }
                    let begun = own.filter { $0.from?.hasSuffix("NONE") == true }.compactMap(\.cause?.time)
                    let ended = own.filter { $0.to?.hasSuffix("NONE") == true }.compactMap(\.cause?.time)
                    XCTAssertTrue(begun.contains(touch.down), "\(named) down at \(touch.down), begun at \(begun)")
                    XCTAssertTrue(ended.contains(touch.up), "\(named) up at \(touch.up), ended at \(ended)")
                    touches += 1
                }
            }
        }
        for url in Fixtures.recordings {
            let recording = try RecordingLoader.load(url.path)
            // libinput begins the touches of a touchpad only.
            guard recording.device.udevInputKinds.contains("ID_INPUT_TOUCHPAD") else { continue }
            let explanation = try Replay.explain(recording, named: url.path, options: options).explanation
            guard explanation.thresholds.pressure == nil, explanation.thresholds.size == nil else { continue }
            check(explanation, named: url.lastPathComponent)
        }
        XCTAssertGreaterThanOrEqual(touches, 10)

        // Two contacts counted as one finger, then as two, then as one again.
        let hp = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc").path)
        let key = { (code: UInt16, down: Bool) in EvdevEvent(type: Evdev.EV_KEY, code: code, value: down ? 1 : 0) }
        let abs = { (code: UInt16, value: Int32) in EvdevEvent(type: Evdev.EV_ABS, code: code, value: value) }
        let moved = { (n: Int32) in
            [0, 1].flatMap { slot in
                [
                    abs(Evdev.ABS_MT_SLOT, slot), abs(Evdev.ABS_MT_POSITION_X, 2500 + 1000 * slot + 3 * n),
                    abs(Evdev.ABS_MT_POSITION_Y, 3000),
                ]
            }
        }
        var steps = [
            [abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_TRACKING_ID, 1), abs(Evdev.ABS_MT_SLOT, 1)]
                + [abs(Evdev.ABS_MT_TRACKING_ID, 2), key(Evdev.BTN_TOUCH, true), key(Evdev.BTN_TOOL_FINGER, true)]
        ]
        steps[0] += moved(0)
        let counting = [
            4: [key(Evdev.BTN_TOOL_FINGER, false), key(Evdev.BTN_TOOL_DOUBLETAP, true)],
            6: [key(Evdev.BTN_TOOL_DOUBLETAP, false), key(Evdev.BTN_TOOL_QUINTTAP, true)],
            7: [abs(Evdev.ABS_MT_SLOT, 1), abs(Evdev.ABS_MT_TRACKING_ID, -1)],
            8: [abs(Evdev.ABS_MT_SLOT, 1), abs(Evdev.ABS_MT_TRACKING_ID, 3)],
            9: [key(Evdev.BTN_TOOL_QUINTTAP, false), key(Evdev.BTN_TOOL_DOUBLETAP, true)],
            10: [key(Evdev.BTN_TOOL_DOUBLETAP, false), key(Evdev.BTN_TOOL_FINGER, true)],
        ]
        for n in 1..<12 { steps.append((counting[n] ?? []) + moved(Int32(n))) }
        steps.append(
            [abs(Evdev.ABS_MT_SLOT, 0), abs(Evdev.ABS_MT_TRACKING_ID, -1), abs(Evdev.ABS_MT_SLOT, 1)]
                + [abs(Evdev.ABS_MT_TRACKING_ID, -1), key(Evdev.BTN_TOUCH, false), key(Evdev.BTN_TOOL_FINGER, false)])
        // The 8470p with BTN_TOOL_QUINTTAP, which it does not report.
        var device = hp.device
        device.codes[Evdev.EV_KEY, default: []].insert(Evdev.BTN_TOOL_QUINTTAP)
        let counted = Recording(
            device: device,
            frames: steps.enumerated().map { n, events in
                EvdevFrame(time: UInt64(n) * 12_000, events: events + [EvdevEvent(type: 0, code: 0, value: 0)])
            })
        touches = 0
        let explanation = try Replay.explain(counted, named: "counted", options: options).explanation
        check(explanation, named: "counted")
        let listed = explanation.sequences.flatMap(\.touches).map {
            [$0.touch, Int($0.down / 12_000), Int($0.up / 12_000)]
        }
        XCTAssertEqual(listed, [[0, 0, 12], [1, 4, 7], [1, 9, 10]], "touch, down and up frames")
        XCTAssertEqual(touches, 3)
    }

    /// A recording of double taps on a pad with buttons, where tapping is off by default, made
    /// pointer motion: each says tapping was off and that the finger moved farther than a tap
    /// may, which a user who tapped asks about first.
    func testAShortTouchThatMovedTooFarForATapSaysTappingIsOff() throws {
        for explanation in try explainedOnEachVersion("touchpads_AlpsPS2_ALPS_GlidePoint.double-tap.events") {
            XCTAssertEqual(explanation.sequences.count, 2, explanation.libinputVersion)
            for sequence in explanation.sequences {
                XCTAssertTrue(
                    sequence.conclusion.hasPrefix("libinput made this pointer motion: ")
                        && sequence.conclusion.contains(
                            "; libinput sent no tap: tapping is off (libinput's default; --enable-tap turns it on), "
                                + "and the finger moved ")
                        && sequence.conclusion.hasSuffix(" mm, past the 1.3 mm a tap may move"),
                    "\(explanation.libinputVersion): \(sequence.conclusion)")
            }
        }
    }

    /// Touches as short as a tap that were no slipped tap, a two-finger scroll's flick and a
    /// three-finger swipe on a semi-MT pad (which makes no gesture of it), say nothing of tapping.
    func testAFlickOrASwipeSaysNothingOfTapping() throws {
        let cases = [
            ("scroll dy=20mm duration=120ms", "touchpads_SynPS2_Synaptics_TouchPad.desc"),
            ("swipe fingers=3 distance=30mm duration=120ms", "touchpads_AlpsPS2-ALPS-DualPoint-TouchPad.desc"),
        ]
        for (script, device) in cases {
            let recording = try FingerPaths.synthesized(script, on: Fixtures.devices.appendingPathComponent(device))
            let explanation = try Replay.explain(recording, named: script, options: ReplayOptions()).explanation
            for sequence in explanation.sequences {
                XCTAssertFalse(sequence.conclusion.contains("tapping is off"), "\(script): \(sequence.conclusion)")
            }
        }
    }

    /// The bundled evemu recording `name` explained on the system's libinput, 1.28.1 and 1.31.3.
    private func explainedOnEachVersion(_ name: String) throws -> [Explanation] {
        let url = Fixtures.evemu.appendingPathComponent(name)
        let recording = try RecordingLoader.load(url.path)
        return try ([LibinputBuild.system] + libinputBuilds(["1.28.1", "1.31.3"])).map { build in
            var options = ReplayOptions()
            options.libinput = build
            return try Replay.explain(recording, named: url.path, options: options).explanation
        }
    }

    /// A semi-MT pad's touches are libinput's: one following the single-touch axes, the others
    /// fake, counted by BTN_TOOL_DOUBLETAP and placed at it, on a pad of one slot, as libinput's log
    /// names them.
    func testASemiMTPadIsExplainedAsTheSingleTouchPadLibinputReads() throws {
        for explanation in try explainedOnEachVersion("touchpads_AlpsPS2_ALPS_GlidePoint.2-finger-tap.events") {
            let version = explanation.libinputVersion
            XCTAssertEqual(explanation.slots, 1, version)
            XCTAssertEqual(explanation.sequences.count, 1, version)
            let sequence = try XCTUnwrap(explanation.sequences.first)
            XCTAssertEqual(sequence.touches.map(\.touch), [0], version)
            XCTAssertEqual(sequence.fingers, 2, version)
            XCTAssertEqual(sequence.fingersKey, Evdev.BTN_TOOL_DOUBLETAP, version)
            XCTAssertEqual(Set(sequence.decisions.compactMap(\.touch)), [0, 1], version)
        }
    }

    /// A finger resting past the hold timer on a pad of one slot makes no hold, as libinput turns
    /// holds on only where it makes pinches and swipes: said, with the line that does it, rather
    /// than "reported nothing" alone.
    func testAFingerRestingOnAOneSlotPadIsSaidToMakeNoHold() throws {
        let name = "touchpads_AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.doubletap.events"
        for explanation in try explainedOnEachVersion(name) {
            let version = explanation.libinputVersion
            XCTAssertEqual(explanation.slots, 1, version)
            let rested = explanation.sequences.filter { $0.reported.isEmpty }.map(\.conclusion)
            XCTAssertEqual(rested.count, 2, "\(version): \(rested)")
            for conclusion in rested {
                XCTAssertTrue(
                    conclusion.contains(
                        "past the hold timer's 40 ms, but libinput makes no hold on this touchpad, as no pinch or "
                            + "swipe: it has one slot; src/evdev-mt-touchpad-gestures.c:"),
                    "\(version): \(conclusion)")
            }
        }
    }

    /// The bcm5974 begins and ends touches by their contact's size: each touch is listed from the
    /// frame libinput began it to the frame it ended it, frames before the contact lifts, so its
    /// times are both libinput's.
    func testATouchEndedBySizeIsUpWhereLibinputEndedIt() throws {
        let recording = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path)
        var options = ReplayOptions()
        options.libinput = try XCTUnwrap(libinputBuilds(["1.31.3"]).first)
        let explanation = try Replay.explain(recording, named: "bcm5974", options: options).explanation
        var ended = 0
        for sequence in explanation.sequences {
            for touch in sequence.touches {
                let detection = sequence.decisions.filter { $0.machine == .touchDetection && $0.touch == touch.touch }
                XCTAssertTrue(detection.contains { $0.touchBegunBy == .touchSize && $0.cause?.time == touch.down })
                guard
                    let end = detection.first(where: {
                        $0.touchEndedBy == .touchSize && ($0.cause?.time ?? 0) > touch.down
                    })
                else {
                    continue
                }
                XCTAssertEqual(touch.up, end.cause?.time, "sequence \(sequence.number), touch \(touch.touch)")
                ended += 1
            }
        }
        XCTAssertGreaterThan(ended, 4)
    }

    /// The semi-MT recordings, which libinput 1.22.1 and 1.28.1 make the same two-finger scroll of,
    /// are explained alike on both, though only 1.28.1's log counts the fingers.
    func testWhatTwoVersionsDoAlikeIsExplainedAlike() throws {
        let names = [
            "touchpads_AlpsPS2_ALPS_GlidePoint.2-finger-tap.events",
            "touchpads_CyPS2_Cypress_Trackpad.two_finger_tap.events",
        ]
        for name in names {
            let url = Fixtures.evemu.appendingPathComponent(name)
            let recording = try RecordingLoader.load(url.path)
            let builds = [LibinputBuild.system] + (try libinputBuilds(["1.28.1"]))
            let explained: [Explanation] = try builds.map { build in
                var options = ReplayOptions()
                options.libinput = build
                return try Replay.explain(recording, named: url.path, options: options).explanation
            }
            XCTAssertEqual(explained[0].sequences.map(\.reported), explained[1].sequences.map(\.reported), name)
            XCTAssertEqual(ExplanationChange.changes(from: explained[0], to: explained[1]), [], name)
        }
    }
}
