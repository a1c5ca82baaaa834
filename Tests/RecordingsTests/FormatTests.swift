import Foundation
@testable import Recordings
import XCTest
import TestSupport

final class FormatTests: XCTestCase {
    let fixtures = Fixtures.evemu

    /// Codes listed as `# Event code N (NAME)` comments under `# Event type T`, as evemu 1.2+ writes them.
    func commentedCapabilities(_ text: String) -> [UInt16: Set<UInt16>] {
        var listed: [UInt16: Set<UInt16>] = [:]
        var type: UInt16 = 0
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            let words = line.dropFirst().split(separator: " ")
            if words.count >= 3, words[0] == "Event", words[1] == "type", let t = UInt16(words[2]) { type = t }
            if words.count >= 3, words[0] == "Event", words[1] == "code", let c = UInt16(words[2]), type != 0 {
                listed[type, default: []].insert(c)
            }
        }
        return listed
    }

    /// evemu files list their capabilities twice: as comments and as `B:` bitmasks. The parsed
    /// bitmasks must say what the comments say, also where the writer left a type out of `B: 00`.
    func testEvemuBitmasksMatchTheCommentedCapabilityList() throws {
        for name in ["touchpads_bcm5974.three-finger-click.events", "mice_Apple_Touch_Mouse.evemu"] {
            let path = fixtures.appendingPathComponent(name).path
            let listed = commentedCapabilities(try String(contentsOfFile: path, encoding: .utf8))
            let recording = try RecordingLoader.load(path)
            XCTAssertFalse(listed.isEmpty, name)
            for (t, codes) in listed {
                XCTAssertEqual(recording.device.codes[t] ?? [], codes, "\(name): type \(t)")
            }
        }
        let bcm = try RecordingLoader.load(
            fixtures.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path)
        XCTAssertEqual(bcm.device.name, "bcm5974")
        XCTAssertEqual([bcm.device.bustype, bcm.device.vendor, bcm.device.product], [0x03, 0x05ac, 0x0249])
        XCTAssertEqual(bcm.device.absinfo[Evdev.ABS_MT_POSITION_X], AbsInfo(minimum: -4620, maximum: 5140))
    }

    /// A header-less `.events` file takes the longest-prefix `.desc` beside it.
    func testEventsWithoutHeaderPairWithTheLongestPrefixDescription() throws {
        let events = fixtures.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-vertical.events"
        ).path
        XCTAssertEqual(
            RecordingLoader.matchingDescription(for: events),
            fixtures.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc").path)
        let recording = try RecordingLoader.load(events)
        XCTAssertEqual(
            recording.device.absinfo[Evdev.ABS_X]?.maximum, 5728, "the hp8470p description, not the generic one")
        XCTAssertTrue(recording.frames.allSatisfy { $0.events.last?.isSynReport == true })
        XCTAssertEqual(recording.frames.first?.time, 0)
    }

    func testEvemuRoundTripsARealRecording() throws {
        let real = try RecordingLoader.load(
            fixtures.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events").path)
        let back = try EvemuFormat.parseRecording(EvemuFormat.write(real), file: "roundtrip.evemu")
        XCTAssertEqual(back, real)
    }

    /// evemu reads a `B:` line's first 8 bytes and no more (`parse_mask`): each line written holds 8,
    /// a type's mask over as many lines as it takes, and the first line is evemu's own for every
    /// device (`B: 00 0b`), which does not give a keyboard an EV_ABS it has no code of.
    func testEvemuMasksAreWrittenAndReadEightBytesALine() throws {
        let pad = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let lines = EvemuFormat.header(pad).split(separator: "\n").filter { $0.hasPrefix("B: ") || $0.hasPrefix("P: ") }
        XCTAssertEqual(lines.first { $0.hasPrefix("B: ") }, "B: 00 0b 00 00 00 00 00 00 00")
        XCTAssertEqual(lines.filter { $0.hasPrefix("B: 01 ") }.count, 12, "KEY_MAX's 96 bytes")
        for line in lines {
            XCTAssertEqual(line.split(separator: " ").count, line.hasPrefix("B: ") ? 10 : 9, "\(line)")
        }
        let keyboard = try RecordingLoader.load(Fixtures.directory.appendingPathComponent("keyboard/typing.evemu").path)
        XCTAssertNil(keyboard.device.codes[Evdev.EV_ABS], "\(keyboard.device.codes.keys.sorted())")
        let back = try EvemuFormat.parseRecording(EvemuFormat.write(pad), file: "back.evemu")
        XCTAssertEqual(back.device.codes, pad.device.codes)
        XCTAssertEqual(back.device.properties, pad.device.properties)
        // A type past EV_MAX, which evemu refuses as no type, is refused at its line.
        let past = EvemuFormat.header(pad).replacingOccurrences(
            of: "B: 00 0b", with: "B: 20 01 00 00 00 00 00 00 00\nB: 00 0b")
        XCTAssertThrowsError(try EvemuFormat.parseRecording(past, file: "past.evemu")) { error in
            let line = past.split(separator: "\n").firstIndex { $0.hasPrefix("B: 20") }.map { $0 + 1 }
            XCTAssertEqual("\(error)", "past.evemu:\(line ?? 0): B: 20 is no event type (EV_MAX is 0x1f)")
        }
    }

    /// evtest 1.32 names a synchronization by the event type of its number (`EV_SYN` for
    /// SYN_REPORT, `EV_REL` for SYN_MT_REPORT, in its `++++` banner), and evtests of 2011 print
    /// `Report Sync` and `MT Sync`: each read as the code it stands for; their `Config Sync`, which
    /// before 2011 stood for three codes, is refused at its line.
    func testOlderEvtestsSynchronizationBannersAreRead() throws {
        let path = Fixtures.directory.appendingPathComponent("formats/pinch-in.events-only.evtest").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let original = try RecordingLoader.load(text: text, file: "new.evtest")
        for name in ["EV_SYN", "Report Sync"] {
            let older = text.replacingOccurrences(of: "- SYN_REPORT -", with: "- \(name) -")
            XCTAssertEqual(try RecordingLoader.load(text: older, file: "old.evtest").frames, original.frames, name)
        }
        for name in ["EV_REL", "MT Sync", "SYN_MT_REPORT"] {
            let banner = "Event: time 1.000000, ++++++++++++++ \(name) ++++++++++++"
            let read = try EvtestFormat.eventLine(banner, file: "old.evtest", line: 1)
            XCTAssertEqual(read?.1, EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_MT_REPORT, value: 0), name)
        }
        let config = text.replacingOccurrences(of: "- SYN_REPORT -", with: "- Config Sync -")
        XCTAssertThrowsError(try RecordingLoader.load(text: config, file: "old.evtest")) {
            XCTAssertTrue("\($0)".hasPrefix("old.evtest:18: \"Config Sync\" is how evtests before 2011"), "\($0)")
        }
    }

    /// evtest and evemu-record run without a device print a chooser first (on stderr, which a
    /// terminal's paste or `2>&1` keeps): it is passed over, said once, its prompt's answer with it
    /// or, captured without an echo, the line its prompt shares read after it.
    func testTheDeviceChooserBeforeALogIsPassedOver() throws {
        let pinch = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let chooser =
            "No device specified, trying to scan all of /dev/input/event*\nAvailable devices:\n"
            + "/dev/input/event0:\tPower Button\n/dev/input/event5:\tETPS/2 Elantech Touchpad\n"
        let prompt = "Select the device event number [0-5]: "
        for format in [RecordingFormat.evtest, .evemu] {
            let text = format.text(pinch)
            for (pasted, lines) in [
                (chooser + prompt + "5\n" + text, "lines 1–5"), (chooser + prompt + text, "lines 1–5"),
                (prompt + "5\n" + text, "line 1"),
            ] {
                let read = try RecordingLoader.load(text: pasted, file: "pasted")
                XCTAssertEqual(read.frames, try RecordingLoader.load(text: text, file: "plain").frames, "\(format)")
                XCTAssertEqual(
                    read.notes.first,
                    "\(lines): the device chooser evtest and evemu-record print when no device is named: passed over")
            }
        }
        // Before a log of events alone, whose reading sets its notes whole, it is said too.
        let events = RecordingFormat.evemu.text(pinch).split(separator: "\n").filter { $0.hasPrefix("E:") }
        let alone = try RecordingLoader.load(
            text: chooser + prompt + "5\n" + events.joined(separator: "\n") + "\n", file: "alone.evemu")
        XCTAssertEqual(
            alone.notes.first,
            "lines 1–5: the device chooser evtest and evemu-record print when no device is named: passed over")
    }

    /// A range given for an axis the device does not declare is dropped on reading, in every
    /// format, as libevdev ignores it: evemu, which declares axes apart from their ranges, would
    /// write it back as a range no one reads, and read back a description of its own.
    func testARangeOfAnUndeclaredAxisIsDropped() throws {
        let yaml = try String(contentsOf: Fixtures.synthesized.appendingPathComponent("pinch-in.yml"), encoding: .utf8)
            .replacingOccurrences(of: "    absinfo:\n", with: "    absinfo:\n      59: [0, 10, 0, 0, 0]\n")
        let read = try RecordingLoader.load(text: yaml, file: "extra.yml")
        XCTAssertNil(read.device.absinfo[59])
        let back = try EvemuFormat.parseRecording(EvemuFormat.write(read), file: "back.evemu")
        XCTAssertEqual(back.device.absinfo, read.device.absinfo)
        XCTAssertEqual(back.device.codes, read.device.codes)
    }

    func testEvtestTextParses() throws {
        let text = """
            Input driver version is 1.0.1
            Input device ID: bus 0x18 vendor 0x6cb product 0x76af version 0x100
            Input device name: "DELL0926:00 06CB:76AF Touchpad"
            Supported events:
              Event type 0 (EV_SYN)
              Event type 1 (EV_KEY)
                Event code 272 (BTN_LEFT)
                Event code 330 (BTN_TOUCH)
              Event type 3 (EV_ABS)
                Event code 0 (ABS_X)
                  Value    412
                  Min        0
                  Max     1236
                  Resolution      12
                Event code 57 (ABS_MT_TRACKING_ID)
                  Value      0
                  Min        0
                  Max    65535
            Properties:
              Property type 0 (INPUT_PROP_POINTER)
              Property type 2 (INPUT_PROP_BUTTONPAD)
            Testing ... (interrupt to exit)
            Event: time 1510000000.100000, type 3 (EV_ABS), code 57 (ABS_MT_TRACKING_ID), value 4
            Event: time 1510000000.100000, type 1 (EV_KEY), code 330 (BTN_TOUCH), value 1
            Event: time 1510000000.100000, -------------- SYN_REPORT ------------
            Event: time 1510000000.112000, type 3 (EV_ABS), code 0 (ABS_X), value 420
            Event: time 1510000000.112000, -------------- SYN_REPORT ------------
            """
        let r = try EvtestFormat.parse(text, file: "t.evtest")
        XCTAssertEqual(r.device.name, "DELL0926:00 06CB:76AF Touchpad")
        XCTAssertEqual(r.device.bustype, 0x18)
        XCTAssertEqual(r.device.product, 0x76af)
        XCTAssertEqual(r.device.codes[Evdev.EV_KEY], [272, 330])
        XCTAssertEqual(r.device.absinfo[Evdev.ABS_X], AbsInfo(value: 412, minimum: 0, maximum: 1236, resolution: 12))
        XCTAssertEqual(r.device.properties, [0, 2])
        XCTAssertEqual(r.frames.map(\.time), [0, 12000])
        XCTAssertEqual(r.frames[1].events.first, EvdevEvent(type: 3, code: 0, value: 420))
        XCTAssertThrowsError(try EvtestFormat.parse(text + "\nEvent: time 1510000000.2, type 3", file: "t.evtest")) {
            error in
            XCTAssertEqual((error as? RecordingError)?.line, 28)
        }
    }

    func testFramesCloseAtSynReportAndKeepTimeMonotonic() {
        let e = EvdevEvent(type: 3, code: 0, value: 1), syn = EvdevEvent(type: 0, code: 0, value: 0)
        let recording = Recording(
            device: DeviceDescription(name: "pad"),
            events: [(1_000_000, e), (1_000_000, syn), (900_000, e), (900_000, syn), (1_200_000, e)])
        XCTAssertEqual(recording.frames.map(\.time), [0, 0, 200_000])
        XCTAssertEqual(recording.frames.last?.events, [e, syn], "a trailing partial frame is closed")
        XCTAssertEqual(
            recording.notes, ["the last frame has no SYN_REPORT (the file was cut mid-frame): closed with one"])
    }

    /// An evemu description of a pad with one axis, X from 0 to 100.
    private static let padHeader =
        "N: pad\nI: 0011 0002 000e 0000\nB: 00 09 00 00 00 00 00 00 00\nB: 03 01 00 00 00 00 00 00 00\nA: 00 0 "
        + "100 0 0 0\n"

    func testAFrameWhoseEventsGoBackKeepsItsSynReportsTime() throws {
        let e = EvdevEvent(type: 3, code: 0, value: 1), syn = EvdevEvent(type: 0, code: 0, value: 0)
        let spread = Recording(
            device: DeviceDescription(name: "pad"), events: [(0, e), (0, syn), (8_000, e), (8_010, e), (8_020, syn)])
        XCTAssertEqual(
            spread.frames.map(\.time), [0, 8_000], "events a few µs apart, as evemu 1.x stamps them: the first's time")
        let back = Recording(
            device: DeviceDescription(name: "pad"), events: [(0, e), (0, syn), (8_073, e), (8_000, e), (8_000, syn)])
        XCTAssertEqual(back.frames.map(\.time), [0, 8_000], "going back within the frame: its SYN_REPORT's time")

        let events =
            "E: 1.000000 0003 0000 5\nE: 1.000000 0000 0000 0\nE: 1.008073 0003 0000 6\nE: 1.008000 0000 0000 0\n"
        let read = try RecordingLoader.load(text: Self.padHeader + events, file: "back.evemu")
        XCTAssertEqual(read.frames.map(\.time), [0, 8_000])
        XCTAssertEqual(read.notes.count, 1)
        XCTAssertTrue(
            read.notes[0].hasPrefix("timestamps go back within a frame (first at line 9, by 0.000073 s)"), read.notes[0]
        )
        XCTAssertThrowsError(
            try RecordingLoader.load(text: Self.padHeader + events + "E: 1.007000 0003 0000 7\n", file: "back.evemu"),
            "an event before the last frame's time: the file was edited"
        ) { error in
            XCTAssertEqual((error as? RecordingError)?.line, 10)
        }
    }

    /// A frame whose events are stamped further apart than any real log's (a log edited by hand)
    /// takes its SYN_REPORT's time, as the kernel stamps a frame when its SYN_REPORT passes it
    /// on, and says so once; one spread as real logs are keeps its first event's.
    func testAFrameSpreadWiderThanARealLogsTakesItsSynReportsTime() throws {
        let events =
            "E: 1.000000 0003 0000 5\nE: 1.000000 0000 0000 0\nE: 1.008000 0003 0000 6\nE: 1.008359 0000 0000 0\n"
            + "E: 1.020000 0003 0000 7\nE: 1.520000 0000 0000 0\nE: 1.600000 0003 0000 8\nE: 1.700000 0000 0000 0\n"
        let read = try RecordingLoader.load(text: Self.padHeader + events, file: "spread.evemu")
        XCTAssertEqual(read.frames.map(\.time), [0, 8_000, 520_000, 700_000])
        XCTAssertEqual(
            read.notes,
            [
                "a frame's events are stamped 0.500000 s apart (first at line 11), wider than a real log's frames: "
                    + "each such frame takes its SYN_REPORT's time, as the kernel stamps it"
            ])
    }

    func testEvtestHeaderLinesGluedTogetherAndTheReadFailureLineAreRead() throws {
        let text = """
            Input device name: "pad"
            Supported events:
              Event type 3 (EV_ABS)
                Event code 0 (ABS_X)
                  Value      7
                  Min        0
                  Max     1000
                  Resolution      12 Event code 1 (ABS_Y)
                  Value      0
                  Min        0
                  Max      500
            Testing ... (interrupt to exit)
            Event: time 1.000000, type 3 (EV_ABS), code 1 (ABS_Y), value 4
            Event: time 1.000000, -------------- SYN_REPORT ------------
            expected 24 bytes, got -1
            """
        let r = try RecordingLoader.load(text: text, file: "glued.evtest")
        XCTAssertEqual(r.device.absinfo[Evdev.ABS_X], AbsInfo(value: 7, minimum: 0, maximum: 1000, resolution: 12))
        XCTAssertEqual(r.device.absinfo[Evdev.ABS_Y], AbsInfo(minimum: 0, maximum: 500))
        XCTAssertEqual(r.notes, ["line 8: two header lines shared a line: read as two"])
        XCTAssertEqual(r.frames.count, 1)
    }

    /// Keys that are not scalars stall Yams (nested duplicates compare exponentially), so the
    /// guard refuses them by scanning the text; `?`, `[`, `:` inside quotes and comments are
    /// ordinary text.
    func testYAMLGuardFindsKeysThatAreNotScalarsOutsideQuotesAndComments() {
        XCTAssertEqual(YAMLGuard.complexKeyLine(in: "a: 1\n? [x]\n: y\n"), 2)
        XCTAssertEqual(YAMLGuard.complexKeyLine(in: "a: 1\n[x, y]: z\n"), 2)
        XCTAssertEqual(YAMLGuard.complexKeyLine(in: "a: {b: c, {d: e}: f}\n"), 1)
        XCTAssertEqual(YAMLGuard.complexKeyLine(in: "a: &k b\n*k : c\n"), 2)
        XCTAssertEqual(YAMLGuard.complexKeyLine(in: "- ? - x\n  : y\n"), 1)
        let plain = """
            # why? [a]: b
            name: "Pad ? [x]: \\" y"
            other: 'it''s ? {z}: w'
            list: [1, [2, 3], {a: b}]
            ref: &r [1]
            use: *r
            url: http://example.com/?q=1
            """
        XCTAssertNil(YAMLGuard.complexKeyLine(in: plain))
    }

    /// Anchors that expand to over a million nodes, and a base-60 integer Yams would overflow
    /// on, are bad data with their line rather than a stall or a trap.
    func testYAMLGuardRefusesAliasBombsAndOverflowingBase60() throws {
        var bomb = "version: 1\na0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for level in 1...7 {
            bomb +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        XCTAssertThrowsError(try LibinputRecordFormat.parse(bomb, file: "bomb.yml")) { error in
            XCTAssertTrue("\(error)".contains("more than 1000000 values"), "\(error)")
        }
        XCTAssertTrue(YAMLGuard.overflows("+2040000000000000000:0"))
        // Yams drops the digit separator before it reads the number (fuzzing found this one).
        XCTAssertTrue(YAMLGuard.overflows("+_2240000000000000000:0"))
        XCTAssertThrowsError(try LibinputRecordFormat.parse("version: +_2240000000000000000:0\t", file: "f.yml")) {
            XCTAssertTrue("\($0)".contains("f.yml:1: \"+_2240000000000000000:0\" is a base-60 number"), "\($0)")
        }
        XCTAssertTrue(YAMLGuard.overflows("1:0:0:0:0:0:0:0:0:0:0"))
        XCTAssertFalse(YAMLGuard.overflows("1:0:0:0:0:0:0:0:0:0"))
        XCTAssertFalse(YAMLGuard.overflows("01:99999999999999999999"))
        XCTAssertFalse(YAMLGuard.overflows("12:30"))
    }
    /// A record read with Yams' basic resolver: a quoted number is still a name, a device
    /// without absinfo (a mouse) parses, and a udev property needs a name.
    func testLibinputRecordNamesUdevPropertiesAndAMouseWithoutAbsinfo() throws {
        let text = """
            version: 1
            ndevices: 1
            devices:
            - node: /dev/input/event0
              evdev:
                name: "1"
                id: [3, 1133, 49271, 273]
                codes:
                  0: [0]
                  1: [272]
                  2: [0, 1]
              udev:
                properties:
                - ID_INPUT=1
                - ID_INPUT_MOUSE=1
              events:
              - evdev:
                - [0, 0, 2, 0, 1]
                - [0, 0, 0, 0, 0]
            """
        let recording = try LibinputRecordFormat.parse(text, file: "mouse.yml")
        XCTAssertEqual(recording.device.name, "1")
        XCTAssertEqual(recording.device.udevProperties, ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"])
        XCTAssertEqual(recording.device.codes[2], [0, 1])
        XCTAssertEqual(recording.frames.count, 1)
        // A property without a name, or without its value, is refused at its line.
        for bad in ["\"=x\"", "=", "ID_INPUT_TOUCHPAD"] {
            let edited = text.replacingOccurrences(of: "- ID_INPUT_MOUSE=1", with: "- " + bad)
            XCTAssertThrowsError(try LibinputRecordFormat.parse(edited, file: "mouse.yml"), bad) { error in
                XCTAssertEqual("\(error)", "mouse.yml:15: a udev property is NAME=VALUE", bad)
            }
        }
        // A line break would add a line of its own to udev's database: a property of its choosing.
        for (bad, problem) in [
            (
                "\"ID_INPUT_MOUSE=1\\nE: LIBINPUT_IGNORE_DEVICE=1\"",
                "udev property ID_INPUT_MOUSE holds a control character, U+000A, in its value "
                    + "\"1\\nE: LIBINPUT_IGNORE_DEVICE=1\""
            ),
            (
                "\"ID_INPUT_MOUSE=1\\u2029\"",
                "udev property ID_INPUT_MOUSE holds a line or paragraph separator, U+2029, in its value "
                    + "\"1\\u{2029}\""
            ),
            ("\"ID INPUT=1\"", "udev property name \"ID INPUT\" is not letters, digits and _"),
        ] {
            let edited = text.replacingOccurrences(of: "- ID_INPUT_MOUSE=1", with: "- " + bad)
            XCTAssertThrowsError(try LibinputRecordFormat.parse(edited, file: "mouse.yml"), bad) { error in
                XCTAssertEqual("\(error)", "mouse.yml:15: " + problem, bad)
            }
        }
        // Nor may the device's name, which umockdev's description of the device and the kernel's C
        // strings hold on one line.
        let nameLine = try XCTUnwrap(text.split(separator: "\n").firstIndex { $0.contains("name: \"1\"") }) + 1
        for (bad, problem) in [
            ("a\\tb", "a control character, U+0009"), ("a\\u2028b", "a line or paragraph separator, U+2028"),
            // NEL, a C1 control, ends a line of umockdev's description as a newline does.
            ("a\\u0085b", "a control character, U+0085"),
        ] {
            let edited = text.replacingOccurrences(of: "name: \"1\"", with: "name: \"\(bad)\"")
            XCTAssertThrowsError(try LibinputRecordFormat.parse(edited, file: "mouse.yml"), bad) { error in
                XCTAssertEqual("\(error)", "mouse.yml:\(nameLine): the device name holds " + problem, bad)
            }
        }
    }
}

/// A libinput record whose header keys a YAML tool moved after the events (sorted, `devices:`
/// first) reads as the file libinput wrote.
final class ReorderedRecordTests: XCTestCase {
    func testTheHeaderAfterTheEventsReadsTheSame() throws {
        let path = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let devices = try XCTUnwrap(lines.firstIndex(of: "devices:"))
        let reordered = (lines[devices...] + lines[1..<devices]).joined(separator: "\n") + "\n"
        let file = temporaryPath("reordered.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try reordered.write(toFile: file, atomically: false, encoding: .utf8)
        let original = try RecordingLoader.load(path), read = try RecordingLoader.load(file)
        XCTAssertEqual(read.device, original.device)
        XCTAssertEqual(read.frames, original.frames)
    }
}

/// What YAML tools and folders add around a recording is read past.
final class SurroundingsTests: XCTestCase {
    /// A document start (`---`), a directive and a document end (`...`), as YAML tools write
    /// them, leave the recording as it was.
    func testAYAMLDocumentsMarkersAreReadPast() throws {
        let path = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let plain = try RecordingLoader.load(path)
        for marked in ["---\n" + text, "%YAML 1.2\n---\n" + text + "...\n"] {
            XCTAssertEqual(try RecordingLoader.load(text: marked, file: "marked.yml").frames, plain.frames)
        }
    }

    /// A folder named as the `.desc` beside an event log is no description of it.
    func testAFolderNamedAsADescriptionIsNotOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("desc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("pad.desc"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        XCTAssertNil(RecordingLoader.matchingDescription(for: dir.appendingPathComponent("pad.tap.events").path))
        try "N: pad\n".write(to: dir.appendingPathComponent("pad.tap.desc"), atomically: true, encoding: .utf8)
        XCTAssertEqual(
            RecordingLoader.matchingDescription(for: dir.appendingPathComponent("pad.tap.events").path),
            dir.appendingPathComponent("pad.tap.desc").path)
    }
}

/// A header value that cannot be read is named for what it is, at its line.
final class HeaderValueMessageTests: XCTestCase {
    private let pad = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed/yaml-cr-line-ends.yml")

    func testOutOfRangeAndMistypedValuesSayWhat() throws {
        let text = try String(contentsOf: pad, encoding: .utf8).replacingOccurrences(of: "\r", with: "\n")
        for (edited, expected) in [
            (
                text.replacingOccurrences(of: "[0, 1000, 0, 0, 10]", with: "[0, 9223372036854775807, 0, 0, 10]"),
                "p.yml:13: absinfo values out of range: each is a 32-bit integer"
            ),
            (
                text.replacingOccurrences(of: "version: 1", with: "version: [1]"),
                "p.yml:1: the version must be the number 1"
            ),
            (
                text.replacingOccurrences(of: "version: 1", with: "version:"),
                "p.yml:1: the version must be the number 1"
            ),
        ] {
            XCTAssertThrowsError(try LibinputRecordFormat.parse(edited, file: "p.yml")) { error in
                XCTAssertEqual("\(error)", expected)
            }
        }
        let chromeOS = "# device: pad\n# absinfo: 53 0 99999999999999999999 0 0 31\n"
        XCTAssertThrowsError(try ChromeOSEvdevLog.parse(chromeOS, file: "c.log")) { error in
            XCTAssertEqual(
                "\(error)", "c.log:2: # absinfo: each of code min max fuzz flat resolution is a 32-bit integer")
        }
    }

    /// The format asked for wins; then the output's extension; then YAML, or evemu for a
    /// description alone, the format description files come in.
    func testTheWrittenFormatIsTheAskedTheExtensionsOrTheDefault() {
        XCTAssertEqual(RecordingFormat.chosen(.evtest, path: "out.yml", descriptionOnly: true), .evtest)
        XCTAssertEqual(RecordingFormat.chosen(nil, path: "out.getevent", descriptionOnly: true), .getevent)
        XCTAssertEqual(RecordingFormat.chosen(nil, path: "out.unknown"), .yaml)
        XCTAssertEqual(RecordingFormat.chosen(nil, path: nil), .yaml)
        XCTAssertEqual(RecordingFormat.chosen(nil, path: nil, descriptionOnly: true), .evemu)
    }
}
