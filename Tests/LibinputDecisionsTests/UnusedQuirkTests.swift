import Foundation
import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// Palm quirks libinput matches but does not use: on a touchpad it takes for external, which it
/// detects no palms on, the header says so and no palm threshold is weighed; on an internal one
/// they are used and nothing is said.
final class UnusedQuirkTests: XCTestCase {
    /// A finger pressing at 45, beyond a palm threshold of 20.
    private func explained(on pad: String, udev: [String: String] = [:], also: String = "") throws -> Explanation {
        let quirks = temporaryPath("palm.quirks")
        try "[Palm]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=20\nAttrPalmSizeThreshold=5\n\(also)".write(
            toFile: quirks, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: quirks) }
        let finger = Finger.resting(0, 0.3, x: 40, y: 30, pressure: 45)
        let description = Fixtures.devices.appendingPathComponent(pad)
        var options = ReplayOptions()
        options.quirks = [quirks]
        options.udevProperties = udev
        return try Replay.explain(
            try FingerPaths.recording([finger], on: description), named: pad, options: options
        ).explanation
    }

    func testPalmQuirksOnAnExternalTouchpadAreSaidUnused() throws {
        let external = try explained(on: "touchpads_Logitech_Rechargeable_Touchpad_T650.desc")
        XCTAssertEqual(external.thresholds.external, true)
        XCTAssertNil(external.thresholds.palmPressure)
        XCTAssertNil(external.thresholds.palmSize)
        XCTAssertEqual(
            external.unusedQuirks.map(\.property.key), ["AttrPalmPressureThreshold", "AttrPalmSizeThreshold"])
        for unused in external.unusedQuirks {
            XCTAssertEqual(
                unused.why,
                "libinput takes the touchpad for external, and does no palm detection on one "
                    + "src/evdev-mt-touchpad.c:3454 (libinput 1.22.1)")
        }
        let sequence = try XCTUnwrap(external.sequences.first)
        XCTAssertFalse(sequence.findings.contains { $0.rule == .palmPressure || $0.rule == .palmSize })
    }

    /// An external pad below a keyboard of a combo keeps libinput's palm detection: its palm
    /// thresholds are used.
    func testAnExternalPadBelowAComboKeyboardDetectsPalms() throws {
        let combo = try explained(
            on: "touchpads_Logitech_Rechargeable_Touchpad_T650.desc", also: "AttrTPKComboLayout=below\n")
        XCTAssertEqual(combo.thresholds.external, true)
        XCTAssertEqual(combo.thresholds.palmPressure, 20)
        XCTAssertEqual(combo.unusedQuirks, [])
    }

    /// The same pad called internal by udev takes the thresholds, and nothing is said unused.
    func testTheSameQuirksOnAnInternalTouchpadAreUsed() throws {
        let inside = try explained(
            on: "touchpads_Logitech_Rechargeable_Touchpad_T650.desc",
            udev: ["ID_INPUT_TOUCHPAD_INTEGRATION": "internal"])
        XCTAssertNil(inside.thresholds.external)
        XCTAssertEqual(inside.thresholds.palmPressure, 20)
        XCTAssertEqual(inside.unusedQuirks, [])
    }

    /// A semi-MT pad advertises ABS_MT_PRESSURE, but libinput reads it as single-touch and
    /// disables its ABS_MT axes: its own palm pressure quirk is said unused for that, not for an
    /// axis the recording has.
    func testAPalmPressureQuirkOnASemiMTPadIsSaidUnusedForItsDisabledAxes() throws {
        let cypress = Fixtures.evemu.appendingPathComponent("touchpads_CyPS2_Cypress_Trackpad.two_finger_tap.events")
        let recording = try RecordingLoader.load(cypress.path)
        XCTAssertTrue(recording.device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_PRESSURE))
        let explanation = try Replay.explain(recording, named: cypress.lastPathComponent, options: .init()).explanation
        let unused = try XCTUnwrap(explanation.unusedQuirks.first { $0.property.key == "AttrPalmPressureThreshold" })
        XCTAssertTrue(
            unused.why.hasPrefix(
                "libinput reads the touchpad as single-touch (it is semi-MT, reporting a box around the fingers) and "
                    + "disables its ABS_MT axes"), unused.why)
        XCTAssertTrue(unused.why.contains("src/evdev-mt-touchpad.c:2936 (libinput 1.22.1)"), unused.why)
    }
}
