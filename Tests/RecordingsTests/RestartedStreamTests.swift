import Recordings
import XCTest

/// A stream read again from where its frames begin, without its header, gives the frames of the
/// first reading: the harness checks a long recording in one pass and plays it in a second.
final class RestartedStreamTests: XCTestCase {
    func testEveryFixtureReadAgainFromItsFramesGivesTheSameFrames() throws {
        var restarted = Set<RecordingLoader.Format>()
        for (path, format) in try ConversionRoundTripTests.recordings() {
            let first = try RecordingStream(path: path)
            let frames = try first.readAll()
            guard let again = try first.restarted() else { continue }
            restarted.insert(format)
            XCTAssertEqual(again.device, first.device, path)
            XCTAssertEqual(again.otherDevices, first.otherDevices, path)
            XCTAssertEqual(try again.readAll(), frames, path)
        }
        // ChromeOS logs, ring buffers of a few thousand events, are read whole, and served from memory.
        XCTAssertEqual(restarted, [.evemu, .libinputRecord, .evtest, .getevent])
    }
}
