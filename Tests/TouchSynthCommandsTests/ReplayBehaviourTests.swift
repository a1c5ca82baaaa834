import Foundation
import MockedDevices
import Recordings
import XCTest
import TestSupport

/// What a person running `touchsynth replay` relies on: gestures come out right, and bad input is
/// refused with a useful line and the right exit code.
final class ReplayBehaviourTests: XCTestCase {
    func events(_ stdout: String) throws -> [[String: Any]] {
        try jsonLines(stdout)
    }

    /// Pinch recordings of ≥ 0.6 s: BEGIN, UPDATE…, END with the scale moving the way the fingers did.
    func testPinchScaleFollowsTheFingers() throws {
        for (file, grows) in [("pinch-out.yml", true), ("pinch-in.yml", false)] {
            let url = Fixtures.synthesized.appendingPathComponent(file)
            let result = runCommand(["replay", "--json", url.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            let pinch = try events(result.stdout).filter { ($0["type"] as? String)?.hasPrefix("GESTURE_PINCH") == true }
            let types = pinch.map { $0["type"] as! String }
            XCTAssertEqual(types.first, "GESTURE_PINCH_BEGIN", file)
            XCTAssertEqual(types.last, "GESTURE_PINCH_END", file)
            XCTAssertEqual(types.dropFirst().dropLast().filter { $0 != "GESTURE_PINCH_UPDATE" }, [], file)
            XCTAssertGreaterThan(types.count, 30, file)
            let first = try XCTUnwrap(
                pinch.first { $0["type"] as? String == "GESTURE_PINCH_UPDATE" }?["timeUs"] as? Int)
            let last = try XCTUnwrap(pinch.last?["timeUs"] as? Int)
            XCTAssertGreaterThanOrEqual(Double(last - first) / 1e6, 0.6, "\(file): pinch shorter than 0.6 s")
            let scales = pinch.compactMap { $0["scale"] as? Double }
            let final = try XCTUnwrap(scales.last)
            if grows {
                XCTAssertGreaterThan(final, 1.5, file)
                XCTAssertTrue(
                    zip(scales, scales.dropFirst()).allSatisfy { $1 >= $0 - 1e-9 },
                    "\(file): scale must not shrink while fingers spread")
            } else {
                XCTAssertLessThan(final, 0.7, file)
                XCTAssertTrue(
                    zip(scales, scales.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 },
                    "\(file): scale must not grow while fingers close")
            }
        }
    }

    /// A 90° clockwise turn accumulates a clockwise (positive) angle of that size: the synthesizer's
    /// lead-in is spent before libinput decides on the pinch.
    func testRotationAccumulatesTheTurn() throws {
        let result = runCommand(["replay", "--json", Fixtures.synthesized.appendingPathComponent("rotate-cw.yml").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let angle = try events(result.stdout).compactMap { $0["angleDeltaDeg"] as? Double }.reduce(0, +)
        XCTAssertEqual(angle, 90, accuracy: 5)
    }

    func testLatencyFileHasOneLinePerLibinputEventAndAgreesWithTheSummary() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-latency-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml").path
        let result = runCommand(["replay", recording, "--mode", "both", "--json", "--real-time", "--latency", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        let types = try jsonLines(result.stdout).compactMap { $0["libinput"] as? [String: Any] }.compactMap {
            $0["type"] as? String
        }
        let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst().map {
            $0.split(separator: "\t")
        }
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
        let count = try XCTUnwrap(
            result.stderr.firstMatch(of: /latency over ([0-9]+) libinput events/).flatMap { Int($0.output.1) },
            result.stderr)
        XCTAssertEqual(count, types.count)
    }

    private func expectFailure(
        _ text: String, name: String, code: Int32, mentions: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = runCommand(["replay", path])
        XCTAssertEqual(result.status, code, result.stderr, file: file, line: line)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "one line expected: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(
            result.stderr.contains(mentions), "expected \"\(mentions)\" in: \(result.stderr)", file: file, line: line)
    }

    func testMalformedRecordingsAreRefusedWithFileLineAndExit65() throws {
        let desc = try String(
            contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc"),
            encoding: .utf8)
        let header = desc.split(separator: "\n").count
        try expectFailure(
            desc + "E: 0.000000 0003 0035 1500\nE: 0.000000 0000 00\n", name: "truncated.evemu", code: 65,
            mentions: "truncated.evemu:\(header + 2): truncated event")
        try expectFailure(
            desc + "E: 0.000000 0003 0099 7\n", name: "unknown-code.evemu", code: 65,
            mentions: "unknown-code.evemu:\(header + 1): unknown event code 0x99")
        try expectFailure(
            desc + "E: 0.000000 0001 0111 1\n", name: "unsupported.evemu", code: 65,
            mentions: "unsupported.evemu:\(header + 1): event code BTN_RIGHT is not supported")
        let descLines = desc.split(separator: "\n")
        let absLine = try XCTUnwrap(descLines.firstIndex { $0.hasPrefix("B: 03") }) + 1
        try expectFailure(
            descLines.filter { !$0.hasPrefix("A: 36") }.joined(separator: "\n") + "\n", name: "no-range.evemu",
            code: 65,
            mentions: "no-range.evemu:\(absLine): ABS_MT_POSITION_Y is declared but has no axis range")
        try expectFailure(
            "E: 0.000000 0003 0035 1500\nE: 0.000000 0000 00\n", name: "headerless.events", code: 65,
            mentions: "headerless.events:2: truncated event")
        try expectFailure(
            "version: 1\ndevices:\n- evdev:\n    name: \"x\"\n    id: [1, 2, 3]\n", name: "bad-id.yml", code: 65,
            mentions: "bad-id.yml:5: evdev id must be")
        try expectFailure("version: 1\ndevices: [\n", name: "broken.yml", code: 65, mentions: "broken.yml:")
    }

    /// Values that would overflow or make libevdev reject the device are data errors, not traps.
    func testOutOfRangeValuesAreRefusedWithExit65() throws {
        let desc = try String(
            contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.desc"),
            encoding: .utf8)
        let header = desc.split(separator: "\n").count
        try expectFailure(
            desc + "E: 99999999999999.000000 0000 0000 0\n", name: "far-future.evemu", code: 65,
            mentions: "far-future.evemu:\(header + 1): timestamp of 99999999999999 s is out of range")
        try expectFailure(
            desc + "E: 0.000000 0000 0000 0\nE: 90000.000000 0000 0000 0\n", name: "two-days.evemu", code: 65,
            mentions: "replays are limited to 24 hours")
        let badSlots = desc.replacingOccurrences(of: "A: 2f 0 1 0 0", with: "A: 2f -10 -5 0 0")
        XCTAssertNotEqual(badSlots, desc)
        try expectFailure(badSlots, name: "slots.evemu", code: 65, mentions: "ABS_MT_SLOT must range over 0...N")
        let yaml = "version: 1\ndevices:\n- evdev:\n    name: \"x\"\n    id: [1, \"two\", 3, 4]\n    codes: {0: [0]}\n"
        try expectFailure(yaml, name: "id.yml", code: 65, mentions: "id.yml:5: \"two\" is not an integer")
        let inverted =
            "version: 1\ndevices:\n- evdev:\n    name: \"x\"\n    id: [1, 2, 3, 4]\n    codes: {3: [0, 1]}\n    "
            + "absinfo:\n      0: [0, 100, 0, 0, 0]\n      1: [50, 10, 0, 0, 0]\n"
        try expectFailure(
            inverted, name: "inverted.yml", code: 65, mentions: "inverted.yml:9: ABS_Y has minimum 50 > maximum 10")
    }

    /// Out-of-range command-line values are usage errors (64); a bad script line is bad data (65).
    func testSynthesizeRefusesBadValuesWithTheirLine() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        for option in [["--rate", "nan"], ["--jitter", "inf"], ["--rate", "1e300"]] {
            let result = runCommand(["synthesize", "-e", "pinch", "--desc", desc] + option)
            XCTAssertEqual(result.status, 64, "\(option): \(result.stderr)")
        }
        for (script, message) in [
            ("pinch scale=nan", "-e:1: scale=nan: not a finite number"),
            ("tap\nswipe fingers=9", "-e:2: fingers=9: expected a whole number from 1 to 5"),
            ("pause 1e400ms", "-e:1: pause 1e400ms: not a finite number"),
            ("swipe distance=90mm", "-e:1: the swipe leaves the touchpad"),
            // Decimals only: a hexadecimal number, or an empty coordinate, is no position.
            ("pinch at=0x10,0", "-e:1: at=0x10: expected a number with a unit"),
            ("pinch at=5,,5", "-e:1: at=5,,5: expected center"),
        ] {
            let result = runCommand(["synthesize", "-e", script, "--desc", desc])
            XCTAssertEqual(result.status, 65, "\(script): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("touchsynth: " + message), result.stderr)
        }
    }

    /// An out-of-range option value is refused before any work, with the usage of the command
    /// it was given to (not the top-level one) and 64.
    func testAnOutOfRangeValueShowsItsCommandsUsage() throws {
        let cases: [(command: String, arguments: [String])] = [
            ("bench", ["--runs", "0"]), ("bench", ["--runs", "1001"]), ("bench", ["--events", "10"]),
            ("bench", ["--hour-only", "--throughput-only"]), ("bench", ["x.yml", "--throughput-only"]),
            ("bench", ["--view-stream", "1", "--hour"]), ("bench", ["--hour-only", "--events", "2000"]),
            ("bench", ["--events-per-second", "10"]), ("diff", ["--limit=-1", "a", "b"]),
            ("compare", ["x.yml", "--events-out", "-"]),
            ("replay", ["--speed", "0", "x.yml"]), ("corpus", ["--jobs", "0", "x"]), ("mock", ["x.yml"]),
            ("record", ["--duration", "0"]), ("synthesize", ["-e", "tap", "--desc", "x", "--rate", "1"]),
            ("report", ["x.yml", "-o", "x.txt"]), ("report", ["x.yml", "--plot", "scale", "-o", "x.html"]),
            ("play", ["--linger-ms", "-1", "x.yml"]), ("bridge", ["--points-per-mm", "0"]),
        ]
        for (command, arguments) in cases {
            let result = runCommand([command] + arguments)
            XCTAssertEqual(result.status, 64, "\(command) \(arguments): \(result.stderr)")
            XCTAssertTrue(
                result.stderr.hasSuffix("see 'touchsynth \(command) --help')\n"),
                "\(command) \(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(command) \(arguments): \(result.stderr)")
        }
    }

    /// A value refused by its type says what the option takes, from its help; one of a list of
    /// choices lists them on the line.
    func testAnInvalidValueSaysWhatTheOptionTakes() {
        let screen = runCommand(["replay", "--screen", "0x0", "x.yml"])
        XCTAssertEqual(screen.status, 64)
        XCTAssertTrue(screen.stderr.contains("(--screen: Virtual screen size in points"), screen.stderr)
        let plot = runCommand(["report", "--plot", "nosuch", "x.yml", "-o", "p.svg"])
        XCTAssertTrue(plot.stderr.contains("following: touchpad, screen, scale"), plot.stderr)
        XCTAssertEqual(plot.stderr.split(separator: "\n").count, 1, plot.stderr)
    }

    /// A negative number is refused for its value, not taken for an option with its value missing.
    func testANegativeValueIsRefusedForItsValue() {
        let linger = runCommand(["play", "--linger-ms", "-1", "x.yml"])
        XCTAssertEqual(linger.status, 64)
        XCTAssertTrue(linger.stderr.hasPrefix("touchsynth: --linger-ms must be within 0 and 60000 (see"), linger.stderr)
    }

    /// An unwritable latency file is refused before the replay starts, in one line.
    func testAnUnwritableLatencyFileIsRefusedBeforeTheReplay() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let latency = runCommand([
            "replay", "--mode", "both", "--real-time", "--latency", "/nonexistent/latency.tsv",
            pinch,
        ])
        XCTAssertEqual(latency.status, 73)
        XCTAssertEqual(
            latency.stderr, "touchsynth: /nonexistent/latency.tsv: cannot write: No such file or directory\n")
        XCTAssertEqual(latency.stdout, "")
    }

    func testMissingRecordingExits66() throws {
        let result = runCommand(["replay", "/nonexistent/recording.yml"])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "touchsynth: /nonexistent/recording.yml: no such file\n")
    }
}
