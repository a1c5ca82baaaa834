import Foundation
import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A lid switch replayed beside the touchpad: libinput suspends an internal touchpad while the lid
/// is shut, and each sequence it bears on says so, with when, for how long, and the source line.
final class SwitchSuspensionTests: XCTestCase {
    /// Two fingers scrolling from 0.020 s to 0.828 s.
    private let scroll = Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path
    private let lidSuspends = "src/evdev-mt-touchpad.c:2460 (libinput 1.22.1)"

    /// The lid switch fixture's device, open at its first frame (the replay's first instant, with
    /// the touchpad's first frame) and then turned to each state at its time (µs after it); as a
    /// tablet-mode switch (SW_TABLET_MODE, a convertible's), off at first unless `initiallyOn`.
    private func lid(
        _ toggles: [(UInt64, Int32)], tabletMode: Bool = false, initiallyOn: Bool = false
    ) throws -> Recording {
        var lid = try RecordingLoader.load(Fixtures.directory.appendingPathComponent("keyboard/lid-switch.evemu").path)
        let code: UInt16 = tabletMode ? 1 : 0
        if tabletMode {
            lid.device.name = "Intel HID switches"
            lid.device.codes[Evdev.EV_SW] = [code]
        }
        if initiallyOn { lid.device.initiallyOn.switchesOn = [code] }
        lid.frames = ([(0, initiallyOn ? 1 : 0)] + toggles).map { time, value in
            EvdevFrame(
                time: time,
                events: [
                    EvdevEvent(type: Evdev.EV_SW, code: code, value: value),
                    EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
                ])
        }
        return lid
    }

    private func explained(
        with lid: Recording, udev: [String: String] = [:], libinput: LibinputBuild = .system, quirks: [String] = []
    ) throws -> (conclusion: String, scrolls: [UInt64], log: [String]) {
        var options = ReplayOptions()
        options.libinput = libinput
        options.quirks = quirks
        options.otherDevices = [.recording(lid)]
        options.udevProperties = udev
        let pad = try RecordingLoader.load(scroll)
        let explained = try Replay.explain(pad, named: "scroll", options: options)
        let sequence = try XCTUnwrap(explained.explanation.sequences.first)
        XCTAssertEqual(explained.explanation.sequences.count, 1)
        let start = try XCTUnwrap(explained.replay.report.recordingStart)
        let scrolls = explained.replay.events.filter { $0.typeName == "POINTER_SCROLL_FINGER" }.map { $0.time - start }
        return (sequence.conclusion, scrolls, explained.replay.report.libinputLog.map(\.text))
    }

    /// Shut as the fingers come down and opened after they lift: nothing is reported, and why.
    func testTouchesMadeWithTheLidShutAreSaidSuspended() throws {
        let (conclusion, scrolls, _) = try explained(with: lid([(0, 1), (1_000_000, 0)]))
        XCTAssertEqual(scrolls, [])
        XCTAssertTrue(
            conclusion.hasPrefix(
                "libinput reported nothing: the lid shut as the fingers came down, and libinput suspended the "
                    + "touchpad until the lid opened 192 ms after they lifted: a suspended touchpad reports no touch; "
                    + lidSuspends), conclusion)
    }

    /// Shut while the fingers scroll: the scroll stops there, and the conclusion says when; opened
    /// again before they lift, the touches stay ended. libinput, opening the touchpad again,
    /// resynchronises to the touches down then, as a kernel answers the state the frames it missed
    /// left: libevdev meets no lift of a touch it thought was up.
    func testALidShutUnderTheFingersEndsWhatTheyWereDoing() throws {
        let shut = try explained(with: lid([(300_000, 1)]))
        XCTAssertTrue(shut.conclusion.hasPrefix("libinput made this a 2-finger scroll"), shut.conclusion)
        XCTAssertTrue(
            shut.conclusion.contains(
                "; the lid shut 300 ms after the fingers came down, and libinput suspended the touchpad, ending what "
                    + "the touches were doing and reporting none of them after; " + lidSuspends), shut.conclusion)
        XCTAssertLessThanOrEqual(try XCTUnwrap(shut.scrolls.last), 320_000)
        let reopened = try explained(with: lid([(300_000, 1), (500_000, 0)]))
        XCTAssertEqual(reopened.scrolls, shut.scrolls)
        XCTAssertFalse(reopened.log.contains { $0.contains("double tracking ID") }, "\(reopened.log)")
        XCTAssertTrue(
            reopened.conclusion.contains(
                "; the lid shut 300 ms after the fingers came down, and libinput suspended the touchpad, ending what "
                    + "the touches were doing, until the lid opened 200 ms later; " + lidSuspends
                    + "; a touch still down as it resumes stays ended until it lifts"), reopened.conclusion)
    }

    /// Shut as the fingers come down and opened while they are still down: nothing is reported.
    func testTouchesDownAsTheTouchpadResumesStayEnded() throws {
        let (conclusion, scrolls, log) = try explained(with: lid([(0, 1), (300_000, 0)]))
        XCTAssertEqual(scrolls, [])
        XCTAssertFalse(log.contains { $0.contains("double tracking ID") }, "\(log)")
        XCTAssertTrue(
            conclusion.hasPrefix(
                "libinput reported nothing for these touches; the touchpad was suspended as the fingers came down (the "
                    + "lid shut as the fingers came down), and libinput resumed it 300 ms later, as the lid opened; a "
                    + "touch still down as it resumes stays ended"), conclusion)
    }

    /// An external touchpad is paired with no lid: shutting it changes nothing, and that is why.
    func testAnExternalTouchpadIsNotSuspended() throws {
        let alone = try explained(with: lid([]))
        let external = try explained(
            with: lid([(300_000, 1)]), udev: ["ID_INPUT_TOUCHPAD_INTEGRATION": "external"])
        XCTAssertEqual(external.scrolls, alone.scrolls)
        XCTAssertTrue(
            external.conclusion.contains(
                "; the lid was shut while the fingers were down, but libinput had paired no lid switch with the "
                    + "touchpad, which it does only for a touchpad it takes as internal; "
                    + "src/evdev-mt-touchpad.c:2502 (libinput 1.22.1)"), external.conclusion)
        XCTAssertFalse(alone.conclusion.contains("lid"), alone.conclusion)
    }

    /// Tablet mode turned on under the fingers suspends the touchpad as a shut lid does, cited in
    /// the version replayed.
    func testTabletModeSuspendsTheTouchpadToo() throws {
        let build = try XCTUnwrap(libinputBuilds(["1.31.3"]).first)
        let (conclusion, scrolls, _) = try explained(with: lid([(300_000, 1)], tabletMode: true), libinput: build)
        XCTAssertLessThanOrEqual(try XCTUnwrap(scrolls.last), 320_000)
        XCTAssertTrue(
            conclusion.contains(
                "; tablet mode came on 300 ms after the fingers came down, and libinput suspended the touchpad, "
                    + "ending what the touches were doing and reporting none of them after; "
                    + "src/evdev-mt-touchpad.c:2417 (libinput 1.31.3)"), conclusion)
    }

    /// Tablet mode on as the recording began: libinput suspends the touchpad as it pairs the
    /// switch, which it does not log, and the conclusion says so, cited in the version replayed.
    func testTabletModeOnAsTheRecordingBeganSuspendsTheTouchpadAtPairing() throws {
        let toggles: [(UInt64, Int32)] = [(1_000_000, 0)]
        let (conclusion, scrolls, log) = try explained(with: lid(toggles, tabletMode: true, initiallyOn: true))
        XCTAssertEqual(scrolls, [])
        XCTAssertTrue(
            conclusion.hasPrefix(
                "libinput reported nothing: tablet mode was on as the recording began, and libinput suspended the "
                    + "touchpad as it set the devices up until tablet mode went off 192 ms after they lifted: a "
                    + "suspended touchpad reports no touch; src/evdev-mt-touchpad.c:2550 (libinput 1.22.1)"),
            conclusion + "\n" + log.joined(separator: "\n"))
        let build = try XCTUnwrap(libinputBuilds(["1.31.3"]).first)
        let later = try explained(with: lid(toggles, tabletMode: true, initiallyOn: true), libinput: build)
        XCTAssertEqual(later.scrolls, [])
        XCTAssertTrue(later.conclusion.contains("src/evdev-mt-touchpad.c:2479 (libinput 1.31.3)"), later.conclusion)
        let off = try explained(with: lid(toggles, tabletMode: true))
        XCTAssertFalse(off.scrolls.isEmpty, "off at first, the touchpad scrolls")
    }

    /// A lid shut as the recording began suspends the touchpad as libinput sets the devices up,
    /// unless a quirk says the switch cannot be trusted (a Razer's, a Surface's): libinput then
    /// ignores its first state.
    func testALidShutAsTheRecordingBeganSuspendsTheTouchpadUnlessAQuirkDistrustsIt() throws {
        let shut = try lid([(1_000_000, 0)], initiallyOn: true)
        let trusted = try explained(with: shut)
        XCTAssertEqual(trusted.scrolls, [])
        XCTAssertTrue(
            trusted.conclusion.hasPrefix(
                "libinput reported nothing: the lid was shut as the recording began, and libinput suspended the "
                    + "touchpad as it set the devices up until the lid opened 192 ms after they lifted: a suspended "
                    + "touchpad reports no touch; src/evdev-fallback.c:1145 (libinput 1.22.1)"),
            trusted.conclusion + "\n" + trusted.log.joined(separator: "\n"))
        let file = NSTemporaryDirectory() + "write-open-lid-\(getpid()).quirks"
        try "[Lid]\nMatchName=Lid Switch\nAttrLidSwitchReliability=write_open\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        defer { unlink(file) }
        XCTAssertFalse(try explained(with: shut, quirks: [file]).scrolls.isEmpty, "a distrusted lid's first state")
    }
}
