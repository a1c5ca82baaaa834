import Recordings
import TestSupport
import XCTest

/// The switches and LEDs on as a recording began: read from evemu's `S:` and `L:` lines and
/// evtest's `state 1`, written back by the formats that hold them, named as lost by those that do
/// not, and put down by a window's first frame.
final class InitialStateTests: XCTestCase {
    private let tabletMode = Fixtures.directory.appendingPathComponent("keyboard/tablet-mode-on.evemu").path

    private func switches(on: Set<UInt16>) -> Recording {
        var device = DeviceDescription(
            name: "switches", bustype: 0x19,
            codes: [
                Evdev.EV_SYN: [0], Evdev.EV_SW: [0, 1], Evdev.EV_LED: [1],
                Evdev.EV_KEY: [Evdev.BTN_LEFT],
            ])
        device.initiallyOn = InitialState(switchesOn: on, ledsOn: [1])
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

    /// evtest prints each code's state; its writer marks the switches and LEDs on, and both read
    /// back. A key held is read as up: keys start up, as slots start empty.
    func testEvtestKeepsTheSwitchesAndLEDsOn() throws {
        let recording = switches(on: [1])
        let text = EvtestFormat.write(recording)
        XCTAssertTrue(text.contains("    Event code 1 (SW_TABLET_MODE) state 1\n"), text)
        XCTAssertTrue(text.contains("    Event code 0 (SW_LID)\n"), text)
        XCTAssertEqual(try EvtestFormat.parse(text, file: "paste.txt").device.initiallyOn, recording.device.initiallyOn)
        let zero = text.replacingOccurrences(of: "(SW_TABLET_MODE) state 1", with: "(SW_TABLET_MODE) state 0")
        XCTAssertEqual(try EvtestFormat.parse(zero, file: "paste.txt").device.initiallyOn.switchesOn, [])
        let held = text.replacingOccurrences(of: "(BTN_LEFT)\n", with: "(BTN_LEFT) state 1\n")
        XCTAssertNotEqual(held, text)
        XCTAssertEqual(
            try EvtestFormat.parse(held, file: "paste.txt").device, try EvtestFormat.parse(text, file: "t").device)
    }

    /// evemu, evtest and libinput record's comments keep the switches and LEDs on; getevent does not.
    func testFormatsThatCannotCarryAStateSayWhichTheyLose() {
        let recording = switches(on: [1])
        func losses(_ format: RecordingFormat) -> [String] { format.losses(of: recording, in: format.text(recording)) }
        let phrase =
            " cannot carry the switches and LEDs on as the recording began (the converted file starts them off)"
        XCTAssertEqual(losses(.getevent), ["getevent" + phrase + ": SW_TABLET_MODE on, LED_CAPSL on"])
        XCTAssertEqual(losses(.yaml), [])
        XCTAssertEqual(losses(.evemu), [])
        XCTAssertEqual(losses(.evtest), [])
    }

    /// libinput record prints each switch's and LED's state only in the comments above a device's
    /// keys; they are read there, and one that does not fit the device is passed over.
    func testLibinputRecordsCommentsSayWhatWasOn() throws {
        let text = LibinputRecordFormat.write(try RecordingLoader.load(tabletMode)).replacingOccurrences(
            of: "    #       State 1\n",
            with: "    #       State 1\n    # Event type 17 (EV_LED)\n    #   Event code 1 (LED_CAPSL)\n"
                + "    #       State 1\n")
        XCTAssertTrue(text.contains("#   Event code 1 (SW_TABLET_MODE)\n    #       State 1\n"), text)
        var device = try LibinputRecordFormat.parse(text, file: "switches.yml").device
        XCTAssertEqual(device.initiallyOn, InitialState(switchesOn: [Evdev.SW_TABLET_MODE]), "no LED on a switch")
        device.codes[Evdev.EV_LED] = [1]
        device.initiallyOn.ledsOn = [1]
        let withLED = LibinputRecordFormat.write(Recording(device: device, frames: []))
        XCTAssertEqual(try LibinputRecordFormat.parse(withLED, file: "led.yml").device.initiallyOn, device.initiallyOn)
        let plain = text.replacingOccurrences(of: "    #       State 1\n", with: "")
        XCTAssertEqual(try LibinputRecordFormat.parse(plain, file: "plain.yml").device.initiallyOn, InitialState())
    }

    /// A window from a later start begins with nothing on: its first frame turns on what was on
    /// at the cut, and a switch turned off before the cut stays off.
    func testAWindowStartsWithWhatWasOnAtItsCut() throws {
        let recording = try RecordingLoader.load(tabletMode)
        let tabletModeOn = EvdevEvent(type: Evdev.EV_SW, code: Evdev.SW_TABLET_MODE, value: 1)
        let early = recording.window(from: 100_000, to: nil)
        XCTAssertEqual(early.device.initiallyOn, InitialState())
        XCTAssertEqual(early.frames.first?.time, 0)
        XCTAssertEqual(early.frames.first?.events.first, tabletModeOn, "on at the cut")
        let late = recording.window(from: 350_000, to: nil)
        XCTAssertEqual(late.device.initiallyOn, InitialState())
        XCTAssertEqual(late.frames.map(\.events.first), [tabletModeOn], "off at the cut, on again at 0.6 s")
        XCTAssertEqual(recording.window(from: nil, to: 400_000).device.initiallyOn, recording.device.initiallyOn)
    }

    func testAStateForACodeTheDeviceLacksOrSaidTwiceIsRefusedAtItsLine() throws {
        let text = try String(contentsOfFile: tabletMode, encoding: .utf8)
        let lid = text.replacingOccurrences(of: "S: 01 1", with: "S: 00 1")
        let line = lid.components(separatedBy: "\n").firstIndex(of: "S: 00 1").map { $0 + 1 }
        XCTAssertThrowsError(try RecordingLoader.load(text: lid, file: "lid.evemu")) { error in
            XCTAssertEqual(
                "\(error)", "lid.evemu:\(line ?? 0): a state for SW_LID, which the device does not have (read as evemu)"
            )
        }
        XCTAssertThrowsError(
            try RecordingLoader.load(
                text: text.replacingOccurrences(of: "S: 01 1", with: "S: 01 1\nS: 01 0"), file: "t")
        ) { error in
            XCTAssertEqual("\(error)", "t:\((line ?? 0) + 1): a second S: line for SW_TABLET_MODE (read as evemu)")
        }
        XCTAssertThrowsError(
            try RecordingLoader.load(text: text.replacingOccurrences(of: "S: 01 1", with: "S: 01"), file: "s.evemu")
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("s.evemu:\(line ?? 0): S: needs a hex code and a state"), "\(error)")
        }
    }
}
