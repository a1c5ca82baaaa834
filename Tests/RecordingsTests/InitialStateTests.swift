import Recordings
import TestSupport
import XCTest

/// The keys, switches and LEDs on as a recording began: read from evemu's `S:` and `L:` lines and
/// evtest's `state 1`, written back by the formats that hold them, and named as lost by those that
/// do not.
final class InitialStateTests: XCTestCase {
    private let tabletMode = Fixtures.directory.appendingPathComponent("keyboard/tablet-mode-on.evemu").path

    private func switches(on: Set<UInt16>) -> Recording {
        var device = DeviceDescription(
            name: "switches", bustype: 0x19,
            codes: [
                Evdev.EV_SYN: [0], Evdev.EV_SW: [0, 1], Evdev.EV_LED: [1],
                Evdev.EV_KEY: [Evdev.BTN_LEFT],
            ])
        device.initiallyOn = InitialState(keysDown: [Evdev.BTN_LEFT], switchesOn: on, ledsOn: [1])
        let frame = [
            EvdevEvent(type: Evdev.EV_SW, code: 0, value: 1),
            EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
        ]
        return Recording(device: device, frames: [EvdevFrame(time: 0, events: frame)])
    }

    func testEvemusSwitchLineStartsTheSwitchOn() throws {
        let recording = try RecordingLoader.load(tabletMode)
        XCTAssertEqual(recording.device.initiallyOn, InitialState(switchesOn: [1]))
        let back = try RecordingLoader.load(text: EvemuFormat.write(recording), file: "back.evemu")
        XCTAssertEqual(back.device.initiallyOn, recording.device.initiallyOn)
    }

    /// evtest prints each code's state; its writer marks those on, and both read back.
    func testEvtestKeepsEveryState() throws {
        let recording = switches(on: [1])
        let text = EvtestFormat.write(recording)
        XCTAssertTrue(text.contains("    Event code 1 (SW_TABLET_MODE) state 1\n"), text)
        XCTAssertTrue(text.contains("    Event code 0 (SW_LID)\n"), text)
        XCTAssertEqual(try EvtestFormat.parse(text, file: "paste.txt").device.initiallyOn, recording.device.initiallyOn)
        let zero = text.replacingOccurrences(of: "(SW_TABLET_MODE) state 1", with: "(SW_TABLET_MODE) state 0")
        XCTAssertEqual(try EvtestFormat.parse(zero, file: "paste.txt").device.initiallyOn.switchesOn, [])
    }

    /// evemu keeps switches and LEDs but no key; libinput record's YAML keeps none.
    func testFormatsThatCannotCarryAStateSayWhichTheyLose() {
        let recording = switches(on: [1])
        func losses(_ format: RecordingFormat) -> [String] { format.losses(of: recording, in: format.text(recording)) }
        let phrase = " cannot carry the keys, switches and LEDs on as the recording began (the converted file starts "
        XCTAssertEqual(losses(.evemu), ["evemu" + phrase + "them off): BTN_LEFT on"])
        XCTAssertEqual(losses(.yaml), ["yaml" + phrase + "them off): BTN_LEFT on, SW_TABLET_MODE on, LED_CAPSL on"])
        XCTAssertEqual(losses(.evtest), [])
    }

    func testAStateForACodeTheDeviceLacksIsRefusedAtItsLine() throws {
        let text = try String(contentsOfFile: tabletMode, encoding: .utf8)
        let lid = text.replacingOccurrences(of: "S: 01 1", with: "S: 00 1")
        let line = lid.components(separatedBy: "\n").firstIndex(of: "S: 00 1").map { $0 + 1 }
        XCTAssertThrowsError(try RecordingLoader.load(text: lid, file: "lid.evemu")) { error in
            XCTAssertEqual(
                "\(error)", "lid.evemu:\(line ?? 0): a state for SW_LID, which the device does not have (read as evemu)"
            )
        }
        XCTAssertThrowsError(
            try RecordingLoader.load(text: text.replacingOccurrences(of: "S: 01 1", with: "S: 01"), file: "s.evemu")
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("s.evemu:\(line ?? 0): S: needs a hex code and a state"), "\(error)")
        }
    }
}
