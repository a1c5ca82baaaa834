import Foundation
import XCTest
import Recordings
import TestSupport

/// Logs pasted from elsewhere (getevent, ChromeOS, event-only evtest and evemu) replayed through
/// real libinput: what a user sees, warnings included.
final class LogFormatReplayTests: XCTestCase {
    static let formats = Fixtures.root.appendingPathComponent("Tests/Fixtures/formats")

    private func sample(_ name: String) -> String { Self.formats.appendingPathComponent(name).path }

    /// The JSON event lines of a replay, and its stderr.
    private func replay(_ arguments: [String]) throws -> (types: [String], events: [[String: Any]], stderr: String) {
        let result = runCommand(["replay", "--json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let events = try jsonLines(result.stdout)
        return (events.map { $0["type"] as? String ?? "" }, events, result.stderr)
    }

    private func pinchFingers(_ events: [[String: Any]]) -> [Int] {
        events.filter { $0["type"] as? String == "GESTURE_PINCH_BEGIN" }.map { $0["fingers"] as? Int ?? 0 }
    }

    /// The issue's own example: an evtest log of a two-finger pinch pasted from its first event.
    func testAnEventOnlyEvtestPinchReplaysAsAPinchWithItsAxesOrWithInferredOnes() throws {
        let withAxes = try replay([sample("pinch-in.events-only.evtest"), "--desc", sample("asus-n500jk.axes")])
        XCTAssertEqual(pinchFingers(withAxes.events), [2])
        XCTAssertEqual(withAxes.stderr.split(separator: "\n").count, 1, withAxes.stderr)
        XCTAssertTrue(
            withAxes.stderr.hasPrefix(
                "touchsynth: warning: \(sample("pinch-in.events-only.evtest")): no device description"), withAxes.stderr
        )
        XCTAssertTrue(withAxes.stderr.contains("axis ranges and resolutions from"), withAxes.stderr)

        let inferred = try replay([sample("pinch-in.events-only.evtest")])
        XCTAssertEqual(pinchFingers(inferred.events), [2])
        XCTAssertEqual(inferred.stderr.split(separator: "\n").count, 1, "one warning line: \(inferred.stderr)")
        XCTAssertTrue(
            inferred.stderr.contains(
                "axis ranges: from 0, or below the least value seen where that is negative, to the largest"),
            inferred.stderr)
    }

    func testGeteventAndChromeOSLogsReplayAsTheirRecording() throws {
        let reference = try replay([Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path])
        for name in ["pinch-in.getevent-lt.txt", "pinch-in.chromeos.dat"] {
            let read = try replay([sample(name)])
            XCTAssertEqual(read.types, reference.types, name)
            XCTAssertEqual(read.stderr, "", name)
        }
        let mid = try replay([sample("pinch-in.chromeos-midgesture.dat")])
        XCTAssertEqual(pinchFingers(mid.events), [2])
        XCTAssertTrue(mid.stderr.contains("the log starts mid-gesture"), mid.stderr)
        let screen = try replay([sample("pinch-in.chromium-touchscreen.log")])
        XCTAssertEqual(screen.types.filter { $0 == "TOUCH_DOWN" }.count, 2, "a touchscreen: two touches")
    }

    func testSeveralDevicesAreListedAndOneIsChosenWithDevice() throws {
        let ambiguous = runCommand(["replay", sample("two-devices.getevent-lt.txt")])
        XCTAssertEqual(ambiguous.status, 64, ambiguous.stderr)
        XCTAssertEqual(ambiguous.stderr.split(separator: "\n").count, 1)
        XCTAssertTrue(
            ambiguous.stderr.contains("choose one with --device (/dev/input/event4"),
            ambiguous.stderr)
        let scroll = try replay([sample("two-devices.getevent-lt.txt"), "--device", "event7"])
        XCTAssertTrue(scroll.types.contains("POINTER_SCROLL_FINGER"))
        XCTAssertFalse(scroll.types.contains("GESTURE_PINCH_BEGIN"))
        // A script is performed on one of them: --device chooses it beside --desc.
        let script = ["synthesize", "-e", "pinch", "--desc", sample("two-devices.getevent-lt.txt")]
        XCTAssertEqual(runCommand(script).status, 64)
        let chosen = runCommand(script + ["--device", "event7"])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertEqual(chosen.stderr, "")
        // A description of one device is read whatever the node, with a word naming the description.
        let desc = Fixtures.directory.appendingPathComponent("evemu-devices/touchpads_AlpsPS2_ALPS_GlidePoint.desc")
            .path
        let one = runCommand(["synthesize", "-e", "tap", "--desc", desc, "--device", "event7"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(
            one.stderr.hasPrefix(
                "touchsynth: warning: \(desc): it holds one device, which is read: a node (--device "
                    + "event7) chooses"), one.stderr)
        XCTAssertEqual(one.stderr.split(separator: "\n").count, 1, one.stderr)
    }

    /// A `libinput record --with-libinput` capture from the VM tier (a real kernel and libinput
    /// record's own libinput) is a fidelity check: the harness gives the same events; a copy with
    /// one recorded value altered parts there, at its line.
    func testALibinputRecordWithLibinputFileReportsSameAndAnAlteredCopyItsFirstDifference() throws {
        let capture = Fixtures.root.appendingPathComponent("Tests/Fixtures/formats/pinch-in.with-libinput.yml").path
        let same = runCommand(["replay", "--with-libinput", capture])
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        XCTAssertTrue(same.stdout.hasSuffix("same: every recorded libinput event is this run's\n"), same.stdout)
        XCTAssertTrue(
            same.stdout.contains(
                "(compared without DEVICE_ADDED, DEVICE_REMOVED and holds, which libinput record does "),
            same.stdout)
        // Converted, it keeps the device's events alone, and says so.
        let converted = temporaryPath("converted.yml")
        defer { try? FileManager.default.removeItem(atPath: converted) }
        let convert = runCommand(["convert", capture, "-o", converted])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        let convertedText = try String(contentsOfFile: converted, encoding: .utf8)
        XCTAssertTrue(
            convert.stderr.contains(
                "the libinput events recorded with it (--with-libinput, "
                    + "\(try RecordedLibinputEvents.read(capture).events.count)) are not written: "
                    + "`replay --with-libinput` compares with them in the original"), convert.stderr)
        XCTAssertEqual(runCommand(["replay", "--with-libinput", converted]).status, 65)
        // From a FIFO, read once: the conversion does not open it again to look for what it loses
        // (where it waited for a writer gone), and says the same of it.
        let fifo = ServedFifo(named: "with-libinput.yml", serving: try String(contentsOfFile: capture, encoding: .utf8))
        defer { unlink(fifo.path) }
        let piped = runCommand(["convert", fifo.path, "-o", converted])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(try String(contentsOfFile: converted, encoding: .utf8), convertedText)
        XCTAssertEqual(
            piped.stderr.replacingOccurrences(of: fifo.path, with: capture), convert.stderr, piped.stderr)

        var lines = try String(contentsOfFile: capture, encoding: .utf8).components(separatedBy: "\n")
        let index = try XCTUnwrap(lines.firstIndex { $0.contains("type: GESTURE_PINCH_UPDATE") })
        lines[index] = lines[index].replacing(/scale: *[0-9.]+/, with: "scale:   9.99")
        let altered = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-altered-\(UUID().uuidString).yml"
        ).path
        defer { try? FileManager.default.removeItem(atPath: altered) }
        try lines.joined(separator: "\n").write(toFile: altered, atomically: true, encoding: .utf8)
        let parted = runCommand(["replay", "--with-libinput", "--json", altered])
        XCTAssertEqual(parted.status, 1, parted.stderr)
        let report = try jsonObject(parted.stdout)
        let first = try XCTUnwrap(report["firstDifference"] as? [String: Any])
        XCTAssertEqual(first["line"] as? Int, index + 1)
        XCTAssertTrue((first["recorded"] as? String)?.hasSuffix("scale=9.99") == true, "\(first)")
        XCTAssertEqual(report["differences"] as? Int, 1)
        XCTAssertEqual(report["recordedLibinput"] as? String, "1.22.1")

        // What the reporter's machine may have had is asked for: a quirk making every touch a palm.
        let quirks = temporaryPath("palms.quirks")
        try "[Palms]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=20\n".write(
            toFile: quirks, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: quirks) }
        let palms = runCommand(["replay", "--with-libinput", "--quirks", quirks, capture])
        XCTAssertEqual(palms.status, 1, palms.stderr)
        XCTAssertTrue(palms.stdout.contains("replayed: 0,"), palms.stdout)
        // What would change the comparison is refused.
        let cut = runCommand(["replay", "--with-libinput", "--start", "0.1", "--speed", "2", capture])
        XCTAssertEqual(cut.status, 64)
        XCTAssertTrue(cut.stderr.contains("--start, --speed cannot go with it"), cut.stderr)
    }

    /// Every command that reads a log without a description says what it guessed, once: the
    /// bridge's replay to a file, `explain` and `quirks` too, each reading it its own way.
    func testWhatWasGuessedIsSaidOnceByEveryCommandThatReadsTheLog() throws {
        let log = sample("pinch-in.events-only.evtest")
        let file = temporaryPath("bridged.yml")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: file) }
        for arguments in [
            ["bridge", "--replay", log, "-o", file], ["explain", log], ["convert", log, "-o", file], ["quirks", log],
        ] {
            let run = runCommand(arguments)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            let said =
                run.stderr.components(separatedBy: "touchsynth: warning: \(log): no device description").count - 1
            XCTAssertEqual(said, 1, "\(arguments): \(run.stderr)")
        }
    }

    /// `convert` writes what it guessed as comments, and its output reads back to the same events
    /// with the description it wrote.
    func testConvertWritesTheGuessesAsCommentsAndReadsBack() throws {
        for format in ["yaml", "evemu", "evtest", "getevent", "chromeos"] {
            let converted = runCommand(["convert", sample("two-finger-scroll.events-only.evemu"), "--format", format])
            XCTAssertEqual(converted.status, 0, converted.stderr)
            XCTAssertTrue(converted.stderr.contains("warning:"), converted.stderr)
            XCTAssertTrue(converted.stdout.contains("# touchsynth: no device description, so one was inferred"), format)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "touchsynth-converted-\(UUID().uuidString)"
            ).path
            defer { try? FileManager.default.removeItem(atPath: file) }
            try converted.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let back = runCommand(["convert", file, "--format", "evemu"])
            XCTAssertEqual(back.status, 0, "\(format): \(back.stderr)")
            XCTAssertEqual(back.stderr, "", "\(format): described now, nothing to guess")
            let direct = runCommand(["convert", sample("two-finger-scroll.events-only.evemu"), "--format", "evemu"])
            XCTAssertEqual(
                back.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") },
                direct.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }, format)
        }
    }

    /// `--description-only` writes an evemu description, the `.desc` evemu's tools read, unless
    /// a format or the output's extension asks for another; it reads back to the same device.
    func testADescriptionAloneIsEvemuUnlessAskedOtherwise() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let desc = temporaryPath("pinch.desc"), yaml = temporaryPath("pinch.yml")
        defer { for path in [desc, yaml] { try? FileManager.default.removeItem(atPath: path) } }
        for (arguments, firstLine) in [
            (["-o", desc], "# EVEMU 1.3"), ([], "# EVEMU 1.3"),
            (["-o", yaml], "# libinput record (written by touchsynth)"),
            (["--format", "yaml"], "# libinput record (written by touchsynth)"),
        ] {
            let run = runCommand(["convert", "--description-only", pinch] + arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            let text = arguments.first == "-o" ? try String(contentsOfFile: arguments[1], encoding: .utf8) : run.stdout
            XCTAssertEqual(text.split(separator: "\n").first.map(String.init), firstLine, "\(arguments)")
        }
        // evemu has no place for udev properties (RecordingFormat's losses).
        var device = try RecordingLoader.load(pinch).device
        device.udevProperties = [:]
        XCTAssertEqual(try RecordingLoader.load(desc).device, device)
    }

    /// A device converted out of a file of several keeps its node, so that `--device` finds it in
    /// both files, and a format that names nodes names it so again.
    func testAConvertedDeviceKeepsItsNode() throws {
        let log = Fixtures.directory.appendingPathComponent("formats/two-devices.getevent-lt.txt").path
        let converted = temporaryPath("event7.yml")
        defer { try? FileManager.default.removeItem(atPath: converted) }
        let convert = runCommand(["convert", log, "--device", "event7", "-o", converted])
        XCTAssertEqual(convert.status, 0, convert.stderr)
        let diff = runCommand(["diff", log, converted, "--device", "event7"])
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
        let back = runCommand(["convert", converted, "--format", "getevent"])
        XCTAssertEqual(back.stdout.split(separator: "\n").first, "add device 1: /dev/input/event7", back.stderr)
        // The log's events alone, described apart: still the log's node, not the description's.
        let events = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter {
            $0.hasPrefix("[")
        }
        let bare = temporaryPath("bare.getevent")
        defer { try? FileManager.default.removeItem(atPath: bare) }
        try (events.joined(separator: "\n") + "\n").write(toFile: bare, atomically: true, encoding: .utf8)
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let apart = runCommand(["convert", bare, "--desc", pinch, "--device", "event7"])
        XCTAssertTrue(apart.stdout.contains("- node: /dev/input/event7\n"), apart.stderr)
        // A file naming no node is written with the writer's own.
        let yaml = try String(contentsOfFile: pinch, encoding: .utf8)
        let unnamed = temporaryPath("unnamed.yml")
        defer { try? FileManager.default.removeItem(atPath: unnamed) }
        try yaml.replacingOccurrences(of: "- node: /dev/input/event0\n  evdev:", with: "- evdev:").write(
            toFile: unnamed, atomically: true, encoding: .utf8)
        let written = runCommand(["convert", unnamed])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(
            written.stdout.contains("- node: /dev/input/event0\n"), written.stdout.prefix(400) + written.stderr)
    }

    /// A format asked for that the output's extension does not name is written as asked, and
    /// said, as other tools go by the extension; .txt and .log name no format to them.
    func testAFormatOtherThanTheExtensionNamesIsSaid() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let evemu = temporaryPath("pinch.evemu"), log = temporaryPath("pinch.log")
        defer { for path in [evemu, log] { try? FileManager.default.removeItem(atPath: path) } }
        let misnamed = runCommand(["convert", pinch, "--format", "yaml", "-o", evemu])
        XCTAssertEqual(misnamed.status, 0, misnamed.stderr)
        XCTAssertEqual(
            misnamed.stderr, "touchsynth: warning: \(evemu): written in yaml, not the evemu its extension names\n")
        XCTAssertEqual(try RecordingLoader.load(evemu).frames, try RecordingLoader.load(pinch).frames)
        // A device (or a pipe) so named is told as a file is, though nothing is read back from it.
        let device = temporaryPath("null.evemu")
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/null")
        defer { try? FileManager.default.removeItem(atPath: device) }
        XCTAssertEqual(
            runCommand(["convert", pinch, "--format", "yaml", "-o", device]).stderr,
            "touchsynth: warning: \(device): written in yaml, not the evemu its extension names\n")
        for arguments in [["--format", "evemu", "-o", evemu], ["--format", "yaml", "-o", log]] {
            let run = runCommand(["convert", pinch] + arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertFalse(run.stderr.contains("extension"), "\(arguments): \(run.stderr)")
        }
    }
}
