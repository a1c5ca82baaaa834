import Foundation
import Recordings
import XCTest
import TestSupport

/// evtest prints each type and code as a number with its name: a line where the two disagree was
/// edited, and is refused rather than read by its number alone.
final class EvtestNamesTests: XCTestCase {
    private static let file = Fixtures.root.appendingPathComponent(
        "Tests/Fixtures/malformed/evtest-code-name-mismatch.txt")

    private func refusal(_ text: String) -> String? {
        do {
            _ = try RecordingLoader.load(text: text, file: "e.txt")
            return nil
        } catch { return "\(error)" }
    }

    func testANameThatIsAnotherNumbersIsRefusedAtItsLine() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("code 0 (ABS_Y)")
        }
        XCTAssertEqual(
            refusal(text),
            "e.txt:\((line ?? -1) + 1): code 0 is ABS_X, but the line names ABS_Y (code 1): evtest prints a number "
                + "and its name together, so one was edited (read as evtest output)")
        // Named rightly, the same log is read.
        XCTAssertNil(refusal(text.replacingOccurrences(of: "code 0 (ABS_Y)", with: "code 0 (ABS_X)")))
        // A name the table lacks (evtest's `?`, an alias) is passed: the number is read.
        XCTAssertNil(refusal(text.replacingOccurrences(of: "code 0 (ABS_Y)", with: "code 0 (?)")))
        let type = text.replacingOccurrences(
            of: "type 3 (EV_ABS), code 0 (ABS_Y)", with: "type 3 (EV_REL), code 0 (ABS_X)")
        XCTAssertTrue(refusal(type)?.contains(": type 3 is EV_ABS, but the line names EV_REL (type 2)") == true)
        let header = text.replacingOccurrences(of: "Event code 1 (ABS_Y)", with: "Event code 1 (ABS_X)")
        XCTAssertTrue(
            refusal(header)?.hasPrefix("e.txt:11: code 1 is ABS_Y, but the line names ABS_X (code 0)") == true)
    }
}
