import Foundation
import MockedDevices
import XCTest
import TestSupport

/// A tool run against the testbed to its end (`libinput quirks list`): what it wrote to stdout,
/// then to stderr, each line whole, however the two streams' writes fell.
final class ToolOutputTests: XCTestCase {
    /// stdout reaches a pipe in blocks while stderr is written at once: an error between two
    /// blocks of output, or after output cut mid-line, still comes as a line of its own.
    func testErrorsFollowTheOutputAsLinesOfTheirOwn() throws {
        let device = try MockedDevice.forFile(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let output = String(repeating: "quirks debug: 0123456789abcdef\n", count: 300)
        let script =
            "printf '\(output)'; printf 'quirks error: Unknown key X in [A] (a.quirks)\\n' >&2; "
            + "printf 'cut mid-line'; printf 'Failed to initialize the device quirks\\n' >&2; exit 3"
        let (status, text) = try device.output(of: ["/bin/sh", "-c", script])
        XCTAssertEqual(status, 3)
        XCTAssertEqual(
            text,
            output + "cut mid-line\nquirks error: Unknown key X in [A] (a.quirks)\n"
                + "Failed to initialize the device quirks\n")
    }
}
