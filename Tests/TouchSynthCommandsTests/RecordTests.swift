import Foundation
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
}
