import Foundation
import Recordings
import TestSupport
import XCTest

/// Real evtest on mocked devices, as `touchsynth mock` runs it: what it prints of every bundled
/// recording parses back to the recording, as a kernel delivers it.
final class EvtestTests: XCTestCase {
    func testRealEvtestOutputParsesBackToEveryRecording() throws {
        let evtest = try XCTUnwrap(findExecutable("evtest"), "evtest is not installed (tools/setup installs it)")
        let recordings = Fixtures.recordings
        XCTAssertGreaterThanOrEqual(recordings.count, 25)
        // A few at a time: each waits on its program most of the time.
        for start in stride(from: 0, to: recordings.count, by: 6) {
            let batch = Array(recordings[start..<min(start + 6, recordings.count)])
            let runs = concurrently(batch.map { url in { Result { try runMocked(url.path) { [evtest, $0] } } } })
            for (url, run) in zip(batch, runs) {
                let result = try run.get()
                XCTAssertEqual(result.status, 0, "\(url.lastPathComponent): \(result.stderr)")
                let parsed = try EvtestFormat.parse(result.stdout, file: "evtest.txt")
                assertSameFrames(parsed, delivered(try RecordingLoader.load(url.path)), url.lastPathComponent)
                XCTAssertEqual(RecordingLoader.detectFormat(result.stdout), .evtest)
            }
        }
    }
}
