import Foundation
import OutputFiles
import Recordings
import TestSupport
import XCTest

/// A recording written a chunk at a time to a file is the text written whole, and reading that
/// file back finds what the format loses as reading the text does.
final class StreamedWritingTests: XCTestCase {
    func testAFileWrittenInChunksIsTheTextAndLosesTheSame() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(getpid())").path
        defer { unlink(path) }
        let recordings = try Fixtures.recordings.prefix(4).map { try RecordingLoader.load($0.path) }
        XCTAssertEqual(recordings.count, 4)
        for recording in recordings {
            for format in RecordingFormat.allCases {
                let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                XCTAssertGreaterThanOrEqual(fd, 0)
                defer { close(fd) }
                // Chunks far smaller than a frame's text, so that every write is one of many.
                var stream = FileTextStream(fd: fd, chunk: 64)
                format.write(recording, to: &stream)
                stream.flush()
                XCTAssertNil(stream.failure)
                let text = format.text(recording)
                XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), text, "\(format)")
                XCTAssertEqual(
                    format.losses(of: recording) { () throws(RecordingError) in
                        try RecordingStream(copy: fd, of: path)
                    },
                    format.losses(of: recording, in: text), "\(format)")
            }
        }
    }
}
