import Foundation
import LibinputDecisions
import LibinputEvents
import Recordings
import Replays
import TestSupport
import XCTest

/// The touchpad's send-events mode (`--set-sendevents`), replayed through real libinput: a pad
/// disabled, or disabled while an external mouse is there, reports nothing, and the conclusion says
/// why from libinput closing the device, which its log does not tell.
final class SendEventsTests: XCTestCase {
    /// Two fingers scrolling from 0.020 s to 0.828 s, on a PS/2 (internal) touchpad.
    private let scroll = Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path

    /// A Bluetooth mouse (bus 0x05) that sends nothing, or the same on `bus`.
    private func mouse(bus: UInt16? = nil) throws -> Recording {
        let path = Fixtures.directory.appendingPathComponent("devices/mice_Ultrathin_Touch_Mouse.desc").path
        var mouse = try RecordingLoader.load(path)
        if let bus { mouse.device.bustype = bus }
        return mouse
    }

    private func replayed(
        _ mode: DeviceConfiguration.SendEventsMode?, with others: [Recording] = [], udev: [String: String] = [:],
        libinput: LibinputBuild = .system, topButtons: Bool = false
    ) throws -> (conclusion: String, scrolls: Int, log: [String], setting: SendEventsSetting?, findings: [String]) {
        var options = ReplayOptions()
        options.libinput = libinput
        options.configuration.sendEvents = mode
        options.otherDevices = others.map { .recording($0) }
        options.udevProperties = udev
        var pad = try RecordingLoader.load(scroll)
        if topButtons { pad.device.properties.formUnion([Evdev.INPUT_PROP_BUTTONPAD, Evdev.INPUT_PROP_TOPBUTTONPAD]) }
        let explained = try Replay.explain(pad, named: "scroll", options: options)
        let sequence = try XCTUnwrap(explained.explanation.sequences.first)
        let scrolls = explained.replay.events.filter { $0.typeName == "POINTER_SCROLL_FINGER" }.count
        return (
            sequence.conclusion, scrolls, explained.replay.report.libinputLog.map(\.text),
            explained.explanation.sendEvents, sequence.findings.map(\.text)
        )
    }

    /// With a Bluetooth mouse beside it, the internal touchpad is suspended from the set-up, on the
    /// oldest and newest libinput, each cited in its own lines.
    func testAnExternalMouseSuspendsTheTouchpad() throws {
        let lines = [
            ("1.22.1", "src/evdev.c:505", "src/evdev-mt-touchpad.c:3799", "src/evdev.c:2994"),
            ("1.31.3", "src/evdev.c:485", "src/evdev-mt-touchpad.c:3823", "src/evdev.c:2895"),
        ]
        for (version, external, suspends, closes) in lines {
            let build = try XCTUnwrap(libinputBuilds([version]).first)
            let (conclusion, scrolls, log, setting, _) = try replayed(
                .disabledOnExternalMouse, with: [mouse()], libinput: build)
            XCTAssertEqual(scrolls, 0, version)
            XCTAssertEqual(setting?.suspended, true)
            XCTAssertEqual(setting?.externalMice.map(\.node), ["event11"])
            XCTAssertTrue(log.contains("event10 - " + LibinputLogMessage.deviceClosed), "\(log)")
            let cite = { (line: String) in "\(line) (libinput \(version))" }
            XCTAssertEqual(
                conclusion,
                "libinput reported nothing: libinput suspended the touchpad as it set it up, closing its device, and "
                    + "kept it closed to the end of the recording: its send-events mode is disabled-on-external-mouse, "
                    + "and libinput took a mouse here for external (Ultrathin Touch Mouse at event11), as it takes any "
                    + "on USB or Bluetooth \(cite(external)); setting the mode with one there suspends the touchpad "
                    + "\(cite(suspends)); a suspended touchpad reports no touch; libinput closes a suspended device "
                    + cite(closes))
        }
    }

    /// A mouse on PS/2 is not external: the touchpad scrolls as it does alone, its sequence is
    /// explained as alone, and the header says why the mode left the pad on.
    func testAMouseOnPS2LeavesTheTouchpadOn() throws {
        let alone = try replayed(nil)
        XCTAssertNil(alone.setting)
        let ps2 = try replayed(.disabledOnExternalMouse, with: [mouse(bus: 0x11)])
        XCTAssertGreaterThan(alone.scrolls, 0)
        XCTAssertEqual(ps2.scrolls, alone.scrolls)
        XCTAssertEqual(ps2.conclusion, alone.conclusion)
        let setting = try XCTUnwrap(ps2.setting)
        XCTAssertEqual([setting.taken, setting.suspended], [true, false])
        XCTAssertEqual(setting.otherMice.map(\.bus), [Bus.ps2])
        XCTAssertEqual(
            setting.why,
            "libinput kept the touchpad on: no mouse here is external (Ultrathin Touch Mouse at event11, on PS/2), "
                + "and libinput takes only a mouse on USB or Bluetooth for external src/evdev.c:505 (libinput 1.22.1)")
        XCTAssertTrue(
            try replayed(.disabledOnExternalMouse).setting?.why.hasPrefix(
                "libinput kept the touchpad on: no mouse was played beside it") == true)
        XCTAssertFalse(ps2.log.contains { $0.hasSuffix(LibinputLogMessage.deviceClosed) }, "\(ps2.log)")
    }

    /// Disabled, the touchpad reports nothing, mouse or not, and no rule of libinput's weighed the
    /// frames of its closed device; enabled, it scrolls beside the mouse.
    func testDisabledAndEnabled() throws {
        let disabled = try replayed(.disabled)
        XCTAssertEqual(disabled.scrolls, 0)
        XCTAssertEqual(disabled.findings, [])
        XCTAssertNotEqual(try replayed(nil).findings, [])
        XCTAssertEqual(
            disabled.setting?.why,
            "libinput suspended the touchpad as it set it up src/evdev-mt-touchpad.c:3826 (libinput 1.22.1), closing "
                + "its device")
        XCTAssertTrue(
            disabled.conclusion.hasPrefix(
                "libinput reported nothing: libinput suspended the touchpad as it set it up, closing its device, "
                    + "and kept it closed to the end of the recording: its send-events mode is disabled "
                    + "src/evdev-mt-touchpad.c:3826 (libinput 1.22.1); "), disabled.conclusion)
        XCTAssertGreaterThan(try replayed(.enabled, with: [mouse()]).scrolls, 0)
    }

    /// A clickpad with top software buttons (a ThinkPad's, for its trackpoint) is suspended without
    /// being closed: the conclusion says so from the mode and the pad's property.
    func testAPadWithTopButtonsIsSuspendedOpen() throws {
        let disabled = try replayed(.disabled, topButtons: true)
        XCTAssertEqual(disabled.scrolls, 0)
        XCTAssertTrue(disabled.setting?.why.hasSuffix("keeping it open for its top software buttons") == true)
        XCTAssertFalse(disabled.log.contains { $0.hasSuffix(LibinputLogMessage.deviceClosed) }, "\(disabled.log)")
        XCTAssertTrue(
            disabled.conclusion.hasPrefix(
                "libinput reported nothing: libinput suspended the touchpad as it set it up: its send-events mode is "
                    + "disabled src/evdev-mt-touchpad.c:3826 (libinput 1.22.1); a touchpad with top software buttons "
                    + "stays open while suspended"), disabled.conclusion)
        let external = try replayed(.disabledOnExternalMouse, with: [mouse()], topButtons: true)
        XCTAssertEqual(external.scrolls, 0)
        XCTAssertTrue(
            external.conclusion.contains(
                "its send-events mode is disabled-on-external-mouse, and libinput took a mouse here for external "
                    + "(Ultrathin Touch Mouse at event11)"), external.conclusion)
        // A trackpoint on PS/2 suspends nothing: the scroll is libinput's as without the mode.
        let trackpoint = try replayed(.disabledOnExternalMouse, with: [mouse(bus: 0x11)], topButtons: true)
        XCTAssertGreaterThan(trackpoint.scrolls, 0)
        XCTAssertFalse(trackpoint.conclusion.contains("send-events"), trackpoint.conclusion)
    }

    /// An external touchpad does not offer the mode: libinput's default stays, and the log says so.
    func testAnExternalTouchpadKeepsItsDefault() throws {
        let external = try replayed(
            .disabledOnExternalMouse, with: [mouse()], udev: ["ID_INPUT_TOUCHPAD_INTEGRATION": "external"])
        XCTAssertGreaterThan(external.scrolls, 0)
        XCTAssertEqual(external.setting?.taken, false)
        XCTAssertEqual(
            external.setting?.why,
            "the touchpad does not offer it, so it keeps libinput's default (enabled): libinput offers "
                + "disabled-on-external-mouse on an internal touchpad only "
                + "src/evdev-mt-touchpad.c:3784 (libinput 1.22.1)")
        XCTAssertTrue(
            external.log.contains {
                $0.hasPrefix("event10 (")
                    && $0.hasSuffix(
                        "does not offer the send-events mode disabled-on-external-mouse: libinput's default kept")
            }, "\(external.log)")
    }
}
