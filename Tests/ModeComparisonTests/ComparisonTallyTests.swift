import ModeComparison
import XCTest

/// A comparison fails on a violation always, and on a difference when asked to.
final class ComparisonTallyTests: XCTestCase {
    func testAViolationFailsAlwaysAndADifferenceWhenAsked() {
        var tally = ComparisonTally()
        XCTAssertFalse(tally.failed(failOnDiff: true))
        tally.differences += 1
        XCTAssertFalse(tally.failed(failOnDiff: false))
        XCTAssertTrue(tally.failed(failOnDiff: true))
        tally = ComparisonTally()
        tally.violations += 1
        XCTAssertTrue(tally.failed(failOnDiff: false))
    }
}
