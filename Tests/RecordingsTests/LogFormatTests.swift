import Foundation
@testable import Recordings
import XCTest
import TestSupport

/// getevent and ChromeOS evdev logs, event-only logs and the description inferred for them,
/// and logs that start mid-gesture.
final class LogFormatTests: XCTestCase {
    static let formats = Fixtures.directory.appendingPathComponent("formats")

    private func sample(_ name: String) -> String { Self.formats.appendingPathComponent(name).path }

    func testGeteventKeepsEveryEventTimestampAndTheDescription() throws {
        for url in Fixtures.recordings {
            let original = try RecordingLoader.load(url.path)
            let text = GeteventFormat.write(original)
            XCTAssertEqual(RecordingLoader.detectFormat(text), .getevent, url.lastPathComponent)
            let back = try RecordingLoader.load(text: text, file: "back.getevent")
            XCTAssertEqual(back.frames, original.frames, url.lastPathComponent)
            XCTAssertEqual(back.device.codes, original.device.codes, url.lastPathComponent)
            XCTAssertEqual(back.device.absinfo, original.device.absinfo, url.lastPathComponent)
            XCTAssertEqual(back.device.properties, original.device.properties, url.lastPathComponent)
            XCTAssertEqual(back.device.name, original.device.name, url.lastPathComponent)
            XCTAssertEqual(
                [original.device.bustype, original.device.vendor, original.device.product],
                [back.device.bustype, back.device.vendor, back.device.product])
            XCTAssertEqual(back.notes, [], "a described log needs no guess")
        }
    }

    /// The ChromeOS log has no ids, no current axis values and no EV_MSC or EV_SW capabilities:
    /// everything else survives.
    func testChromeOSLogKeepsEveryEventTimestampAndWhatItDescribes() throws {
        for url in Fixtures.recordings {
            let original = try RecordingLoader.load(url.path)
            let text = ChromeOSEvdevLog.write(original)
            XCTAssertEqual(RecordingLoader.detectFormat(text), .chromeOS, url.lastPathComponent)
            let back = try RecordingLoader.load(text: text, file: "back.dat")
            XCTAssertEqual(back.frames, original.frames, url.lastPathComponent)
            XCTAssertEqual(back.device.name, original.device.name)
            XCTAssertEqual(back.device.properties, original.device.properties)
            for type in [Evdev.EV_KEY, Evdev.EV_REL, Evdev.EV_ABS, Evdev.EV_LED] {
                XCTAssertEqual(
                    back.device.codes[type] ?? [], original.device.codes[type] ?? [],
                    "\(url.lastPathComponent) type \(type)")
            }
            XCTAssertEqual(
                back.device.absinfo.mapValues { [$0.minimum, $0.maximum, $0.fuzz, $0.flat, $0.resolution] },
                original.device.absinfo.mapValues { [$0.minimum, $0.maximum, $0.fuzz, $0.flat, $0.resolution] },
                url.lastPathComponent)
        }
    }

    /// Each sample says the same events as the recording it was made from.
    func testEverySampleReadsAsTheRecordingItWasMadeFrom() throws {
        let pinch = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let scroll = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path)
        for (name, original) in [
            ("pinch-in.getevent-lt.txt", pinch), ("pinch-in.getevent-t.txt", pinch), ("pinch-in.chromeos.dat", pinch),
            ("pinch-in.chromium-touchscreen.log", pinch), ("pinch-in.events-only.evtest", pinch),
            ("two-finger-scroll.events-only.evemu", scroll),
        ] {
            let read = try RecordingLoader.load(sample(name))
            XCTAssertEqual(read.frames, original.frames, name)
        }
        let chosen = try RecordingLoader.load(sample("two-devices.getevent-lt.txt"), node: "event7")
        XCTAssertEqual(chosen.frames, scroll.frames)
        XCTAssertEqual(
            try RecordingLoader.load(sample("two-devices.getevent-lt.txt"), node: "/dev/input/event4").frames,
            pinch.frames)
    }

    /// `getevent -lt` after `-lp` names each device again, in a block of its own: the log reads
    /// as the described one (the malformed corpus holds a field named twice in one block).
    func testALaterGeteventBlockDescribesItsDeviceAgain() throws {
        let once = try RecordingLoader.load(sample("pinch-in.getevent-lt.txt"))
        var lines = try String(contentsOfFile: sample("pinch-in.getevent-lt.txt"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstEvent = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("[") })
        lines.insert(
            contentsOf: ["add device 1: /dev/input/event10", "  name:     \"ETPS/2 Elantech Touchpad\""], at: firstEvent
        )
        let again = try RecordingLoader.load(text: lines.joined(separator: "\n"), file: "again.txt")
        XCTAssertEqual(again.device, once.device)
        XCTAssertEqual(again.frames, once.frames)
    }

    /// A log that names no device (getevent's line for a node it cannot read, alone) is bad data,
    /// not a choice to make.
    func testALogNamingNoDeviceIsBadData() throws {
        let text = "could not get driver version for /dev/input/mouse0, Not a typewriter\n"
        XCTAssertThrowsError(try RecordingLoader.load(text: text, file: "none.txt")) { error in
            XCTAssertEqual(
                "\(error)", "none.txt: no device: no add device line, and no event (read as getevent output)")
            XCTAssertEqual((error as? RecordingError)?.kind, .badData)
        }
        // A file cut in its only line: the line is left out, as a cut last line is, which leaves no device.
        let cut = temporaryPath("cut.txt")
        try "add device 1: /dev/input/ev".write(toFile: cut, atomically: false, encoding: .utf8)
        defer { unlink(cut) }
        XCTAssertThrowsError(try RecordingLoader.load(cut)) { error in
            XCTAssertEqual(
                "\(error)",
                "\(cut):1: no device: the last line has no line end (the file was cut), and none before it names one "
                    + "(read as getevent output)")
            XCTAssertEqual((error as? RecordingError)?.kind, .badData)
        }
    }

    func testSeveralDevicesWithoutAChoiceIsAUsageErrorListingThem() throws {
        XCTAssertThrowsError(try RecordingLoader.load(sample("two-devices.getevent-lt.txt"))) { error in
            let error = error as? RecordingError
            XCTAssertEqual(error?.kind, .usage)
            XCTAssertTrue(
                error?.message.contains("/dev/input/event4 \"ETPS/2 Elantech Touchpad\", 644 events; /dev/input/event7")
                    == true, "\(String(describing: error))")
        }
        XCTAssertThrowsError(try RecordingLoader.load(sample("two-devices.getevent-lt.txt"), node: "event9")) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .usage)
        }
        // The events of a log of one device's events have no node: they are counted as such.
        XCTAssertThrowsError(try RecordingLoader.load(sample("pinch-in.getevent-lt.txt"), node: "event5")) { error in
            XCTAssertTrue(
                (error as? RecordingError)?.message.hasSuffix(", and 644 events without a node") == true, "\(error)")
        }
        XCTAssertThrowsError(try RecordingLoader.load(sample("pinch-in.getevent-t.txt"), node: "event3")) { error in
            XCTAssertTrue(
                (error as? RecordingError)?.message.hasSuffix("; it names no device and has 644 events without a node")
                    == true, "\(error)")
        }
        // A libinput record names its devices' nodes: one it does not hold is a usage error.
        let yaml = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        XCTAssertThrowsError(try RecordingLoader.load(yaml, node: "event9")) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .usage)
        }
        // Any other file holds one device, which is read, with a word that the node chose nothing.
        let evemu = Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path
        let chosen = try RecordingLoader.load(evemu, node: "event9")
        XCTAssertEqual(chosen.frames, try RecordingLoader.load(evemu).frames)
        XCTAssertTrue(chosen.notes.contains { $0.contains("--device event9") }, "\(chosen.notes)")
    }

    /// Without a description: event types and codes from the log, ranges from the values seen,
    /// a touchpad's keys and properties; every guess said in one note.
    func testAnEventOnlyLogGetsAnInferredDescriptionSayingWhatWasGuessed() throws {
        let read = try RecordingLoader.load(sample("pinch-in.events-only.evtest"))
        let d = read.device
        XCTAssertEqual(read.notes.count, 1)
        XCTAssertTrue(
            read.notes[0].hasPrefix("no device description, so one was inferred from the 644 events"), read.notes[0])
        for code in [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_LEFT] {
            XCTAssertTrue(d.has(type: Evdev.EV_KEY, code: code), Evdev.codeName(type: Evdev.EV_KEY, code: code))
        }
        XCTAssertEqual(d.properties, [Evdev.INPUT_PROP_POINTER, Evdev.INPUT_PROP_BUTTONPAD])
        let seenX = read.frames.flatMap(\.events).filter {
            $0.type == Evdev.EV_ABS && $0.code == Evdev.ABS_MT_POSITION_X
        }.map(\.value)
        let x = try XCTUnwrap(d.absinfo[Evdev.ABS_MT_POSITION_X])
        XCTAssertEqual(x.minimum, 0)
        XCTAssertGreaterThan(x.maximum, try XCTUnwrap(seenX.max()))
        let y = try XCTUnwrap(d.absinfo[Evdev.ABS_MT_POSITION_Y])
        XCTAssertEqual(
            Double(y.maximum) / Double(x.maximum), 50.0 / 69.0, accuracy: 0.01, "a pinch along x says little of y")
        XCTAssertEqual(d.absinfo[Evdev.ABS_X], x, "the kernel's pointer emulation axes")
        XCTAssertNil(d.axisProblem)
    }

    /// A log whose positions are all below 0 (a ChromeOS pad's, say): each inferred axis holds
    /// what was seen, from below the least value to 0 at least, and x and y span the assumed pad's
    /// proportions, measured from the axis's own minimum.
    func testAnInferredRangeHoldsNegativePositionsInThePadsProportions() throws {
        var log = ""
        for (i, (x, y)) in [(-53, -20), (-50, -19), (-47, -18)].enumerated() {
            let t = String(format: "%.6f", Double(i) * 0.01)
            log += "E: \(t) 0003 0000 \(x)\nE: \(t) 0003 0001 \(y)\nE: \(t) 0001 014a 1\nE: \(t) 0000 0000 0\n"
        }
        let read = try RecordingLoader.load(text: log, file: "negative.events")
        let x = try XCTUnwrap(read.device.absinfo[Evdev.ABS_X]), y = try XCTUnwrap(read.device.absinfo[Evdev.ABS_Y])
        XCTAssertLessThan(x.minimum, -53)
        XCTAssertLessThan(y.minimum, -20)
        XCTAssertGreaterThanOrEqual(min(x.maximum, y.maximum), 0, "a range ends at 0 at least")
        let (width, height) = (Double(x.maximum - x.minimum), Double(y.maximum - y.minimum))
        XCTAssertEqual(height / width, 50.0 / 69.0, accuracy: 0.02, "\(x), \(y)")
        XCTAssertNil(read.device.axisProblem)
        XCTAssertTrue(
            read.notes[0].contains(
                "from 0, or below the least value seen where that is negative, to the largest value seen plus 5 % "
                    + "(0 at least),"
            ), read.notes[0])
    }

    /// Android's `getevent -t` of one finger on a touchscreen with slots: tracking ids, positions
    /// and pressure, never a slot, as one finger needs none. Tracking ids come only from a device
    /// with slots, so the inference declares the one slot; a protocol A log has none to declare.
    func testTrackingIdsWithoutASlotAreProtocolBsOneSlot() throws {
        let slotted = try RecordingLoader.load(text: GeteventSamples.oneFinger(), file: "one-finger.txt")
        XCTAssertEqual(slotted.device.absinfo[Evdev.ABS_MT_SLOT].map { [$0.minimum, $0.maximum] }, [0, 0])
        XCTAssertTrue(slotted.notes[0].contains("declared ABS_MT_SLOT with the one slot, 0"), slotted.notes[0])
        let protocolA = GeteventSamples.oneFinger().replacingOccurrences(
            of: "0000 0000 00000000", with: "0000 0002 00000000\n[       0.000000] 0000 0000 00000000")
        let unslotted = try RecordingLoader.load(text: protocolA, file: "protocol-a.txt")
        XCTAssertNil(unslotted.device.absinfo[Evdev.ABS_MT_SLOT])
        XCTAssertFalse(unslotted.notes[0].contains("ABS_MT_SLOT"), unslotted.notes[0])
        // An axis list given with the log says how many slots there are: no guess, and a
        // BTN_TOOL_*TAP key for each slot past the first.
        let log = temporaryPath("one-finger.getevent-t.txt")
        try GeteventSamples.oneFinger().write(toFile: log, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let given = try RecordingLoader.load(log, description: sample("asus-n500jk.axes"))
        XCTAssertEqual(given.device.absinfo[Evdev.ABS_MT_SLOT].map { [$0.minimum, $0.maximum] }, [0, 4])
        XCTAssertFalse(given.notes[0].contains("ABS_MT_SLOT"), given.notes[0])
        XCTAssertTrue(given.device.has(type: Evdev.EV_KEY, code: Evdev.BTN_TOOL_QUINTTAP), given.notes[0])
    }

    /// A `.desc` without a header is no description of itself: read alone, or beside the log it
    /// would describe, it is bad data in one line, not a search for its own description.
    func testADescWithoutAHeaderIsBadDataNotItsOwnDescription() throws {
        let directory = temporaryPath("descs")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let desc = directory + "/pad.desc", log = directory + "/pad.events"
        try "# a comment alone\n".write(toFile: desc, atomically: false, encoding: .utf8)
        try "E: 0.000000 0000 0000 0000\n".write(toFile: log, atomically: false, encoding: .utf8)
        for path in [desc, log] {
            XCTAssertThrowsError(try RecordingLoader.load(path)) { error in
                XCTAssertEqual((error as? RecordingError)?.kind, .badData, "\(error)")
                XCTAssertTrue(
                    "\(error)".hasPrefix(desc + ":1: empty: nothing but blank lines and comments"), "\(error)")
            }
        }
    }

    /// A bare `A:` list gives the axes; the rest is inferred, and the note says where the axes came from.
    func testABareAxisListGivesTheAxes() throws {
        let read = try RecordingLoader.load(
            sample("pinch-in.events-only.evtest"), description: sample("asus-n500jk.axes"))
        let asus = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path)
        for (code, info) in asus.device.absinfo {
            XCTAssertEqual(read.device.absinfo[code], info, Evdev.codeName(type: Evdev.EV_ABS, code: code))
        }
        XCTAssertTrue(
            read.notes[0].hasSuffix("axis ranges and resolutions from \(sample("asus-n500jk.axes"))"), read.notes[0])
    }

    /// An axis list is held to an evemu header's rules, and its errors name its own file and line:
    /// an axis libevdev would refuse, a negative fuzz, a second line for one axis.
    func testAnAxisListsErrorsNameItsOwnLine() throws {
        let log = sample("pinch-in.events-only.evtest")
        for (text, line, problem) in [
            ("A: 35 100 0 0 0 0\n", 1, "ABS_MT_POSITION_X has minimum 100 > maximum 0"),
            ("A: 35 0 100 -5 0 0\n", 1, "ABS_MT_POSITION_X has a negative fuzz, -5"),
            ("A: 35 0 100 0 0 0\nA: 35 0 3000 0 0 0\n", 2, "a second A: line for ABS_MT_POSITION_X"),
        ] {
            let axes = temporaryPath("axes")
            try text.write(toFile: axes, atomically: false, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: axes) }
            XCTAssertThrowsError(try RecordingLoader.load(log, description: axes)) { error in
                let error = error as? RecordingError
                XCTAssertEqual(error?.file, axes)
                XCTAssertEqual(error?.line, line)
                XCTAssertTrue(error?.message.hasPrefix(problem) == true, "\(String(describing: error))")
                XCTAssertNil(error?.readAs, "the axis list is no evtest output")
            }
        }
    }

    /// A description given that is another log of events alone holds none to give: bad data
    /// naming it, not a device guessed from its events without a word.
    func testALogOfEventsAloneIsNoDescription() throws {
        for description in ["two-finger-scroll.events-only.evemu", "pinch-in.getevent-t.txt"] {
            XCTAssertThrowsError(
                try RecordingLoader.load(sample("pinch-in.events-only.evtest"), description: sample(description))
            ) { error in
                let error = error as? RecordingError
                XCTAssertEqual(error?.kind, .badData)
                XCTAssertEqual(error?.file, sample(description))
                XCTAssertTrue(
                    error?.problem.hasPrefix("no device description in it, only events") == true,
                    "\(String(describing: error))")
            }
        }
    }

    /// A ring buffer caught mid-gesture: the touches down and keys held when it began get a first
    /// frame of their own, at its first timestamp, with the first values the log gives them.
    func testALogStartingMidGestureIsRepairedAsAKernelWouldPresentIt() throws {
        let read = try RecordingLoader.load(sample("pinch-in.chromeos-midgesture.dat"))
        XCTAssertEqual(
            read.notes,
            [
                "the log starts mid-gesture: touches in slots 0, 1 and BTN_TOUCH, BTN_TOOL_DOUBLETAP held at its "
                    + "start, given a first frame of their own"
            ])
        let first = try XCTUnwrap(read.frames.first)
        XCTAssertEqual(first.time, 0)
        let ids = first.events.filter { $0.type == Evdev.EV_ABS && $0.code == Evdev.ABS_MT_TRACKING_ID }.map(\.value)
        XCTAssertEqual(ids.count, 2)
        XCTAssertTrue(ids.allSatisfy { $0 >= 0 })
        XCTAssertTrue(first.events.contains(EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_TOOL_DOUBLETAP, value: 1)))
        XCTAssertEqual(first.events.last, EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
        // Every later event is the log's own.
        let whole = try RecordingLoader.load(sample("pinch-in.chromeos.dat"))
        XCTAssertEqual(
            Array(read.frames.dropFirst().flatMap(\.events).suffix(100)),
            Array(whole.frames.flatMap(\.events).suffix(100)))
        XCTAssertEqual(
            try RecordingLoader.load(sample("pinch-in.chromeos.dat")).notes, [], "a whole log needs no repair")
    }

    /// libinput record writes its libinput events as entries of their own and as lists inside
    /// evdev entries; both are read, device events aside, numbers at two decimals.
    func testRecordedLibinputEventsAreReadInBothLayouts() throws {
        let text = """
            libinput:
              version: "1.22.1"
            devices:
              events:
              - libinput:
                - {type: DEVICE_ADDED, seat: seat0, logical_seat: default}
              - evdev:
                - [  0,  21714,   0,   0,       0] # SYN_REPORT
                libinput:
                - {time: 0.021714, type: POINTER_MOTION, delta: [ -0.06,   0.00], unaccel: [ -0.17,   0.00]}
              - libinput:
                - {time: 0.030000, type: POINTER_BUTTON, button: 272, state: pressed, seat_count: 1}
            """
        let read = try RecordedLibinputEvents.parse(text, file: "with.yml")
        XCTAssertEqual(read.version, "1.22.1")
        XCTAssertTrue(read.hasLibinput)
        XCTAssertEqual(
            read.events.map(\.text),
            [
                "POINTER_MOTION delta=-0.06,0.00 unaccel=-0.17,0.00",
                "POINTER_BUTTON button=272 state=pressed seat_count=1",
            ])
        XCTAssertEqual(read.events.map(\.line), [10, 12])
        XCTAssertFalse(
            try RecordedLibinputEvents.parse("version: 1\n  events:\n  - evdev:\n", file: "plain.yml").hasLibinput)
        let plain = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        XCTAssertThrowsError(try RecordedLibinputEvents.required(plain)) {
            XCTAssertEqual(
                ($0 as? RecordingError)?.description,
                "\(plain): no libinput events: record the device with `libinput record --with-libinput`")
            XCTAssertEqual(($0 as? RecordingError)?.kind, .badData)
        }
        XCTAssertThrowsError(
            try RecordedLibinputEvents.parse(
                "  events:\n  - libinput:\n    - {type: POINTER_MOTION, delta: [1, 2]\n", file: "cut.yml")
        ) {
            XCTAssertEqual(($0 as? RecordingError)?.description, "cut.yml:3: a libinput event that does not end with }")
        }
    }

    /// A recorded libinput event in a form libinput record never writes is bad data at its line,
    /// not a difference from the replay: a list for an event, a time that is no time, a finger
    /// count that is none, a list for a number, one number for a delta.
    func testARecordedLibinputEventOfNoFormLibinputWritesIsBadDataAtItsLine() {
        let good =
            "{time: 0.021714, type: GESTURE_PINCH_BEGIN, nfingers: 2, delta: [0.00, 0.00], "
            + "unaccel: [0.00, 0.00], angle_delta: 0.00, scale: 1.00}"
        XCTAssertNoThrow(try RecordedLibinputEvents.parse("  events:\n  - libinput:\n    - \(good)\n", file: "ok.yml"))
        let bad = [
            ("[1, 2, 3]", "a libinput event that is not a {key: value, …} mapping"),
            ("{time: nan, type: POINTER_MOTION}", "time: nan is not a time in seconds"),
            ("{time: 1e400, type: POINTER_MOTION}", "time: 1e400 is not a time in seconds"),
            ("{time: -5, type: POINTER_MOTION}", "time: -5 is not a time in seconds"),
            ("{type: [POINTER_MOTION]}", "type: [POINTER_MOTION] is not a libinput event type (POINTER_MOTION…)"),
            ("{type: GESTURE_SWIPE_BEGIN, nfingers: -3}", "nfingers: -3 is not a count of fingers"),
            (
                "{type: GESTURE_SWIPE_BEGIN, nfingers: 99999999999999999999999}",
                "nfingers: 99999999999999999999999 is not a count of fingers"
            ),
            ("{type: GESTURE_PINCH_UPDATE, scale: [1]}", "scale: [1] is not a number"),
            ("{type: POINTER_MOTION, delta: [1]}", "delta: [1] is not two numbers [x, y]"),
            ("{type: GESTURE_SWIPE_BEGIN, nfingers: 2, nfingers: 3}", "a libinput event giving nfingers twice"),
        ]
        for (event, message) in bad {
            XCTAssertThrowsError(
                try RecordedLibinputEvents.parse("  events:\n  - libinput:\n    - \(event)\n", file: "bad.yml"), event
            ) {
                XCTAssertEqual(($0 as? RecordingError)?.description, "bad.yml:3: " + message)
                XCTAssertEqual(($0 as? RecordingError)?.kind, .badData)
            }
        }
    }

    /// `getevent -lt` without `-p` still names every device; only a device whose capabilities
    /// were printed is described. Events without a node are the named device's; a bad description
    /// of a device not read is no error.
    func testGeteventNamesWithoutCapabilitiesAndEventsWithoutANode() throws {
        let names =
            "add device 1: /dev/input/event2\n  name:     \"pad\"\nadd device 2: /dev/input/event3\n  name:     "
            + "\"kbd\"\n"
        let events =
            "[       1.000000] EV_ABS       ABS_X                000001f4\n[       1.000000] EV_SYN       SYN_REPORT  "
            + "         00000000\n"
        let inferred = try RecordingLoader.load(text: names + events, file: "names.txt")
        XCTAssertEqual(inferred.device.name, "Inferred touchpad")
        XCTAssertEqual(inferred.frames.count, 1)

        let pad = GeteventFormat.write(try RecordingLoader.load(sample("pinch-in.getevent-lt.txt")))
        let described = pad.components(separatedBy: "\n").filter { !$0.hasPrefix("[") }.joined(separator: "\n")
            .replacingOccurrences(of: "event10", with: "event2")
        let other =
            "add device 2: /dev/input/event3\n  name:     \"gpio-keys\"\n  events:\n    KEY (0001): "
            + "KEY_NOT_KNOWN_HERE\n"
        let onlyPadEvents = pad.components(separatedBy: "\n").filter { $0.hasPrefix("[") }.joined(separator: "\n")
        XCTAssertThrowsError(try RecordingLoader.load(text: described + other + onlyPadEvents, file: "two.txt")) {
            XCTAssertEqual(($0 as? RecordingError)?.kind, .usage, "events without a node, two devices described")
        }
        let chosen = try RecordingLoader.load(text: described + other + onlyPadEvents, file: "two.txt", node: "event2")
        XCTAssertEqual(chosen.device.name, "ETPS/2 Elantech Touchpad")
        XCTAssertEqual(chosen.frames.count, try RecordingLoader.load(sample("pinch-in.getevent-lt.txt")).frames.count)
        XCTAssertThrowsError(
            try RecordingLoader.load(text: described + other + onlyPadEvents, file: "two.txt", node: "event3")
        ) {
            XCTAssertTrue(($0 as? RecordingError)?.message.contains("KEY_NOT_KNOWN_HERE") == true, "\($0)")
        }
    }

    /// What getevent writes besides its events reads as the same recording: `-r`'s rate after each
    /// SYN_REPORT, and a node it could not open (on stderr, which `adb shell` merges).
    func testGeteventsRatesAndErrorsAreRead() throws {
        let original = try RecordingLoader.load(sample("pinch-in.getevent-lt.txt"))
        let lines = try String(contentsOfFile: sample("pinch-in.getevent-lt.txt"), encoding: .utf8)
            .components(separatedBy: "\n")
        let rated = lines.map { $0.contains("SYN_REPORT") ? $0.trimmingCharacters(in: .whitespaces) + " rate 125" : $0 }
        let text = "could not open /dev/input/event7, Permission denied\n" + rated.joined(separator: "\n")
        XCTAssertEqual(RecordingLoader.detectFormat(text), .getevent)
        XCTAssertEqual(try RecordingLoader.load(text: text, file: "rated.txt").frames, original.frames)
        // A contact's tool, named as newer kernels' headers name it.
        XCTAssertEqual(["MT_TOOL_PALM", "MT_TOOL_DIAL"].map(GeteventFormat.value), [2, 0x0a])
    }

    /// `getevent -i` prints each device's HID report descriptor after its input properties: its
    /// bytes and fields, indented, passed over to the next event or device.
    func testGeteventsHIDDescriptorIsPassedOver() throws {
        let log = try String(contentsOfFile: sample("pinch-in.getevent-lt.txt"), encoding: .utf8)
        let first = try XCTUnwrap(log.range(of: "\n["))
        let descriptor =
            "\n  HID descriptor: 0018:06CB:CD8B.0001\n\n    05 0d 09 05 a1 01 85 01 09 22 a1 02 15 00 25 01\n\n"
            + "    INPUT(1)[INPUT]\n      Field(0)\n        Physical(Digitizers.Finger)\n"
        let described = log.replacingCharacters(in: first.lowerBound..<first.lowerBound, with: descriptor)
        let plain = try RecordingLoader.load(text: log, file: "plain.txt")
        let read = try RecordingLoader.load(text: described, file: "i.txt")
        XCTAssertEqual(read.frames, plain.frames)
        XCTAssertEqual(read.device, plain.device)
        // Events without stamps end it too, and are refused for what they lack.
        let unstamped = described.replacingOccurrences(of: "[       0.000000] ", with: "")
        XCTAssertThrowsError(try RecordingLoader.load(text: unstamped, file: "i.txt")) {
            XCTAssertTrue("\($0)".contains("record with getevent -t"), "\($0)")
        }
    }

    /// A log of `getevent -lp` and events without stamps (`-l`, no `-t`) is refused for what it
    /// lacks, at its first event, not read as more input properties.
    func testUnstampedEventsAfterTheDescriptionSayHowToRecord() throws {
        let log = try String(contentsOfFile: sample("pinch-in.getevent-lt.txt"), encoding: .utf8)
        let unstamped = log.replacingOccurrences(of: "[       0.000000] ", with: "")
        XCTAssertThrowsError(try RecordingLoader.load(text: unstamped, file: "l.txt")) {
            XCTAssertTrue("\($0)".hasPrefix("l.txt:23: no [sec.usec] time stamp: record with getevent -t"), "\($0)")
        }
    }

    /// An event line a device's node names that cannot be read (a code this reader has no name
    /// for) spoils that device alone: the other is read as without it, and the spoiled one,
    /// chosen, is refused at the line.
    func testAnotherDevicesUnreadableEventLeavesTheOneChosen() throws {
        let log = try String(contentsOfFile: sample("two-devices.getevent-lt.txt"), encoding: .utf8)
        let spoiled = log.replacingOccurrences(
            of: "[       0.000000] /dev/input/event4: EV_ABS       ABS_MT_TRACKING_ID   00000064",
            with: "[       0.000000] /dev/input/event4: EV_SW        SW_JACK_PHYSICAL_INS 00000001")
        XCTAssertNotEqual(spoiled, log)
        XCTAssertEqual(
            try RecordingLoader.load(text: spoiled, file: "two.txt", node: "event7").frames,
            try RecordingLoader.load(text: log, file: "two.txt", node: "event7").frames)
        XCTAssertThrowsError(try RecordingLoader.load(text: spoiled, file: "two.txt", node: "event4")) {
            XCTAssertEqual("\($0)", "two.txt:45: unknown EV_SW code SW_JACK_PHYSICAL_INS (read as getevent output)")
        }
    }

    /// A code getevent has no name for is written as its number, and read back.
    func testUnnamedCodesRoundTripThroughGetevent() throws {
        let scrollButtons = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad-with-scrollbuttons.desc").path)
        let back = try RecordingLoader.load(text: GeteventFormat.write(scrollButtons), file: "back.getevent")
        XCTAssertEqual(back.device.codes, scrollButtons.device.codes)
    }

    /// A bitmask line longer than any code range (past the fuzzer's 8 KiB inputs) is read, its
    /// bytes past the codes ignored, instead of trapping.
    func testABitmaskLongerThanEveryCodeIsNoTrap() throws {
        let key = "# key:" + String(repeating: " 00", count: 9000) + " 01"
        let log = try ChromeOSEvdevLog.parse(
            "# device: pad\n# bit: 0B\n\(key)\nE: 1.000000 0000 0000 0\n", file: "long.dat")
        XCTAssertEqual(log.device?.codes[Evdev.EV_KEY], [])
    }

    func testGeteventWithoutTimestampsSaysHowToRecordThem() {
        XCTAssertThrowsError(
            try RecordingLoader.load(
                text: "add device 1: /dev/input/event2\n  name:     \"pad\"\n/dev/input/event2: 0003 0035 000001f4\n",
                file: "plain.txt")
        ) { error in
            XCTAssertEqual(
                (error as? RecordingError)?.description,
                "plain.txt:3: no [sec.usec] time stamp: record with getevent -t (or -lt) (read as getevent output)")
        }
    }
}
