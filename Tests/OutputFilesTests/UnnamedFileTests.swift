import Foundation
import OutputFiles
import XCTest

/// An unnamed file holds what is written to it, leaves nothing in its folder, and is not passed on
/// to the programs a process starts.
final class UnnamedFileTests: XCTestCase {
    func testTheFileReadsBackWhatWasWrittenAndLeavesNoEntry() throws {
        let folder = NSTemporaryDirectory() + "unnamed-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fd = openUnnamedFile(in: folder, prefix: "test")
        XCTAssertGreaterThanOrEqual(fd, 0, String(cString: strerror(errno)))
        defer { close(fd) }
        XCTAssertTrue(writeAll(fd, "kept"))
        var bytes = [UInt8](repeating: 0, count: 8)
        XCTAssertEqual(pread(fd, &bytes, bytes.count, 0), 4)
        XCTAssertEqual(String(decoding: bytes.prefix(4), as: UTF8.self), "kept")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
        XCTAssertNotEqual(fcntl(fd, F_GETFD) & FD_CLOEXEC, 0)
    }

    func testAFolderThatIsNotThereGivesItsError() {
        let fd = openUnnamedFile(in: NSTemporaryDirectory() + "absent-\(UUID().uuidString)", prefix: "test")
        let code = errno
        XCTAssertEqual(fd, -1)
        XCTAssertEqual(code, ENOENT)
    }
}
