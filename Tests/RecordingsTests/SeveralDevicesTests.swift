import Foundation
@testable import Recordings
import TestSupport
import XCTest

/// `text` read as a pipe's is, whole, and as a file's, device by device, the device read
/// streaming from its place, and again from there: the same recording each way, or the same error.
private func loadedBothWays(_ text: String, node: String? = nil) throws -> Recording {
    let path = temporaryPath("several.yml")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    defer { unlink(path) }
    let piped = Result { () throws(RecordingError) in try RecordingLoader.load(text: text, file: path, node: node) }
    let file = Result { () throws(RecordingError) in try RecordingLoader.load(path, node: node) }
    switch (piped, file) {
    case (.success(let a), .success(let b)):
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.notes, b.notes)
        XCTAssertEqual(a.otherDevices, b.otherDevices)
        let stream = try RecordingStream(path: path, node: node)
        let frames = try stream.readAll()
        let again = try XCTUnwrap(try stream.restarted(), "a file of several devices is read again from its place")
        XCTAssertEqual(try again.readAll(), frames)
        XCTAssertEqual(again.otherDevices, b.otherDevices)
    case (.failure(let a), .failure(let b)):
        XCTAssertEqual("\(a)", "\(b)")
    default:
        XCTFail("read whole: \(piped); device by device: \(file)")
    }
    return try piped.get()
}

/// A `libinput record` of several devices is read for one, chosen as a getevent log's device is.
final class SeveralDevicesTests: XCTestCase {
    /// pinch-in.yml's device at event0 and pinch-out.yml's at event1, both with events.
    private func twoDevices() throws -> String {
        func devices(_ name: String) throws -> String {
            let text = try String(
                contentsOf: Fixtures.synthesized.appendingPathComponent(name), encoding: .utf8)
            let range = try XCTUnwrap(text.range(of: "\ndevices:\n"))
            return String(text[range.upperBound...])
        }
        let header = try String(
            contentsOf: Fixtures.synthesized.appendingPathComponent("pinch-in.yml"), encoding: .utf8
        ).components(separatedBy: "\ndevices:\n")[0].replacingOccurrences(of: "ndevices: 1", with: "ndevices: 2")
        let second = try devices("pinch-out.yml").replacingOccurrences(
            of: "/dev/input/event0", with: "/dev/input/event1")
        return header + "\ndevices:\n" + (try devices("pinch-in.yml")) + second
    }

    func testTheDeviceNamedIsRead() throws {
        let text = try twoDevices()
        let inward = try RecordingLoader.load(
            Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let outward = try RecordingLoader.load(
            Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path)
        XCTAssertEqual(try loadedBothWays(text, node: "event0").frames, inward.frames)
        XCTAssertEqual(try loadedBothWays(text, node: "/dev/input/event1").frames, outward.frames)
        XCTAssertEqual(try loadedBothWays(text, node: "event1").notes, [])
    }

    /// A header that counts more devices than the file holds is said, as `libinput replay` says it,
    /// whole or device by device; one that counts them right is not.
    func testAFileHoldingFewerDevicesThanItsHeaderSaysIsSaid() throws {
        let three = try twoDevices().replacingOccurrences(of: "ndevices: 2", with: "ndevices: 3")
        XCTAssertEqual(
            try loadedBothWays(three, node: "event1").notes,
            ["ndevices: 3, but the file holds 2 devices: was it cut short?"])
        let pinch = try String(contentsOf: Fixtures.synthesized.appendingPathComponent("pinch-in.yml"), encoding: .utf8)
        for (declared, note) in [("1", nil), ("0", "ndevices: 0, but the file holds 1 device")] {
            let path = temporaryPath("count.yml")
            try pinch.replacingOccurrences(of: "ndevices: 1", with: "ndevices: \(declared)")
                .write(toFile: path, atomically: false, encoding: .utf8)
            defer { unlink(path) }
            XCTAssertEqual(try RecordingLoader.load(path).notes, note.map { [$0] } ?? [], declared)
        }
    }

    /// A file of one device is streamed as ever; its own node chooses it, without a word.
    func testTheOnlyDevicesNodeChoosesIt() throws {
        let path = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let chosen = try RecordingLoader.load(path, node: "/dev/input/event0")
        XCTAssertEqual(chosen.frames, try RecordingLoader.load(path).frames)
        XCTAssertEqual(chosen.notes, [])
        // Streamed, its events are not counted when the node is refused: none are said.
        XCTAssertThrowsError(try RecordingLoader.load(path, node: "event5")) { error in
            XCTAssertEqual(
                "\(error)",
                "\(path): no device event5 in the file; it has /dev/input/event0 \"ETPS/2 Elantech Touchpad\"")
        }
    }

    /// A pipe of several devices is read whole to choose one, so within a bound: past it, a line
    /// says so, rather than memory growing with the file. A file is read device by device, its
    /// device streaming: the bound holds only the devices played alongside.
    func testAPipeOfSeveralDevicesIsReadWholeWithinItsBound() throws {
        let text = try twoDevices()
        let comment = "  # " + String(repeating: "x", count: 1000) + "\n"
        let padding = String(repeating: comment, count: 9 << 10)
        let long = text.replacingOccurrences(of: "\ndevices:\n", with: "\ndevices:\n" + padding)
        XCTAssertThrowsError(try RecordingLoader.load(text: long, file: "long.yml", node: "event1")) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .badData)
            XCTAssertTrue("\(error)".contains("read whole to choose one, up to 8 MiB"), "\(error)")
        }
        let path = temporaryPath("long.yml")
        try long.write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        XCTAssertEqual(try RecordingLoader.load(path, node: "event1"), try loadedBothWays(text, node: "event1"))
        // The other device's events past the bound: it is not played alongside, and that is said.
        let longEvents = text.replacingOccurrences(of: "\n  events:\n", with: "\n  events:\n" + padding)
        try longEvents.write(toFile: path, atomically: false, encoding: .utf8)
        let read = try RecordingLoader.load(path, node: "event1")
        XCTAssertEqual(read.otherDevices, [])
        XCTAssertTrue(
            read.notes.contains {
                $0.contains("is not played alongside: line ") && $0.contains("longer than 8 MiB")
            }, "\(read.notes)")
    }

    func testSeveralWithEventsOrAMissingNodeIsAUsageError() throws {
        let text = try twoDevices()
        for node in [nil, "event7"] {
            XCTAssertThrowsError(try loadedBothWays(text, node: node)) { error in
                XCTAssertEqual((error as? RecordingError)?.kind, .usage, "\(error)")
                XCTAssertTrue("\(error)".contains("/dev/input/event1"), "\(error)")
            }
        }
    }

    /// Two devices of one node (a file edited, or two recordings pasted together): a node names one
    /// device at a time, so the file cannot say which one `--device` means, whichever way it is read;
    /// nor is there one to name, so it is bad data without `--device` too, not advice to give one.
    func testTwoDevicesOfOneNodeAreBadDataNamedOrNot() throws {
        let text = try twoDevices().replacingOccurrences(of: "/dev/input/event1", with: "/dev/input/event0")
        for node in ["event0", nil] {
            XCTAssertThrowsError(try loadedBothWays(text, node: node)) { error in
                XCTAssertEqual((error as? RecordingError)?.kind, .badData, "\(error)")
                XCTAssertTrue("\(error)".contains("2 devices are /dev/input/event0"), "\(error)")
            }
        }
    }

    /// The same of the device chosen because it is the only one that points: the keyboard at its
    /// node would play under the touchpad's name.
    func testAKeyboardAtTheTouchpadsNodeIsBadData() throws {
        let touchpad = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let text = Fixtures.libinputRecord(touchpad, try RecordingLoader.load(Fixtures.typing))
            .replacingOccurrences(of: "/dev/input/event1", with: "/dev/input/event0")
        XCTAssertThrowsError(try loadedBothWays(text)) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .badData, "\(error)")
            XCTAssertTrue("\(error)".contains("2 devices are /dev/input/event0"), "\(error)")
        }
    }

    /// A file cut in the header of a device without events is no YAML, whichever way it is read,
    /// and refused where it was cut, though that device would play nothing.
    func testAFileCutInALaterDevicesHeaderIsRefusedThere() throws {
        let whole = try String(
            contentsOf: Fixtures.directory.appendingPathComponent("keyboard/lid-shut-under-fingers.yml"),
            encoding: .utf8)
        var lines = whole.components(separatedBy: "\n")
        let last = try XCTUnwrap(lines.lastIndex { $0.hasPrefix("- node:") })
        let id = try XCTUnwrap(lines[last...].firstIndex { $0.hasPrefix("    id: [") })
        lines = Array(lines[...id])
        lines[id] = String(lines[id].prefix { $0 != "," }) + ","
        XCTAssertThrowsError(try loadedBothWays(lines.joined(separator: "\n"))) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .badData, "\(error)")
            XCTAssertTrue("\(error)".contains("invalid YAML"), "\(error)")
        }
    }

    /// A getevent log names a node once until it is removed: a second `add device` of it before
    /// then is refused at its line, as its events could be either device's; after a removal, the
    /// node is the device plugged in again.
    func testAGeteventLogAddingANodeTwiceIsRefusedUnlessRemovedBetween() throws {
        let log = try String(
            contentsOf: Fixtures.directory.appendingPathComponent("formats/two-devices.getevent-lt.txt"),
            encoding: .utf8)
        let other = try XCTUnwrap(log.firstMatch(of: /add device 2: (\S+)/)?.output.1)
        let twice = log.replacingOccurrences(of: String(other), with: "/dev/input/event4")
        let second = try XCTUnwrap(
            twice.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("add device 2:") })
        let first = try XCTUnwrap(
            twice.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("add device 1:") })
        XCTAssertThrowsError(try RecordingLoader.load(text: twice, file: "t.txt")) { error in
            XCTAssertEqual(
                "\(error)",
                "t.txt:\(second + 1): /dev/input/event4 is added again, not removed since line \(first + 1): "
                    + "its events cannot be told apart (read as getevent output)")
        }
        let replugged = twice.replacingOccurrences(
            of: "add device 2:", with: "remove device 1: /dev/input/event4\nadd device 2:")
        XCTAssertNoThrow(try RecordingLoader.load(text: replugged, file: "t.txt", node: "event4"))
    }

    /// A touchpad and a switch, the touchpad's description broken: the choice among them is no
    /// question to ask, as choosing the touchpad would fail there: bad data at the broken line.
    func testADeviceWhoseDescriptionCannotBeReadIsTheErrorNotAChoice() throws {
        var lines = try String(
            contentsOf: Fixtures.directory.appendingPathComponent("keyboard/lid-shut-under-fingers.yml"),
            encoding: .utf8
        ).components(separatedBy: "\n")
        let axis = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("      24: [") })
        lines[axis] = "    - [  0, 128000,   3,  47,      1]"
        XCTAssertThrowsError(try loadedBothWays(lines.joined(separator: "\n"))) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .badData, "\(error)")
            XCTAssertEqual((error as? RecordingError)?.line, axis + 1, "\(error)")
        }
        // Where two that read point, choosing among them still helps: the choice is asked for.
        let broken = RecordingError.bad("pads.yml", 30, "invalid YAML")
        var pads = ["event0", "event1", "event2"].map {
            DeviceChoice.Candidate(node: "/dev/input/" + $0, name: $0, events: 10)
        }
        (pads[0].points, pads[1].points) = (true, true)
        XCTAssertThrowsError(try DeviceChoice.index(of: nil, among: pads, unreadable: broken, file: "pads.yml")) {
            XCTAssertEqual(($0 as? RecordingError)?.kind, .usage, "\($0)")
        }
        pads[1].points = false
        XCTAssertEqual(try DeviceChoice.index(of: nil, among: pads, unreadable: broken, file: "pads.yml"), 0)
        pads[0].points = false
        XCTAssertThrowsError(try DeviceChoice.index(of: nil, among: pads, unreadable: broken, file: "pads.yml")) {
            XCTAssertEqual(($0 as? RecordingError)?.kind, .badData, "\($0)")
        }
    }
}

/// A `libinput record` of a touchpad and a keyboard (`libinput record /dev/input/event0
/// /dev/input/event1`): the touchpad is read, the keyboard is kept to play alongside, both on the
/// file's one clock.
final class TouchpadAndKeyboardTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

    func testTheDeviceThatPointsIsReadAndTheOtherKeptOnTheFilesClock() throws {
        let touchpad = try RecordingLoader.load(pinch), keyboard = try RecordingLoader.load(Fixtures.typing)
        for (touchpadDelay, keyboardDelay): (UInt64, UInt64) in [(0, 500_000), (300_000, 0)] {
            let text = Fixtures.libinputRecord(
                Fixtures.delayed(touchpad, by: touchpadDelay), Fixtures.delayed(keyboard, by: keyboardDelay))
            let read = try loadedBothWays(text)
            XCTAssertEqual(read.device.name, touchpad.device.name)
            XCTAssertEqual(read.frames, Fixtures.delayed(touchpad, by: touchpadDelay).frames)
            XCTAssertEqual(read.otherDevices.map(\.device.name), [keyboard.device.name])
            XCTAssertEqual(read.otherDevices.first?.frames, Fixtures.delayed(keyboard, by: keyboardDelay).frames)
            XCTAssertEqual(read.notes.count, 1, "\(read.notes)")
            XCTAssertTrue(
                read.notes.first?.contains("\"\(touchpad.device.name)\" is the one read") == true, "\(read.notes)")
            XCTAssertTrue(
                read.notes.first?.hasSuffix("; \"\(keyboard.device.name)\" plays alongside it") == true, "\(read.notes)"
            )
            // Converted, only the keyboard is lost, whichever device began first.
            XCTAssertEqual(
                RecordingFormat.evemu.losses(of: read, in: RecordingFormat.evemu.text(read)),
                ["one device is written, not the file's others: \"\(keyboard.device.name)\""])
            // Named, the touchpad is read without a word, and the keyboard still kept.
            let named = try loadedBothWays(text, node: "event0")
            XCTAssertEqual(named.notes, [])
            XCTAssertEqual(named.otherDevices.count, 1)
        }
    }

    /// A device libinput would not add (a headphone jack's switch) is not played alongside, nor
    /// one whose header cannot be read: each is said, and the touchpad is still the one read.
    func testDevicesThatCannotPlayAlongsideAreSaid() throws {
        let touchpad = try RecordingLoader.load(pinch)
        let plugged = Fixtures.headphoneJack
        let read = try loadedBothWays(Fixtures.libinputRecord(touchpad, plugged))
        XCTAssertEqual(read.device.name, touchpad.device.name)
        XCTAssertEqual(read.otherDevices.count, 0)
        XCTAssertTrue(
            read.notes.contains(
                "/dev/input/event1 \"Headphone Jack\" is not played alongside: libinput takes no device "
                    + "of its kind"), "\(read.notes)")
        // A keyboard whose header cannot be read: the touchpad is chosen all the same.
        let keyboard = try RecordingLoader.load(Fixtures.typing)
        let text = Fixtures.libinputRecord(touchpad, keyboard).replacingOccurrences(
            of: "- ID_INPUT_KEYBOARD=1", with: "- \"ID_INPUT_KEYBOARD=1\\n\"")
        let chosen = try loadedBothWays(text)
        XCTAssertEqual(chosen.device.name, touchpad.device.name)
        XCTAssertEqual(chosen.otherDevices.count, 0)
        XCTAssertTrue(
            chosen.notes.contains {
                $0.hasPrefix("/dev/input/event1 \"\(keyboard.device.name)\" is not played alongside: line ")
            },
            "\(chosen.notes)")
    }

    /// A device played alongside whose time goes back from one frame to the next is refused as
    /// the device read would be, at its line, and said; the touchpad still plays.
    func testADeviceAlongsideWhoseTimeGoesBackIsSaid() throws {
        let touchpad = try RecordingLoader.load(pinch)
        var keyboard = try RecordingLoader.load(Fixtures.typing)
        let back = try XCTUnwrap(keyboard.frames.last?.time)
        keyboard.frames[keyboard.frames.count - 1].time = back / 2
        let read = try loadedBothWays(Fixtures.libinputRecord(touchpad, keyboard))
        XCTAssertEqual(read.device.name, touchpad.device.name)
        XCTAssertEqual(read.otherDevices.count, 0)
        XCTAssertTrue(
            read.notes.contains {
                $0.hasPrefix("/dev/input/event1 \"\(keyboard.device.name)\" is not played alongside: line ")
                    && $0.contains("is earlier than the previous event's")
            },
            "\(read.notes)")
    }

    /// A window cuts the devices played alongside at the same instants.
    func testAWindowCutsTheOthersToo() throws {
        let touchpad = try RecordingLoader.load(pinch), keyboard = try RecordingLoader.load(Fixtures.typing)
        let read = try RecordingLoader.load(text: Fixtures.libinputRecord(touchpad, keyboard), file: "both.yml")
        let part = read.window(from: 100_000, to: 200_000)
        XCTAssertEqual(part.otherDevices.map(\.frames), [keyboard.window(from: 100_000, to: 200_000).frames])
        XCTAssertFalse(part.otherDevices[0].frames.isEmpty)
    }
}
