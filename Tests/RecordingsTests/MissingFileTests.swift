import Foundation
import Recordings
import XCTest

/// A path that names no file says so, and names the file beside it a typo most likely meant.
final class MissingFileTests: XCTestCase {
    func testAMisspeltNameNamesTheNearestFileBesideIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["pinch-in.yml", "pinch-out.yml", "scroll.events"] {
            try "".write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        func problem(_ name: String) -> String? {
            do {
                _ = try fileStatus(directory.appendingPathComponent(name).path)
                return nil
            } catch {
                XCTAssertEqual(error.kind, .missingFile)
                return error.problem
            }
        }
        XCTAssertEqual(problem("pinch-in.yaml"), "no such file; did you mean pinch-in.yml?")
        XCTAssertEqual(problem("pinchin.yml"), "no such file; did you mean pinch-in.yml?")
        XCTAssertEqual(problem("scrol.events"), "no such file; did you mean scroll.events?")
        XCTAssertEqual(problem("two-finger-tap.yml"), "no such file", "nothing near")
        XCTAssertEqual(problem("gone/pinch-in.yml"), "no such file", "a missing directory shows in the path")
        // A link to nothing, or a loop of links, is there by name: said as what it is, not as a typo of itself.
        let (dangling, loop) = (directory.appendingPathComponent("pinch.yml"), directory.appendingPathComponent("a"))
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: "/nonexistent")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("b").path, withDestinationPath: "a")
        XCTAssertEqual(problem("pinch.yml"), "a broken symbolic link to /nonexistent")
        XCTAssertEqual(problem("a"), "a loop of symbolic links")
    }
}
