import Foundation
import TestSupport
import XCTest

/// A command's output files are written whole or not at all, and never over its inputs: a run
/// that fails leaves what was at the output's path as it was.
final class OutputSafetyTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
    private let malformed = Fixtures.directory.appendingPathComponent("malformed/evemu-nan-value.evemu").path

    private func copy(_ name: String) throws -> String {
        let path = temporaryPath(name)
        try FileManager.default.copyItem(atPath: pinch, toPath: path)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func assertUnchanged(_ path: String, _ command: [String], status: Int32) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = runCommand(command)
        XCTAssertEqual(result.status, status, "\(command): \(result.stderr)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "\(command) changed \(path)")
        let folder = (path as NSString).deletingLastPathComponent
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".touchsynth-") }
        XCTAssertEqual(left, [], "temporary files left by \(command)")
    }

    func testAnOutputThatIsAnInputIsRefused() throws {
        let recording = try copy("capture.html")
        try assertUnchanged(recording, ["compare", recording, "--events-out", recording], status: 64)
        try assertUnchanged(recording, ["report", recording, "-o", recording], status: 64)
        let result = runCommand(["report", recording, "-o", recording])
        XCTAssertEqual(result.stderr, "touchsynth: \(recording): is also an input, which writing it would destroy\n")
    }

    func testAFailedRunLeavesTheOutputAsItWas() throws {
        let kept = try copy("kept.yml"), page = try copy("kept.html")
        try assertUnchanged(kept, ["compare", malformed, "--events-out", kept], status: 65)
        try assertUnchanged(kept, ["compare", pinch, malformed, "--events-out", kept], status: 65)
        try assertUnchanged(page, ["report", malformed, "-o", page], status: 65)
        try assertUnchanged(kept, ["convert", malformed, "-o", kept], status: 65)
    }

    /// Read whole before it is replaced, a recording converts in place.
    func testARecordingConvertsInPlace() throws {
        let recording = try copy("in-place.yml")
        let result = runCommand(["convert", recording, "-o", recording, "--format", "evemu"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOfFile: recording, encoding: .utf8).hasPrefix("# EVEMU"))
        XCTAssertEqual(runCommand(["replay", recording, "--json"]).status, 0)
    }
}
