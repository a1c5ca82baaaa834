import Foundation
@testable import Recordings
import XCTest
import TestSupport

/// The byte-by-byte reading of plain evemu event lines gives what the general reading gives, and
/// reads every event line of the bundled recordings.
final class EvemuEventLineTests: XCTestCase {
    let fixtures = Fixtures.evemu

    /// A line either way: the plain reading (nil if it leaves the line to the general one) and the
    /// general reading's event or error.
    func both(_ line: String) -> (plain: (UInt64, EvdevEvent)?, general: Result<(UInt64, EvdevEvent)?, RecordingError>)
    {
        (
            EvemuFormat.plainEventLine(line),
            Result { () throws(RecordingError) in try EvemuFormat.anyEventLine(line, file: "t.events", line: 1) }
        )
    }

    func assertSame(_ line: String, plain expectPlain: Bool, file: StaticString = #filePath, lineNumber: UInt = #line) {
        let (plain, general) = both(line)
        XCTAssertEqual(
            plain != nil, expectPlain, "plain reading of \(line.debugDescription)", file: file, line: lineNumber)
        guard let plain else { return }
        guard case .success(let event?) = general else {
            return XCTFail("\(line.debugDescription): plain \(plain), general \(general)", file: file, line: lineNumber)
        }
        XCTAssertEqual(plain.0, event.0, line.debugDescription, file: file, line: lineNumber)
        XCTAssertEqual(plain.1, event.1, line.debugDescription, file: file, line: lineNumber)
    }

    func testPlainLinesReadTheSameAndTheRestAreLeftToTheGeneralReading() {
        for line in [
            "E: 0.000001 0003 0035 1234", "E: 12.345678 0003 0035 -1", "E: 0.000001 0003 0035 1234 # comment",
            "E: 0.000001 0003 0035 1234#c", "  E:\t0.000001\t0003\t0035\t1234\r", "E:0.000001 0003 0035 1234",
            "E: 0.000001 0003 0035 -2147483648", "E: 0.000001 000a 00FF 2147483647", "E: 10000000000.000000 0 0 0",
        ] {
            assertSame(line, plain: true)
        }
        for line in [
            "E: 0.000001 0003 0035 +12", "E: 0.00001 0003 0035 12", "E: 10000000001.000000 0003 0035 12",
            "E: 0.000001 00003 0035 12", "E: 0.000001 0003 0035 2147483648", "E: 0.000001 0003 0035 12#\u{301}x",
            "E: 0.000001 0003 0035 1\u{301}", "E: 0.000001 0003 0035", "E: 0.000001 0003 0035 1 2", "# comment", "",
            "   ", "N: name", "\rE: 0.000001 0003 0035 1", " \u{301}E: 0.000001 0003 0035 1",
            "E: 0.000001 0003 0035 1 \u{301}",
            "E: 0.000001 0003\u{301} 0035 1", "E: ０.000001 0003 0035 1",
        ] {
            assertSame(line, plain: false)
        }
    }

    func testEveryEventLineOfTheBundledRecordingsIsPlain() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter {
            $0.hasSuffix(".events") || $0.hasSuffix(".evemu")
        }
        XCTAssertGreaterThan(files.count, 10)
        var lines = 0
        for name in files {
            let text = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("E:") {
                lines += 1
                assertSame(String(line), plain: true)
            }
        }
        XCTAssertGreaterThan(lines, 10_000)
    }
}
