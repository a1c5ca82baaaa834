import Recordings
import XCTest

/// What a format cannot carry is found by reading the written text back, and said per aspect.
final class ConversionLossTests: XCTestCase {
    private func pad(slot: Int32 = 0) -> Recording {
        let device = DeviceDescription(
            name: "pad", bustype: 0x18, vendor: 0x6cb, product: 0x76af,
            codes: [
                Evdev.EV_SYN: [0], Evdev.EV_KEY: [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER, Evdev.BTN_LEFT],
                Evdev.EV_ABS: [
                    Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_SLOT, Evdev.ABS_MT_TRACKING_ID, Evdev.ABS_MT_POSITION_X,
                    Evdev.ABS_MT_POSITION_Y,
                ],
                Evdev.EV_MSC: [Evdev.MSC_TIMESTAMP],
            ],
            absinfo: [
                Evdev.ABS_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 12),
                Evdev.ABS_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 12),
                Evdev.ABS_MT_SLOT: AbsInfo(value: slot, minimum: 0, maximum: 1),
                Evdev.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
                Evdev.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 1000, resolution: 12),
                Evdev.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 500, resolution: 12),
            ],
            properties: [Evdev.INPUT_PROP_POINTER, Evdev.INPUT_PROP_BUTTONPAD],
            udevProperties: ["ID_INPUT_WIDTH_MM": "83"])
        let frame = [
            EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TRACKING_ID, value: 3),
            EvdevEvent(type: Evdev.EV_ABS, code: Evdev.ABS_MT_POSITION_X, value: 40),
            EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH, value: 1),
            EvdevEvent(type: Evdev.EV_MSC, code: Evdev.MSC_TIMESTAMP, value: 7000),
            EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
        ]
        return Recording(device: device, frames: [EvdevFrame(time: 0, events: frame)])
    }

    func testEachFormatNamesWhatItLosesAndNothingElse() {
        let recording = pad(slot: 1)
        func losses(_ format: RecordingFormat) -> [String] { format.losses(of: recording, in: format.text(recording)) }
        XCTAssertEqual(
            losses(.yaml),
            [
                "yaml cannot carry the axes' values the kernel starts from (the converted file starts them at 0): "
                    + "ABS_MT_SLOT 1"
            ])
        XCTAssertEqual(
            losses(.evemu),
            [
                "evemu cannot carry the axes' values the kernel starts from (the converted file starts them at 0): "
                    + "ABS_MT_SLOT 1",
                "evemu cannot carry udev properties: ID_INPUT_WIDTH_MM=83",
            ])
        XCTAssertEqual(losses(.evtest), ["evtest cannot carry udev properties: ID_INPUT_WIDTH_MM=83"])
        XCTAssertEqual(losses(.getevent), ["getevent cannot carry udev properties: ID_INPUT_WIDTH_MM=83"])
        XCTAssertEqual(
            losses(.chromeos).first, "chromeos cannot carry the device's ids: bus 0x18, vendor 0x6cb, product 0x76af")
        XCTAssertEqual(pad().device.udevProperties.count, 1)
        let plain = { (r: Recording) -> Recording in
            var r = r; r.device.udevProperties = [:]; return r
        }(pad())
        XCTAssertEqual(
            RecordingFormat.evtest.losses(of: plain, in: RecordingFormat.evtest.text(plain)), [],
            "evtest keeps all of a plain device")
    }

    /// A mouse held down repeats as the kernel makes it, a frame of the key at value 2 ended by
    /// SYN_REPORT 1. evtest prints no SYN_REPORT value, so its reader takes such a frame for the
    /// kernel's; and it lists the repeat codes the device has: the mouse goes through evtest whole.
    func testAKernelsAutorepeatGoesThroughEvtest() throws {
        let mouse = DeviceDescription(
            name: "mouse", bustype: 0x5,
            codes: [
                Evdev.EV_SYN: [0], Evdev.EV_KEY: [Evdev.BTN_LEFT], Evdev.EV_REL: [0, 1], Evdev.EV_REP: [0],
            ])
        let event = { (type: UInt16, code: UInt16, value: Int32) in EvdevEvent(type: type, code: code, value: value) }
        let frames = [
            EvdevFrame(time: 0, events: [event(Evdev.EV_KEY, Evdev.BTN_LEFT, 1), event(Evdev.EV_SYN, 0, 0)]),
            EvdevFrame(time: 250_000, events: [event(Evdev.EV_KEY, Evdev.BTN_LEFT, 2), event(Evdev.EV_SYN, 0, 1)]),
            EvdevFrame(time: 260_000, events: [event(Evdev.EV_REL, 0, 3), event(Evdev.EV_SYN, 0, 0)]),
            EvdevFrame(time: 283_000, events: [event(Evdev.EV_KEY, Evdev.BTN_LEFT, 2), event(Evdev.EV_SYN, 0, 1)]),
            EvdevFrame(time: 290_000, events: [event(Evdev.EV_KEY, Evdev.BTN_LEFT, 0), event(Evdev.EV_SYN, 0, 0)]),
        ]
        let recording = Recording(device: mouse, frames: frames)
        let text = RecordingFormat.evtest.text(recording)
        XCTAssertEqual(RecordingFormat.evtest.losses(of: recording, in: text), [])
        XCTAssertFalse(text.contains("REP_PERIOD"), text)
        // Its events alone, as a log without evtest's header, read the repeats alike.
        let events = text.split(separator: "\n").filter { $0.hasPrefix("Event:") }.joined(separator: "\n") + "\n"
        let alone = try RecordingLoader.load(text: events, file: "repeats.evtest")
        XCTAssertEqual(alone.frames.map { $0.events.last?.value }, frames.map { $0.events.last?.value })
    }

    func testDescriptionDifferencesNameTheAspectAndBothSides() {
        var other = pad().device
        other.absinfo[Evdev.ABS_MT_SLOT]?.value = 1
        other.vendor = 0x2
        other.codes[Evdev.EV_MSC] = []
        let differences = DescriptionDifference.between(pad().device, other, udev: false)
        XCTAssertEqual(differences.map(\.aspect), [.ids, .codes, .axisValues])
        XCTAssertEqual(
            differences.map(\.text),
            ["vendor: 0x6cb against 0x2", "MSC_TIMESTAMP: yes against -", "ABS_MT_SLOT: 0 against 1"])
        XCTAssertEqual(DescriptionDifference.between(pad().device, pad().device), [])
        // A side that lacks an item is nil, told apart from a value that reads "-".
        var dashed = pad().device
        dashed.udevProperties["LIBINPUT_MODEL_X"] = "-"
        let udev = DescriptionDifference.between(dashed, pad().device).filter { $0.aspect == .udevProperties }
        XCTAssertEqual(udev.map(\.expectedValue), ["-"])
        XCTAssertEqual(udev.map(\.actualValue), [nil])
        XCTAssertEqual(udev.map(\.text), ["LIBINPUT_MODEL_X: - against -"])
    }
}
