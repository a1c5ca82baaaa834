import Foundation
import Recordings
import XCTest
import TestSupport

/// A recording's device read without its frames: what `quirks --recorded` needs of a long
/// `libinput record`, which holds its device and quirks in its header.
final class HeaderReadingTests: XCTestCase {
    private static let withQuirks = Fixtures.root.appendingPathComponent(
        "Tests/Fixtures/formats/pinch-in.with-libinput.yml")

    /// The header alone is read: an event past it that no reading accepts is not reached, while
    /// reading the frames stops at it.
    func testTheDeviceAloneIsReadFromTheHeader() throws {
        let text = try String(contentsOf: Self.withQuirks, encoding: .utf8)
        let event = "    - [  0,      0,   3,  53,    2218] # EV_ABS / ABS_MT_POSITION_X      2218 (+2218)"
        XCTAssertTrue(text.contains(event))
        let path = temporaryPath("header-only.yml")
        try text.replacingOccurrences(of: event, with: "    - [  0,      0,   3,  53,  banana]").write(
            toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        XCTAssertThrowsError(try RecordingLoader.load(path)) { error in
            XCTAssertTrue("\(error)".hasPrefix(path + ":"), "\(error)")
        }
        let header = try RecordingLoader.load(path, readingFrames: false)
        let whole = try RecordingLoader.load(Self.withQuirks.path)
        XCTAssertEqual(header.frames.count, 0)
        XCTAssertGreaterThan(whole.frames.count, 0)
        XCTAssertEqual(header.device, whole.device)
        XCTAssertEqual(header.device.source.recordedQuirks, ["AttrPressureRange=10:8", "AttrResolutionHint=31x31"])
    }
}
