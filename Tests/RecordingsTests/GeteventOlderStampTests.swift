import Foundation
import Recordings
import XCTest
import TestSupport

/// getevent as older Androids (4.0 among them) wrote it: stamps `sec-usec: ` with the microseconds unpadded
/// (`%ld-%ld`), and axes without a comma before `flat` or a resolution.
final class GeteventOlderStampTests: XCTestCase {
    /// Today's getevent: `-t` of events alone, `-lp` then `-lt` (labelled) of a described device.
    private static let today = ["formats/pinch-in.getevent-t.txt", "formats/pinch-in.getevent-lt.txt"].map {
        Fixtures.directory.appendingPathComponent($0)
    }

    /// The log of today's getevent, written as the older one wrote it.
    private func older(_ text: String, node: String? = nil) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if let stamp = line.wholeMatch(of: /\[ *([0-9]+)\.([0-9]{6})\] (.*)/) {
                let prefix = node.map { "\($0): " } ?? ""
                return "\(Int(stamp.1) ?? -1)-\(Int(stamp.2) ?? -1): " + prefix + stamp.3
            }
            return String(
                line.replacing(/fuzz ([0-9]+), flat ([0-9]+), resolution [0-9]+/) { "fuzz \($0.1) flat \($0.2)" })
        }.joined(separator: "\n")
    }

    func testAnOlderLogReadsAsTodaysWithoutResolutions() throws {
        for file in Self.today {
            let text = try String(contentsOf: file, encoding: .utf8)
            let modern = try RecordingLoader.load(text: text, file: "today.txt")
            for node in [nil, "/dev/input/event10"] {
                let olderText = older(text, node: node)
                XCTAssertTrue(olderText.contains("\n0-8000: "), "the stamps were rewritten")
                let read = try RecordingLoader.load(text: olderText, file: "older.txt")
                XCTAssertEqual(read.frames, modern.frames, file.lastPathComponent)
                XCTAssertEqual(read.device.name, modern.device.name)
                guard text.contains("resolution") else { continue }
                XCTAssertTrue(olderText.contains(", fuzz 0 flat 0\n"), "the axes were rewritten")
                var withoutResolutions = modern.device
                for code in withoutResolutions.absinfo.keys { withoutResolutions.absinfo[code]?.resolution = 0 }
                XCTAssertEqual(read.device.absinfo, withoutResolutions.absinfo)
            }
        }
        // More than six digits of microseconds is no stamp of either getevent.
        XCTAssertNotEqual(RecordingLoader.detectFormat("1-1234567: 0003 0035 000001f4\n"), .getevent)
        XCTAssertEqual(RecordingLoader.detectFormat("1-123456: 0003 0035 000001f4\n"), .getevent)
    }
}
