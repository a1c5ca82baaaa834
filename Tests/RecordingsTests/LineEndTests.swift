import Foundation
import Recordings
import XCTest
import TestSupport

/// Line ends as files come with them: carriage returns alone (refused), doubled before the line
/// feed (read), and a last line cut without one.
final class LineEndTests: XCTestCase {
    private static let crLineEnds = Fixtures.root.appendingPathComponent(
        "Tests/Fixtures/malformed/yaml-cr-line-ends.yml")

    /// Lines ending in a carriage return alone make one line of the file: said so, at line 1.
    func testCarriageReturnLineEndsAreSaid() throws {
        let text = try String(contentsOf: Self.crLineEnds, encoding: .utf8)
        XCTAssertThrowsError(try RecordingLoader.load(text: text, file: "cr.yml")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cr.yml:1: its lines end in a carriage return alone"), "\(error)")
        }
        // So too past the 1 MiB a line may hold, which such a file's one line soon is.
        let long = temporaryPath("long-cr.yml")
        try String(repeating: text, count: 1 + (1 << 20) / text.utf8.count).write(
            toFile: long, atomically: false, encoding: .utf8)
        defer { unlink(long) }
        XCTAssertThrowsError(try RecordingLoader.load(long)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(long):1: its lines end in a carriage return alone"), "\(error)")
        }
    }

    /// A `--desc` axis list whose lines end in a carriage return alone is said to, not taken for
    /// one `A:` line of too many fields.
    func testAnAxisListOfCarriageReturnLineEndsIsSaid() {
        let axes = "A: 00 1472 5472 0 0\rA: 01 1408 4448 0 0\r"
        XCTAssertThrowsError(try LogDescription(text: axes, file: "axes.txt")) { error in
            XCTAssertTrue("\(error)".hasPrefix("axes.txt:1: its lines end in a carriage return alone"), "\(error)")
        }
        guard case .axes(let read, _)? = try? LogDescription(text: axes.replacing("\r", with: "\n"), file: "a") else {
            return XCTFail("the same list with LF line ends is an axis list")
        }
        XCTAssertEqual(read.keys.sorted(), [0, 1])
        // A CR-LF line end, left in text read whole, and a last line's CR are no lone return.
        XCTAssertTrue(RecordingStream.hasLoneCarriageReturn("A: 00 0 1 0 0\rA: 01 0 1 0 0"))
        XCTAssertFalse(RecordingStream.hasLoneCarriageReturn("A: 00 0 1 0 0\r\nA: 01 0 1 0 0\r\n"))
        XCTAssertFalse(RecordingStream.hasLoneCarriageReturn("A: 00 0 1 0 0\r"))
    }

    /// A capture whose lines end in a carriage return alone is said to, as a recording is, not
    /// taken for one line of bad JSON.
    func testACaptureOfCarriageReturnLineEndsIsSaid() throws {
        let capture = temporaryPath("cr.jsonl")
        let text =
            #"{"output":"libinputEvents","schemaVersion":5}"# + "\r"
            + #"{"type":"DEVICE_ADDED","device":"event10","timeUs":1}"# + "\r"
        try text.write(toFile: capture, atomically: false, encoding: .utf8)
        defer { unlink(capture) }
        XCTAssertThrowsError(try RecordingOrCapture(path: capture).capture()) { error in
            XCTAssertEqual(
                "\(error)",
                "\(capture):1: its lines end in a carriage return alone (CR, as classic Mac OS wrote them): "
                    + "make them LF"
            )
        }
    }

    /// A CRLF file converted to CRLF again (`\r\r\n`) reads as its LF self, in every format: its
    /// header was one comment line to the evemu reader, which inferred a device.
    func testDoubledCarriageReturnsEndALine() throws {
        let yaml = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let recording = try RecordingLoader.load(yaml)
        for format in RecordingFormat.allCases {
            let text = format.text(recording)
            let doubled = try RecordingLoader.load(
                text: text.replacingOccurrences(of: "\n", with: "\r\r\n"), file: "p")
            let plain = try RecordingLoader.load(text: text, file: "p")
            XCTAssertEqual(doubled.device, plain.device, "\(format)")
            XCTAssertEqual(doubled.frames, plain.frames, "\(format)")
            XCTAssertEqual(doubled.notes, plain.notes, "\(format)")
        }
    }

    /// A ChromeOS log cut in a description line (a comment to other readers) says so and leaves
    /// the line out, rather than reading a bitmask cut short as the device's codes.
    func testAChromeOSLogCutInItsDescriptionSaysSo() throws {
        let whole = RecordingFormat.chromeos.text(
            try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path))
        let keyLine = try XCTUnwrap(whole.range(of: "# key: "))
        let cut = temporaryPath("cut.chromeos")
        try String(whole[..<whole.index(keyLine.upperBound, offsetBy: 10)]).write(
            toFile: cut, atomically: false, encoding: .utf8)
        defer { unlink(cut) }
        let recording = try RecordingLoader.load(cut)
        let line = whole[..<keyLine.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertEqual(recording.notes, ["line \(line): the last line has no line end (the file was cut): left out"])
        XCTAssertEqual(recording.device.codes[Evdev.EV_KEY] ?? [], [], "no keys read from the cut bitmask")
    }
}
