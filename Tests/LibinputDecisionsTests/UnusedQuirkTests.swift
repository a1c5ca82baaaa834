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

    /// The palm size this pad cannot use: it has no ABS_MT_TOUCH_MAJOR, which the size is of.
    private static let sizeUnused =
        "palm detection by size compares a touch's ABS_MT_TOUCH_MAJOR, which the touchpad has not "
        + "src/evdev-mt-touchpad.c:1038 (libinput 1.22.1)"

    /// An external pad below a keyboard of a combo keeps libinput's palm detection: its palm
    /// pressure threshold is used (its size one, on a pad without touch sizes, is not).
    func testAnExternalPadBelowAComboKeyboardDetectsPalms() throws {
        let combo = try explained(
            on: "touchpads_Logitech_Rechargeable_Touchpad_T650.desc", also: "AttrTPKComboLayout=below\n")
        XCTAssertEqual(combo.thresholds.external, true)
        XCTAssertEqual(combo.thresholds.palmPressure, 20)
        XCTAssertEqual(combo.unusedQuirks.map(\.property.key), ["AttrPalmSizeThreshold"])
        XCTAssertEqual(combo.unusedQuirks.map(\.why), [Self.sizeUnused])
    }

    /// The same pad called internal by udev takes the pressure threshold, and only the size one is
    /// said unused, for the axis it lacks.
    func testTheSameQuirksOnAnInternalTouchpadAreUsed() throws {
        let inside = try explained(
            on: "touchpads_Logitech_Rechargeable_Touchpad_T650.desc",
            udev: ["ID_INPUT_TOUCHPAD_INTEGRATION": "internal"])
        XCTAssertNil(inside.thresholds.external)
        XCTAssertEqual(inside.thresholds.palmPressure, 20)
        XCTAssertEqual(inside.unusedQuirks.map(\.why), [Self.sizeUnused])
    }

    /// Apple's touch and palm sizes on a bcm5974 without slots, which libinput (before its mtdev
    /// plugin) reads as single-touch with its ABS_MT axes off, and Elantech's resolution hint on a
    /// pad whose kernel gives a resolution: matched, and said unused with why.
    func testSizeQuirksWithoutTouchSizesAndAHintBesideAResolutionAreSaidUnused() throws {
        func unused(_ path: String) throws -> [String: String] {
            let explanation = try Replay.explain(try RecordingLoader.load(path), named: path, options: ReplayOptions())
                .explanation
            return Dictionary(uniqueKeysWithValues: explanation.unusedQuirks.map { ($0.property.key, $0.why) })
        }
        let bcm = try unused(
            Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path)
        let disabled = "which the touchpad has, but libinput reads it as single-touch and disables its ABS_MT axes"
        XCTAssertEqual(
            bcm["AttrTouchSizeRange"],
            "libinput tells touches by size only from ABS_MT_TOUCH_MAJOR, \(disabled) "
                + "src/evdev-mt-touchpad.c:3652 (libinput 1.22.1)")
        XCTAssertEqual(
            bcm["AttrPalmSizeThreshold"],
            "palm detection by size compares a touch's ABS_MT_TOUCH_MAJOR, \(disabled) "
                + "src/evdev-mt-touchpad.c:1038 (libinput 1.22.1)")
        let elantech = try unused(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        XCTAssertEqual(
            elantech,
            [
                "AttrResolutionHint":
                    "the kernel gives the touchpad's axes a resolution, which libinput keeps, reading no hint "
                    + "src/evdev.c:1650 (libinput 1.22.1)"
            ])
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
