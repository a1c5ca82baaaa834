import Foundation
import XCTest
import TestSupport

/// What commands make of the input people give them: a folder of files named anyhow, a recording
/// with nothing to show, a fault past the end, a log whose device comes from `--desc`.
final class RecordingInputTests: XCTestCase {
    private let keyboard = Fixtures.root.appendingPathComponent("Tests/Fixtures/keyboard/typing.evemu").path
    private let repairs = Fixtures.root.appendingPathComponent("Tests/Fixtures/repairs")
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

    func testCorpusReadsAFoldersFilesByContentAndSaysWhyItSkipsEach() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pad = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc")
        try FileManager.default.copyItem(atPath: pad.path, toPath: dir.appendingPathComponent("hp-pad").path)
        try FileManager.default.copyItem(atPath: pad.path, toPath: dir.appendingPathComponent("same-pad").path)
        try FileManager.default.copyItem(atPath: keyboard, toPath: dir.appendingPathComponent("keyboard").path)
        try FileManager.default.copyItem(
            at: Fixtures.devices.appendingPathComponent("mice_Ultrathin_Touch_Mouse.desc"),
            to: dir.appendingPathComponent("mouse"))
        try "notes about these files\n".write(
            to: dir.appendingPathComponent("NOTES"), atomically: true, encoding: .utf8)
        // What is no file to read is passed over unopened: a FIFO would wait for a writer forever.
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("fifo").path, 0o600), 0)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link").path, withDestinationPath: "gone")
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("loop").path, withDestinationPath: "loop")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: false)
        // A touchpad its recorded udev properties say is none is none to libinput, to the corpus too.
        let untagged = dir.appendingPathComponent("untagged-pad").path
        try String(
            contentsOf: Fixtures.directory.appendingPathComponent("repairs/pinch-in.device.yml"), encoding: .utf8
        )
        .replacingOccurrences(of: "ID_INPUT_TOUCHPAD=1", with: "ID_INPUT_TOUCHPAD=0")
        .write(toFile: untagged, atomically: true, encoding: .utf8)
        // A pad whose position ranges over nothing, which no gesture can be performed on (and libinput
        // refuses): skipped among a folder's files, refused when named.
        let flat = dir.appendingPathComponent("flat-pad").path
        let device = try String(
            contentsOf: Fixtures.directory.appendingPathComponent("repairs/pinch-in.device.yml"), encoding: .utf8)
        try device.replacingOccurrences(of: "53: [0, 3097, 0, 0, 31]", with: "53: [3097, 3097, 0, 0, 31]")
            .write(toFile: flat, atomically: true, encoding: .utf8)
        let flatLine = try XCTUnwrap(device.split(separator: "\n").firstIndex { $0.contains("53: [0, 3097") }) + 1
        let flatProblem =
            "ETPS/2 Elantech Touchpad's ABS_MT_POSITION_X ranges over nothing, 3097...3097: "
            + "no gesture can be performed on it"
        let named = runCommand(["corpus", flat])
        XCTAssertEqual(named.status, 65, named.stderr)
        XCTAssertEqual(named.stderr, "touchsynth: \(flat):\(flatLine): \(flatProblem)\n")
        let refused = runCommand(["synthesize", "-e", "pinch", "--desc", untagged])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix("touchsynth: \(untagged): not a touchpad to libinput"), refused.stderr)

        let result = runCommand(["corpus", "--json", "--jobs", "2", dir.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            Set(try jsonLines(result.stdout).compactMap { $0["device"] as? String }), ["hp-pad"],
            "the extension-less file is read")
        let warned = "touchsynth: warning: skipped "
        let skipped = result.stderr.split(separator: "\n").filter { $0.hasPrefix(warned) }
        XCTAssertEqual(skipped.count, 10, result.stderr)
        XCTAssertTrue(skipped.contains(warned + "\(flat): line \(flatLine): \(flatProblem)"), result.stderr)
        for (name, reason) in [
            ("fifo", "a FIFO, not a regular file"), ("link", "a broken symbolic link to gone"),
            ("loop", "a loop of symbolic links"),
            ("sub", "a directory (directories are read one level deep)"),
        ] {
            XCTAssertTrue(skipped.contains(warned + "\(dir.path)/\(name): \(reason)"), result.stderr)
        }
        // A mouse with a keyboard's keys is both, as libinput adds it.
        XCTAssertTrue(
            skipped.contains(
                warned + "\(dir.path)/mouse: not a touchpad (Ultrathin Touch Mouse: keyboard and mouse)"),
            result.stderr)
        XCTAssertTrue(
            skipped.contains { $0.hasPrefix(warned + "\(untagged): not a touchpad (") }, result.stderr)
        XCTAssertTrue(
            skipped.contains { $0.hasPrefix(warned + "\(dir.path)/NOTES: line 1: ") }, result.stderr)
        XCTAssertTrue(
            skipped.contains(
                warned + "\(dir.path)/keyboard: not a touchpad (AT Translated Set 2 keyboard: keyboard)"),
            result.stderr)
        XCTAssertTrue(
            skipped.contains(warned + "\(dir.path)/same-pad: the same device as hp-pad"), result.stderr)

        // A folder with files but no touchpad is data the corpus cannot use, not a missing file.
        for name in ["hp-pad", "same-pad", "untagged-pad", "flat-pad", "mouse"] {
            try FileManager.default.removeItem(at: dir.appendingPathComponent(name))
        }
        let none = runCommand(["corpus", dir.path])
        XCTAssertEqual(none.status, 65, none.stderr)
        XCTAssertTrue(none.stderr.hasSuffix("touchsynth: no touchpad among the files in \(dir.path)\n"), none.stderr)
        // A folder given with its slash names its files with one; an empty one is a missing input.
        let slashed = runCommand(["corpus", dir.path + "/"])
        XCTAssertTrue(slashed.stderr.contains("skipped \(dir.path)/keyboard:"), slashed.stderr)
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertEqual(runCommand(["corpus", empty.path]).stderr, "touchsynth: no files in \(empty.path)\n")
        XCTAssertEqual(runCommand(["corpus", empty.path]).status, 66)
    }

    /// What reading a file noted is said, as other commands say it: a description given for a
    /// file that has its own is not used.
    func testCorpusSaysWhatReadingAFileNoted() throws {
        let pad = Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2_ALPS_GlidePoint.desc").path
        let other = Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2-ALPS-DualPoint-TouchPad.desc").path
        let result = runCommand(["corpus", "--desc", other, pad])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "touchsynth: warning: touchpads_AlpsPS2_ALPS_GlidePoint.desc: it describes its device itself"),
            result.stderr)
    }

    /// A replay that fails (libinput will not add a device whose ABS_Y is one value) is in the
    /// table and ends the run with its status, naming the first pair and how many failed.
    func testAFailedReplayIsNotASuccess() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pad = try String(
            contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2_ALPS_GlidePoint.desc"), encoding: .utf8
        )
        XCTAssertTrue(pad.contains("\nA: 01 0 660 0 0\n"))
        try pad.replacingOccurrences(of: "\nA: 01 0 660 0 0\n", with: "\nA: 01 5 5 0 0\n").write(
            to: dir.appendingPathComponent("flat.desc"), atomically: true, encoding: .utf8)
        let results = dir.appendingPathComponent("results.jsonl").path, junit = dir.appendingPathComponent("j.xml").path
        let result = runCommand(["corpus", "--jobs", "2", dir.path, "--results", results, "--junit", junit])
        XCTAssertEqual(result.status, 65, result.stderr)
        XCTAssertTrue(result.stdout.contains("replay failed"), result.stdout)
        let said = "touchsynth: 5 of 5 replays failed; the first, flat.desc pinch on libinput "
        XCTAssertTrue(result.stderr.hasPrefix(said), result.stderr)
        // The files asked for are written all the same, and the merge of the run ends as it did.
        XCTAssertTrue(try String(contentsOfFile: junit, encoding: .utf8).contains("errors=\"5\""))
        let merged = runCommand(["corpus", "merge", results])
        XCTAssertEqual(merged.status, 65, merged.stderr)
        XCTAssertTrue(merged.stderr.hasPrefix(said), merged.stderr)
        // An output the merge cannot write, or that it reads, is said before any table.
        for (markdown, status) in [("/nonexistent/dir/m.md", Int32(73)), (results, 64)] {
            let refused = runCommand(["corpus", "merge", results, "--markdown", markdown])
            XCTAssertEqual(refused.status, status, refused.stderr)
            XCTAssertEqual(refused.stdout, "", markdown)
        }
    }

    func testARecordingWithNothingToShowIsRefusedUnlessAllowed() throws {
        let message =
            "touchsynth: \(keyboard): nothing to show: the recording's device (AT Translated Set 2 keyboard) is a "
            + "keyboard, no pointer or touchpad "
            + "(--allow-empty replays it all the same)\n"
        // A part of it (`--start`) is named by its file too. Nothing goes to stdout, not even JSON's header.
        let commands = [["replay"], ["replay", "--mode", "both"], ["compare"], ["report"]]
        for command in commands + [["replay", "--json"], ["compare", "--json"], ["explain", "--json"]] {
            for window in [[], ["--start", "0"]] {
                let refused = runCommand(command + [keyboard] + window)
                XCTAssertEqual(refused.status, 65, "\(command) \(window): \(refused.stderr)")
                XCTAssertEqual(refused.stderr, message, "\(command) \(window)")
                XCTAssertEqual(refused.stdout, "", "\(command) \(window)")
            }
        }
        let allowed = runCommand(["replay", keyboard, "--allow-empty"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(allowed.stdout.contains("KEY_A (30) pressed"), allowed.stdout)
        // Letters and a space are no modifiers: no later event carries them, and key presses are not modelled.
        let modes = runCommand(["replay", keyboard, "--allow-empty", "--mode", "both"])
        XCTAssertTrue(
            modes.stdout.contains(
                "compat: 5 libinput events: 0 emitted, 0 merged into later events, 5 dropped (4 a key that is no "
                    + "modifier: key presses (UIPress) are not modelled, 1 device bookkeeping)"
            ),
            modes.stdout)
    }

    /// A touchpad's recording libinput made nothing of (touches too light for this pad) prints its
    /// device alone; a warning says so and where to ask why, where one it made events of has none.
    func testAReplayLibinputMadeNothingOfSaysWhereToAskWhy() throws {
        let light = Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2_ALPS_GlidePoint.right-edge-scroll.events")
            .path
        let replayed = runCommand(["replay", light])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        XCTAssertEqual(
            replayed.stderr,
            "touchsynth: warning: \(light): libinput reported nothing of the 55 frames played: `touchsynth explain` of "
                + "the recording says why\n")
        XCTAssertEqual(runCommand(["replay", pinch]).stderr, "")
        // From the pinch's last instant, one frame is left: counted in the singular.
        let last = runCommand(["replay", "--start", "0.832", pinch])
        XCTAssertTrue(last.stderr.contains("libinput reported nothing of the 1 frame played: "), last.stderr)
    }

    func testAFaultAfterTheReplaysEndIsAUsageError() throws {
        let result = runCommand(["replay", pinch, "--syn-dropped", "5"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "touchsynth: a SYN_DROPPED 5.000 s into the recording on /dev/input/event10 falls after its end (0.832 s)\n"
        )
        XCTAssertEqual(
            runCommand(["replay", pinch, "--unplug", "5"]).stderr,
            "touchsynth: an unplug 5.000 s into the recording on /dev/input/event10 falls after its end (0.832 s)\n")
        XCTAssertEqual(runCommand(["replay", pinch, "--syn-dropped", "0.5"]).status, 0)
        // Told to the microsecond where the milliseconds are the same.
        XCTAssertEqual(
            runCommand(["replay", pinch, "--unplug", "0.8321"]).stderr,
            "touchsynth: an unplug 0.832100 s into the recording on /dev/input/event10 falls after its end "
                + "(0.832000 s)\n")
    }

    /// A fault on a device the testbed lacks names those it has, and how to add one.
    func testAFaultOnAMissingDeviceNamesThoseThereAre() {
        let result = runCommand(["replay", pinch, "--unplug", "0.3@event11"])
        XCTAssertEqual(result.status, 64, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "touchsynth: no device /dev/input/event11 in the testbed to inject a fault into: it has event10 (--with "
                + "adds more)\n")
    }

    /// A fault on a device already unplugged would be passed over: refused, in the recording's
    /// times, before anything is replayed; one before the unplug is played.
    func testAFaultAfterItsDevicesUnplugIsRefused() {
        for (arguments, said) in [
            (["--unplug", "0.3", "--unplug", "0.4"], "--unplug at 0.400 s: event10 is unplugged at 0.300 s"),
            (
                ["--start", "0.1", "--unplug", "0.3", "--syn-dropped", "0.5"],
                "--syn-dropped at 0.500 s: event10 is unplugged at 0.300 s"
            ),
        ] {
            let refused = runCommand(["replay", pinch] + arguments)
            XCTAssertEqual(refused.status, 64, refused.stderr)
            XCTAssertEqual(refused.stdout, "")
            XCTAssertEqual(refused.stderr, "touchsynth: \(said)\n")
        }
        let before = runCommand(["replay", pinch, "--syn-dropped", "0.2", "--unplug", "0.3"])
        XCTAssertEqual(before.status, 0, before.stderr)
    }

    /// A fault's time counts from the recording's first frame, as --start's does: with the
    /// recording cut, the unplug comes where it would have in the whole one, and one before the
    /// cut, or past the recording's end, is refused in the recording's times.
    func testAFaultsTimeCountsFromTheRecordingsFirstFrameWhateverTheStart() throws {
        func time(of kind: String, _ arguments: [String]) throws -> Double {
            let result = runCommand(["replay", pinch, "--json"] + arguments)
            let event = try XCTUnwrap(jsonLines(result.stdout).first { $0["type"] as? String == kind }, result.stderr)
            return try XCTUnwrap(event["timeUs"] as? Double) / 1e6
        }
        let whole = try time(of: "DEVICE_REMOVED", ["--unplug", "0.5"]) - time(of: "DEVICE_ADDED", [])
        let cut =
            try time(of: "DEVICE_REMOVED", ["--start", "0.3", "--unplug", "0.5"])
            - time(of: "DEVICE_ADDED", ["--start", "0.3"])
        // Each run's times are its own; 0.3 s of the recording lies before the cut's.
        XCTAssertEqual(cut + 0.3, whole, accuracy: 0.002)
        let early = runCommand(["replay", pinch, "--start", "0.3", "--unplug", "0.2"])
        XCTAssertEqual(early.status, 64)
        XCTAssertEqual(early.stderr, "touchsynth: --unplug at 0.200 s comes before --start (0.300 s)\n")
        // A fault at --start's own instant is at the replay's first: the two are converted alike.
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let atStart = runCommand(["replay", session, "--start", "1.001", "--unplug", "1.001"])
        XCTAssertEqual(atStart.status, 0, atStart.stderr)
        let late = runCommand(["replay", pinch, "--start", "0.3", "--syn-dropped", "0.9"])
        XCTAssertEqual(
            late.stderr,
            "touchsynth: a SYN_DROPPED 0.900 s into the recording on /dev/input/event10 falls after its end (0.832 s)\n"
        )
    }

    /// An event-only log read on its real device (`--desc`) gives every command what the whole
    /// recording gives it.
    func testEveryCommandReadingARecordingTakesDesc() throws {
        let log = repairs.appendingPathComponent("pinch-in.banner.evtest").path
        let desc = ["--desc", repairs.appendingPathComponent("pinch-in.device.yml").path]
        let table = { (stdout: String) in stdout.split(separator: "\n").dropFirst() }
        let whole = runCommand(["compare", pinch])
        let fromLog = runCommand(["compare", log] + desc)
        XCTAssertEqual(fromLog.status, 0, fromLog.stderr)
        XCTAssertEqual(table(fromLog.stdout), table(whole.stdout))
        let diff = runCommand(["diff", pinch, log] + desc)
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
        let html = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-desc-\(UUID().uuidString).html"
        ).path
        defer { try? FileManager.default.removeItem(atPath: html) }
        let report = runCommand(["report", log, "-o", html] + desc)
        XCTAssertEqual(report.status, 0, report.stderr)
        let inferred = runCommand(["compare", log])
        XCTAssertTrue(
            inferred.stderr.contains("inferred"),
            "without --desc the device is inferred, and says so: \(inferred.stderr)")
    }
}
