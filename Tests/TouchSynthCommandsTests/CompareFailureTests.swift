import Foundation
import XCTest
import TestSupport

/// compare's "why they failed" lines, on a real recording.
final class CompareFailureTests: XCTestCase {
    /// Recognizers that failed and activated in neither mode are told why, by the rule each broke:
    /// the right button pressed and held a third of a second was no long press.
    func testWhyRecognizersFailedInBothModesIsSaid() throws {
        let recording = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.button-rpress.events")
        let result = runCommand(["compare", recording.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let why = result.stdout.components(separatedBy: "why they failed:\n").last ?? ""
        XCTAssertTrue(result.stdout.contains("why they failed:\n"), result.stdout)
        let loupe = try XCTUnwrap(why.split(separator: "\n").first { $0.hasPrefix("  text/loupe in both modes: ") })
        XCTAssertTrue(loupe.contains(", short of the 0.500s it needs (at "), String(loupe))
        // Each line is of a row the table shows failing, and activating in neither mode.
        for line in why.split(separator: "\n") {
            let name = String(line.dropFirst(2).prefix { $0 != " " })
            let row = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix(name + " ") })
            XCTAssertTrue(row.contains("| failed "), String(row))
            XCTAssertFalse(row.contains("began") || row.contains("recognized"), String(row))
        }
    }
}
