import Foundation
import LibinputDecisions
import Recordings
import Replays
import Report
import TestSupport
import XCTest

/// What libinput sent with no finger on the pad: a button pressed with none down is the
/// recording's own, listed apart rather than credited to the sequence before it; a device with
/// no touches at all (a mouse) is said to be one, with what libinput sent of it.
final class ButtonsWithoutFingerTests: XCTestCase {
    private func frame(_ time: UInt64, _ events: [(UInt16, UInt16, Int32)]) -> EvdevFrame {
        EvdevFrame(
            time: time,
            events: events.map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) } + [
                EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)
            ])
    }

    /// A pad's scroll buttons (BTN_0, BTN_1 on older Synaptics pads) are a trackpoint's to
    /// libinput: with none paired it drops them, which explain says with how often each was pressed.
    func testThePadsTrackpointButtonsWithoutATrackpointAreSaidDropped() throws {
        var pinch = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        pinch.device.codes[Evdev.EV_KEY]?.formUnion([Evdev.BTN_0, Evdev.BTN_0 + 1])
        let end = try XCTUnwrap(pinch.frames.last?.time)
        for (n, key) in [Evdev.BTN_0, Evdev.BTN_0, Evdev.BTN_0 + 1].enumerated() {
            let at = end + UInt64(n + 1) * 200_000
            pinch.frames += [frame(at, [(Evdev.EV_KEY, key, 1)]), frame(at + 100_000, [(Evdev.EV_KEY, key, 0)])]
        }
        let explanation = try Replay.explain(pinch, named: "pinch", options: ReplayOptions()).explanation
        XCTAssertEqual(explanation.droppedTrackpointButtons.map(\.key), [Evdev.BTN_0, Evdev.BTN_0 + 1])
        XCTAssertEqual(explanation.droppedTrackpointButtons.map(\.presses), [2, 1])
        XCTAssertEqual(explanation.buttonsWithoutFinger, [])
        let text = ExplanationText.lines(explanation, recording: "pinch").last ?? ""
        XCTAssertTrue(
            text.hasPrefix("the touchpad's BTN_0 pressed 2×, BTN_1 pressed 1×: libinput dropped them"), text)
        XCTAssertTrue(text.hasSuffix("(src/evdev-mt-touchpad.c:708 (libinput 1.22.1))"), text)
    }

    func testAClickWithNoFingerDownIsNoSequencesButItsOwn() throws {
        var pinch = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        // A pad with buttons of its own beside it: libinput passes their clicks on, fingers or none
        // (a clickpad pressed with none down it ignores; one without a right button it takes for one).
        pinch.device.properties.remove(Evdev.INPUT_PROP_BUTTONPAD)
        pinch.device.codes[Evdev.EV_KEY]?.insert(Evdev.BTN_LEFT + 1)
        let end = try XCTUnwrap(pinch.frames.last?.time)
        pinch.frames += [
            frame(end + 200_000, [(Evdev.EV_KEY, Evdev.BTN_LEFT, 1)]),
            frame(end + 300_000, [(Evdev.EV_KEY, Evdev.BTN_LEFT, 0)]),
        ]
        let explained = try Replay.explain(pinch, named: "pinch", options: ReplayOptions())
        let explanation = explained.explanation
        XCTAssertEqual(
            explanation.buttonsWithoutFinger.map { [$0.time - end, UInt64($0.button), $0.pressed ? 1 : 0] },
            [[200_000, UInt64(Evdev.BTN_LEFT), 1], [300_000, UInt64(Evdev.BTN_LEFT), 0]])
        let reported = explanation.sequences.flatMap(\.reported).map(\.description)
        XCTAssertFalse(reported.contains("BTN_LEFT"), "\(reported)")
        let text = ExplanationText.lines(explanation, recording: "pinch").last ?? ""
        XCTAssertTrue(text.hasPrefix("with no finger on the touchpad, its buttons"), text)
        XCTAssertTrue(
            text.hasSuffix(
                "BTN_LEFT pressed \(String(format: "%.3fs", explanation.seconds(end + 200_000))), "
                    + "BTN_LEFT released \(String(format: "%.3fs", explanation.seconds(end + 300_000)))"), text)
    }

    /// A click pressed with a finger down is its sequence's, its release too, though it comes
    /// after the lift: a release goes where its press went.
    func testAClickHeldPastTheLiftIsTheSequences() throws {
        var pinch = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        pinch.device.properties.remove(Evdev.INPUT_PROP_BUTTONPAD)
        pinch.device.codes[Evdev.EV_KEY]?.insert(Evdev.BTN_LEFT + 1)
        // The frame before the lift has fingers down; the press joins it.
        let pressed = pinch.frames.count - 2
        pinch.frames[pressed].events.insert(
            EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT, value: 1), at: pinch.frames[pressed].events.count - 1)
        let end = try XCTUnwrap(pinch.frames.last?.time)
        pinch.frames.append(frame(end + 100_000, [(Evdev.EV_KEY, Evdev.BTN_LEFT, 0)]))
        let explanation = try Replay.explain(pinch, named: "pinch", options: ReplayOptions()).explanation
        XCTAssertEqual(explanation.buttonsWithoutFinger, [])
        XCTAssertTrue(explanation.sequences.last?.reported.map(\.description).contains("BTN_LEFT") == true)
    }

    func testAMouseIsSaidToReportNoTouches() throws {
        let path = Fixtures.directory.appendingPathComponent("devices/mice_Ultrathin_Touch_Mouse.desc").path
        var mouse = try RecordingLoader.load(path)
        mouse.frames =
            (0..<3).map { frame(UInt64($0) * 10_000, [(Evdev.EV_REL, Evdev.REL_X, 5)]) } + [
                frame(40_000, [(Evdev.EV_KEY, Evdev.BTN_LEFT, 1)]), frame(50_000, [(Evdev.EV_KEY, Evdev.BTN_LEFT, 0)]),
            ]
        let explanation = try Replay.explain(mouse, named: "mouse", options: ReplayOptions()).explanation
        XCTAssertTrue(explanation.sequences.isEmpty)
        XCTAssertFalse(explanation.reportsTouches)
        XCTAssertEqual(
            explanation.sentWithoutTouch.map { "\($0.count) \($0.type)" }, ["3 POINTER_MOTION", "2 POINTER_BUTTON"])
        XCTAssertTrue(
            ExplanationText.lines(explanation, recording: "mouse").contains(
                "   the device reports no touches (explain follows a touchpad's fingers); libinput sent 3 "
                    + "POINTER_MOTION, 2 POINTER_BUTTON"))
    }
}
