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
        let notEvdev = runCommand(["record", "--device", "/dev/null", "-o", out])
        XCTAssertEqual(notEvdev.status, 65, notEvdev.stderr)
        XCTAssertTrue(notEvdev.stderr.hasPrefix("touchsynth: /dev/null: not an evdev device"), notEvdev.stderr)
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
