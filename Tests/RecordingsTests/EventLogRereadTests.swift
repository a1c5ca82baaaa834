import Foundation
import Recordings
import TestSupport
import XCTest

/// A log without its description, or a getevent log, read from its file is read twice: once for
/// what its first frame waits for (an inferred description, a start mid-gesture, its times'
/// repair), once for its frames. Read from its text, it is held whole. Both readings must agree,
/// frame for frame and error for error.
final class EventLogRereadTests: XCTestCase {
    /// What a reading gave: its device, frames and notes, or its error's words.
    private struct Read: Equatable {
        var device: DeviceDescription?
        var frames: [EvdevFrame] = []
        var notes: [String] = []
        var error: String?
    }

    private func read(_ open: () throws -> RecordingStream) -> (Read, RecordingStream?) {
        do {
            let stream = try open()
            let frames = try stream.readAll()
            return (Read(device: stream.device, frames: frames, notes: stream.notes), stream)
        } catch {
            return (Read(error: "\(error)"), nil)
        }
    }

    /// Reads `path`, for the device at `node`, from its file and from its text; whether it was
    /// read twice.
    private func assertFileReadsAsText(_ path: String, node: String? = nil) throws -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        let (fromFile, stream) = read { try RecordingStream(path: path, node: node) }
        let (fromText, _) = read { try RecordingStream(text: text, file: path, node: node) }
        XCTAssertEqual(fromFile, fromText, "\(path) \(node ?? "")")
        return stream.map { [.getevent, .evemu, .evtest].contains($0.format) && (try? $0.restarted()) != nil } ?? false
    }

    func testEveryFixtureReadFromItsFileReadsAsFromItsText() throws {
        let walker = FileManager.default.enumerator(at: Fixtures.directory, includingPropertiesForKeys: nil)
        var twice = 0
        while let url = walker?.nextObject() as? URL {
            guard ["events", "evemu", "evtest", "txt", "getevent"].contains(url.pathExtension) else { continue }
            if try assertFileReadsAsText(url.path) { twice += 1 }
        }
        // The bundled getevent, evemu and evtest logs, well formed and not.
        XCTAssertGreaterThanOrEqual(twice, 30)
    }

    /// Of a getevent log of two devices, each device's events read again are its own.
    func testEachDeviceOfALogReadTwiceReadsAsWhole() throws {
        let path = Fixtures.directory.appendingPathComponent("formats/two-devices.getevent-lt.txt").path
        var frames: [Int] = []
        for node in ["event4", "/dev/input/event7"] {
            XCTAssertTrue(try assertFileReadsAsText(path, node: node), node)
            frames.append(try RecordingStream(path: path, node: node).readAll().count)
        }
        XCTAssertGreaterThan(frames.min() ?? 0, 50, "\(frames)")
    }

    /// A getevent log and an evemu log without their descriptions, begun mid-gesture, their clock
    /// stepped back, and cut mid-frame: every repair made from the first reading.
    func testARepairedLogReadTwiceReadsAsWhole() throws {
        let formats = Fixtures.directory.appendingPathComponent("formats")
        for name in ["pinch-in.getevent-t.txt", "two-finger-scroll.events-only.evemu"] {
            let lines = try String(contentsOf: formats.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let events = lines.filter { $0.hasPrefix("[") || $0.hasPrefix("E:") }
            XCTAssertGreaterThan(events.count, 40, name)
            // From the third event: the first touch's tracking id is lost.
            var cut = Array(events[2..<(events.count - 1)])
            // Half-way, the clock stepped back: the first half is five seconds later.
            for i in 0..<(cut.count / 2) { cut[i] = Substring(Self.moved(String(cut[i]), by: 5)) }
            let path = temporaryPath("reread-\(name)")
            try (cut.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertTrue(try assertFileReadsAsText(path), name)
            let stream = try RecordingStream(path: path)
            _ = try stream.readAll()
            let notes = stream.notes.joined(separator: "\n")
            for said in ["inferred", "mid-gesture", "go back", "cut mid-frame"] {
                XCTAssertTrue(notes.contains(said), "\(name): \(said) in \(notes)")
            }
        }
    }

    /// A log past a replay's 24 hours is refused at the first frame past them, the last one the
    /// log's end closes too, whichever way it is read.
    func testALogPastADayIsRefusedAtItsFirstFramePastIt() throws {
        let cases = [
            ("past.evemu", "E: 1.000000 0003 0035 100\nE: 1.000000 0000 0000 0\nE: 90000.000000 0003 0035 101\n", 3),
            (
                "past.getevent",
                "[ 1.000000] 0003 0035 00000064\n[ 1.000000] 0000 0000 00000000\n[ 90000.000000] 0003 0035 000000c8\n"
                    + "[ 90000.000000] 0000 0000 00000000\n[ 90001.000000] 0000 0000 00000000\n", 4
            ),
        ]
        for (name, text, line) in cases {
            let path = temporaryPath(name)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            _ = try assertFileReadsAsText(path)
            XCTAssertThrowsError(try RecordingStream(path: path).readAll(), name) {
                XCTAssertTrue("\($0)".hasPrefix("\(path):\(line): the recording spans more than 24 hours"), "\($0)")
            }
        }
    }

    /// A description given is read only when the log needs it: after the log's own errors, and
    /// not at all for a log that describes its device alone.
    func testADescriptionGivenIsReadOnlyWhenTheLogNeedsIt() throws {
        let bad = temporaryPath("bad.desc")
        try "N: x\nI: zz\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let malformed = Fixtures.directory.appendingPathComponent("malformed/getevent-bad-hex.txt").path
        XCTAssertThrowsError(try RecordingStream(path: malformed, description: bad)) {
            XCTAssertTrue("\($0)".hasPrefix(malformed), "\($0)")
        }
        let formats = Fixtures.directory.appendingPathComponent("formats")
        let described = try String(
            contentsOf: formats.appendingPathComponent("pinch-in.getevent-lt.txt"), encoding: .utf8
        )
        .split(separator: "\n").filter { !$0.hasPrefix("[") }.joined(separator: "\n")
        let path = temporaryPath("described-only.getevent")
        try described.write(toFile: path, atomically: true, encoding: .utf8)
        let stream = try RecordingStream(path: path, description: bad)
        XCTAssertEqual(stream.device.name, "ETPS/2 Elantech Touchpad")
        XCTAssertNil(try stream.nextFrame())
        XCTAssertNil(try stream.restarted(), "a description alone has no frames to read again")
    }

    /// A getevent line that holds a carriage return is said to end in one, wherever it is.
    func testAGeteventLineWithACarriageReturnIsSaidToEndInOne() throws {
        let path = temporaryPath("cr.getevent")
        try "[ 1.000000] 0003 0035 00000064\n[ 1.000000] 0000 0000 00000000\r[ 2.000000] 0000 0000 00000000\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try RecordingStream(path: path).readAll()) {
            XCTAssertTrue("\($0)".contains("\(path):2: its lines end in a carriage return alone"), "\($0)")
        }
    }

    /// An event log already read (a pipe) is held whole, as far as 16 MiB: a getevent log, and an
    /// evemu log with no description, which would otherwise grow in memory as long as its writer
    /// goes on.
    func testAnEventLogHeldWholeIsRefusedPast16MiB() throws {
        let frame = "[ 1.000000] 0003 0035 00000064\n[ 1.000000] 0000 0000 00000000\n"
        let text = String(repeating: frame, count: (16 << 20) / frame.utf8.count + 1)
        XCTAssertThrowsError(try RecordingStream(text: text, file: "-")) {
            XCTAssertTrue("\($0)".contains("the log is longer than 16 MiB, more than is read whole"), "\($0)")
        }
        let event = "E: 0.000000 0003 0035 100\n"
        let lines = (16 << 20) / event.utf8.count + 1
        XCTAssertThrowsError(try RecordingStream(text: String(repeating: event, count: lines), file: "-")) {
            XCTAssertTrue("\($0)".hasPrefix("-:\(lines): an event log from a pipe is held whole"), "\($0)")
        }
    }

    /// A frame is refused once it holds more events than any kernel sends before a SYN_REPORT, at
    /// the line that passes the bound: text with no SYN_REPORT is not held as it comes.
    func testAFrameLongerThanAnyKernelsIsRefusedAtItsLine() throws {
        let header = try String(
            contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events"),
            encoding: .utf8
        )
        .split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).count
        let long = String(repeating: "E: 0.000000 0003 0035 100\n", count: 4097)
        XCTAssertThrowsError(try RecordingStream(text: header + "\n" + long, file: "long.evemu").readAll()) {
            XCTAssertTrue(
                "\($0)".hasPrefix("long.evemu:\(headerLines + 4097): more than 4096 events without a SYN_REPORT"),
                "\($0)")
        }
        let frames = String(repeating: "E: 0.000000 0003 0035 100\nE: 0.000000 0000 0000 0000\n", count: 4097)
        XCTAssertEqual(try RecordingStream(text: header + "\n" + frames, file: "many.evemu").readAll().count, 4097)
    }

    /// Times that step back by ten billion seconds again and again move later events past any
    /// clock: refused as past a day, not a trap.
    func testTimesSteppingBackPastAnyClockAreRefused() throws {
        let path = temporaryPath("far-back.getevent")
        let lines = (0..<4000).map { i in
            let stamp = "[\(i % 2 == 0 ? "10000000000" : "0").000000]"
            return "\(stamp) 0003 0035 00000064\n\(stamp) 0000 0000 00000000"
        }
        try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        _ = try assertFileReadsAsText(path)
        XCTAssertThrowsError(try RecordingStream(path: path).readAll()) {
            XCTAssertTrue("\($0)".contains("the recording spans more than 24 hours"), "\($0)")
        }
    }

    /// `line` with its time stamp (`[ sec.usec]`, or evemu's `E: sec.usec`) `seconds` later.
    private static func moved(_ line: String, by seconds: UInt64) -> String {
        func later(_ stamp: some StringProtocol) -> String {
            let parts = stamp.trimmingCharacters(in: .whitespaces).split(separator: ".")
            return "\((UInt64(parts[0]) ?? 0) + seconds).\(parts[1])"
        }
        if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
            return "[" + later(line[line.index(after: line.startIndex)..<close]) + String(line[close...])
        }
        var fields = line.split(separator: " ").map(String.init)
        fields[1] = later(fields[1])
        return fields.joined(separator: " ")
    }
}
