import Foundation
import MockedDevices
import Recordings
import XCTest
import TestSupport

/// What a person running `touchsynth replay` relies on: gestures come out right, on time, and bad
/// input is refused with a useful line and the right exit code.
final class ReplayBehaviourTests: XCTestCase {
    func events(_ stdout: String) throws -> [[String: Any]] {
        try jsonLines(stdout)
    }

    /// Pinch recordings of ≥ 0.6 s: BEGIN, UPDATE…, END with the scale moving the way the fingers did.
    func testPinchScaleFollowsTheFingers() throws {
        let touchsynth = try Fixtures.touchsynth()
        for (file, grows) in [("pinch-out.yml", true), ("pinch-in.yml", false)] {
            let url = Fixtures.synthesized.appendingPathComponent(file)
            let result = try runProcess([touchsynth, "replay", "--json", url.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let pinch = try events(result.stdout).filter { ($0["type"] as? String)?.hasPrefix("GESTURE_PINCH") == true }
            let types = pinch.map { $0["type"] as! String }
            XCTAssertEqual(types.first, "GESTURE_PINCH_BEGIN", file)
            XCTAssertEqual(types.last, "GESTURE_PINCH_END", file)
            XCTAssertEqual(types.dropFirst().dropLast().filter { $0 != "GESTURE_PINCH_UPDATE" }, [], file)
            XCTAssertGreaterThan(types.count, 30, file)
            let first = try XCTUnwrap(pinch.first { $0["type"] as? String == "GESTURE_PINCH_UPDATE" }?["timeUs"] as? Int)
            let last = try XCTUnwrap(pinch.last?["timeUs"] as? Int)
            XCTAssertGreaterThanOrEqual(Double(last - first) / 1e6, 0.6, "\(file): pinch shorter than 0.6 s")
            let scales = pinch.compactMap { $0["scale"] as? Double }
            let final = try XCTUnwrap(scales.last)
            if grows {
                XCTAssertGreaterThan(final, 1.5, file)
                XCTAssertTrue(zip(scales, scales.dropFirst()).allSatisfy { $1 >= $0 - 1e-9 }, "\(file): scale must not shrink while fingers spread")
            } else {
                XCTAssertLessThan(final, 0.7, file)
                XCTAssertTrue(zip(scales, scales.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 }, "\(file): scale must not grow while fingers close")
            }
        }
    }

    /// A 90° clockwise turn accumulates a clockwise (positive) angle of that size: the synthesizer's
    /// lead-in is spent before libinput decides on the pinch.
    func testRotationAccumulatesTheTurn() throws {
        let touchsynth = try Fixtures.touchsynth()
        let result = try runProcess([touchsynth, "replay", "--json", Fixtures.synthesized.appendingPathComponent("rotate-cw.yml").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let angle = try events(result.stdout).compactMap { $0["angleDeltaDeg"] as? Double }.reduce(0, +)
        XCTAssertEqual(angle, 90, accuracy: 5)
    }

    /// A replay (from starting the libinput child to its exit, as `--stats` measures it) lasts the
    /// recording's duration + at most 0.5 s, for short and long recordings. The figures of a quiet
    /// machine are in docs/performance.md; this catches a harness that waits or drifts.
    func testReplayWallTimeIsRecordingDurationPlusHalfASecond() throws {
        let touchsynth = try Fixtures.touchsynth()
        for name in ["touchpads_AlpsPS2_ALPS_GlidePoint.single-tap.events", "touchpads_SynPS2_Synaptics_TouchPad.leftmove.events"] {
            let url = Fixtures.evemu.appendingPathComponent(name)
            let stamps = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("E:") }.compactMap { Double($0.split(separator: " ")[1]) }
            let duration = try XCTUnwrap(stamps.last) - stamps[0]
            let result = try runProcess([touchsynth, "replay", "--stats", url.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let wall = try XCTUnwrap(result.stderr.firstMatch(of: /wall time ([0-9.]+) s/).flatMap { Double($0.output.1) }, result.stderr)
            XCTAssertLessThanOrEqual(wall, duration + 0.5, "\(name): \(wall) s for a \(duration) s recording")
        }
    }

    /// The harness reports the program's own peak memory. A harness holding 256 MiB (this test)
    /// does not show in it, as it would in the program's ru_maxrss, which Linux starts from the
    /// spawning process's peak.
    func testProgramPeakMemoryIsTheProgramsOwn() throws {
        let ballast = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 20, alignment: 4096)
        defer { ballast.deallocate() }
        for offset in stride(from: 0, to: ballast.count, by: 4096) { ballast[offset] = 1 }
        let report = try Replay(.file(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)).report
        XCTAssertEqual(report.exitStatus, 0)
        XCTAssertGreaterThan(try XCTUnwrap(PeakMemory.ofThisProcess()), 256 << 10)
        let peak = try XCTUnwrap(report.programPeakKiB)
        XCTAssertGreaterThan(peak, 1 << 10)
        XCTAssertLessThan(peak, 128 << 10, "KiB")
    }

    func testLatencyFileHasOneLinePerLibinputEventAndAgreesWithTheSummary() throws {
        let touchsynth = try Fixtures.touchsynth()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-latency-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml").path
        let result = try runProcess([touchsynth, "replay", recording, "--mode", "both", "--json", "--real-time", "--latency", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let types = try jsonLines(result.stdout).compactMap { $0["libinput"] as? [String: Any] }.compactMap { $0["type"] as? String }
        let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst().map { $0.split(separator: "\t") }
        XCTAssertEqual(rows.map { String($0[0]) }, types, "one latency line per libinput event, in order")
        let fromAvailability = rows.compactMap { Int64($0[1]) }
        let fromTimestamp = rows.compactMap { Int64($0[2]) }
        XCTAssertEqual(fromAvailability.count, types.count)
        XCTAssertTrue(fromAvailability.allSatisfy { $0 >= 0 }, "app events before libinput handed the event over")
        // The harness writes frames ahead of their timestamps: libinput hands their events over,
        // and they become app events, before then.
        XCTAssertEqual(fromTimestamp.count, types.count)
        XCTAssertTrue(fromTimestamp.contains { $0 < 0 })
        XCTAssertTrue(result.stderr.contains("ahead of their kernel timestamps"), result.stderr)
        let count = try XCTUnwrap(result.stderr.firstMatch(of: /latency over ([0-9]+) libinput events/).flatMap { Int($0.output.1) }, result.stderr)
        XCTAssertEqual(count, types.count)
    }

    private func expectFailure(_ text: String, name: String, code: Int32, mentions: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let touchsynth = try Fixtures.touchsynth()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try runProcess([touchsynth, "replay", path])
        XCTAssertEqual(result.status, code, result.stderr, file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line expected: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(mentions), "expected \"\(mentions)\" in: \(result.stderr)", file: file, line: line)
    }

    func testMalformedRecordingsAreRefusedWithFileLineAndExit65() throws {
        let desc = try String(contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc"), encoding: .utf8)
        let header = desc.split(separator: "\n").count
        try expectFailure(desc + "E: 0.000000 0003 0035 1500\nE: 0.000000 0000 00\n", name: "truncated.evemu", code: 65, mentions: "truncated.evemu:\(header + 2): truncated event")
        try expectFailure(desc + "E: 0.000000 0003 0099 7\n", name: "unknown-code.evemu", code: 65, mentions: "unknown-code.evemu:\(header + 1): unknown event code 0x99")
        try expectFailure(desc + "E: 0.000000 0001 0111 1\n", name: "unsupported.evemu", code: 65, mentions: "unsupported.evemu:\(header + 1): event code BTN_RIGHT is not supported")
        let descLines = desc.split(separator: "\n")
        let absLine = try XCTUnwrap(descLines.firstIndex { $0.hasPrefix("B: 03") }) + 1
        try expectFailure(descLines.filter { !$0.hasPrefix("A: 36") }.joined(separator: "\n") + "\n", name: "no-range.evemu", code: 65,
                          mentions: "no-range.evemu:\(absLine): ABS_MT_POSITION_Y is declared but has no axis range")
        try expectFailure("E: 0.000000 0003 0035 1500\nE: 0.000000 0000 00\n", name: "headerless.events", code: 65,
                          mentions: "headerless.events:2: truncated event")
        try expectFailure("version: 1\ndevices:\n- evdev:\n    name: \"x\"\n    id: [1, 2, 3]\n", name: "bad-id.yml", code: 65, mentions: "bad-id.yml:5: evdev id must be")
        try expectFailure("version: 1\ndevices: [\n", name: "broken.yml", code: 65, mentions: "broken.yml:")
    }

    /// Values that would overflow or make libevdev reject the device are data errors, not traps.
    func testOutOfRangeValuesAreRefusedWithExit65() throws {
        let desc = try String(contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc"), encoding: .utf8)
        let header = desc.split(separator: "\n").count
        try expectFailure(desc + "E: 99999999999999.000000 0000 0000 0\n", name: "far-future.evemu", code: 65,
                          mentions: "far-future.evemu:\(header + 1): timestamp 99999999999999.0 is out of range")
        try expectFailure(desc + "E: 0.000000 0000 0000 0\nE: 90000.000000 0000 0000 0\n", name: "two-days.evemu", code: 65,
                          mentions: "replays are limited to 24 hours")
        let badSlots = desc.replacingOccurrences(of: "A: 2f 0 1 0 0", with: "A: 2f -10 -5 0 0")
        XCTAssertNotEqual(badSlots, desc)
        try expectFailure(badSlots, name: "slots.evemu", code: 65, mentions: "ABS_MT_SLOT must range over 0...N")
        let yaml = "version: 1\ndevices:\n- evdev:\n    name: \"x\"\n    id: [1, \"two\", 3, 4]\n    codes: {0: [0]}\n"
        try expectFailure(yaml, name: "id.yml", code: 65, mentions: "id.yml:5: \"two\" is not an integer")
        let inverted = "version: 1\ndevices:\n- evdev:\n    name: \"x\"\n    id: [1, 2, 3, 4]\n    codes: {3: [0, 1]}\n    absinfo:\n      0: [0, 100, 0, 0, 0]\n      1: [50, 10, 0, 0, 0]\n"
        try expectFailure(inverted, name: "inverted.yml", code: 65, mentions: "inverted.yml:9: ABS_Y has minimum 50 > maximum 10")
    }

    /// Out-of-range command-line values are usage errors (64); a bad script line is bad data (65).
    func testSynthesizeRefusesBadValuesWithTheirLine() throws {
        let touchsynth = try Fixtures.touchsynth()
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        for option in [["--rate", "nan"], ["--jitter", "inf"], ["--rate", "1e300"]] {
            let result = try runProcess([touchsynth, "synthesize", "-e", "pinch", "--desc", desc] + option)
            XCTAssertEqual(result.status, 64, "\(option): \(result.stderr)")
        }
        for (script, message) in [("pinch scale=nan", "-e:1: scale=nan: not a finite number"),
                                  ("tap\nswipe fingers=9", "-e:2: fingers=9: expected a whole number from 1 to 5"),
                                  ("pause 1e400ms", "-e:1: duration=1e400ms: expected a number with a unit (ms, s)"),
                                  ("swipe distance=90mm", "-e:1: the swipe leaves the touchpad")] {
            let result = try runProcess([touchsynth, "synthesize", "-e", script, "--desc", desc])
            XCTAssertEqual(result.status, 65, "\(script): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("touchsynth: " + message), result.stderr)
        }
    }

    /// An out-of-range option value is refused before any work, with the usage of the command
    /// it was given to (not the top-level one) and 64.
    func testAnOutOfRangeValueShowsItsCommandsUsage() throws {
        let touchsynth = try Fixtures.touchsynth()
        let cases: [(command: String, arguments: [String])] = [
            ("bench", ["--runs", "0"]), ("bench", ["--events", "10"]), ("diff", ["--limit=-1", "a", "b"]),
            ("replay", ["--speed", "0", "x.yml"]), ("corpus", ["--jobs", "0", "x"]), ("mock", ["x.yml"]),
            ("record", ["--duration", "0"]), ("synthesize", ["-e", "tap", "--desc", "x", "--rate", "1"]),
            ("report", ["x.yml", "-o", "x.txt"]), ("bridge", ["--points-per-mm", "0"]),
        ]
        for (command, arguments) in cases {
            let result = try runProcess([touchsynth, command] + arguments)
            XCTAssertEqual(result.status, 64, "\(command) \(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Usage: touchsynth \(command) "), "\(command) \(arguments): \(result.stderr)")
        }
    }

    /// Output that cannot be written: a reader gone before the replay's child was ready ends it
    /// quietly, as one gone later does; a full disk is one line and 74, for stdout and for the
    /// latency file; an unwritable latency file is refused before the replay starts, in one line.
    func testOutputThatCannotBeWrittenEndsTheReplayInOneLineOrQuietly() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        func run(_ arguments: [String], stdout: FileHandle) throws -> (status: Int32, stderr: String) {
            let process = Process(), errors = Pipe()
            process.executableURL = URL(fileURLWithPath: touchsynth)
            process.arguments = arguments
            process.standardOutput = stdout
            process.standardError = errors
            try process.run()
            try stdout.close()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        let gone = Pipe()
        try gone.fileHandleForReading.close()
        let quiet = try run(["replay", pinch], stdout: gone.fileHandleForWriting)
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stderr, "")
        for arguments in [["replay", pinch], ["compare", "--json", pinch], ["convert", pinch]] {
            let full = try run(arguments, stdout: try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full")))
            XCTAssertEqual(full.status, 74, "\(arguments)")
            XCTAssertEqual(full.stderr, "touchsynth: stdout: cannot write: No space left on device\n", "\(arguments)")
        }
        let latency = try runProcess([touchsynth, "replay", "--mode", "both", "--real-time", "--latency", "/nonexistent/latency.tsv", pinch])
        XCTAssertEqual(latency.status, 73)
        XCTAssertEqual(latency.stderr, "touchsynth: /nonexistent/latency.tsv: cannot write: No such file or directory\n")
        XCTAssertEqual(latency.stdout, "")
        let fullLatency = try runProcess([touchsynth, "mock", pinch, "--", touchsynth, "debug", "--device", "{devnode}", "--mode", "both",
                                          "--latency", "/dev/full"])
        XCTAssertEqual(fullLatency.status, 74)
        XCTAssertEqual(fullLatency.stderr, "touchsynth: /dev/full: cannot write: No space left on device\n")
    }

    /// SIGTERM (as Ctrl-C's SIGINT) during a replay ends the command as interrupted, 128 + the
    /// signal, in silence: compare reports nothing of a recording it saw only part of.
    func testATerminatedReplayOrCompareEndsAsInterrupted() throws {
        let touchsynth = try Fixtures.touchsynth()
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path  // 3 s
        for (command, delay) in [("compare", 0.5), ("compare", 0.05), ("replay", 0.5)] {
            let process = Process(), output = Pipe(), errors = Pipe()
            process.executableURL = URL(fileURLWithPath: touchsynth)
            // In real time, so that the replay is still running when the signal comes.
            process.arguments = [command, "--real-time", session]
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            usleep(UInt32(delay * 1e6))
            process.terminate()
            process.waitUntilExit()
            let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let label = "\(command) stopped after \(delay) s"
            // Before the harness takes the signal over, the default action ends the process.
            if process.terminationReason == .uncaughtSignal {
                XCTAssertEqual(process.terminationStatus, SIGTERM, label)
            } else {
                XCTAssertEqual(process.terminationStatus, 128 + SIGTERM, "\(label): \(stderr)")
            }
            XCTAssertEqual(stderr, "", label)
            if command == "compare" { XCTAssertEqual(stdout, "", label) }
        }
    }

    /// Ctrl-C on `mock` ends it as interrupted (130), not as the success that the harness's own
    /// SIGINT at the end of a recording is.
    func testAnInterruptedMockEndsAsInterrupted() throws {
        let touchsynth = try Fixtures.touchsynth()
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path  // 3 s
        let process = Process()
        process.executableURL = URL(fileURLWithPath: touchsynth)
        process.arguments = ["mock", session, "--", "/bin/sh", "-c", "exec 4<{devnode}; exec sleep 10"]
        try process.run()
        usleep(800_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        // On a machine slow enough that the harness has not taken the signal over yet, the
        // default action ends the process: interrupted too.
        if process.terminationReason == .uncaughtSignal {
            XCTAssertEqual(process.terminationStatus, SIGINT)
        } else {
            XCTAssertEqual(process.terminationStatus, 128 + SIGINT)
        }
    }

    /// The program's own exit status comes back, as soon as it exits.
    func testMockReturnsTheProgramsExitStatus() throws {
        let touchsynth = try Fixtures.touchsynth()
        let recording = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        let result = try runProcess([touchsynth, "mock", recording, "--", "/bin/sh", "-c", "exec 4<{devnode}; sleep 0.3; exit 5"])
        XCTAssertEqual(result.status, 5, result.stderr)
        XCTAssertLessThan(result.seconds, 2, "the harness must notice the exit, not wait out the recording")
    }

    func testMissingRecordingExits66() throws {
        let touchsynth = try Fixtures.touchsynth()
        let result = try runProcess([touchsynth, "replay", "/nonexistent/recording.yml"])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "touchsynth: /nonexistent/recording.yml: no such file\n")
    }

    /// An unreadable device node names the group to join, exit 77. As root, the check runs as nobody.
    func testUnreadableDeviceNodeNamesTheInputGroup() throws {
        let touchsynth = try Fixtures.touchsynth()
        let result = try runOnUnreadableNode { [touchsynth, "debug", "--device", $0] }
        XCTAssertEqual(result.status, 77, result.stderr)
        XCTAssertTrue(result.stderr.contains("permission denied; join the 'input' group"), result.stderr)
        XCTAssertTrue(result.stderr.contains("or run with sudo"), result.stderr)
    }
}

/// libinput's own recorder, run on a mocked device, writes YAML this project must read back exactly.
final class LibinputRecordInteropTests: XCTestCase {
    func testLibinputRecordOfAMockedDeviceParsesBackToTheSameFrames() throws {
        let touchsynth = try Fixtures.touchsynth()
        let libinput = try XCTUnwrap(findExecutable("libinput"), "libinput-tools is not installed (tools/test installs it)")
        let source = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-record-\(UUID().uuidString).yml").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try runProcess([touchsynth, "mock", source, "--", libinput, "record", "-o", out, "{devnode}"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let recorded = try RecordingLoader.load(out)
        let original = try RecordingLoader.load(source)
        XCTAssertEqual(recorded.device.name, original.device.name)
        XCTAssertEqual(recorded.device.codes, original.device.codes)
        XCTAssertEqual(recorded.device.absinfo.mapValues(\.maximum), original.device.absinfo.mapValues(\.maximum))
        XCTAssertEqual(recorded.frames.map(\.events), original.frames.map(\.events))
        XCTAssertEqual(recorded.frames.map(\.time), original.frames.map(\.time), "delivery keeps the recording's exact spacing")
    }
}
