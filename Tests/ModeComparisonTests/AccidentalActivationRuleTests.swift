import AppEvents
import Gestures
import ModeComparison
import XCTest

/// The activations of the two modes pair one to one; what is left over is accidental.
final class AccidentalActivationRuleTests: XCTestCase {
    func testOverTheWholeStreamTheSurplusOfOneModeIsAccidental() {
        let rule = AccidentalActivationRule.wholeStream
        // A photo's pan: the scroll both modes share, then two pinches' simulated touches in compat.
        XCTAssertEqual(rule.unpaired(compat: [1.1, 2.4, 2.9], indirect: [1.1]).compat, [2.4, 2.9])
        XCTAssertEqual(rule.unpaired(compat: [1.1, 2.4, 2.9], indirect: [1.1]).indirect, [])
        // Each pairs with the nearest earlier activation of the other mode: the stray one is the first.
        XCTAssertEqual(rule.unpaired(compat: [1.0, 5.0], indirect: [5.0]).compat, [1.0])
        XCTAssertEqual(rule.unpaired(compat: [3.0], indirect: [9.0]).compat, [], "any distance pairs")
        XCTAssertEqual(rule.unpaired(compat: [], indirect: [0.5, 0.7]).indirect, [0.5, 0.7])
    }

    func testLiveAnActivationPairsOnlyWithinTheWindow() {
        let rule = AccidentalActivationRule.live
        let far = rule.unpaired(compat: [0], indirect: [5])
        XCTAssertEqual(far.compat, [0])
        XCTAssertEqual(far.indirect, [5])
        XCTAssertEqual(rule.unpaired(compat: [0, 0.5], indirect: [0.6]).compat, [0], "one partner each")
    }

    func testARecognizerActivatedMoreOftenInOneModeCountsItsSurplus() throws {
        func record(_ times: [Double]) -> GestureRecord {
            var record = GestureRecord(region: "photo", name: "pan", kind: .pan)
            record.transitions = times.flatMap {
                [GestureTransition(state: .began, time: $0), GestureTransition(state: .ended, time: $0 + 0.1)]
            }
            return record
        }
        let report = ComparisonReport(compat: [record([1.1, 2.4, 2.9])], indirect: [record([1.1])])
        let row = try XCTUnwrap(report.rows.first)
        XCTAssertEqual(row.accidentalIn, .compatibility)
        XCTAssertEqual(row.accidentalTimes, [2.4, 2.9])
        XCTAssertEqual(report.accidentalActivationCount(in: .compatibility), 2)
        XCTAssertEqual(report.accidentalActivationCount(in: .indirectInput), 0)
        XCTAssertEqual(report.differenceCount, 1)
    }
}
