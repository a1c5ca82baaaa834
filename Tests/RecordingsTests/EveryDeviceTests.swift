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
        let every = try RecordingLoader.load(path, everyDevice: true)
        XCTAssertEqual(every.frames, first.frames)
        XCTAssertEqual(every.otherDevices.map(\.frames), [second.frames])
        XCTAssertEqual(every.notes, [])
        // Streamed device by device, the same.
        let stream = try RecordingStream(path: path, everyDevice: true)
        XCTAssertEqual(try stream.readAll(), first.frames)
        XCTAssertEqual(stream.otherDevices, every.otherDevices)
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
    }
}
