import Foundation
import Recordings
import TestSupport
import XCTest

/// A file of several devices played beside a recording (`--with`) plays every device with events
/// that libinput takes, none chosen, each on the file's one clock.
final class EveryDeviceTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

    /// Two touchpads, which a recording read alone must choose between: read every one, the first
    /// is read and the second plays alongside, and no choice is said.
    func testTwoPointingDevicesOfALibinputRecordBothPlay() throws {
        let first = try RecordingLoader.load(pinch)
        let second = Fixtures.delayed(
            try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path), by: 200_000)
        let path = temporaryPath("two-pads.yml")
        try Fixtures.libinputRecord(first, second).write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        XCTAssertThrowsError(try RecordingLoader.load(path)) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .usage, "\(error)")
        }
        let every = try readBothWays(path)
        XCTAssertEqual(every.frames, first.frames)
        XCTAssertEqual(every.otherDevices.map(\.frames), [second.frames])
        XCTAssertEqual(every.notes, [])
    }

    /// The first device is read as a file's one device is: its bad event refuses the file, where
    /// a later device's is said and that device does not play; alike read whole (a pipe) or
    /// device by device.
    func testABadEventLineRefusesTheFirstDeviceAndPassesOverAnother() throws {
        let pad = try RecordingLoader.load(pinch), keys = try RecordingLoader.load(Fixtures.typing)
        let path = temporaryPath("bad-pad.yml")
        defer { unlink(path) }
        // The touchpad's third event row given a type it does not have.
        func spoiled(_ text: String, node: String) -> String {
            var rows = 0, inPad = false
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                if line.hasPrefix("- node:") { inPad = line.hasSuffix(node) }
                guard inPad, line.contains("- [") else { return String(line) }
                rows += 1
                return rows == 3 ? line.replacingOccurrences(of: ",   3,", with: ",   5,") : String(line)
            }.joined(separator: "\n")
        }
        try spoiled(Fixtures.libinputRecord(pad, keys), node: "event0").write(
            toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try readBothWays(path)) { error in
            XCTAssertTrue("\(error)".contains(": unknown event code 0x36 for EV_SW"), "\(error)")
        }
        try spoiled(Fixtures.libinputRecord(keys, pad), node: "event1").write(
            toFile: path, atomically: false, encoding: .utf8)
        let every = try readBothWays(path)
        XCTAssertEqual(every.device.name, keys.device.name)
        XCTAssertEqual(every.otherDevices, [])
        XCTAssertTrue(
            every.notes.contains {
                $0.hasPrefix("/dev/input/event1 \"\(pad.device.name)\" is not played alongside: line ")
            },
            "\(every.notes)")
    }

    /// `path` read every device at once, as a file (device by device) and as a pipe's text
    /// (whole): the same recording, or both refused at the same line.
    private func readBothWays(_ path: String) throws -> Recording {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let file = Result { () throws(RecordingError) in try RecordingLoader.load(path, everyDevice: true) }
        let whole = Result { () throws(RecordingError) in
            try LibinputRecordFormat.parse(text, file: path, everyDevice: true)
        }
        switch (file, whole) {
        case (.success(let a), .success(let b)):
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.otherDevices, b.otherDevices)
            XCTAssertEqual(a.notes, b.notes)
        case (.failure(let a), .failure(let b)):
            // The file's reader adds the format it read the file as.
            XCTAssertEqual(a.line, b.line)
            XCTAssertEqual(a.problem, b.problem + " (read as libinput record YAML)")
        default:
            XCTFail("device by device: \(file); whole: \(whole)")
        }
        return try file.get()
    }

    /// A getevent log of two touchpads, the second's events stamped 0.25 s later: each is read, on
    /// the log's one clock, as each reads alone but for where its times count from.
    func testEachDeviceOfAGeteventLogPlaysOnItsClock() throws {
        let log = try String(
            contentsOf: Fixtures.directory.appendingPathComponent("formats/two-devices.getevent-lt.txt"),
            encoding: .utf8)
        let later = log.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.contains("/dev/input/event7:"), let stamp = line.firstMatch(of: /^\[ *([0-9.]+)\]/),
                let seconds = Double(stamp.1)
            else { return String(line) }
            return String(format: "[%15.6f]", seconds + 0.25) + line[stamp.range.upperBound...]
        }
        let path = temporaryPath("two-devices.getevent-lt.txt")
        try later.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        let every = try RecordingLoader.load(path, everyDevice: true)
        let alone = try ["event4", "event7"].map { try RecordingLoader.load(path, node: $0) }
        XCTAssertEqual(every.device, alone[0].device)
        XCTAssertEqual(every.otherDevices.map(\.device), [alone[1].device])
        let other = try XCTUnwrap(every.otherDevices.first)
        // One of the two starts at 0; the other is as far after it as its first event was.
        XCTAssertEqual(min(every.frames[0].time, other.frames[0].time), 0)
        for (read, own) in [(every, alone[0]), (other, alone[1])] {
            let shift = read.frames[0].time
            XCTAssertEqual(read.frames.map { $0.time - shift }, own.frames.map(\.time))
            XCTAssertEqual(read.frames.map(\.events), own.frames.map(\.events))
        }
        XCTAssertEqual(other.frames[0].time - every.frames[0].time, 250_000, "the second began 0.25 s later")
        // A headphone jack's switch before them all, which does not play, does not start the clock.
        let jack =
            "[       0.000000] /dev/input/event9: EV_SW       SW_HEADPHONE_INSERT  00000001\n"
            + "[       0.000000] /dev/input/event9: EV_SYN       SYN_REPORT           00000000\n"
        let shifted = later.map { line -> String in
            guard let stamp = line.firstMatch(of: /^\[ *([0-9.]+)\]/), let seconds = Double(stamp.1) else {
                return line
            }
            return String(format: "[%15.6f]", seconds + 1) + line[stamp.range.upperBound...]
        }
        try (jack + shifted.joined(separator: "\n")).write(toFile: path, atomically: false, encoding: .utf8)
        let withJack = try RecordingLoader.load(path, everyDevice: true)
        XCTAssertEqual(withJack.frames, every.frames)
        XCTAssertEqual(withJack.otherDevices, every.otherDevices)
        XCTAssertTrue(
            withJack.notes.contains { $0.hasPrefix("/dev/input/event9") && $0.contains("is not played alongside") },
            "\(withJack.notes)")
    }
}
