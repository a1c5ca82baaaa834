import GestureSynthesis
import LibinputEvents
@testable import LibinputDecisions
import LibinputEventText
import Recordings
import Replays
import TestSupport
import XCTest

/// Findings as libinput reaches them and as a reader takes them: no step libinput never ran, a
/// flag that agrees with its number, the touch and the distance named, and a finger on the edge
/// strip told why it moved the pointer.
final class FindingWordsTests: XCTestCase {
    private func explain(_ path: String, configure: (inout ReplayOptions) -> Void = { _ in }) throws -> Explanation {
        var options = ReplayOptions()
        configure(&options)
        let recording = try RecordingLoader.load(Fixtures.directory.appendingPathComponent(path).path)
        return try Replay.explain(recording, named: path, options: options).explanation
    }

    /// One touch resting under `min_move` decides before directions are compared: libinput
    /// returns first (`tp_gesture_handle_state_unknown`), so explain shows no directions.
    func testNoDirectionsWhereATouchRestedAndLibinputDecidedBefore() throws {
        let device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path)
        let recording = try GestureSynthesizer.synthesize(
            GestureScript.parse("rest at=25%,50%; move dx=20mm", file: "resting.gesture"), on: device.device,
            options: GestureSynthesizer.Options(for: device), file: "resting.gesture")
        let explanation = try Replay.explain(recording, named: "resting", options: ReplayOptions()).explanation
        let sequence = try XCTUnwrap(explanation.sequences.first)
        XCTAssertEqual(sequence.deciding?.rule, .gestureMovement, sequence.conclusion)
        XCTAssertFalse(sequence.findings.contains { $0.rule == .gestureDirection }, "\(sequence.findings)")
    }

    /// `script` synthesized on the Elantech pad, explained: its first sequence.
    private func explainScript(
        _ script: String, configure: (inout ReplayOptions) -> Void = { _ in }
    ) throws -> SequenceExplanation {
        let device = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path)
        let recording = try GestureSynthesizer.synthesize(
            GestureScript.parse(script, file: "script.gesture"), on: device.device,
            options: GestureSynthesizer.Options(for: device), file: "script.gesture")
        var options = ReplayOptions()
        configure(&options)
        return try XCTUnwrap(Replay.explain(recording, named: "script", options: options).explanation.sequences.first)
    }

    /// Five fingers make no gesture: libinput's gesture machine posts none for more than four.
    /// The edge palm libinput let go at once is said to have been let go, and is not the reason.
    func testFiveFingersMakeNoGestureAndAPalmLetGoIsNoReason() throws {
        let sequence = try explainScript("swipe fingers=5 spacing=12mm distance=40mm")
        XCTAssertEqual(sequence.deciding?.rule, .gestureFingerLimit, sequence.conclusion)
        XCTAssertEqual(sequence.deciding?.value, 5)
        XCTAssertTrue(
            sequence.conclusion.hasPrefix("libinput reported nothing, because 5 fingers"), sequence.conclusion)
        XCTAssertTrue(sequence.conclusion.hasSuffix("let go 8 ms later (multiple fingers)"), sequence.conclusion)
        let four = try explainScript("swipe fingers=4 spacing=12mm")
        XCTAssertFalse(four.findings.contains { $0.rule == .gestureFingerLimit }, four.conclusion)
    }

    /// Two fingers scrolling with another scroll method: the gesture machine takes them as a
    /// scroll and sends nothing, which the scroll method explains.
    func testAScrollWithAnotherScrollMethodSaysWhichMethodKeptItsEvents() throws {
        for method in [DeviceConfiguration.ScrollMethod.none, .edge] {
            let sequence = try explainScript("scroll dy=30mm") { $0.configuration.scrollMethod = method }
            XCTAssertTrue(
                sequence.conclusion.contains(
                    "it sent no scroll events because libinput's scroll method here is "
                        + (method == .edge ? "edge scrolling" : "none")),
                sequence.conclusion)
        }
    }

    /// A pad that measures pressure but never sends it presses at 0, as the kernel's slots start:
    /// libinput begins no touch, and explain says so rather than inventing touches.
    func testTouchesThatNeverSendTheirPressureNeverBegin() throws {
        var recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path)
        recording.frames = recording.frames.map { frame in
            var frame = frame
            frame.events.removeAll { $0.type == Evdev.EV_ABS && $0.code == Evdev.ABS_MT_PRESSURE }
            return frame
        }
        let explanation = try Replay.explain(recording, named: "no pressure", options: ReplayOptions()).explanation
        let sequence = try XCTUnwrap(explanation.sequences.first)
        XCTAssertEqual(sequence.deciding?.rule, .touchPressure, sequence.conclusion)
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput saw no touch: touch 0 pressed at most 0"))
    }

    /// Pointer motion is credited to the touches libinput counted as it moved, by libinput's own
    /// unaccelerated numbers: one finger's, the moves of two added while a clickpad is pressed,
    /// and not a finger the click pinned.
    func testPointerMotionNamesTheTouchesThatMovedItAndHowFar() throws {
        let device = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        func motion(_ script: String) throws -> (text: String, mm: Double) {
            let recording = try GestureSynthesizer.synthesize(
                GestureScript.parse(script, file: "motion.gesture"), on: device.device,
                options: GestureSynthesizer.Options(for: device), file: "motion.gesture")
            let explanation = try Replay.explain(recording, named: "motion", options: ReplayOptions()).explanation
            let text = try XCTUnwrap(explanation.sequences.first?.conclusion)
            let mm = try XCTUnwrap(text.firstMatch(of: /pointer motion: ([0-9.]+) mm unaccelerated/), text).1
            return (text, try XCTUnwrap(Double(mm)))
        }
        let moved = try motion("move dx=20mm")
        XCTAssertTrue(moved.text.hasSuffix(", from touch 0"), moved.text)
        XCTAssertEqual(moved.mm, 20, accuracy: 2, "the finger's 20 mm, less what libinput holds back at its start")
        let one = try motion("click fingers=1 dx=20mm duration=400ms")
        XCTAssertTrue(one.text.hasSuffix(", from touch 0"), one.text)
        let two = try motion("click fingers=2 dx=20mm duration=400ms")
        XCTAssertTrue(two.text.contains(", the sum of the moves of touches 0 and 1, which libinput adds"), two.text)
        XCTAssertEqual(two.mm, 2 * one.mm, accuracy: 0.1 * one.mm)
        // A finger resting through the click is pinned by it, and counts for nothing.
        let pinned = try motion("rest at=30%,50%; click fingers=1 dx=20mm duration=400ms")
        XCTAssertTrue(pinned.text.hasSuffix(", from touch 1"), pinned.text)
        XCTAssertEqual(pinned.mm, one.mm, accuracy: 0.1 * one.mm)
    }

    /// `exceeds` of the scroll box says whether the touches were outside 40 × 7 mm, the number it
    /// carries; when the time counts is in the words.
    func testTheScrollBoxFlagFollowsTheGap() throws {
        let explanation = try explain(
            "evemu-devices/touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events")
        let spacings = explanation.sequences.flatMap(\.findings).filter { $0.rule == .gestureSpacing }
        XCTAssertFalse(spacings.isEmpty)
        for finding in spacings {
            let gap = try XCTUnwrap(finding.text.firstMatch(of: /([0-9.]+) × ([0-9.]+) mm apart/), finding.text)
            let outside = Double(gap.1)! >= 40 || Double(gap.2)! >= 7
            XCTAssertEqual(finding.exceeds, outside, finding.text)
        }
        let early = "too soon to count: libinput weighs the 40 × 7 mm box from 150 ms on"
        XCTAssertTrue(spacings.contains { !$0.exceeds && $0.text.contains(early) })
        // libinput breaks its touch-jump message in two; each message is one line all the same.
        let jump = explanation.sequences.flatMap(\.decisions).first { $0.text.contains("Touch jump") }
        XCTAssertEqual(jump?.text.contains("discarded. See https://"), true, "\(String(describing: jump))")
    }

    /// A slow scroll is within the scroll box at 150 ms, yet libinput decides nothing while both
    /// touches have moved under 1 mm: the scroll is told at a frame past the gate, the frame
    /// before it inside, which the numbers say; one moving 1 mm by 150 ms is told with no such
    /// gate named.
    func testASlowScrollSaysItWaitedForATouchToMoveOneMillimetre() throws {
        let slow = try explainScript("scroll dy=4mm duration=1000ms")
        let gate = try XCTUnwrap(slow.findings.first { $0.rule == .gestureMovement && $0.limit == 1 }, slow.conclusion)
        XCTAssertGreaterThanOrEqual(gate.value, 1)
        XCTAssertTrue(gate.source.contains("gestures.c:"), gate.source)
        let decided = try XCTUnwrap(gate.text.firstMatch(of: /decided ([0-9]+) ms after/).flatMap { Int($0.1) })
        XCTAssertGreaterThan(decided, 150, gate.text)
        let before = try XCTUnwrap(
            gate.text.firstMatch(of: /at the frame before \(([0-9]+) ms\) both touches were under 1 mm/).flatMap {
                Int($0.1)
            }, gate.text)
        XCTAssertTrue((151...decided).contains(before), gate.text)
        XCTAssertEqual(slow.deciding?.rule, .gestureSpacing, slow.conclusion)
        XCTAssertTrue(slow.conclusion.contains("told once a touch had moved 1 mm"), slow.conclusion)
        let quick = try explainScript("scroll dy=10mm duration=1000ms")
        XCTAssertEqual(quick.deciding?.rule, .gestureSpacing, quick.conclusion)
        XCTAssertFalse(quick.findings.contains { $0.limit == 1 }, "\(quick.findings.map(\.text))")
        XCTAssertFalse(quick.conclusion.contains("moved 1 mm"), quick.conclusion)
    }

    /// libinput decides a pinch at a frame whose own motion, measured from where the touches
    /// were as it decided, is none; its first pinch event comes with the next frame: the line
    /// says how long after, one frame's interval here.
    func testAPinchSaysItsFirstEventCameAFrameAfterTheDecision() throws {
        let path = "synthesized/pinch-in.yml"
        let recording = try RecordingLoader.load(Fixtures.directory.appendingPathComponent(path).path)
        let interval = Double(recording.frames[1].time - recording.frames[0].time) / 1000
        let sequence = try XCTUnwrap(try explain(path).sequences.first)
        let pattern = /its first pinch event came ([0-9]+) ms after it decided, with the next frame that moved/
        let said = try XCTUnwrap(sequence.conclusion.firstMatch(of: pattern), sequence.conclusion)
        XCTAssertEqual(Double(said.1), interval.rounded(), sequence.conclusion)
    }

    /// A scroll that ends while a finger stays, a finger's lift 100 ms before: libinput's timer for
    /// a new finger count, logged as a reset (1.22), or a cancel and a switch (1.28 and later).
    /// Before it, touch 1 lifted for 53 ms and came back: passed over, but the scroll waited,
    /// sending nothing while touch 0 moved.
    func testAGestureEndedByANewFingerCountSaysWhichTouchAndHowLong() throws {
        let path = "evemu-devices/touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.31.3"])) {
            let sequence = try XCTUnwrap(try explain(path) { $0.libinput = build }.sequences.first)
            let blips = sequence.findings.filter { $0.rule == .fingerSwitch && !$0.exceeds }
            XCTAssertEqual(blips.count, 1, "\(build.version): \(blips)")
            let blip = try XCTUnwrap(blips.first)
            XCTAssertTrue(
                blip.text.hasPrefix("the fingers went from 2 fingers to 1 finger and back in 53 ms")
                    && blip.text.contains(
                        "libinput sent nothing of the gesture while it waited, in which touch 0 moved"),
                blip.text)
            let switches = sequence.findings.filter { $0.rule == .fingerSwitch && $0.exceeds }
            XCTAssertEqual(switches.count, 1, "\(build.version): \(switches)")
            let switched = try XCTUnwrap(switches.first)
            XCTAssertEqual(switched.agreesWithLog, true, switched.text)
            XCTAssertEqual(switched.value, 100, accuracy: 0.5)
            XCTAssertTrue(
                switched.text.hasPrefix("touch 1 lifted 100 ms before, from 2 fingers to 1 finger"), switched.text)
            XCTAssertTrue(switched.source.contains("(libinput \(build.version))"), switched.source)
        }
    }

    /// On the hp8470p, as touch 1 lifts, the finger that stays is reported in touch 0's slot, a
    /// step of tens of mm in one frame: what libinput did not send while it waited is said to be
    /// that handing over, not a finger's travel; a finger that lifted without it is told plainly.
    func testAFingerHandedToTheOtherSlotIsNoTravel() throws {
        let path = "evemu-devices/touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        let switches = try explain(path).sequences.flatMap(\.findings).filter {
            $0.rule == .fingerSwitch && $0.exceeds
        }
        let handed = switches.filter { $0.text.contains("to where touch 1 had been") }
        XCTAssertEqual(handed.count, 1, "\(switches.map(\.text))")
        let text = try XCTUnwrap(handed.first?.text)
        let step = try XCTUnwrap(text.firstMatch(of: /a step of ([0-9.]+) mm/).flatMap { Double($0.1) }, text)
        XCTAssertGreaterThan(step, 40, text)
        XCTAssertTrue(text.contains("no finger travelled so far"), text)
        XCTAssertTrue(switches.contains { !$0.text.contains("a step of") && $0.text.contains("touch 0 moved") })
    }

    /// A tap ended by motion names the touch that moved and how far, with the decimals it takes
    /// not to read as the limit it passed (the session's swipe: 1.34 mm, past 1.3 mm).
    func testATapsTravelNamesTheTouchAndHowFar() throws {
        for path in ["evemu-devices/touchpads_AlpsPS2_ALPS_GlidePoint.single-tap.events", "synthesized/session.yml"] {
            let explanation = try explain(path) { $0.configuration.tapToClick = true }
            let moved = explanation.sequences.flatMap(\.findings).filter { $0.rule == .tapTravel && $0.exceeds }
            XCTAssertFalse(moved.isEmpty, path)
            for travel in moved {
                let pattern = /^touch ([0-9]+) moved ([0-9.]+) mm, more than the ([0-9.]+) mm/
                let said = try XCTUnwrap(travel.text.firstMatch(of: pattern), travel.text)
                XCTAssertEqual(Int(said.1), travel.touch, travel.text)
                let (distance, limit) = (try XCTUnwrap(Double(said.2)), try XCTUnwrap(Double(said.3)))
                XCTAssertEqual(distance, travel.value, accuracy: 0.05, travel.text)
                XCTAssertGreaterThan(distance, limit, travel.text)
            }
        }
    }

    /// A finger the kernel reported 0.3 mm past the bottom of the P50's 53.7 mm: libinput counts
    /// it in the bottom strip (it compares one way), said as off the pad with the bottom's line,
    /// and a distance between -1 and 0 mm keeps its sign; one under 0.05 mm is not said as none.
    func testAFingerPastTheBottomIsSaidOffThePad() throws {
        XCTAssertEqual(SequenceAnalysis.mm(-0.3), "-0.3")
        XCTAssertEqual(SequenceAnalysis.mm(-1.44), "-1.4")
        XCTAssertEqual(SequenceAnalysis.mm(0), "0.0")
        XCTAssertEqual(SequenceAnalysis.mm(0.0254), "0.03")
        XCTAssertEqual(SequenceAnalysis.mm(-0.04), "-0.04")
        XCTAssertEqual(SequenceAnalysis.mm(0.002), "under 0.01")
        XCTAssertEqual(SequenceAnalysis.mm(-0.004), "over -0.01")
        let finger = Finger.moving(0, 0.4, x: 30, y: 54.03, dx: 1, dy: 0, speed: 40)
        let recording = try FingerPaths.recording([finger], on: FingerPaths.twoSlots)
        let explanation = try Replay.explain(recording, named: "bottom", options: ReplayOptions()).explanation
        let conclusion = try XCTUnwrap(explanation.sequences.first).conclusion
        XCTAssertTrue(
            conclusion.contains(
                "it began off the pad, 0.3 mm past the bottom edge, which libinput counts in the 7 mm where edge "
                    + "scrolling scrolls"), conclusion)
        XCTAssertTrue(conclusion.contains("src/evdev-mt-touchpad-edge-scroll.c:326 (libinput 1.22.1)"), conclusion)
    }

    /// A finger along the right edge moves the pointer where two fingers scroll; with edge
    /// scrolling asked for, the same finger scrolls, and the line says which.
    func testAFingerOnTheEdgeStripIsToldEdgeScrollingIsOff() throws {
        let path = "evemu-devices/touchpads_SynPS2_Synaptics_TouchPad.hp8470p.edge-scroll-vertical.events"
        let off = try XCTUnwrap(try explain(path).sequences.first).conclusion
        XCTAssertTrue(off.hasPrefix("libinput made this pointer motion"), off)
        XCTAssertTrue(off.contains("from the right edge, in the 7 mm where edge scrolling scrolls"), off)
        XCTAssertTrue(off.contains("--set-scroll-method edge"), off)
        let edge = try XCTUnwrap(try explain(path) { $0.configuration.scrollMethod = .edge }.sequences.first)
        let on = edge.conclusion
        XCTAssertTrue(on.hasPrefix("libinput made this an edge scroll"), on)
        XCTAssertTrue(on.contains("from the right edge, in the 7 mm where edge scrolling scrolls; src/"), on)
        // libinput's edge-scroll machine's transitions are among what it decided, as its log says them.
        let edgeStates = edge.decisions.filter { $0.machine == .edgeScroll }.map {
            "\(LibinputDecision.short($0.from)) \(LibinputDecision.short($0.event)) \(LibinputDecision.short($0.to))"
        }
        XCTAssertEqual(edgeStates, ["NONE TOUCH EDGE_NEW", "EDGE_NEW POSTED EDGE", "EDGE RELEASE NONE"])
    }

    /// With tapping on, three fingers' hold is timed by the tap state machine's timeout, not the
    /// gesture's hold timer (`tp_gesture_use_hold_timer`), and cites the tap state's line; with
    /// tapping off, by the hold timer.
    func testAThreeFingerHoldWithTappingOnWaitsOnTheTapMachine() throws {
        let tapping = try explainScript("hold fingers=3 duration=600ms") { $0.configuration.tapToClick = true }
        let onTap = try XCTUnwrap(tapping.findings.first { $0.rule == .holdTimer }, tapping.conclusion)
        XCTAssertTrue(onTap.text.contains("the tap state machine's 180 ms timeout"), onTap.text)
        XCTAssertTrue(onTap.source.hasPrefix("src/evdev-mt-touchpad-tap.c:"), onTap.source)
        XCTAssertEqual(onTap.agreesWithLog, true)
        let off = try explainScript("hold fingers=3 duration=600ms")
        let timer = try XCTUnwrap(off.findings.first { $0.rule == .holdTimer }, off.conclusion)
        XCTAssertTrue(timer.text.contains("the hold timer's 180 ms with 3 fingers"), timer.text)
        XCTAssertTrue(timer.source.hasPrefix("src/evdev-mt-touchpad-gestures.c:"), timer.source)
    }

    /// A click: the press reset the gesture machine before the hold could fire, and no tap is
    /// blamed on tapping being off (a press ends a tap either way).
    func testAClickResetsTheHoldAndIsNoTapForWantOfTapping() throws {
        let click = try explainScript("click fingers=3")
        XCTAssertTrue(click.conclusion.hasPrefix("libinput made this a click"), click.conclusion)
        XCTAssertFalse(click.conclusion.contains("tapping is off"), click.conclusion)
        let reset = try XCTUnwrap(click.findings.first { $0.rule == .holdTimer }, click.conclusion)
        XCTAssertTrue(reset.text.hasPrefix("the touchpad's button, pressed by a finger"), reset.text)
        XCTAssertTrue(reset.source.hasPrefix("src/evdev-mt-touchpad-gestures.c:1312 "), reset.source)
        // Fingers landing one after another reset the machine too, with no press: they lifted.
        let staggered = try explainScript("set gap=0ms; rest fingers=1 at=30%,50%; tap fingers=2 at=60%,50%; lift")
        let holds = staggered.findings.filter { $0.rule == .holdTimer }.map(\.text)
        XCTAssertTrue(holds.contains { $0.hasPrefix("the fingers lifted") }, "\(holds)")
        XCTAssertFalse(holds.contains { $0.hasPrefix("the touchpad's button") }, "\(holds)")
    }

    /// A finger moving the pointer slowly has moved under 0.5 mm when the hold timer fires: the
    /// hold libinput begins beside the motion, and cancels, is said with its numbers; a fast one
    /// begins none.
    func testAHoldBesideSlowMotionIsSaid() throws {
        let slow = try explainScript("move dx=20mm duration=2000ms")
        let beside = try XCTUnwrap(slow.findings.first { $0.rule == .holdAndMotion }, slow.conclusion)
        XCTAssertLessThan(beside.value, try XCTUnwrap(beside.limit))
        XCTAssertEqual(beside.limit, 0.5)
        XCTAssertEqual(beside.agreesWithLog, true)
        XCTAssertTrue(slow.conclusion.contains("hold 1 cancelled"), slow.conclusion)
        let fast = try explainScript("move dx=20mm duration=200ms")
        XCTAssertFalse(fast.findings.contains { $0.rule == .holdAndMotion }, fast.conclusion)
    }

    /// A recording stopped with two fingers down in a pinch (`libinput record` ended by Ctrl-C):
    /// libinput began the pinch and never ended it, which is said as such, not as "nothing", and
    /// its touches are said to be still down, not lifted.
    func testAPinchTheRecordingStopsInIsReportedOpen() throws {
        var recording = try RecordingLoader.load(
            Fixtures.directory.appendingPathComponent("synthesized/rotate-cw.yml").path)
        recording.frames = Array(recording.frames.prefix(recording.frames.count / 2))
        let sequence = try XCTUnwrap(
            Replay.explain(recording, named: "cut", options: ReplayOptions()).explanation.sequences.first)
        XCTAssertEqual(sequence.reported, [.pinch(fingers: 2, end: .open)], sequence.conclusion)
        XCTAssertEqual(sequence.reported.map(\.description), ["pinch 2 open"])
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 2-finger pinch"), sequence.conclusion)
        XCTAssertEqual(sequence.touches.map(\.stillDown), [true, true])
    }

    /// The Cypress clickpad presses BTN_RIGHT, which libinput drops as a kernel bug: the sequence
    /// says the press made nothing, and why.
    func testAButtonAClickpadMayNotHaveIsSaidDropped() throws {
        let path = "evemu-devices/touchpads_CyPS2_Cypress_Trackpad.three_finger_press.events"
        let sequence = try XCTUnwrap(try explain(path).sequences.first)
        XCTAssertTrue(
            sequence.conclusion.contains(
                "; libinput dropped its BTN_RIGHT events: on a clickpad it takes BTN_LEFT alone, and logs any other "
                    + "button as a kernel bug; src/evdev-mt-touchpad-buttons.c:598 "), sequence.conclusion)
    }

    /// A click no button area decided says how libinput picked its button: by the fingers with
    /// clickfinger (asked, or an Apple touchpad's default), as the main area's with button areas.
    func testAClickSaysHowItsButtonWasPicked() throws {
        let areas = try explainScript("click fingers=2 at=50%,60%")
        XCTAssertTrue(areas.conclusion.hasPrefix("libinput made this a click (BTN_LEFT)"), areas.conclusion)
        XCTAssertTrue(areas.conclusion.contains("with button areas, its click method here"), areas.conclusion)
        let fingers = try explainScript("click fingers=2 at=50%,60%") { $0.configuration.clickMethod = .clickfinger }
        XCTAssertTrue(fingers.conclusion.hasPrefix("libinput made this a click (BTN_RIGHT)"), fingers.conclusion)
        XCTAssertTrue(
            fingers.conclusion.contains("clickfinger, its click method here, picks the button by the fingers"),
            fingers.conclusion)
        XCTAssertTrue(fingers.conclusion.contains("three middle; here it counted 2; "), fingers.conclusion)
        // A thumb alone in the thumb area: none counted, taken as one.
        let thumb = try explainScript("click at=50%,95%") { $0.configuration.clickMethod = .clickfinger }
        XCTAssertTrue(thumb.conclusion.hasPrefix("libinput made this a click (BTN_LEFT)"), thumb.conclusion)
        XCTAssertTrue(
            thumb.conclusion.contains("here it counted none, every touch set aside, which it takes as one"),
            thumb.conclusion)
        let apple = try explain("evemu-devices/touchpads_bcm5974.three-finger-click.events")
        let click = try XCTUnwrap(apple.sequences.first { $0.conclusion.contains("a click") })
        XCTAssertTrue(click.conclusion.contains("clickfinger, its click method here"), click.conclusion)
    }

    /// A distance beside its limit keeps the decimals that tell them apart, as numbers, not as
    /// texts, and the limit is printed with as many: 1.3004 is not "1.30", which reads as the 1.3 it
    /// is past, and 2.29 is not beside "2.3", which it would read as under when it is past 2.2667.
    func testADistanceBesideItsLimitDoesNotReadAsTheLimit() {
        func printed(_ value: Double, _ limit: Double) -> [String] {
            let pair = SequenceAnalysis.mm(value, beside: limit)
            return [pair.value, pair.limit]
        }
        XCTAssertEqual(printed(1.3004, 1.3), ["1.3004", "1.3"])
        XCTAssertEqual(printed(3.25, 3.31), ["3.25", "3.31"])
        XCTAssertEqual(printed(2.29, 2.2667), ["2.29", "2.27"])
        XCTAssertEqual(printed(0.48, 0.5), ["0.48", "0.5"])
        XCTAssertEqual(printed(2.0, 1.3), ["2.0", "1.3"])
        XCTAssertEqual(printed(1.3, 1.3), ["1.3", "1.3"])
        XCTAssertEqual(printed(1.300001, 1.3), ["just over 1.3", "1.3"])
        XCTAssertEqual(printed(1.299999, 1.3), ["just under 1.3", "1.3"])
        // A limit on a tie prints rounded up ("0.3") alone; beside a value it keeps its decimals.
        XCTAssertEqual(SequenceAnalysis.mm(0.25), "0.3")
        XCTAssertEqual(printed(0.26, 0.25), ["0.26", "0.25"])
        XCTAssertEqual(SequenceAnalysis.fromEdge(2.29, "side", beside: 2.2667).text, "2.29 mm from the side")
        XCTAssertEqual(
            SequenceAnalysis.fromEdge(-0.5, "side", beside: 2.2667).text, "off the pad, 0.5 mm past the side")
    }
}
