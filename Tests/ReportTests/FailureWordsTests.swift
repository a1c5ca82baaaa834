import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Report
import XCTest

/// compare's "why they failed": the rules the input broke, for recognizers that failed and
/// activated in neither mode.
final class FailureWordsTests: XCTestCase {
    private func failed(_ name: String, _ reasons: [(Double, FailureReason)]) -> GestureRecord {
        var record = GestureRecord(region: "text", name: name, kind: .tap)
        record.transitions = reasons.map { GestureTransition(state: .failed, time: $0.0) }
        record.failureInputs = reasons.map { ActivationInput(time: $0.0, touches: 1, failure: $0.1) }
        return record
    }

    func testFailuresAreToldByRuleOnceForBothModesWhenAlike() {
        let moved = [(1.0, FailureReason.moved(distance: 31.25, allowed: 10)), (2, .moved(distance: 12, allowed: 10))]
        let report = ComparisonReport(
            compat: [failed("tap", moved), failed("press", [(1, .liftedTooSoon(held: 0.2, needed: 0.5))])],
            indirect: [failed("tap", moved), failed("press", [(1, .clickOpensNothing)])])
        XCTAssertEqual(
            report.failuresInWords(timeBase: TimeBase(origin: 0)),
            [
                "text/tap in both modes: a touch moved 31.2 pt, past the 10.0 pt it allows (at 1.000s, and once more)",
                "text/press in compat mode: the press lifted after 0.200s, short of the 0.500s it needs (at 1.000s); "
                    + "in indirect mode: a primary click, which opens no context menu (at 1.000s)",
            ])
    }

    /// Presses are told by their buttons: a middle press after a secondary one is a reason of its
    /// own, not the secondary's "once more".
    func testPressesOfOtherButtonsAreToldApart() {
        let presses = [
            (1.0, FailureReason.buttons(pressed: .secondary, required: .primary)),
            (2, .buttons(pressed: .button(3), required: .primary)),
            (3, .buttons(pressed: .secondary, required: .primary)),
        ]
        let report = ComparisonReport(
            compat: [failed("selectWord", presses)], indirect: [failed("selectWord", presses)])
        XCTAssertEqual(
            report.failuresInWords(timeBase: TimeBase(origin: 0)),
            [
                "text/selectWord in both modes: the press was \(ButtonMask.secondary), where it takes "
                    + "\(ButtonMask.primary) (at 1.000s, and once more); the press was \(ButtonMask.button(3)), "
                    + "where it takes \(ButtonMask.primary) (at 2.000s)"
            ])
    }

    /// A row that activated in either mode is told of in "what differs", not here; a lost
    /// arbitration names the winner; a reason the recognizer did not give is said to be missing.
    func testOnlyRowsThatNeverActivatedAreToldAndLossesNameTheirWinner() {
        var lost = failed("tap", [(1, .lostArbitration)])
        lost.arbitrationLosses = [ArbitrationLoss(region: "text", name: "press", time: 1, required: true)]
        var unexplained = failed("custom", [])
        unexplained.transitions = [GestureTransition(state: .failed, time: 3)]
        unexplained.failureInputs = [ActivationInput(time: 3, touches: 1)]
        var activated = failed("caret", [(1, .cancelled)])
        activated.transitions.append(GestureTransition(state: .recognized, time: 2))
        // Failed in one mode, never reached in the other.
        let compatOnly = failed("loupe", [(1, .tooManyTouches(count: 2, maximum: 1))])
        let untouched = GestureRecord(region: "text", name: "loupe", kind: .longPress)
        // Three reasons, two told: the third is counted.
        let many = failed("many", [(1, .cancelled), (2, .declined), (3, .turnedAway)])
        let report = ComparisonReport(
            compat: [lost, unexplained, activated, compatOnly, many],
            indirect: [lost, unexplained, activated, untouched, many])
        XCTAssertEqual(
            report.failuresInWords(timeBase: TimeBase(origin: 0)),
            [
                "text/tap in both modes: it lost arbitration to text/press, which it requires to fail (at 1.000s)",
                "text/custom in both modes: it failed, giving no reason (at 3.000s)",
                "text/loupe in compat mode: 2 touches, more than the 1 it takes (at 1.000s); in indirect mode: it "
                    + "never changed state",
                "text/many in both modes: the input it followed was cancelled (at 1.000s); its condition to begin "
                    + "said no (at 2.000s); and 1 more reason",
            ])
    }

    func testASwipesReasonsSayTheWaysAndTheTime() {
        XCTAssertEqual(
            FailureReason.offDirection(motion: Point(x: 0, y: 60), allowed: [.left, .right]).inWords,
            "the input moved (0, 60), not near enough to right or left")
        XCTAssertEqual(
            FailureReason.tooSlow(allowed: 0.5).inWords, "the input was not made within 0.500s of its first touch")
        // A description's huge figure is said in three figures, not three hundred digits.
        XCTAssertEqual(
            FailureReason.liftedBeforeMoving(moved: 30, needed: 1e308).inWords,
            "the input lifted having moved 30.0 pt (the centroid of its touches), short of the 1e+308 pt it needs "
                + "to begin")
    }
}
