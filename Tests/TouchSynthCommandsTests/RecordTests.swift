import EvdevRecording
import Foundation
import Recordings
import TestSupport
import XCTest

/// `touchsynth record`'s refusals of what is not a device it can record (a device recorded:
/// MockedProgramTests, on a mocked device; one this user may not read: EnvironmentTests).
final class RecordTests: XCTestCase {
    func testRecordErrors() throws {
        let out = temporaryPath("x.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let missing = runCommand(["record", "--device", "/dev/input/event-none", "-o", out])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertEqual(missing.stderr, "touchsynth: /dev/input/event-none: no such device\n")
        // What is no input node is told as `devices` tells it: a directory, another driver's node, a file.
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        for path in [Fixtures.synthesized.path, "/dev/null", recording] {
            let recorded = runCommand(["record", "--device", path, "-o", out])
            let listed = runCommand(["devices", "--device", path])
            XCTAssertNotEqual(recorded.status, 0, recorded.stderr)
            XCTAssertEqual(recorded.status, listed.status, path)
            XCTAssertEqual(recorded.stderr, listed.stderr)
            XCTAssertTrue(recorded.stderr.contains("not an input device node"), recorded.stderr)
        }
    }

    /// No touchpad among a folder's nodes is a missing input, said with what to pass.
    func testNoTouchpadIsAMissingInputSayingWhatToPass() throws {
        let folder = temporaryPath("no-pads")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertThrowsError(try EvdevNode.onlyTouchpad(in: folder)) { error in
            let error = error as? RecordingError
            XCTAssertEqual(error?.kind, .missingFile)
            XCTAssertEqual(error?.description, "no touchpad found in \(folder); give one with --device")
        }
    }
}
