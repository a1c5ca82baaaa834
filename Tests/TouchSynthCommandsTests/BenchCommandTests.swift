import Foundation
import TestSupport
import XCTest

/// `bench --view-stream` at the ends of the rates it takes.
final class BenchCommandTests: XCTestCase {
    /// One event in twenty seconds, the slowest stream there is, samples memory at that event:
    /// a rate under one event in ten seconds sampled it every 0 events, and trapped.
    func testTheSlowestViewStreamRuns() {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = runCommand(["bench", "--view-stream", "20", "--events-per-second", "0.05", "--json", pinch])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("view stream: resident memory"), result.stdout)
    }
}
